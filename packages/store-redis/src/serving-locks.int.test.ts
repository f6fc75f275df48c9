import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Lock } from "@lintel/domain";
import { lockPosition } from "@lintel/domain/adapters";
import { aLock, aUnit, fixture, instant, leftOf, lockChange, randomId } from "@lintel/testkit";
import { redisKeys } from "./redis/keys.js";
import { useRedisStore, useTestRedis } from "./redis.test-support.js";

const newestFirst = (...locks: Lock[]) => locks.sort((a, b) => (lockPosition(a) < lockPosition(b) ? 1 : -1));

describe("redis: the index of the locks that serve each unit", () => {
  const redis = useTestRedis();
  const store = useRedisStore();

  test("a unit whose id starts another's answers only its own locks", async () => {
    const orgId = randomId("org");
    const short = aUnit(orgId, { id: randomId("u") });
    const long = aUnit(orgId, { id: `${short.id}_2` });
    const dashed = aUnit(orgId, { id: `${short.id}-2` });
    const locks = [short, long, dashed].map((unit, i) => aLock(orgId, { unitIds: [unit.id], createdAt: instant(i) }));
    await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [short, long, dashed], locks }));
    assert.deepEqual(await store().locks.activeServing(orgId, short.id), [locks[0]]);
    assert.deepEqual(await store().locks.activeServing(orgId, long.id), [locks[1]]);
    assert.deepEqual(await store().locks.activeServing(orgId, dashed.id), [locks[2]]);
  });

  test("locks stored before the index (an older Lintel) are filed by the org's first read, with the writes made since", async () => {
    const orgId = randomId("org");
    const [u1, u2] = [aUnit(orgId), aUnit(orgId)];
    const kept = aLock(orgId, { unitIds: [u1.id, u2.id], createdAt: instant(1) });
    const moved = aLock(orgId, { unitIds: [u1.id], createdAt: instant(2) });
    const off = aLock(orgId, { unitIds: [u1.id], status: "inactive", createdAt: instant(3) });
    await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [u1, u2], locks: [kept, moved, off] }));
    // What an older Lintel left: the locks, no index, no marker.
    await redis().del(redisKeys.servingLocks(orgId), redisKeys.servingLocksBuilt(orgId));
    // A write before the first read files (and unfiles) its own lock.
    const update = lockChange(moved, { unitIds: [u2.id] }, [leftOf(u1)]);
    assert.deepEqual(await store().locks.update(orgId, update), { ok: true });
    assert.equal(await redis().exists(redisKeys.servingLocksBuilt(orgId)), 0, "no read yet: not built");

    assert.deepEqual(await store().locks.activeServing(orgId, u1.id), [kept]);
    assert.deepEqual(await store().locks.activeServing(orgId, u2.id), newestFirst(update.lock, kept));
    assert.equal(await redis().exists(redisKeys.servingLocksBuilt(orgId)), 1);
    assert.deepEqual(
      (await redis().zrange(redisKeys.servingLocks(orgId), 0, -1)).sort(),
      [`${u1.id}|${lockPosition(kept)}`, `${u2.id}|${lockPosition(kept)}`, `${u2.id}|${lockPosition(update.lock)}`].sort(),
      "each active lock once per unit it serves, the inactive one nowhere",
    );
  });
});
