import assert from "node:assert/strict";
import type { Lock, Unit } from "@lintel/domain";
import { lockPosition, type LintelEvent } from "@lintel/domain/adapters";
import { aLock, eachTestStore, fixture, itemView, randomId } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { aWriteEvent, servedUnit } from "../seeds/write-seed.js";
import {
  itemOn,
  leftOf,
  lockChange,
  NOW_ISO,
  seedLockWorld,
  storedItem,
  storedLock,
  versionOf,
  type LockWritesStore,
} from "../seeds/lock-seed.js";

/** The ids of the org's events, newest first. */
async function eventIds(store: LockWritesStore, orgId: string): Promise<string[]> {
  return (await store.events.list(orgId, null, null, 100)).map((event) => event.id);
}

/** The stored event, asserting it is there. */
async function storedEvent(store: LockWritesStore, orgId: string, event: LintelEvent): Promise<LintelEvent> {
  const found = await store.events.get(orgId, event.id);
  assert.ok(found !== null, `event ${event.id} is stored`);
  return found;
}

/**
 * The contract of {@link LockDirectory.update}: a lock's change with its event in one step, made
 * from the lock as read (its updatedAt); a lock that stops serving a unit refused while codes ahead
 * there name it, and the unit's tours and open houses ahead that name it cleared with it, each as read.
 */
export function describeLockWritesContract(
  name: string,
  makeStore: () => Promise<LockWritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: lock writes contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("stores the lock as changed with its event; reads follow its status, and it comes back in its place", async () => {
      const { orgId, units, lock, other } = await seedLockWorld(store(), 2);
      const renamed = lockChange(lock, { name: "Back door", timeZone: null, unitIds: [units[1]!.id, units[0]!.id] });
      assert.deepEqual(await store().locks.update(orgId, renamed), { ok: true });
      assert.deepEqual(await storedLock(store(), lock), renamed.lock);
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), renamed.lock);
      assert.deepEqual(await storedEvent(store(), orgId, renamed.event), renamed.event);

      const off = lockChange(
        renamed.lock,
        { status: "inactive" },
        units.map((unit) => leftOf(unit)),
      );
      assert.deepEqual(await store().locks.update(orgId, off), { ok: true });
      assert.equal(await store().locks.getActive(orgId, lock.lockId), null);
      assert.deepEqual(
        (await store().locks.listActive(orgId, null, 10)).map((l) => l.lockId),
        [other.lockId],
      );
      assert.deepEqual(await storedLock(store(), lock), off.lock, "an inactive lock is still there to update");

      const on = lockChange(off.lock, { status: "active" });
      assert.deepEqual(await store().locks.update(orgId, on), { ok: true });
      const listed = await store().locks.listActive(orgId, null, 10);
      const expected = [on.lock, other].sort((a, b) => (lockPosition(a) < lockPosition(b) ? 1 : -1));
      assert.deepEqual(listed, expected, "back in the list at its position (createdAt, lockId)");
      assert.deepEqual(await store().locks.listActive(orgId, lockPosition(expected[0]!), 10), [expected[1]]);
      assert.equal((await eventIds(store(), orgId)).length, 3);
      assert.deepEqual(await versionOf(store(), units[0]!), 1, "no unit had items to clear: no version moved");
    });

    it("activeServing follows every update: a unit left and served again, the lock deactivated and activated", async () => {
      const { orgId, units, lock, other } = await seedLockWorld(store(), 2);
      const [u0, u1] = [units[0]!, units[1]!];
      const newestFirst = (...locks: Lock[]) => locks.sort((a, b) => (lockPosition(a) < lockPosition(b) ? 1 : -1));
      const serving = async (unit: Unit) => store().locks.activeServing(orgId, unit.id);
      assert.deepEqual(await serving(u0), newestFirst(lock, other), "as loaded");
      assert.deepEqual(await serving(u1), [lock]);

      const leaves = lockChange(lock, { unitIds: [u1.id] }, [leftOf(u0)]);
      assert.deepEqual(await store().locks.update(orgId, leaves), { ok: true });
      assert.deepEqual(await serving(u0), [other], "the unit it left");
      assert.deepEqual(await serving(u1), [leaves.lock], "the unit it still serves, as changed");

      const back = lockChange(leaves.lock, { unitIds: [u1.id, u0.id], name: "Side door" });
      assert.deepEqual(await store().locks.update(orgId, back), { ok: true });
      assert.deepEqual(await serving(u0), newestFirst(back.lock, other), "the unit it serves again");

      const off = lockChange(back.lock, { status: "inactive" }, [leftOf(u1), leftOf(u0)]);
      assert.deepEqual(await store().locks.update(orgId, off), { ok: true });
      assert.deepEqual(await serving(u0), [other], "an inactive lock serves no unit");
      assert.deepEqual(await serving(u1), []);

      const on = lockChange(off.lock, { status: "active", unitIds: [u0.id] });
      assert.deepEqual(await store().locks.update(orgId, on), { ok: true });
      assert.deepEqual(await serving(u0), newestFirst(on.lock, other));
      assert.deepEqual(await serving(u1), [], "active again at the units it names now, only");

      const refused = lockChange(lock, { unitIds: [u1.id] }, [leftOf(u0)]);
      assert.deepEqual(await store().locks.update(orgId, refused), { ok: false, reason: "changed" });
      assert.deepEqual(await serving(u0), newestFirst(on.lock, other), "a refused update leaves the index as it was");
      assert.deepEqual(await store().locks.activeServing(randomId("org"), u0.id), [], "another org: nothing");
    });

    it("a change made from an older updatedAt is `changed`, an unknown or foreign lock `not_found`: nothing stored, no event", async () => {
      const { orgId, lock } = await seedLockWorld(store(), 1);
      const first = lockChange(lock, { name: "First" });
      assert.deepEqual(await store().locks.update(orgId, first), { ok: true });
      const late = lockChange(lock, { name: "Late" });
      assert.deepEqual(await store().locks.update(orgId, late), { ok: false, reason: "changed" });
      const foreign = await seedLockWorld(store(), 1);
      assert.deepEqual(await store().locks.update(orgId, lockChange(foreign.lock, { name: "Mine" })), { ok: false, reason: "not_found" });
      const unknown = aLock(orgId);
      assert.deepEqual(await store().locks.update(orgId, lockChange(unknown, { name: "Ghost" })), { ok: false, reason: "not_found" });
      assert.deepEqual(await storedLock(store(), lock), first.lock);
      assert.deepEqual(await storedLock(store(), foreign.lock), foreign.lock);
      assert.deepEqual(await eventIds(store(), orgId), [first.event.id]);
      assert.deepEqual(await eventIds(store(), foreign.orgId), []);
    });

    it("leaving a unit whose codes ahead name the lock: codes_ahead (how many, the first in schedule order); nothing changes", async () => {
      const world = await seedLockWorld(store(), 2, ([a, b], lock, other) => [
        itemOn(a!, "code", lock.lockId, 14),
        itemOn(a!, "code", lock.lockId, 12),
        itemOn(a!, "code", lock.lockId, 3), // over by now
        itemOn(a!, "code", other.lockId, 11), // another lock
        itemOn(b!, "code", lock.lockId, 11), // a unit the lock keeps
        itemOn(a!, "tour", lock.lockId, 13),
      ]);
      const { orgId, units, lock, items } = world;
      const tour = items[5]!;
      const leave = lockChange(lock, { unitIds: [units[1]!.id] }, [leftOf(units[0]!, [tour])]);
      const codes = { ok: false, reason: "codes_ahead", codes: 2, firstKey: `code:${items[1]!.id}` };
      assert.deepEqual(await store().locks.update(orgId, leave), codes);
      const off = lockChange(lock, { status: "inactive" }, [leftOf(units[0]!, [tour]), leftOf(units[1]!)]);
      assert.deepEqual(await store().locks.update(orgId, off), { ...codes, codes: 3, firstKey: `code:${items[4]!.id}` });
      assert.deepEqual(await storedLock(store(), lock), lock);
      assert.deepEqual(await storedItem(store(), orgId, tour), tour);
      assert.equal(await versionOf(store(), units[0]!), 1);
      assert.deepEqual(await eventIds(store(), orgId), []);
    });

    it("leaving a unit clears its tours and open houses ahead naming the lock: version + 1 once, one event each at it", async () => {
      const { orgId, units, lock, items } = await seedLockWorld(store(), 2, ([a, b], lock, other) => [
        itemOn(a!, "tour", lock.lockId, 12),
        itemOn(a!, "open_house", lock.lockId, 15),
        itemOn(a!, "tour", lock.lockId, 2), // over by now: kept
        itemOn(a!, "tour", other.lockId, 11), // another lock: kept
        itemOn(a!, "code", lock.lockId, 4), // a code over by now: no refusal
        itemOn(b!, "tour", lock.lockId, 12), // a unit the lock keeps
      ]);
      const [tour, openHouse] = [items[0]!, items[1]!];
      const left = leftOf(units[0]!, [tour, openHouse]);
      const change = lockChange(lock, { unitIds: [units[1]!.id] }, [left]);
      assert.deepEqual(await store().locks.update(orgId, change), { ok: true });
      assert.deepEqual(await storedItem(store(), orgId, tour), { ...tour, lockId: null });
      assert.deepEqual(await storedItem(store(), orgId, openHouse), { ...openHouse, lockId: null });
      for (const kept of items.slice(2)) assert.deepEqual(await storedItem(store(), orgId, kept), itemView(kept), `${kept.kind} kept`);
      assert.equal(await versionOf(store(), units[0]!), 2);
      assert.equal(await versionOf(store(), units[1]!), 1);
      for (const { event } of left.clears) {
        const stored = await storedEvent(store(), orgId, event);
        assert.equal((stored.data as { unit: { version: number } }).unit.version, 2, "the event says the version the change gave");
        const { unit: _stored, ...storedRest } = stored.data as { unit: unknown };
        const { unit: _given, ...givenRest } = event.data as { unit: unknown };
        assert.deepEqual([stored.id, stored.type, storedRest], [event.id, event.type, givenRest], "kept as given but for the version");
      }
      assert.deepEqual((await eventIds(store(), orgId)).sort(), [change.event.id, ...left.clears.map((c) => c.event.id)].sort());
      const page = await store().units.scheduleAfter(orgId, units[0]!.id, Date.parse(NOW_ISO), null, 10);
      assert.deepEqual(
        page.map((item) => `${item.kind}:${item.id}`),
        [items[3]!, tour, openHouse].map((item) => `${item.kind}:${item.id}`),
        "the schedule keeps its order",
      );
    });

    it("clears not as stored are `changed`: one left out, one not there, one changed since, a unit changed since; nothing changes", async () => {
      const { orgId, units, lock, items } = await seedLockWorld(store(), 1, ([a], lock) => [
        itemOn(a!, "tour", lock.lockId, 12),
        itemOn(a!, "open_house", lock.lockId, 13),
      ]);
      const [unit, tour, openHouse] = [units[0]!, items[0]!, items[1]!];
      const ghost = itemView(itemOn(unit, "tour", lock.lockId, 14));
      const attempts = [
        [leftOf(unit, [tour])],
        [leftOf(unit, [tour, openHouse, ghost])],
        [leftOf(unit, [tour, { ...openHouse, title: "Renamed meanwhile" }])],
        [{ ...leftOf(unit, [tour, openHouse]), basis: { urlKey: unit.urlKey, address: "Moved meanwhile", timeZone: unit.timeZone } }],
        [leftOf(unit)],
      ];
      for (const left of attempts) {
        assert.deepEqual(await store().locks.update(orgId, lockChange(lock, { status: "inactive" }, left)), {
          ok: false,
          reason: "changed",
        });
      }
      assert.deepEqual(await storedLock(store(), lock), lock);
      assert.deepEqual([await storedItem(store(), orgId, tour), await storedItem(store(), orgId, openHouse)], [tour, openHouse]);
      assert.equal(await versionOf(store(), unit), 1);
      assert.deepEqual(await eventIds(store(), orgId), []);
    });

    it("a code's removal written before the lock leaves its unit is still there for the worker to carry out", async () => {
      const { orgId, units, lock, items } = await seedLockWorld(store(), 1, ([a], lock) => [itemOn(a!, "code", lock.lockId, 12)]);
      const [unit, code] = [units[0]!, items[0]!];
      const now = new Date(Date.parse(NOW_ISO) - 60_000).toISOString();
      const work = {
        workId: randomId("wk"),
        orgId,
        unitId: unit.id,
        codeId: code.id,
        op: "delete" as const,
        lockId: lock.lockId,
        name: code.title,
        code: "sealed:v1:pin",
        startAt: code.startAt,
        endAt: code.endAt,
        attempts: 0,
        nextAttemptAt: now,
        pendingSince: now,
      };
      const event = aWriteEvent(orgId, "schedule.item_deleted", { unit: servedUnit({ ...unit, version: 2 }), item: code });
      const deleted = await store().units.writeItem(orgId, unit.id, { expectedVersion: null, op: "delete", item: code, work, event });
      assert.equal(deleted.ok, true);
      const unitNow = (await store().units.findByIdOrKey(orgId, unit.id))!;
      assert.deepEqual(await store().locks.update(orgId, lockChange(lock, { status: "inactive" }, [leftOf(unitNow)])), { ok: true });
      const leased = await store().lockCodes.lease(Date.parse(NOW_ISO), 30_000, 100);
      const mine = leased.filter((lease) => lease.work.orgId === orgId);
      assert.deepEqual(
        mine.map((lease) => [lease.work.codeId, lease.work.op, lease.work.lockId]),
        [[code.id, "delete", lock.lockId]],
      );
    });

    it("a fixture load keeps a lock the API changed as it is", async () => {
      const { orgId, lock } = await seedLockWorld(store(), 1);
      const change = lockChange(lock, { name: "Renamed" });
      assert.deepEqual(await store().locks.update(orgId, change), { ok: true });
      await store().fixtures.load(fixture({ locks: [lock] }));
      assert.deepEqual(await storedLock(store(), lock), change.lock);
    });
  });
}
