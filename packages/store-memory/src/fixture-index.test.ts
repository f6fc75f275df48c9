// The memory store keeps its lists sorted as loads add to them; this model run checks them
// against the plain rule (the first record per id stays; a list is its org's rows, sorted).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import type { Lock, Template } from "@lintel/domain";
import { comparePositions, LIST_DIRECTION, lockPosition, templatePosition } from "@lintel/domain/adapters";
import type { FixtureData } from "@lintel/core";
import { createMemoryStore } from "./index.js";

const ORGS = ["org_a", "org_b"] as const;
const instant = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

const lock: fc.Arbitrary<Lock> = fc
  .record({
    n: fc.integer({ min: 0, max: 9 }),
    orgId: fc.constantFrom(...ORGS),
    status: fc.constantFrom("active", "active", "inactive" as const),
    minute: fc.integer({ min: 0, max: 4 }), // few values: equal createdAt is common
  })
  .map(({ n, orgId, status, minute }) => ({
    lockId: `lk_${n}`,
    orgId,
    name: `Door ${n}`,
    provider: "simulated",
    providerDeviceId: `dev_${n}`,
    model: null,
    timeZone: null,
    unitIds: [],
    status: status as Lock["status"],
    createdAt: instant(minute),
    updatedAt: instant(minute),
  }));

const template: fc.Arbitrary<Template> = fc
  .record({ n: fc.integer({ min: 0, max: 9 }), orgId: fc.constantFrom(...ORGS), sortOrder: fc.integer({ min: -2, max: 2 }) })
  .map(({ n, orgId, sortOrder }) => ({
    id: `tpl_${n}`,
    orgId,
    name: `Template ${n}`,
    body: "Hi",
    sortOrder,
    createdAt: instant(0),
    updatedAt: instant(0),
  }));

const load: fc.Arbitrary<FixtureData> = fc
  .record({ locks: fc.array(lock, { maxLength: 12 }), templates: fc.array(template, { maxLength: 12 }) })
  .map(({ locks, templates }) => ({ orgs: [], apiKeys: [], units: [], items: [], locks, templates }));

/** The first record loaded under each id: a load adds only what the store lacks. */
function firstById<T>(records: Map<string, T>, loaded: readonly T[], idOf: (row: T) => string): void {
  for (const row of loaded) if (!records.has(idOf(row))) records.set(idOf(row), row);
}

function sorted<T>(rows: T[], positionOf: (row: T) => string, direction: "asc" | "desc"): T[] {
  return rows.sort((a, b) => comparePositions(positionOf(a), positionOf(b), direction));
}

describe("memory store: lists after loads", () => {
  it("property (model): after any sequence of loads each list is its org's current rows in list order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(load, { minLength: 1, maxLength: 6 }), async (loads) => {
        const store = createMemoryStore();
        const locks = new Map<string, Lock>();
        const templates = new Map<string, Template>();
        for (const data of loads) {
          await store.fixtures.load(data);
          firstById(locks, data.locks, (l) => l.lockId);
          firstById(templates, data.templates, (t) => t.id);
          for (const orgId of ORGS) {
            const active = [...locks.values()].filter((l) => l.orgId === orgId && l.status === "active");
            assert.deepEqual(await store.locks.listActive(orgId, null, 100), sorted(active, lockPosition, LIST_DIRECTION.locks));
            const own = [...templates.values()].filter((t) => t.orgId === orgId);
            assert.deepEqual(await store.templates.list(orgId, null, 100), sorted(own, templatePosition, LIST_DIRECTION.templates));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
