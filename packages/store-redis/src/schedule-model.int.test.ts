/**
 * Model run for the units read indexes: the memory adapter is the model, Redis the system under
 * test. Random item loads (an id's first load stays), keep-wall-clock style rewrites through
 * setTimeZone, urlKey changes through updateUnit, interleaved with schedule and unit pages.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { ItemKind } from "@lintel/domain";
import { schedulePosition } from "@lintel/domain/adapters";
import { ITEM_KINDS } from "@lintel/domain/schemas";
import { createMemoryStore } from "@lintel/store-memory";
import { aTimezoneEvent, aUnit, anItem, fixture, instant, randomId } from "@lintel/testkit";
import type { LintelStore } from "@lintel/core/adapters";
import { useRedisStore } from "./redis.test-support.js";

const HOUR = 3_600_000;

type Command =
  | { readonly op: "item"; readonly item: number; readonly unit: number; readonly start: number; readonly span: number }
  | { readonly op: "rewrite"; readonly unit: number; readonly shift: number }
  | { readonly op: "rekey"; readonly unit: number; readonly key: number }
  | { readonly op: "schedule"; readonly unit: number; readonly from: number; readonly limit: number }
  | { readonly op: "units"; readonly org: number; readonly limit: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant("item" as const), item: fc.nat(9), unit: fc.nat(2), start: fc.nat(12), span: fc.nat(30) }),
  fc.record({ op: fc.constant("rewrite" as const), unit: fc.nat(2), shift: fc.integer({ min: -3, max: 3 }) }),
  fc.record({ op: fc.constant("rekey" as const), unit: fc.nat(2), key: fc.nat(4) }),
  fc.record({ op: fc.constant("schedule" as const), unit: fc.nat(2), from: fc.nat(14), limit: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant("units" as const), org: fc.nat(1), limit: fc.integer({ min: 1, max: 3 }) }),
);

/** Walks both stores' pages with `fetch` and requires the same rows on every page. */
async function walkAlike<T>(
  fetch: (store: LintelStore, after: string | null) => Promise<T[]>,
  positionOf: (row: T) => string,
  model: LintelStore,
  real: LintelStore,
  limit: number,
) {
  let after: string | null = null;
  for (;;) {
    const expected = await fetch(model, after);
    assert.deepEqual(await fetch(real, after), expected);
    const last = expected[expected.length - 1];
    if (expected.length < limit || last === undefined) return;
    after = positionOf(last);
  }
}

describe("Redis against the memory model: units and schedules", () => {
  const store = useRedisStore();

  test("random item loads, rewrites and urlKey changes; schedule and unit pages answer alike", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), async (commands) => {
        const model = createMemoryStore();
        const orgs = [randomId("org"), randomId("org")];
        const units = [0, 1, 2].map((i) => aUnit(orgs[0]!, { id: randomId(`u${i}`), urlKey: `unit-${i}` }));
        const itemIds = Array.from({ length: 10 }, (_, i) => randomId(`i${i}`));
        const both = async (data: Parameters<LintelStore["fixtures"]["load"]>[0]) => {
          const expected = await model.fixtures.load(data);
          assert.deepEqual(await store().fixtures.load(data), expected);
        };
        await both(fixture({ orgs: orgs.map((id) => ({ id, name: id })), units }));
        for (const c of commands) {
          const unit = units["unit" in c ? c.unit : 0]!;
          if (c.op === "item") {
            const kind = ITEM_KINDS[c.item % ITEM_KINDS.length] as ItemKind;
            const end = kind === "scheduled_message" ? c.start * HOUR : (c.start + c.span) * HOUR;
            await both(
              fixture({ items: [anItem(unit, kind, { id: itemIds[c.item]!, startAt: instant(c.start * HOUR), endAt: instant(end) })] }),
            );
          } else if (c.op === "rewrite") {
            const current = (await model.units.findByIdOrKey(unit.orgId, unit.id))!;
            const rewrites = (await model.units.itemsOf(unit.orgId, unit.id)).map((item) => ({
              kind: item.kind,
              id: item.id,
              startAt: new Date(Date.parse(item.startAt) + c.shift * HOUR).toISOString(),
              endAt: new Date(Date.parse(item.endAt) + c.shift * HOUR).toISOString(),
            }));
            const change = { expectedVersion: current.version, timeZone: "Asia/Tokyo", rewrites, event: aTimezoneEvent(unit) };
            assert.deepEqual(
              await store().units.setTimeZone(unit.orgId, unit.id, change),
              await model.units.setTimeZone(unit.orgId, unit.id, change),
            );
            units[c.unit] = { ...unit, version: current.version + 1, timeZone: "Asia/Tokyo" };
          } else if (c.op === "rekey") {
            const current = (await model.units.findByIdOrKey(unit.orgId, unit.id))!;
            const change = { expectedVersion: current.version, urlKey: `key-${c.key}`, address: unit.address, event: aTimezoneEvent(unit) };
            const expected = await model.units.updateUnit(unit.orgId, unit.id, change);
            assert.deepEqual(await store().units.updateUnit(unit.orgId, unit.id, change), expected); // a taken urlKey is refused by both
            if (expected.ok) units[c.unit] = expected.unit;
          } else if (c.op === "schedule") {
            const fromMs = Date.parse(instant(c.from * HOUR));
            const fetch = (s: LintelStore, after: string | null) => s.units.scheduleAfter(unit.orgId, unit.id, fromMs, after, c.limit);
            await walkAlike(fetch, schedulePosition, model, store(), c.limit);
          } else {
            const fetch = (s: LintelStore, after: string | null) => s.units.listUnits(orgs[c.org]!, after, c.limit);
            await walkAlike(fetch, (row) => row.urlKey, model, store(), c.limit);
          }
        }
        // The end state, whole: every unit's schedule from before anything, and both orgs' units.
        for (const unit of units) {
          await walkAlike((s, after) => s.units.scheduleAfter(unit.orgId, unit.id, 0, after, 3), schedulePosition, model, store(), 3);
        }
        for (const orgId of orgs)
          await walkAlike(
            (s, after) => s.units.listUnits(orgId, after, 2),
            (row) => row.urlKey,
            model,
            store(),
            2,
          );
      }),
      { numRuns: 40 },
    );
  });
});
