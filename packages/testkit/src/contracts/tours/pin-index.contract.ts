import assert from "node:assert/strict";
import type { LockCodeOutbox, PinHolder, TourStore } from "@lintel/core/adapters";
import type { Lock, ScheduleItem, Unit } from "@lintel/domain";
import { aLock, anItem, eachTestStore, fixture, randomId } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { aWriteEvent, seedUnit, servedUnit } from "../seeds/write-seed.js";
import { aTour, bookingOf, cancelOf, type TourWritesStore } from "./tour-store.contract.js";

/** The ports the PIN index suite drives. */
export type PinIndexStore = TourWritesStore & { readonly tours: TourStore; readonly lockCodes: LockCodeOutbox };

/**
 * Runs `bookTwo` (two bookings at once on one lock whose PIN draws always answer 0) with `tours`'
 * writes watched, and asserts the two PINs are `000000` and `000001` and that the store refused
 * one write as `pin_taken`: both found `000000` free before either wrote.
 */
export async function assertRacedPins(tours: TourStore, bookTwo: () => Promise<readonly (string | null)[]>): Promise<void> {
  const refusals: string[] = [];
  const writeTour = tours.writeTour;
  tours.writeTour = async (orgId, unitId, change) => {
    const outcome = await writeTour.call(tours, orgId, unitId, change);
    if (!outcome.ok) refusals.push(outcome.reason);
    return outcome;
  };
  try {
    const pins = await bookTwo();
    assert.deepEqual([...pins].sort(), ["000000", "000001"]);
    assert.deepEqual(refusals, ["pin_taken"], "both checked 000000 free before either wrote");
  } finally {
    tours.writeTour = writeTour;
  }
}

/** Holders in a stable order, for comparing. */
const sorted = (holders: readonly PinHolder[] | null) =>
  holders === null ? null : [...holders].sort((a, b) => (a.codeId < b.codeId ? -1 : a.codeId > b.codeId ? 1 : 0));

/**
 * The contract of the PIN index (`TourStore.pinHolders`, `filePins`, `PinCheck`): every write
 * that puts or deletes a code (a schedule item write, a tour write, a fixture load, a reseal)
 * files it under its PIN's tag on its lock in its own step; a booking's write is refused
 * (`pin_taken`) while another code of the lock holds one of its tags.
 */
export function describePinIndexContract(name: string, makeStore: () => Promise<PinIndexStore>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: PIN index contract`, () => {
    const store = eachTestStore(makeStore, runner);

    /** An org with a unit and two locks serving it, loaded anew. */
    async function seedPins(): Promise<{ orgId: string; unit: Unit; lock: Lock; other: Lock }> {
      const { orgId, unit } = await seedUnit(store());
      const lock = aLock(orgId, { unitIds: [unit.id] });
      const other = aLock(orgId, { unitIds: [unit.id] });
      await store().fixtures.load(fixture({ locks: [lock, other] }));
      return { orgId, unit, lock, other };
    }

    /** A code item of the unit on `lock`. */
    const aCode = (unit: Unit, lock: Lock, over: Partial<ScheduleItem> = {}): ScheduleItem => {
      const { orgId: _org, ...item } = anItem(unit, "code", { lockId: lock.lockId, code: "sealed-pin", ...over });
      return item;
    };

    /** Puts or deletes `item` through writeItem (with `pinTag` on a put), asserting it applied. */
    async function writeCode(orgId: string, item: ScheduleItem, op: "put" | "delete", pinTag?: string): Promise<void> {
      const unit = await store().units.findByIdOrKey(orgId, item.unitId);
      assert.ok(unit !== null);
      const type = op === "put" ? "schedule.item_created" : "schedule.item_deleted";
      const event = aWriteEvent(orgId, type, { unit: servedUnit({ ...unit, version: unit.version + 1 }), item: { id: item.id } });
      const outcome = await store().units.writeItem(orgId, item.unitId, { expectedVersion: null, op, item, pinTag, event });
      assert.equal(outcome.ok, true, `${op} ${item.id}`);
    }

    it("a lock loaded anew has all its codes filed: no holder under any tag", async () => {
      const { orgId, lock } = await seedPins();
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-a", "tag-b"]), []);
    });

    it("a code put is filed under its tag on its lock; a put without a tag keeps it, another tag moves it, a new lock takes it, a delete drops it", async () => {
      const { orgId, unit, lock, other } = await seedPins();
      const code = aCode(unit, lock);
      await writeCode(orgId, code, "put", "tag-a");
      const holder = [{ unitId: unit.id, codeId: code.id }];
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-a"]), holder);
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-x", "tag-a"]), holder, "any of the tags");
      assert.deepEqual(await store().tours.pinHolders(orgId, other.lockId, ["tag-a"]), [], "another lock's tags are its own");
      assert.deepEqual((await store().tours.pinHolders(randomId("org"), lock.lockId, ["tag-a"])) ?? [], [], "another org sees none");

      await writeCode(orgId, { ...code, title: "Moved", endAt: "2026-03-01T00:00:00.000Z" }, "put");
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-a"]), holder, "a put without a tag keeps the PIN's");

      await writeCode(orgId, { ...code, title: "New PIN" }, "put", "tag-b");
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-a"]), []);
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-b"]), holder);

      await writeCode(orgId, { ...code, lockId: other.lockId }, "put");
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-b"]), []);
      assert.deepEqual(await store().tours.pinHolders(orgId, other.lockId, ["tag-b"]), holder, "it follows its lock with its tag");

      await writeCode(orgId, { ...code, lockId: other.lockId }, "delete");
      assert.deepEqual(await store().tours.pinHolders(orgId, other.lockId, ["tag-b"]), []);
    });

    it("only codes are filed; a code without a PIN is filed nowhere", async () => {
      const { orgId, unit, lock } = await seedPins();
      const { orgId: _org, ...tour } = anItem(unit, "tour", { lockId: lock.lockId });
      await writeCode(orgId, tour, "put", "tag-a");
      await writeCode(orgId, aCode(unit, lock, { code: "" }), "put", "tag-a");
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-a"]), []);
    });

    it("a tour write files its code with its tag and its cancel drops it; a reschedule's put without a tag keeps it", async () => {
      const { orgId, unit, lock } = await seedPins();
      const tour = aTour(unit, 10, {
        lockId: lock.lockId,
        access: { beforeMinutes: 15, afterMinutes: 15, codeId: randomId("code"), lockSync: null },
      });
      const booking = bookingOf(unit, tour, null);
      const items = booking.items.map((op) => (op.item.kind === "code" ? { ...op, pinTag: "tag-t" } : op));
      assert.equal((await store().tours.writeTour(orgId, unit.id, { ...booking, items })).ok, true);
      const holder = [{ unitId: unit.id, codeId: tour.access.codeId! }];
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-t"]), holder);
      const booked = { ...unit, version: 2 };
      const moved = { ...tour, title: "Moved" };
      const reschedule = {
        ...bookingOf(booked, moved, null),
        basis: { unit: { urlKey: unit.urlKey, address: unit.address, timeZone: unit.timeZone }, tour },
        lockServing: undefined,
      };
      assert.equal((await store().tours.writeTour(orgId, unit.id, reschedule)).ok, true);
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-t"]), holder);
      assert.equal((await store().tours.writeTour(orgId, unit.id, cancelOf({ ...unit, version: 3 }, moved))).ok, true);
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-t"]), []);
    });

    it("pin_taken: a booking whose PIN's tag another code of the lock holds is refused with nothing written; its own id, cleared codes and other locks are no clash", async () => {
      const { orgId, unit, lock, other } = await seedPins();
      const held = aCode(unit, lock);
      await writeCode(orgId, held, "put", "tag-old");
      const afterWrite = (await store().units.findByIdOrKey(orgId, unit.id))!;
      const book = (onLock: Lock, tags: string[], cleared: string[] = []) => {
        const codeId = randomId("code");
        const tour = aTour(afterWrite, 10, {
          lockId: onLock.lockId,
          access: { beforeMinutes: 15, afterMinutes: 15, codeId, lockSync: null },
        });
        const booking = bookingOf(afterWrite, tour, null);
        const items = booking.items.map((op) => (op.item.kind === "code" ? { ...op, pinTag: tags[0] } : op));
        return { tour, change: { ...booking, items, pinCheck: { lockId: onLock.lockId, codeId, tags, cleared } } };
      };
      const taken = book(lock, ["tag-new", "tag-old"]);
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, taken.change), { ok: false, reason: "pin_taken" });
      assert.equal(await store().tours.getTour(orgId, taken.tour.id), null, "nothing written");
      assert.equal(await store().units.getItem(orgId, unit.id, "code", taken.tour.access.codeId!), null);
      assert.equal((await store().units.findByIdOrKey(orgId, unit.id))!.version, afterWrite.version);

      const elsewhere = book(other, ["tag-old"]);
      assert.equal((await store().tours.writeTour(orgId, unit.id, elsewhere.change)).ok, true, "another lock's codes are no clash");
      const cleared = book(lock, ["tag-old"], [held.id]);
      assert.equal((await store().tours.writeTour(orgId, unit.id, cleared.change)).ok, true, "a cleared code is no clash");
      assert.deepEqual(
        sorted(await store().tours.pinHolders(orgId, lock.lockId, ["tag-old"])),
        sorted([
          { unitId: unit.id, codeId: held.id },
          { unitId: unit.id, codeId: cleared.tour.access.codeId! },
        ]),
      );
    });

    it("a code loaded without a tag leaves its lock's codes not all filed until filePins files them", async () => {
      const { orgId, unit, lock } = await seedPins();
      const tagged = anItem(unit, "code", { lockId: lock.lockId, code: "sealed-1" });
      const bare = anItem(unit, "code", { lockId: lock.lockId, code: "sealed-2" });
      await store().fixtures.load(fixture({ items: [tagged, bare], pinTags: { [tagged.id]: "tag-1" } }));
      assert.equal(await store().tours.pinHolders(orgId, lock.lockId, ["tag-1"]), null);
      await store().tours.filePins(orgId, lock.lockId, [
        { unitId: unit.id, codeId: tagged.id, tag: "tag-1" },
        { unitId: unit.id, codeId: bare.id, tag: "tag-2" },
      ]);
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-1"]), [{ unitId: unit.id, codeId: tagged.id }]);
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-2"]), [{ unitId: unit.id, codeId: bare.id }]);
    });

    it("resealPins with a tag files each re-sealed code under its new tag", async () => {
      const { orgId, unit, lock } = await seedPins();
      const code = aCode(unit, lock, { code: `sealed-${randomId("pin")}` });
      await writeCode(orgId, code, "put", "tag-before");
      const reseal = (sealed: string) => (sealed === code.code ? `${sealed}-again` : null);
      assert.ok(
        (await store().lockCodes.resealPins(reseal, (sealed) => (sealed === `${code.code}-again` ? "tag-after" : "tag-other"))) >= 1,
      );
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-before"]), []);
      assert.deepEqual(await store().tours.pinHolders(orgId, lock.lockId, ["tag-after"]), [{ unitId: unit.id, codeId: code.id }]);
    });
  });
}
