// A record Redis holds but the server cannot read is a bug, not an outage: the real server on
// Redis answers 500 internal_error (no Retry-After), never 503 unavailable. Runs on Redis in both
// e2e stages, since only a store of bytes can hold a corrupt record.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createRedisClient, redisKeys, whenReady, type RedisClient } from "@lintel/store-redis";
import { assertProblem, call, startTestServer, TEST_REDIS_URL, type TestServer } from "./e2e.test-support.js";

let server: TestServer;
let redis: RedisClient;

before(async () => {
  server = await startTestServer({ STORE: "redis", REDIS_URL: TEST_REDIS_URL });
  redis = createRedisClient({ url: TEST_REDIS_URL });
  await whenReady(redis);
});
after(async () => {
  await server.close();
  await redis.quit();
});

describe("e2e on Redis: a corrupt record", () => {
  it("answers 500 internal_error, not 503 unavailable, on the lock's reads", async () => {
    const { shared, orgA, keys } = server.fixture;
    await redis.hset(redisKeys.locks(orgA), shared.lockId, "{not json");
    for (const path of [`/v1/locks/${shared.lockId}`, "/v1/locks?limit=100"]) {
      const answer = await call(server.url, path, { key: keys.admin });
      assertProblem(answer, 500, "internal_error");
      assert.equal(answer.headers.get("retry-after"), null, path);
    }
    const other = await call(server.url, `/v1/locks/${server.fixture.activeLocks[0]?.lockId}`, { key: keys.admin });
    assert.equal(other.status, 200, other.text);
  });
});
