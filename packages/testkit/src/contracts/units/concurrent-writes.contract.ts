import assert from "node:assert/strict";
import type { ItemChange, UnitBasis } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { newestFirstPosition } from "@lintel/domain/adapters";
import { eachTestStore, itemView } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { aWriteEvent, seedUnit, servedUnit, type WritesStore } from "../seeds/write-seed.js";
import { tourAt } from "./item-writes.contract.js";

/** How many writes race on one unit. */
const WRITES = 200;

const basisOf = ({ urlKey, address, timeZone }: Unit): UnitBasis => ({ urlKey, address, timeZone });

/** A put of `item` made from `unit` as read (and `read`, the item as read), at `expectedVersion` when given. */
function putFrom(unit: Unit, item: ScheduleItem, read: ScheduleItem | null, expectedVersion: number | null = null): ItemChange {
  const type = read === null ? "schedule.item_created" : "schedule.item_updated";
  const data = { unit: servedUnit({ ...unit, version: unit.version + 1 }), item };
  return { expectedVersion, basis: { unit: basisOf(unit), item: read }, op: "put", item, event: aWriteEvent(unit.orgId, type, data) };
}

/** The `data.unit.version` of the org's stored events, by event id. */
async function eventVersions(store: WritesStore, orgId: string): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  for (let after: string | null = null; ;) {
    const page = await store.events.list(orgId, null, after, 100);
    for (const event of page) versions.set(event.id, (event.data as { unit: { version: number } }).unit.version);
    if (page.length < 100) return versions;
    after = newestFirstPosition(page.at(-1)!);
  }
}

/**
 * The contract of {@link UnitStore}'s writes under concurrency: a write without
 * `expectedVersion` checks only what it was made from (its basis: the unit's fields and the
 * item), so writes of other items never refuse each other and each gets the next version,
 * which its event says; one with `expectedVersion` applies only at that version. `second`, when
 * given, makes another instance over the same data (another client of the same Redis): the
 * writes are split between both.
 */
export function describeConcurrentWritesContract(
  name: string,
  makeStore: () => Promise<WritesStore>,
  second?: () => Promise<WritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: concurrent writes contract`, () => {
    const store = eachTestStore(makeStore, runner);
    const instances = async (): Promise<WritesStore[]> => (second === undefined ? [store()] : [store(), await second()]);

    it(`${WRITES} concurrent puts made from one read without expectedVersion all apply: versions 2..${WRITES + 1}, each in its event`, async () => {
      const { orgId, unit } = await seedUnit(store());
      const all = await instances();
      try {
        const changes = Array.from({ length: WRITES }, (_, i) => putFrom(unit, tourAt(unit, 30 + i), null));
        const outcomes = await Promise.all(changes.map((change, i) => all[i % all.length]!.units.writeItem(orgId, unit.id, change)));
        const answered = outcomes.map((outcome) => (outcome.ok ? outcome.unit.version : outcome.reason));
        assert.deepEqual(
          [...answered].sort((a, b) => Number(a) - Number(b)),
          Array.from({ length: WRITES }, (_, i) => i + 2),
        );
        assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, WRITES + 1);
        assert.equal((await store().units.itemsOf(orgId, unit.id)).length, WRITES);
        const versions = await eventVersions(store(), orgId);
        assert.equal(versions.size, WRITES);
        changes.forEach((change, i) =>
          assert.equal(versions.get(change.event.id), answered[i], "the event says the version its write gave"),
        );
      } finally {
        for (const other of all.slice(1)) await other.close?.();
      }
    });

    it(`${WRITES} concurrent puts naming the version read: exactly one applies, the others are version_conflict with the version now`, async () => {
      const { orgId, unit } = await seedUnit(store());
      const all = await instances();
      try {
        const changes = Array.from({ length: WRITES }, (_, i) => putFrom(unit, tourAt(unit, 30 + i), null, unit.version));
        const outcomes = await Promise.all(changes.map((change, i) => all[i % all.length]!.units.writeItem(orgId, unit.id, change)));
        assert.equal(outcomes.filter((outcome) => outcome.ok).length, 1);
        for (const outcome of outcomes.filter((o) => !o.ok)) {
          assert.deepEqual(outcome, { ok: false, reason: "version_conflict", currentVersion: unit.version + 1 });
        }
        assert.equal((await store().units.itemsOf(orgId, unit.id)).length, 1);
        assert.equal((await eventVersions(store(), orgId)).size, 1);
      } finally {
        for (const other of all.slice(1)) await other.close?.();
      }
    });

    it("a write whose basis moved is `changed` with nothing stored: the item replaced meanwhile, the unit's fields or zone changed", async () => {
      const { orgId, unit } = await seedUnit(store());
      const tour = tourAt(unit, 40);
      assert.equal((await store().units.writeItem(orgId, unit.id, putFrom(unit, tour, null))).ok, true);
      const atTwo = { ...unit, version: 2 };
      const moved = { ...tour, title: "Moved first" };
      assert.equal((await store().units.writeItem(orgId, unit.id, putFrom(atTwo, moved, tour))).ok, true);
      const stale = putFrom(atTwo, { ...tour, title: "From the old read" }, tour);
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, stale), { ok: false, reason: "changed" });
      const deleted = { ...stale, op: "delete" as const, item: moved, basis: { unit: basisOf(atTwo), item: tour } };
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, deleted), { ok: false, reason: "changed" });
      const elsewhere = putFrom({ ...atTwo, timeZone: "Asia/Tokyo" }, tourAt(unit, 41), null);
      assert.deepEqual(
        await store().units.writeItem(orgId, unit.id, elsewhere),
        { ok: false, reason: "changed" },
        "the zone labels the event",
      );
      const renamed = await store().units.updateUnit(orgId, unit.id, {
        expectedVersion: null,
        basis: { ...basisOf(unit), address: "Another address" },
        urlKey: unit.urlKey,
        address: "1 New Rd",
        event: aWriteEvent(orgId, "unit.updated", { unit: servedUnit({ ...unit, version: 3 }), previous: unit }),
      });
      assert.deepEqual(renamed, { ok: false, reason: "changed" });
      const kept = await store().units.getItem(orgId, unit.id, "tour", tour.id);
      assert.deepEqual(kept && itemView(kept), itemView(moved));
      assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, 3);
      assert.equal((await eventVersions(store(), orgId)).size, 2);
    });

    it("updateUnit without expectedVersion from a current basis applies at whatever version the unit reached, its event saying the version", async () => {
      const { orgId, unit } = await seedUnit(store());
      for (let day = 0; day < 3; day++) await store().units.writeItem(orgId, unit.id, putFrom(unit, tourAt(unit, 50 + day), null));
      const event = aWriteEvent(orgId, "unit.updated", {
        unit: servedUnit({ ...unit, address: "1 New Rd", version: 2 }),
        previous: { urlKey: unit.urlKey, address: unit.address },
      });
      const change = { expectedVersion: null, basis: basisOf(unit), urlKey: unit.urlKey, address: "1 New Rd", event };
      assert.deepEqual(await store().units.updateUnit(orgId, unit.id, change), {
        ok: true,
        unit: { ...unit, address: "1 New Rd", version: 5 },
      });
      assert.equal((await eventVersions(store(), orgId)).get(event.id), 5);
    });
  });
}
