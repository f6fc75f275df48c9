import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { ApiKeyStore, FixtureSink } from "@lintel/core/adapters";
import { anApiKey, eachTestStore, fixture, instant, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

const DEFAULT_POLICY = { requests: 600, windowSeconds: 60 };
const KEY_FIELDS = ["id", "orgId", "name", "hash", "scopes", "expiresAt", "revokedAt", "rateLimit", "createdAt"];

/** The contract of {@link ApiKeyStore}: keys found by hash, revocable, listed per org, hashes only. */
export function describeApiKeyStoreContract(
  name: string,
  makeStore: () => Promise<{ apiKeys: ApiKeyStore; fixtures: FixtureSink } & Closable>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: ApiKeyStore contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("finds a stored key by its hash, with every field as stored", async () => {
      const key = anApiKey(randomId("org"), {
        scopes: ["units:write", "lock-state:read"],
        expiresAt: instant(5000),
        rateLimit: { requests: 7, windowSeconds: 30 },
      });
      await store().apiKeys.put(key);
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), key);
    });

    it("answers null for an unknown hash", async () => {
      assert.equal(await store().apiKeys.findByHash(randomBytes(32).toString("hex")), null);
    });

    it("findAndConsume answers the key as stored and takes one request from its own budget, down to a refusal", async () => {
      const key = anApiKey(randomId("org"), { rateLimit: { requests: 3, windowSeconds: 60 } });
      await store().apiKeys.put(key);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await store().apiKeys.findAndConsume(key.hash, DEFAULT_POLICY));
      for (const answer of answers) assert.deepEqual(answer?.key, key);
      assert.deepEqual(
        answers.map((answer) => [answer?.budget.allowed, answer?.budget.remaining]),
        [
          [true, 2],
          [true, 1],
          [true, 0],
          [false, 0],
        ],
      );
      assert.deepEqual(answers[3]?.budget.policy, key.rateLimit);
      assert.ok((answers[3]?.budget.retryAfterSeconds ?? 0) >= 1);
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), key, "the budget is not part of the record");
      const [listed] = await store().apiKeys.listByOrg(key.orgId);
      assert.deepEqual(Object.keys(listed ?? {}).sort(), [...KEY_FIELDS].sort());
    });

    it("findAndConsume: a key without a rateLimit has the default policy; each key its own budget, exact under concurrency", async () => {
      const orgId = randomId("org");
      const [first, second] = [anApiKey(orgId), anApiKey(orgId)];
      for (const key of [first, second]) await store().apiKeys.put(key);
      const policy = { requests: 5, windowSeconds: 60 };
      const answers = await Promise.all(Array.from({ length: 8 }, () => store().apiKeys.findAndConsume(first.hash, policy)));
      assert.equal(answers.filter((answer) => answer?.budget.allowed).length, 5);
      assert.deepEqual(answers[0]?.budget.policy, policy);
      assert.equal((await store().apiKeys.findAndConsume(second.hash, policy))?.budget.remaining, 4, "another key's budget is untouched");
    });

    it("findAndConsume of an unknown hash answers null and takes nothing: the key stored after starts full", async () => {
      const key = anApiKey(randomId("org"), { rateLimit: { requests: 3, windowSeconds: 60 } });
      assert.equal(await store().apiKeys.findAndConsume(key.hash, DEFAULT_POLICY), null);
      assert.equal(await store().apiKeys.findAndConsume(key.hash, DEFAULT_POLICY), null);
      await store().apiKeys.put(key);
      assert.equal((await store().apiKeys.findAndConsume(key.hash, DEFAULT_POLICY))?.budget.remaining, 2);
    });

    it("findAndConsume: the budget belongs to the secret; a refusal takes nothing; a revoked key still draws on it", async () => {
      const key = anApiKey(randomId("org"), { rateLimit: { requests: 2, windowSeconds: 60 } });
      await store().apiKeys.put(key);
      const take = (hash: string) => store().apiKeys.findAndConsume(hash, DEFAULT_POLICY);
      assert.equal((await take(key.hash))?.budget.remaining, 1);
      await store().apiKeys.put({ ...key, name: "renamed" });
      const renamed = await take(key.hash);
      assert.deepEqual([renamed?.key.name, renamed?.budget.remaining], ["renamed", 0], "put with the same hash keeps the budget");
      const [first, second] = [await take(key.hash), await take(key.hash)];
      assert.equal(first?.budget.allowed, false);
      assert.ok((second?.budget.retryAfterSeconds ?? 0) <= (first?.budget.retryAfterSeconds ?? 0), "a refusal took nothing");
      const rotated = { ...key, hash: randomBytes(32).toString("hex") };
      await store().apiKeys.put(rotated);
      assert.equal((await take(rotated.hash))?.budget.remaining, 1, "a new secret starts full");
      await store().apiKeys.revoke(key.id, instant(1234));
      const revoked = await take(rotated.hash);
      assert.deepEqual([revoked?.key.revokedAt, revoked?.budget.remaining], [instant(1234), 0]);
    });

    it("finds keys loaded from a fixture", async () => {
      const key = anApiKey(randomId("org"));
      await store().fixtures.load(fixture({ orgs: [{ id: key.orgId, name: "Org" }], apiKeys: [key] }));
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), key);
    });

    it("put replaces a key by id; its old hash no longer finds it", async () => {
      const key = anApiKey(randomId("org"));
      await store().apiKeys.put(key);
      const replaced = { ...key, hash: randomBytes(32).toString("hex"), name: "renamed" };
      await store().apiKeys.put(replaced);
      assert.equal(await store().apiKeys.findByHash(key.hash), null);
      assert.deepEqual(await store().apiKeys.findByHash(replaced.hash), replaced);
      assert.equal((await store().apiKeys.listByOrg(key.orgId)).length, 1);
    });

    it("revoke marks the key revoked at the given instant", async () => {
      const key = anApiKey(randomId("org"));
      await store().apiKeys.put(key);
      assert.equal(await store().apiKeys.revoke(key.id, instant(1234)), true);
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), { ...key, revokedAt: instant(1234) });
    });

    it("revoke of an unknown key answers false", async () => {
      assert.equal(await store().apiKeys.revoke(randomId("key"), instant(0)), false);
    });

    it("listByOrg lists only that org's keys, by createdAt then id, with hashes and no secret", async () => {
      const orgId = randomId("org");
      const keys = [
        anApiKey(orgId, { createdAt: instant(2000) }),
        anApiKey(orgId, { createdAt: instant(1000) }),
        anApiKey(orgId, { createdAt: instant(1000) }),
      ];
      for (const key of [...keys, anApiKey(randomId("org"))]) await store().apiKeys.put(key);
      const listed = await store().apiKeys.listByOrg(orgId);
      const expected = [...keys].sort((a, b) => (a.createdAt + a.id < b.createdAt + b.id ? -1 : 1));
      assert.deepEqual(
        listed.map((k) => k.id),
        expected.map((k) => k.id),
      );
      for (const record of listed) {
        assert.deepEqual(Object.keys(record).sort(), [...KEY_FIELDS].sort());
        assert.match(record.hash, /^[0-9a-f]{64}$/);
      }
      assert.deepEqual(await store().apiKeys.listByOrg(randomId("org")), []);
    });
  });
}
