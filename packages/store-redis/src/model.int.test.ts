/**
 * Model runs: the memory adapter is the model, Redis the system under test. fast-check drives
 * both with the same random command sequences and every answer must be the same.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { Lock, RatePolicy } from "@lintel/domain";
import { lockPosition } from "@lintel/domain/adapters";
import { createMemoryStore } from "@lintel/store-memory";
import type { LintelStore } from "@lintel/core/adapters";
import { aLock, aUnit, fixture, leftOf, lockChange, randomId } from "@lintel/testkit";
import { useRedisStore } from "./redis.test-support.js";

const CREATED = ["2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z", "2026-01-02T00:00:00.001Z", "2027-06-30T12:00:00.000Z"];

type LockCommand =
  | { readonly op: "load"; readonly lock: number; readonly created: number; readonly active: boolean }
  | { readonly op: "page"; readonly limit: number }
  | { readonly op: "restart" }
  | { readonly op: "walk"; readonly limit: number };

const lockCommand: fc.Arbitrary<LockCommand> = fc.oneof(
  fc.record({ op: fc.constant("load" as const), lock: fc.nat(7), created: fc.nat(CREATED.length - 1), active: fc.boolean() }),
  fc.record({ op: fc.constant("page" as const), limit: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant("restart" as const) }),
  fc.record({ op: fc.constant("walk" as const), limit: fc.integer({ min: 1, max: 5 }) }),
);

// Budgets at one instant: the model's clock stands still while Redis's TIME moves a few ms, so
// only policies whose refill interval is whole seconds are used (3600 s / r for r dividing
// 3600): then a burst shorter than a second gets the same decisions, remaining and seconds.
const policyArb: fc.Arbitrary<RatePolicy> = fc
  .constantFrom(1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 15, 16)
  .map((requests) => ({ requests, windowSeconds: 3600 }));

type ServingCommand =
  | { readonly op: "load" | "update"; readonly lock: number; readonly units: readonly boolean[]; readonly active: boolean }
  | { readonly op: "read" };

const servingCommand: fc.Arbitrary<ServingCommand> = fc.oneof(
  fc.record({
    op: fc.constantFrom("load" as const, "update" as const),
    lock: fc.nat(4),
    units: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    active: fc.boolean(),
  }),
  fc.record({ op: fc.constant("read" as const) }),
);

type BudgetCommand = { readonly take: boolean; readonly bucket: number };
const budgetCommand: fc.Arbitrary<BudgetCommand> = fc.record({ take: fc.boolean(), bucket: fc.nat(2) });

describe("Redis against the memory model", () => {
  const store = useRedisStore();

  test("lock pages: random loads, page steps and walks answer alike", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lockCommand, { maxLength: 40 }), async (commands) => {
        const orgId = randomId("org");
        const model = createMemoryStore();
        const ids = Array.from({ length: 8 }, (_, i) => randomId(`lk${i}`));
        let cursor: string | null = null;
        for (const command of commands) {
          if (command.op === "load") {
            const lock = aLock(orgId, {
              lockId: ids[command.lock]!,
              createdAt: CREATED[command.created]!,
              status: command.active ? "active" : "inactive",
            });
            const expected = await model.fixtures.load(fixture({ locks: [lock] })); // an id's first load stays
            assert.deepEqual(await store().fixtures.load(fixture({ locks: [lock] })), expected);
          } else if (command.op === "restart") {
            cursor = null;
          } else if (command.op === "page") {
            const expected = await model.locks.listActive(orgId, cursor, command.limit);
            assert.deepEqual(await store().locks.listActive(orgId, cursor, command.limit), expected);
            const last = expected[expected.length - 1];
            cursor = last === undefined ? null : lockPosition(last);
          } else {
            assert.deepEqual(await walk(store(), orgId, command.limit), await walk(model, orgId, command.limit));
          }
        }
        assert.deepEqual(await store().locks.getMany(orgId, ids), await model.locks.getMany(orgId, ids));
      }),
      { numRuns: 60 },
    );
  });

  test("locks serving units: random loads and updates (units, status), then each unit's locks answer alike", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(servingCommand, { maxLength: 25 }), async (commands) => {
        const orgId = randomId("org");
        const model = createMemoryStore();
        const units = Array.from({ length: 3 }, () => aUnit(orgId));
        const org = fixture({ orgs: [{ id: orgId, name: "Org" }], units });
        assert.deepEqual(await store().fixtures.load(org), await model.fixtures.load(org));
        const ids = Array.from({ length: 5 }, (_, i) => randomId(`lk${i}`));
        const serving = async (target: LintelStore) => Promise.all(units.map((unit) => target.locks.activeServing(orgId, unit.id)));
        for (const command of commands) {
          if (command.op === "read") {
            assert.deepEqual(await serving(store()), await serving(model));
            continue;
          }
          const unitIds = units.filter((_, i) => command.units[i]).map((unit) => unit.id);
          const status = command.active ? "active" : "inactive";
          const [current] = await model.locks.getMany(orgId, [ids[command.lock]!]);
          if (command.op === "load" || current === undefined) {
            const lock = aLock(orgId, { lockId: ids[command.lock]!, createdAt: CREATED[command.lock % CREATED.length]!, unitIds, status });
            const loaded = fixture({ locks: [lock] });
            assert.deepEqual(await store().fixtures.load(loaded), await model.fixtures.load(loaded));
          } else {
            const served = current.status === "active" ? current.unitIds : [];
            const left = units.filter((unit) => served.includes(unit.id) && (!command.active || !unitIds.includes(unit.id)));
            const change = lockChange(
              current,
              { unitIds, status },
              left.map((unit) => leftOf(unit)),
            );
            assert.deepEqual(await store().locks.update(orgId, change), await model.locks.update(orgId, change));
          }
        }
        assert.deepEqual(await serving(store()), await serving(model));
      }),
      { numRuns: 40 },
    );
  });

  test("budgets: random consume/peek bursts answer alike", async () => {
    await fc.assert(
      fc.asyncProperty(policyArb, fc.array(budgetCommand, { minLength: 1, maxLength: 30 }), async (policy, commands) => {
        const now = Date.now();
        const model = createMemoryStore({ clock: { now: () => now } });
        const buckets = [randomId("bucket"), randomId("bucket"), randomId("bucket")];
        for (const { take, bucket } of commands) {
          const name = buckets[bucket]!;
          const expected = take ? await model.budget.consume(name, policy) : await model.budget.peek(name, policy);
          const actual = take ? await store().budget.consume(name, policy) : await store().budget.peek(name, policy);
          assert.deepEqual(actual, expected);
        }
      }),
      { numRuns: 60 },
    );
  });
});

async function walk(
  target: { locks: { listActive(orgId: string, after: string | null, limit: number): Promise<Lock[]> } },
  orgId: string,
  limit: number,
): Promise<Lock[]> {
  const seen: Lock[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await target.locks.listActive(orgId, after, limit);
    seen.push(...page);
    if (page.length < limit) return seen;
    after = lockPosition(page[page.length - 1]!);
  }
}
