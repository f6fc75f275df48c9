// The keys CLI against a real Redis: a created key works and is stored only as its hash,
// listing never shows a secret, revoking sets revokedAt, bad arguments and unknown orgs exit 2.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { hashApiKey, isWellFormedApiKey } from "@lintel/domain";
import { createRedisStore, whenReady } from "@lintel/store-redis";
import { dropOrg, everythingOfOrg, randomOrgId, runTool, testRedis, valuesAt } from "./cli.test-support.js";

const redis = testRedis();
const store = createRedisStore(redis);
const orgs: string[] = [];

/** A fresh org id, its record seeded (`keys create` refuses an org the store lacks). */
async function freshOrg(): Promise<string> {
  const orgId = unknownOrg();
  await store.fixtures.load({ orgs: [{ id: orgId, name: "CLI test org" }], apiKeys: [], units: [], locks: [], items: [], templates: [] });
  return orgId;
}

/** A fresh org id with no record in the store (removed after the run, should a key be made for it). */
function unknownOrg(): string {
  const orgId = randomOrgId();
  orgs.push(orgId);
  return orgId;
}

/** Creates a key through the CLI (--json) and returns what it printed. */
async function createKey(orgId: string, extra: readonly string[] = []): Promise<{ id: string; key: string }> {
  const run = await runTool("keys", [
    "create",
    "--org",
    orgId,
    "--name",
    "CI key",
    "--scopes",
    "locks:read,units:write",
    "--json",
    ...extra,
  ]);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as { id: string; key: string };
}

before(() => whenReady(redis));

after(async () => {
  for (const orgId of orgs) await dropOrg(redis, orgId);
  redis.disconnect();
});

describe("keys CLI", () => {
  it("create prints a well-formed key once that findByHash then finds, with the given settings", async () => {
    const orgId = await freshOrg();
    const run = await runTool("keys", [
      "create",
      "--org",
      orgId,
      "--name",
      "Zapier",
      "--scopes",
      "lock-state:read,locks:read",
      "--expires-at",
      "2099-01-01T00:00:00+02:00",
      "--rate-limit",
      "100/60",
    ]);
    assert.equal(run.code, 0, run.stderr);
    const key = /^key: (\S+)$/m.exec(run.stdout)?.[1] ?? "";
    const id = /^id: +(\S+)$/m.exec(run.stdout)?.[1] ?? "";
    assert.ok(isWellFormedApiKey(key), key);
    assert.equal(run.stdout.split(key).length - 1, 1, "the key is printed exactly once");
    const record = await store.apiKeys.findByHash(hashApiKey(key));
    assert.equal(record?.id, id);
    assert.equal(record?.orgId, orgId);
    assert.equal(record?.name, "Zapier");
    assert.deepEqual(record?.scopes, ["locks:read", "lock-state:read"]);
    assert.equal(record?.expiresAt, "2098-12-31T22:00:00.000Z");
    assert.equal(record?.revokedAt, null);
    assert.deepEqual(record?.rateLimit, { requests: 100, windowSeconds: 60 });
  });

  it("stores nothing that contains the plain key", async () => {
    const orgId = await freshOrg();
    const { key } = await createKey(orgId);
    const keys = await everythingOfOrg(redis, orgId);
    assert.ok(keys.length >= 3, `expected the org set and both API-key entries, got ${keys.join(", ")}`);
    for (const redisKey of keys) {
      assert.ok(!redisKey.includes(key), redisKey);
      for (const value of await valuesAt(redis, redisKey)) assert.ok(!value.includes(key), `${redisKey} holds the plain key`);
    }
    const stored = await valuesAt(redis, keys.find((k) => k.startsWith("lintel:apikey:")) ?? "");
    assert.ok(
      stored.some((v) => v.includes(hashApiKey(key))),
      "the record holds the key's hash",
    );
  });

  it("list shows each key's metadata but never the key or its hash", async () => {
    const orgId = await freshOrg();
    const first = await createKey(orgId);
    const second = await createKey(orgId, ["--rate-limit", "5/1"]);
    const table = await runTool("keys", ["list", "--org", orgId]);
    const json = await runTool("keys", ["list", "--org", orgId, "--json"]);
    for (const run of [table, json]) {
      assert.equal(run.code, 0, run.stderr);
      for (const { id, key } of [first, second]) {
        assert.ok(run.stdout.includes(id));
        assert.ok(!run.stdout.includes(key), "the plain key is never listed");
        assert.ok(!run.stdout.includes(hashApiKey(key)), "the hash is never listed");
      }
      assert.doesNotMatch(run.stdout, /hash/i);
    }
    const listed = JSON.parse(json.stdout) as Record<string, unknown>[];
    assert.deepEqual(
      listed.map((k) => Object.keys(k).sort()),
      Array(2).fill(["createdAt", "expiresAt", "id", "name", "orgId", "rateLimit", "revokedAt", "scopes"]),
    );
    assert.deepEqual(new Set(listed.map((k) => k["id"])), new Set([first.id, second.id]));
    assert.match(table.stdout, /5\/1/);
  });

  it("revoke sets revokedAt; revoking again keeps the first time; an unknown key exits 1", async () => {
    const orgId = await freshOrg();
    const { id, key } = await createKey(orgId);
    const run = await runTool("keys", ["revoke", id]);
    assert.equal(run.code, 0, run.stderr);
    const revokedAt = (await store.apiKeys.findByHash(hashApiKey(key)))?.revokedAt ?? null;
    assert.notEqual(revokedAt, null);
    assert.ok(!Number.isNaN(Date.parse(revokedAt ?? "")));
    const again = await runTool("keys", ["revoke", id]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal((await store.apiKeys.findByHash(hashApiKey(key)))?.revokedAt, revokedAt);
    const unknown = await runTool("keys", ["revoke", `${orgId}_nokey`]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no API key/);
  });

  it("create refuses an org the store has no record of (exit 2, naming it, nothing written), unless --allow-unknown-org", async () => {
    const orgId = unknownOrg();
    const args = ["create", "--org", orgId, "--name", "Typo", "--scopes", "locks:read", "--json"];
    const refused = await runTool("keys", args);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, new RegExp(`org "${orgId}" does not exist in this store.*--allow-unknown-org`));
    assert.match(refused.stderr, /Usage:/);
    assert.equal(refused.stdout, "");
    assert.deepEqual(await store.apiKeys.listByOrg(orgId), [], "no key was written");

    const allowed = await runTool("keys", [...args, "--allow-unknown-org"]);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stderr, new RegExp(`warning: org ${orgId} has no org record`));
    const { key } = JSON.parse(allowed.stdout) as { key: string };
    assert.equal((await store.apiKeys.findByHash(hashApiKey(key)))?.orgId, orgId);
    assert.equal(await store.orgs.exists(orgId), false, "the flag makes no org record");
  });

  it("refuses bad arguments with exit 2, a message naming the problem, and writes nothing", async () => {
    const orgId = await freshOrg();
    const cases: [string[], RegExp][] = [
      [["create", "--org", orgId, "--name", "x", "--scopes", "locks:read,locks:delete"], /unknown scope "locks:delete"/],
      [["create", "--org", orgId, "--name", "x"], /--scopes is required/],
      [["create", "--org", orgId, "--scopes", "locks:read"], /--name is required/],
      [["create", "--org", "bad org", "--name", "x", "--scopes", "locks:read"], /--org must match/],
      [["create", "--org", orgId, "--name", "x", "--scopes", "locks:read", "--expires-at", "2020-01-01T00:00:00Z"], /not in the future/],
      [["create", "--org", orgId, "--name", "x", "--scopes", "locks:read", "--expires-at", "2099-02-30T00:00:00Z"], /RFC 3339/],
      [["create", "--org", orgId, "--name", "x", "--scopes", "locks:read", "--rate-limit", "100"], /--rate-limit/],
      [["list"], /--org is required/],
      [["revoke"], /exactly one key id/],
      [["rotate"], /unknown command "rotate"/],
    ];
    for (const [args, message] of cases) {
      const run = await runTool("keys", args);
      assert.equal(run.code, 2, args.join(" "));
      assert.match(run.stderr, message);
    }
    assert.deepEqual(await store.apiKeys.listByOrg(orgId), []);
  });
});
