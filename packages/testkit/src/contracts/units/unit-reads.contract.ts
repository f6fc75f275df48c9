import assert from "node:assert/strict";
import type { ItemKind, ScheduleItem, Unit } from "@lintel/domain";
import { endsAfter, schedulePosition, isoInstant } from "@lintel/domain/adapters";
import { ITEM_KINDS } from "@lintel/domain/schemas";
import type { FixtureSink, UnitStore } from "@lintel/core/adapters";
import {
  anItem,
  aUnit,
  eachTestStore,
  fixture,
  instant,
  itemView,
  randomId,
  randomInt,
  type Closable,
  type FixtureItem,
} from "../seeds/seed.js";
import { aTimezoneEvent } from "../seeds/event-seed.js";
import { aWriteEvent, servedUnit } from "../seeds/write-seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { units: UnitStore; fixtures: FixtureSink } & Closable;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Follows `fetch` from the start with random page sizes; each page must continue where the last ended. */
async function walk<T>(fetch: (after: string | null, limit: number) => Promise<T[]>, positionOf: (row: T) => string): Promise<T[]> {
  const seen: T[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const limit = randomInt(1, 7);
    const page = await fetch(after, limit);
    assert.ok(page.length <= limit, `a page of ${limit} held ${page.length}`);
    seen.push(...page);
    const last = page[page.length - 1];
    if (page.length < limit || last === undefined) return seen;
    after = positionOf(last);
  }
  throw new Error("the walk did not end");
}

/** What a schedule read from `fromMs` must yield, by the contract's rule over every item. */
function expectedSchedule(items: readonly ScheduleItem[], fromMs: number): ScheduleItem[] {
  const fromIso = isoInstant(fromMs);
  return items
    .filter((item) => endsAfter(item, fromIso))
    .map(itemView)
    .sort((a, b) => (schedulePosition(a) < schedulePosition(b) ? -1 : 1));
}

/** Items of every kind at random times: short tours, messages, and codes up to weeks long. */
function randomItems(unit: Unit, count: number): FixtureItem[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = ITEM_KINDS[i % ITEM_KINDS.length] as ItemKind;
    const start = randomInt(0, 60) * DAY + randomInt(0, 3) * HOUR; // collisions on purpose: ties by kind, then key
    const span = kind === "code" ? randomInt(0, 21) * DAY : randomInt(0, 3) * HOUR;
    return anItem(unit, kind, { startAt: instant(start), endAt: kind === "scheduled_message" ? instant(start) : instant(start + span) });
  });
}

/** The contract of the units read side of {@link UnitStore}: units by urlKey, a unit's schedule from an instant. */
export function describeUnitReadsContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: UnitStore reads contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("listUnits walks the org's units by urlKey, each once, with random page sizes; another org sees none", async () => {
      const orgId = randomId("org");
      const units = Array.from({ length: 23 }, () => aUnit(orgId));
      units.push(aUnit(orgId, { urlKey: "a" }), aUnit(orgId, { urlKey: "a-b" }), aUnit(orgId, { urlKey: "ab" }));
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units }));
      const seen = await walk(
        (after, limit) => store().units.listUnits(orgId, after, limit),
        (unit) => unit.urlKey,
      );
      assert.deepEqual(
        seen,
        [...units].sort((a, b) => (a.urlKey < b.urlKey ? -1 : 1)),
      );
      assert.deepEqual(await store().units.listUnits(randomId("org"), null, 100), []);
    });

    it("listUnits follows an updateUnit: a changed urlKey moves the unit", async () => {
      const orgId = randomId("org");
      const [first, second, third] = [aUnit(orgId, { urlKey: "b" }), aUnit(orgId, { urlKey: "c" }), aUnit(orgId, { urlKey: "d" })];
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [first, second, third] }));
      const event = aWriteEvent(orgId, "unit.updated", { unit: servedUnit({ ...third, urlKey: "a", version: third.version + 1 }) });
      const change = { expectedVersion: third.version, urlKey: "a", address: third.address, event };
      assert.equal((await store().units.updateUnit(orgId, third.id, change)).ok, true);
      assert.deepEqual(
        (await store().units.listUnits(orgId, null, 10)).map((unit) => unit.urlKey),
        ["a", "b", "c"],
      );
      assert.deepEqual(
        (await store().units.listUnits(orgId, "a", 10)).map((unit) => unit.id),
        [first.id, second.id],
      );
    });

    it("scheduleAfter walks exactly the items ending after `from`, by startAt, kind, key, from random instants", async () => {
      const orgId = randomId("org");
      const unit = aUnit(orgId);
      const items = randomItems(unit, 60);
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], items }));
      for (const fromMs of [Date.UTC(2025, 0, 1), ...Array.from({ length: 4 }, () => Date.parse(instant(randomInt(0, 62 * DAY))))]) {
        const seen = await walk((after, limit) => store().units.scheduleAfter(orgId, unit.id, fromMs, after, limit), schedulePosition);
        assert.deepEqual(seen.map(itemView), expectedSchedule(items, fromMs), `from ${isoInstant(fromMs)}`);
      }
      assert.deepEqual(await store().units.scheduleAfter(randomId("org"), unit.id, 0, null, 100), []);
      assert.deepEqual(await store().units.scheduleAfter(orgId, randomId("u"), 0, null, 100), []);
    });

    it("scheduleAfter keeps an item that started long before `from` and ends after it", async () => {
      const orgId = randomId("org");
      const unit = aUnit(orgId);
      const longCode = anItem(unit, "code", { startAt: instant(0), endAt: instant(30 * DAY) });
      const ended = anItem(unit, "tour", { startAt: instant(20 * DAY), endAt: instant(20 * DAY + HOUR) });
      const later = anItem(unit, "tour", { startAt: instant(26 * DAY), endAt: instant(26 * DAY + HOUR) });
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], items: [longCode, ended, later] }));
      const page = await store().units.scheduleAfter(orgId, unit.id, Date.parse(instant(25 * DAY)), null, 10);
      assert.deepEqual(
        page.map((item) => item.id),
        [longCode.id, later.id],
      );
    });

    it("scheduleAfter follows setTimeZone rewrites", async () => {
      const orgId = randomId("org");
      const unit = aUnit(orgId);
      const [early, late] = [
        anItem(unit, "tour", { startAt: instant(DAY), endAt: instant(DAY + HOUR) }),
        anItem(unit, "tour", { startAt: instant(2 * DAY), endAt: instant(2 * DAY + HOUR) }),
      ];
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], items: [early, late] }));
      const rewrites = [{ kind: early.kind, id: early.id, startAt: instant(5 * DAY), endAt: instant(5 * DAY + 2 * HOUR) }];
      assert.equal(
        (
          await store().units.setTimeZone(orgId, unit.id, {
            expectedVersion: 1,
            timeZone: "Asia/Tokyo",
            rewrites,
            event: aTimezoneEvent(unit),
          })
        ).ok,
        true,
      );
      const ids = async (unitId: string) =>
        (await store().units.scheduleAfter(orgId, unitId, 0, null, 10)).map((item) => `${item.id}@${item.startAt}`);
      assert.deepEqual(await ids(unit.id), [`${late.id}@${late.startAt}`, `${early.id}@${instant(5 * DAY)}`]);
    });
  });
}
