// Issue 18, item 1: a restart with the same FIXTURE used to undo production changes (the fixture
// was upserted at every start). The real server process on Redis, restarted with the same
// FIXTURE, keeps a set_timezone and a revocation made since. Always on Redis, whatever STORE is:
// a memory store starts empty at every start, so only a store that outlives the process can tell.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createRedisClient, createRedisStore, whenReady, type RedisClient } from "@lintel/store-redis";
import { call, processStoreEnv, testFixture } from "../e2e.test-support.js";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../e2e.test-support.js";

interface ScheduleEntry {
  readonly kind: string;
  readonly id: string;
  readonly startAt: string;
  readonly endAt: string;
  readonly localStart: string;
}

describe("e2e: restarting a server on Redis with the same FIXTURE", () => {
  const fixture = testFixture();
  const { p, units, keys } = fixture;
  const env: Record<string, string> = { ...processStoreEnv("redis") };
  let port = 0;
  let server: ServerChild | undefined;
  let redis: RedisClient;

  before(async () => {
    env["FIXTURE"] = await writeFixture(fixture.json);
    [port = 0] = await freePorts(1);
    redis = createRedisClient({ url: env["REDIS_URL"] ?? "" });
    await whenReady(redis);
  });

  after(async () => {
    await server?.stop();
    await redis.quit();
  });

  it("a restart with the same FIXTURE keeps a set_timezone and a revocation", async () => {
    server = await spawnServer(port, env);
    const schedulePath = `/v1/units/list_schedule?unitIdOrKey=${units.chicago.id}&from=2027-01-01T00:00:00Z`;
    const schedule = async (): Promise<ScheduleEntry[]> => {
      const answer = await call(server?.url ?? "", schedulePath, { key: keys.admin });
      assert.equal(answer.status, 200, answer.text);
      return (answer.json.items as ScheduleEntry[]).map(({ kind, id, startAt, endAt, localStart }) => ({
        kind,
        id,
        startAt,
        endAt,
        localStart,
      }));
    };
    const before = await schedule();
    const set = await call(server.url, "/v1/units/set_timezone", {
      method: "POST",
      key: keys.admin,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ unitIdOrKey: units.chicago.id, timeZone: "Asia/Tokyo", expectedVersion: 1, policy: "keep_wall_clock" }),
    });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.json.unit.version, 2);
    const moved = await schedule();
    assert.equal(moved.length, before.length);
    for (const item of before) {
      const now = moved.find((other) => other.id === item.id && other.kind === item.kind);
      assert.ok(now !== undefined && now.startAt !== item.startAt, `keep_wall_clock did not move ${item.kind} ${item.id}`);
    }
    const revokedKey = `${p}_key_locksOnly`;
    assert.equal((await call(server.url, "/v1/locks?limit=1", { key: keys.locksOnly })).status, 200);
    assert.equal(await createRedisStore(redis).apiKeys.revoke(revokedKey, new Date().toISOString()), true);
    assert.equal((await call(server.url, "/v1/locks?limit=1", { key: keys.locksOnly })).status, 401);

    await server.stop();
    server = await spawnServer(port, env);
    assert.match(server.output(), /0 records added; \d+ the store already had left as they are/);

    const unit = await call(server.url, `/v1/units/get_unit?unitIdOrKey=${units.chicago.id}`, { key: keys.admin });
    assert.equal(unit.status, 200, unit.text);
    assert.deepEqual([unit.json.unit.timeZone, unit.json.unit.version], ["Asia/Tokyo", 2]);
    assert.deepEqual(await schedule(), moved, "the items are back at their old times");
    const revoked = await call(server.url, "/v1/locks?limit=1", { key: keys.locksOnly });
    assert.equal(revoked.status, 401, revoked.text);
    assert.equal((await call(server.url, "/v1/locks?limit=1", { key: keys.admin })).status, 200);
  });
});
