import assert from "node:assert/strict";
import type { Unit } from "@lintel/domain";
import type { FixtureSink, UnitStore } from "@lintel/core/adapters";
import { describeUnitReadsContract } from "./unit-reads.contract.js";
import {
  aLock,
  anItem,
  aUnit,
  eachTestStore,
  fixture,
  instant,
  itemView,
  randomId,
  randomUrlKey,
  sortedItems,
  type Closable,
  type FixtureItem,
} from "../seeds/seed.js";
import { aTimezoneEvent } from "../seeds/event-seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { units: UnitStore; fixtures: FixtureSink } & Closable;

/** An org with two units; the first has one item of each kind, the second one tour. */
async function seedOrg(store: Store) {
  const orgId = randomId("org");
  const unit = aUnit(orgId, { version: 3 });
  const neighbour = aUnit(orgId, { timeZone: null });
  const lock = aLock(orgId, { unitIds: [unit.id, neighbour.id] });
  const items: FixtureItem[] = [
    anItem(unit, "tour", { lockId: lock.lockId }),
    anItem(unit, "code", { lockId: lock.lockId, title: "Cleaner" }),
    anItem(unit, "open_house"),
    anItem(unit, "scheduled_message"),
  ];
  const neighbourTour = anItem(neighbour, "tour");
  await store.fixtures.load(
    fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit, neighbour], locks: [lock], items: [...items, neighbourTour] }),
  );
  return { orgId, unit, neighbour, items, neighbourTour };
}

/** The contract of {@link UnitStore}: org-scoped units and items, and an atomic versioned zone change. */
export function describeUnitStoreContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describeUnitReadsContract(name, makeStore, runner);
  describe(`${name}: UnitStore contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("finds a unit by id and by urlKey, with every field as loaded", async () => {
      const { orgId, unit, neighbour } = await seedOrg(store());
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.urlKey), unit);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, neighbour.urlKey), neighbour);
    });

    it("an id wins over another unit's equal urlKey", async () => {
      const orgId = randomId("org");
      const byId = aUnit(orgId, { id: randomUrlKey() });
      const byKey = aUnit(orgId, { urlKey: byId.id });
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [byId, byKey] }));
      assert.equal((await store().units.findByIdOrKey(orgId, byId.id))?.id, byId.id);
    });

    it("answers null for an unknown unit and for another org's unit, by id or urlKey", async () => {
      const { orgId, unit } = await seedOrg(store());
      const { orgId: other } = await seedOrg(store());
      assert.equal(await store().units.findByIdOrKey(orgId, randomId("u")), null);
      assert.equal(await store().units.findByIdOrKey(other, unit.id), null);
      assert.equal(await store().units.findByIdOrKey(other, unit.urlKey), null);
    });

    it("getMany returns the org's units among the ids, leaving out unknown and foreign ones", async () => {
      const { orgId, unit, neighbour } = await seedOrg(store());
      const { unit: foreign } = await seedOrg(store());
      const many = await store().units.getMany(orgId, [unit.id, randomId("u"), foreign.id, neighbour.id]);
      assert.deepEqual(many.map((u) => u.id).sort(), [unit.id, neighbour.id].sort());
      assert.deepEqual(
        many.find((u) => u.id === neighbour.id),
        neighbour,
      );
    });

    it("itemsOf returns every item of the unit and only those, not to another org", async () => {
      const { orgId, unit, neighbour, items, neighbourTour } = await seedOrg(store());
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), sortedItems(items));
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, neighbour.id)), [itemView(neighbourTour)]);
      assert.deepEqual(await store().units.itemsOf(randomId("org"), unit.id), []);
      assert.deepEqual(await store().units.itemsOf(orgId, randomId("u")), []);
    });

    it("setTimeZone with the current version sets the zone, bumps the version and rewrites only the named items", async () => {
      const { orgId, unit, neighbour, items, neighbourTour } = await seedOrg(store());
      const [tour, code, openHouse, message] = items as [FixtureItem, FixtureItem, FixtureItem, FixtureItem];
      const rewrites = [
        { kind: tour.kind, id: tour.id, startAt: instant(111), endAt: instant(222) },
        { kind: message.kind, id: message.id, startAt: instant(333), endAt: instant(333) },
        { kind: neighbourTour.kind, id: neighbourTour.id, startAt: instant(1), endAt: instant(2) },
      ];
      const outcome = await store().units.setTimeZone(orgId, unit.id, {
        expectedVersion: 3,
        timeZone: "Europe/Berlin",
        rewrites,
        event: aTimezoneEvent(unit),
      });
      const updated: Unit = { ...unit, timeZone: "Europe/Berlin", version: 4 };
      assert.deepEqual(outcome, { ok: true, unit: updated });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.urlKey), updated);
      const expected = [
        { ...tour, startAt: instant(111), endAt: instant(222) },
        code,
        openHouse,
        { ...message, startAt: instant(333), endAt: instant(333) },
      ];
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), sortedItems(expected));
      assert.deepEqual(
        sortedItems(await store().units.itemsOf(orgId, neighbour.id)),
        [itemView(neighbourTour)],
        "another unit's item was rewritten",
      );
      assert.deepEqual(await store().units.findByIdOrKey(orgId, neighbour.id), neighbour);
    });

    it("setTimeZone with a stale version changes nothing and says the version the unit is at", async () => {
      const { orgId, unit, items } = await seedOrg(store());
      const first = items[0] as FixtureItem;
      const rewrites = [{ kind: first.kind, id: first.id, startAt: instant(1), endAt: instant(2) }];
      for (const expectedVersion of [2, 4]) {
        const outcome = await store().units.setTimeZone(orgId, unit.id, {
          expectedVersion,
          timeZone: "Asia/Tokyo",
          rewrites,
          event: aTimezoneEvent(unit),
        });
        assert.deepEqual(outcome, { ok: false, reason: "version_conflict", currentVersion: unit.version });
      }
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), sortedItems(items));
    });

    it("a stale version is answered with the unit's version exactly, up to 2^53−1", async () => {
      const orgId = randomId("org");
      const unit = aUnit(orgId, { version: Number.MAX_SAFE_INTEGER });
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit] }));
      const outcome = await store().units.setTimeZone(orgId, unit.id, {
        expectedVersion: 1,
        timeZone: "UTC",
        rewrites: [],
        event: aTimezoneEvent(unit),
      });
      assert.deepEqual(outcome, { ok: false, reason: "version_conflict", currentVersion: Number.MAX_SAFE_INTEGER });
    });

    it("setTimeZone on an unknown or another org's unit answers not_found and changes nothing", async () => {
      const { orgId, unit } = await seedOrg(store());
      const change = { expectedVersion: 3, timeZone: "Asia/Tokyo", rewrites: [], event: aTimezoneEvent(unit) };
      assert.deepEqual(await store().units.setTimeZone(randomId("org"), unit.id, change), { ok: false, reason: "not_found" });
      assert.deepEqual(await store().units.setTimeZone(orgId, randomId("u"), change), { ok: false, reason: "not_found" });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
    });

    it("of concurrent setTimeZone calls with one expectedVersion exactly one succeeds", async () => {
      const { orgId, unit } = await seedOrg(store());
      const zones = ["Asia/Tokyo", "Europe/Paris", "America/Denver", "Australia/Sydney", "Africa/Cairo", "UTC"];
      const outcomes = await Promise.all(
        zones.map((timeZone) =>
          store().units.setTimeZone(orgId, unit.id, { expectedVersion: 3, timeZone, rewrites: [], event: aTimezoneEvent(unit) }),
        ),
      );
      const winners = outcomes.filter((o) => o.ok);
      assert.equal(winners.length, 1);
      // The losers ran after the winner (one at a time): each saw the version it made.
      assert.ok(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.reason === "version_conflict" && o.currentVersion === 4));
      const now = await store().units.findByIdOrKey(orgId, unit.id);
      assert.equal(now?.version, 4);
      assert.deepEqual(now, winners[0]?.ok ? winners[0].unit : undefined);
    });
  });
}
