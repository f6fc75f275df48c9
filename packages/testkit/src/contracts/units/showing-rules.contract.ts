import assert from "node:assert/strict";
import type { ShowingRulesChange, UnitBasis } from "@lintel/core/adapters";
import type { ShowingRules, Unit } from "@lintel/domain";
import { eachTestStore } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { aWriteEvent, seedUnit, servedUnit, type WritesStore } from "../seeds/write-seed.js";
import { itemChange, tourAt } from "./item-writes.contract.js";

const basisOf = ({ urlKey, address, timeZone }: Unit): UnitBasis => ({ urlKey, address, timeZone });

/** Rules with empty lists where a store could turn a list into an object (Lua's cjson writes `[]` as `{}`). */
const EMPTY: ShowingRules = {
  weekly: [],
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeMinutes: 60,
  maxDaysAhead: 14,
  maxConcurrent: 1,
  blackouts: [],
};
const FULL: ShowingRules = {
  ...EMPTY,
  weekly: [{ day: "sat", opens: "10:00", closes: "24:00" }],
  blackouts: [{ startAt: "2027-12-24T06:00:00.000Z", endAt: "2027-12-27T06:00:00.000Z" }],
};

function rulesChange(
  unit: Unit,
  read: ShowingRules | null,
  rules: ShowingRules | null,
  expectedVersion: number | null = null,
): ShowingRulesChange {
  const data = { unit: servedUnit({ ...unit, showingRules: rules, version: unit.version + 1 }), previous: read };
  return {
    expectedVersion,
    basis: { unit: basisOf(unit), rules: read },
    rules,
    event: aWriteEvent(unit.orgId, "unit.showing_rules_changed", data),
  };
}

/**
 * The contract of {@link UnitStore.setShowingRules}: the rules are set with the version and the
 * event in one step, only while the unit and its rules are as read; they come back as given
 * (empty lists included) from every read, also after other writes of the unit re-wrote its record.
 */
export function describeShowingRulesContract(
  name: string,
  makeStore: () => Promise<WritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: showing rules contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("rules are set with the version and the event, and read back as given, empty lists included, after other writes", async () => {
      const { orgId, unit } = await seedUnit(store());
      const change = rulesChange(unit, null, EMPTY);
      const set = await store().units.setShowingRules(orgId, unit.id, change);
      assert.deepEqual(set, { ok: true, unit: { ...unit, showingRules: EMPTY, version: 2 } });
      assert.deepEqual((await store().units.findByIdOrKey(orgId, unit.id))?.showingRules, EMPTY);
      assert.equal(((await store().events.get(orgId, change.event.id))?.data as { unit: { version: number } }).unit.version, 2);
      // Another write of the unit re-writes its record (a script decodes and encodes it on Redis): the rules stay as they were.
      const after = { ...unit, showingRules: EMPTY, version: 2 };
      assert.equal((await store().units.writeItem(orgId, unit.id, itemChange(after, "put", tourAt(after, 3)))).ok, true);
      const reread = await store().units.findByIdOrKey(orgId, unit.id);
      assert.deepEqual(reread?.showingRules, EMPTY);
      assert.deepEqual((await store().units.getMany(orgId, [unit.id]))[0]?.showingRules, EMPTY);
      assert.deepEqual((await store().units.listUnits(orgId, null, 10))[0]?.showingRules, EMPTY);
      const full = await store().units.setShowingRules(orgId, unit.id, rulesChange({ ...after, version: 3 }, EMPTY, FULL));
      assert.deepEqual(full.ok && full.unit.showingRules, FULL);
      const removed = await store().units.setShowingRules(orgId, unit.id, rulesChange({ ...after, version: 4 }, FULL, null));
      assert.deepEqual(removed.ok && removed.unit.showingRules, null);
    });

    it("a change made from rules as they no longer are answers changed; a stale version is version_conflict; nothing stored", async () => {
      const { orgId, unit } = await seedUnit(store());
      assert.equal((await store().units.setShowingRules(orgId, unit.id, rulesChange(unit, null, FULL))).ok, true);
      const stale = rulesChange(unit, null, EMPTY);
      assert.deepEqual(await store().units.setShowingRules(orgId, unit.id, stale), { ok: false, reason: "changed" });
      assert.deepEqual(await store().units.setShowingRules(orgId, unit.id, rulesChange(unit, FULL, EMPTY, 1)), {
        ok: false,
        reason: "version_conflict",
        currentVersion: 2,
      });
      assert.deepEqual((await store().units.findByIdOrKey(orgId, unit.id))?.showingRules, FULL);
      assert.equal(await store().events.get(orgId, stale.event.id), null);
    });
  });
}
