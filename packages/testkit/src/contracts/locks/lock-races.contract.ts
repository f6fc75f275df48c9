import assert from "node:assert/strict";
import type { ItemChange } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { aLock, eachTestStore, fixture, itemView, randomId } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { aWriteEvent, servedUnit } from "../seeds/write-seed.js";
import { itemOn, leftOf, lockChange, seedLockWorld, storedItem, storedLock, type LockWritesStore } from "../seeds/lock-seed.js";

/** How many updates race from one read. */
const UPDATES = 20;
/** How many rounds of a unit left while codes are put there. */
const ROUNDS = 12;
/** How many codes race each removal. */
const CODES = 5;

/** A put of a new `item` at `unit` naming `lockServing` (no version, no basis), with its event. */
function putNaming(unit: Unit, item: ScheduleItem, lockServing: string | undefined): ItemChange {
  const event = aWriteEvent(unit.orgId, "schedule.item_created", { unit: servedUnit({ ...unit, version: unit.version + 1 }), item });
  return { expectedVersion: null, op: "put", item, event, ...(lockServing === undefined ? {} : { lockServing }) };
}

/**
 * The contract of a lock's update under concurrency, and of the lock check of item writes
 * ({@link ItemChange.lockServing}): updates made from one read are a compare-and-set (one
 * applies), and a lock that stops serving a unit while codes are written there never leaves a
 * code ahead on a lock that no longer serves its unit. `second`, when given, makes another
 * instance over the same data (another client of the same Redis): the writes are split between both.
 */
export function describeLockRacesContract(
  name: string,
  makeStore: () => Promise<LockWritesStore>,
  second?: () => Promise<LockWritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: lock write races contract`, () => {
    const store = eachTestStore(makeStore, runner);
    const instances = async (): Promise<LockWritesStore[]> => (second === undefined ? [store()] : [store(), await second()]);
    const closeOthers = async (all: readonly LockWritesStore[]) => {
      for (const other of all.slice(1)) await other.close?.();
    };

    it(`${UPDATES} concurrent updates made from one read: exactly one applies, the others are changed; one event`, async () => {
      const { orgId, lock } = await seedLockWorld(store(), 1);
      const all = await instances();
      try {
        const changes = Array.from({ length: UPDATES }, (_, i) => lockChange(lock, { name: `Door ${i}` }));
        const outcomes = await Promise.all(changes.map((change, i) => all[i % all.length]!.locks.update(orgId, change)));
        const applied = outcomes.flatMap((outcome, i) => (outcome.ok ? [changes[i]!] : []));
        assert.equal(applied.length, 1, "one applies");
        assert.ok(outcomes.every((outcome) => outcome.ok || outcome.reason === "changed"));
        assert.deepEqual(await storedLock(store(), lock), applied[0]!.lock);
        assert.deepEqual(
          (await store().events.list(orgId, null, null, 100)).map((event) => event.id),
          [applied[0]!.event.id],
        );
      } finally {
        await closeOthers(all);
      }
    });

    it(`a lock leaving a unit while ${CODES} codes are put there naming it: never a code ahead on a lock that no longer serves its unit`, async () => {
      const all = await instances();
      try {
        const seen = { left: 0, refused: 0 };
        for (let round = 0; round < ROUNDS; round++) {
          const { orgId, units, lock } = await seedLockWorld(store(), 2);
          const [unit, kept] = [units[0]!, units[1]!];
          const codes = Array.from({ length: CODES }, (_, i) => itemView(itemOn(unit, "code", lock.lockId, 12 + i)));
          const change =
            round % 2 === 0
              ? lockChange(lock, { unitIds: [kept.id] }, [leftOf(unit)])
              : lockChange(lock, { status: "inactive" }, [leftOf(unit), leftOf(kept)]);
          const writes = codes.map((code, i) =>
            all[(i + 1) % all.length]!.units.writeItem(orgId, unit.id, putNaming(unit, code, lock.lockId)),
          );
          const [update, ...puts] = await Promise.all([all[round % all.length]!.locks.update(orgId, change), ...writes]);
          const stored = (await Promise.all(codes.map((code) => storedItem(store(), orgId, code)))).filter((code) => code !== null);
          if (update!.ok) {
            seen.left += 1;
            assert.ok(
              puts.every((put) => !put.ok && put.reason === "lock_missing"),
              "every code after the removal is refused",
            );
            assert.deepEqual(stored, [], "no code names a lock that no longer serves its unit");
            assert.deepEqual(await storedLock(store(), lock), change.lock);
          } else {
            seen.refused += 1;
            assert.equal(update!.reason, "codes_ahead", "a code got in first: the lock stays");
            assert.ok(puts.every((put) => put.ok));
            assert.equal(stored.length, CODES);
            assert.deepEqual(await storedLock(store(), lock), lock);
          }
        }
        assert.equal(seen.left + seen.refused, ROUNDS);
      } finally {
        await closeOthers(all);
      }
    });

    it("a put naming a lock applies only while that lock is an active lock of the org serving the unit; else lock_missing", async () => {
      const { orgId, units, lock, other } = await seedLockWorld(store(), 2);
      const [a, b] = [units[0]!, units[1]!];
      const inactive = aLock(orgId, { unitIds: [a.id], status: "inactive" });
      const foreign = await seedLockWorld(store(), 1);
      await store().fixtures.load(fixture({ locks: [inactive] }));
      const refusals: [Unit, string][] = [
        [b, other.lockId], // serves another unit
        [a, inactive.lockId],
        [a, foreign.lock.lockId],
        [a, randomId("lk")],
      ];
      for (const [unit, lockId] of refusals) {
        const code = itemView(itemOn(unit, "code", lockId, 12));
        assert.deepEqual(await store().units.writeItem(orgId, unit.id, putNaming(unit, code, lockId)), {
          ok: false,
          reason: "lock_missing",
        });
        assert.equal(await storedItem(store(), orgId, code), null);
      }
      assert.equal((await store().units.findByIdOrKey(orgId, a.id))?.version, 1, "nothing changed");
      const served = itemView(itemOn(a, "tour", lock.lockId, 12));
      assert.equal((await store().units.writeItem(orgId, a.id, putNaming(a, served, lock.lockId))).ok, true);
      const unchecked = itemView(itemOn(b, "tour", other.lockId, 12));
      assert.equal((await store().units.writeItem(orgId, b.id, putNaming(b, unchecked, undefined))).ok, true, "checked only when asked");
      assert.deepEqual(await storedItem(store(), orgId, served), served);
    });
  });
}
