import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { generateApiKey, hashApiKey, type ApiKeyRecord } from "@lintel/domain";
import { anApiKey, randomId } from "@lintel/testkit";
import { createRedisStore, type RedisStore } from "./index.js";
import { redisKeys } from "./redis/keys.js";
import { useTestRedis } from "./redis.test-support.js";

/** A key with a rate limit of its own, so every field round-trips non-empty unless a test says so. */
function makeKey(orgId: string, fields: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return anApiKey(orgId, { rateLimit: { requests: 10, windowSeconds: 60 }, ...fields });
}

describe("Redis API key store", () => {
  const redis = useTestRedis();
  let made: RedisStore | undefined;
  const store = () => (made ??= createRedisStore(redis()));

  test("a stored key is found by its hash, with every field as stored", async () => {
    const record = makeKey(randomId("org"), { scopes: [], expiresAt: "2030-01-01T00:00:00.000Z", rateLimit: null });
    await store().apiKeys.put(record);
    assert.deepEqual(await store().apiKeys.findByHash(record.hash), record);
    assert.equal(await store().apiKeys.findByHash(hashApiKey(generateApiKey())), null);
  });

  test("findAndConsume of an unknown hash writes nothing (no stub record for a made-up key)", async () => {
    const hash = hashApiKey(generateApiKey());
    assert.equal(await store().apiKeys.findAndConsume(hash, { requests: 5, windowSeconds: 60 }), null);
    assert.equal(await redis().exists(redisKeys.apiKeyByHash(hash)), 0);
  });

  test("findAndConsume of a record without a rateLimit field (older data) takes from the default policy", async () => {
    const record = makeKey(randomId("org"));
    await store().apiKeys.put(record);
    await redis().hdel(redisKeys.apiKeyByHash(record.hash), "rateLimit");
    const found = await store().apiKeys.findAndConsume(record.hash, { requests: 5, windowSeconds: 60 });
    assert.deepEqual([found?.key.rateLimit, found?.budget.remaining], [null, 4]);
  });

  test("revoke works with the key id alone; the last revoke sets the time", async () => {
    const record = makeKey(randomId("org"));
    await store().apiKeys.put(record);
    assert.equal(await store().apiKeys.revoke(record.id, "2026-02-01T00:00:00.000Z"), true);
    assert.equal(await store().apiKeys.revoke(record.id, "2026-03-01T00:00:00.000Z"), true);
    assert.equal((await store().apiKeys.findByHash(record.hash))?.revokedAt, "2026-03-01T00:00:00.000Z");
    assert.equal(await store().apiKeys.revoke(randomId("key"), "2026-02-01T00:00:00.000Z"), false);
  });

  test("replacing a key's hash forgets the old hash; listByOrg orders by createdAt then id", async () => {
    const orgId = randomId("org");
    const first = makeKey(orgId, { id: `${orgId}_b`, createdAt: "2026-01-02T00:00:00.000Z" });
    const second = makeKey(orgId, { id: `${orgId}_a`, createdAt: "2026-01-02T00:00:00.000Z" });
    const third = makeKey(orgId, { createdAt: "2026-01-01T00:00:00.000Z" });
    for (const record of [first, second, third]) await store().apiKeys.put(record);
    const rotated = { ...first, hash: hashApiKey(generateApiKey()) };
    await store().apiKeys.put(rotated);
    assert.equal(await store().apiKeys.findByHash(first.hash), null);
    assert.deepEqual(await store().apiKeys.listByOrg(orgId), [third, second, rotated]);
    assert.deepEqual(await store().apiKeys.listByOrg(randomId("org")), []);
  });
});
