// Codes on locks stored with a lone surrogate escape in their name (the item's title and its
// work's name, as the store wrote them before recordJson) go on through every path of the lock
// worker: leased, finished done or retried, reported by the provider, resent after a failure,
// replaced by a newer change, and their PINs resealed. Each script decoding them used to fail.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CodeWork } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { aCode, aLock, aUnit, fixture, instant, NOW, randomBase62Id, randomId, workOf, writeCode } from "@lintel/testkit";
import { createRedisStore, redisKeys, type RedisStore } from "./index.js";
import { assertMended, plantPoisoned } from "./poison.test-support.js";
import { useTestRedis } from "./redis.test-support.js";

const LEASE = 30_000;
const lockSyncOf = (status: "pending" | "set" | "failed", ms: number) => ({
  status,
  error: status === "failed" ? "simulated: refused \ud800" : null,
  updatedAt: instant(ms),
});

describe("Redis codes holding a lone surrogate escape: the lock worker's paths", () => {
  const redis = useTestRedis();

  /** An org with a unit, a lock and a code written with its work; then the code's title and its work's name planted poisoned. */
  async function poisonedCode() {
    const store: RedisStore = createRedisStore(redis(), { deliveryGroup: randomId("test") });
    const orgId = randomId("org");
    const unit = aUnit(orgId, { version: 1 });
    const lock = aLock(orgId, { unitIds: [unit.id] });
    await store.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], locks: [lock] }));
    const code = aCode(unit, lock);
    const after = await writeCode(store, orgId, code, workOf(orgId, code));
    await poison(orgId, code);
    return { store, orgId, unit: after, lock, code };
  }

  /** Plants the code's title and its work's name (when it has work) with lone surrogate escapes. */
  async function poison(orgId: string, code: ScheduleItem) {
    await plantPoisoned<ScheduleItem>(redis(), redisKeys.items(orgId, code.unitId), `code:${code.id}`, (item) => ({
      ...item,
      title: "Front \ud800",
    }));
    if ((await redis().hexists(redisKeys.codeWork(orgId), code.id)) === 1) {
      await plantPoisoned<CodeWork>(redis(), redisKeys.codeWork(orgId), code.id, (work) => ({ ...work, name: "Front \udc00" }));
    }
  }

  const leasedOf = async (store: RedisStore, orgId: string, nowMs = NOW) =>
    (await store.lockCodes.lease(nowMs, LEASE, 100)).filter((leased) => leased.work.orgId === orgId);
  const syncEvent = (orgId: string, unitId: string, failed = false) =>
    ({
      id: randomBase62Id("evt"),
      orgId,
      type: failed ? "access_code.sync_failed" : "access_code.synced",
      createdAt: instant(20_000),
      data: { unitId, item: null },
    }) as never;

  test("leased, then finished done: its lockSync is set, its event stored, where its provider holds it is indexed", async () => {
    const { store, orgId, unit, lock, code } = await poisonedCode();
    const [leased] = await leasedOf(store, orgId);
    assert.ok(leased !== undefined, "the poisoned work is leased");
    assert.equal(leased.work.name, "Front \udc00", "read as stored");
    const placed = { lockId: lock.lockId, provider: lock.provider, providerDeviceId: lock.providerDeviceId, providerCodeId: "ac_\ud800" };
    const finished = await store.lockCodes.finish(leased, {
      kind: "done",
      placed,
      lockSync: lockSyncOf("set", 20_000),
      event: syncEvent(orgId, unit.id),
    });
    assert.equal(finished, true);
    const item = await store.units.getItem(orgId, unit.id, "code", code.id);
    assert.deepEqual([item?.title, item?.lockSync?.status], ["Front \uFFFD", "set"]);
    await assertMended(redis(), redisKeys.items(orgId, unit.id), `code:${code.id}`);
    assert.deepEqual(await store.lockCodes.placedCode(orgId, "ac_\uFFFD"), { unitId: unit.id, codeId: code.id, workPending: false });
    assert.equal((await store.events.list(orgId, "access_code.synced", null, 10)).length, 1);
  });

  test("leased, then retried: the work is kept with one more attempt and leased again when due", async () => {
    const { store, orgId, code } = await poisonedCode();
    const [leased] = await leasedOf(store, orgId);
    assert.ok(leased !== undefined);
    const retryAt = instant(60_000);
    assert.equal(await store.lockCodes.finish(leased, { kind: "retry", placed: null, nextAttemptAt: retryAt }), true);
    await assertMended(redis(), redisKeys.codeWork(orgId), code.id);
    const [again] = await leasedOf(store, orgId, Date.parse(retryAt));
    assert.deepEqual([again?.work.attempts, again?.work.name], [1, "Front \uFFFD"]);
  });

  test("reported by its provider, then resent after the failure while the unit's address is poisoned too", async () => {
    const { store, orgId, unit, code } = await poisonedCode();
    const [leased] = await leasedOf(store, orgId);
    assert.ok(leased !== undefined);
    assert.equal(
      await store.lockCodes.finish(leased, { kind: "done", placed: null, lockSync: lockSyncOf("set", 20_000), event: null }),
      true,
    );

    await poison(orgId, code);
    const failed = lockSyncOf("failed", 30_000);
    assert.equal(await store.lockCodes.reportLockSync(orgId, unit.id, code.id, failed, syncEvent(orgId, unit.id, true)), true);
    assert.deepEqual((await store.units.getItem(orgId, unit.id, "code", code.id))?.lockSync, {
      ...failed,
      error: "simulated: refused \uFFFD",
    });

    await poison(orgId, code);
    await plantPoisoned<Unit>(redis(), redisKeys.units(orgId), unit.id, (stored) => ({ ...stored, address: "\ud800 Elm St" }));
    const work = workOf(orgId, { ...code, title: "Front" }, 40_000);
    assert.equal(await store.lockCodes.resendCode(orgId, unit.id, unit.version, work, lockSyncOf("pending", 40_000)), true);
    assert.equal((await store.units.getItem(orgId, unit.id, "code", code.id))?.lockSync?.status, "pending");
    const [resent] = await leasedOf(store, orgId, Date.parse(instant(40_000)));
    assert.equal(resent?.work.workId, work.workId, "its new work is leased");
  });

  test("replaced by a newer change while its work is poisoned: the newer work keeps the older pendingSince", async () => {
    const { store, orgId, code } = await poisonedCode();
    const newer = { ...code, title: "Back door" };
    const work = workOf(orgId, newer, 5_000);
    await writeCode(store, orgId, newer, work);
    const [leased] = await leasedOf(store, orgId);
    assert.deepEqual([leased?.work.workId, leased?.work.name, leased?.work.pendingSince], [work.workId, "Back door", instant(1_000)]);
  });

  test("its PINs resealed, in the item and in the work", async () => {
    const { store, orgId, unit, code } = await poisonedCode();
    const changed = await store.lockCodes.resealPins((sealed) => (sealed === code.code ? "sealed:v2:pin" : null));
    assert.equal(changed, 2, "the item's and the work's");
    assert.equal((await store.units.getItem(orgId, unit.id, "code", code.id))?.code, "sealed:v2:pin");
    const [leased] = await leasedOf(store, orgId);
    assert.equal(leased?.work.code, "sealed:v2:pin");
  });
});
