import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { firstIndexAfter, LIST_DIRECTION, lockPosition, rowsAfter, templatePosition, type Direction } from "./paging.js";

interface LockRow {
  readonly lockId: string;
  readonly createdAt: string;
}
interface TemplateRow {
  readonly id: string;
  readonly sortOrder: number;
}

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
/** Few distinct instants, so many rows share one. */
const createdAt = fc.integer({ min: 0, max: 5 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 997).toISOString());
/** Few distinct sort orders (negative too), plus the extremes of the safe integers. */
const sortOrder = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, -(2 ** 40) + 1, 2 ** 40 + 1),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
);

const lockRows = fc.uniqueArray(fc.record({ lockId: id, createdAt }), { selector: (r) => r.lockId, maxLength: 60 });
const templateRows = fc.uniqueArray(fc.record({ id, sortOrder }), { selector: (r) => r.id, maxLength: 60 });

/** The SPEC's order, computed without positions: createdAt desc, then lockId desc. */
function lockSpecOrder(a: LockRow, b: LockRow): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.lockId < b.lockId ? 1 : a.lockId > b.lockId ? -1 : 0;
}

/** The SPEC's order, computed without positions: sortOrder asc, then id asc. */
function templateSpecOrder(a: TemplateRow, b: TemplateRow): number {
  if (a.sortOrder !== b.sortOrder) return a.sortOrder < b.sortOrder ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function byPosition<T>(rows: readonly T[], positionOf: (row: T) => string, direction: Direction): T[] {
  const sorted = [...rows].sort((a, b) => (positionOf(a) < positionOf(b) ? -1 : positionOf(a) > positionOf(b) ? 1 : 0));
  return direction === "asc" ? sorted : sorted.reverse();
}

/** Follows cursors from the start until a short page; returns every row read. */
function readAll<T>(
  ordered: () => readonly T[],
  positionOf: (row: T) => string,
  limit: number,
  direction: Direction,
  between?: () => void,
): T[] {
  const seen: T[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = rowsAfter(ordered(), positionOf, after, limit, direction);
    seen.push(...page);
    if (page.length < limit) return seen;
    after = positionOf(page[page.length - 1] as T);
    between?.();
  }
  throw new Error("paging did not end");
}

describe("keyset paging", () => {
  it("lock position order equals the spec order (createdAt desc, lockId desc)", () => {
    fc.assert(
      fc.property(lockRows, (rows) => {
        const expected = [...rows].sort(lockSpecOrder);
        assert.deepEqual(byPosition(rows, lockPosition, LIST_DIRECTION.locks), expected);
      }),
    );
  });

  it("template position order equals the spec order (sortOrder asc, id asc), negative and extreme sortOrders too", () => {
    fc.assert(
      fc.property(templateRows, (rows) => {
        const expected = [...rows].sort(templateSpecOrder);
        assert.deepEqual(byPosition(rows, templatePosition, LIST_DIRECTION.templates), expected);
      }),
    );
  });

  it("adjacent sortOrders get distinct, ordered positions (no float rounding)", () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER - 1 }), (n) => {
        assert.ok(templatePosition({ sortOrder: n, id: "z" }) < templatePosition({ sortOrder: n + 1, id: "a" }));
      }),
    );
    assert.ok(templatePosition({ sortOrder: 0, id: "b" }) < templatePosition({ sortOrder: 1, id: "a" }));
  });

  it("following cursors over locks yields each row exactly once, in spec order", () => {
    fc.assert(
      fc.property(lockRows, fc.integer({ min: 1, max: 12 }), (rows, limit) => {
        const ordered = [...rows].sort(lockSpecOrder);
        assert.deepEqual(
          readAll(() => ordered, lockPosition, limit, "desc"),
          ordered,
        );
      }),
    );
  });

  it("following cursors over templates yields each row exactly once, in spec order", () => {
    fc.assert(
      fc.property(templateRows, fc.integer({ min: 1, max: 12 }), (rows, limit) => {
        const ordered = [...rows].sort(templateSpecOrder);
        assert.deepEqual(
          readAll(() => ordered, templatePosition, limit, "asc"),
          ordered,
        );
      }),
    );
  });

  it("firstIndexAfter agrees with a linear scan", () => {
    const direction = fc.constantFrom<Direction>("asc", "desc");
    const after = fc.oneof(
      fc.string({ maxLength: 30 }),
      createdAt.chain((at) => id.map((lockId) => lockPosition({ createdAt: at, lockId }))),
    );
    fc.assert(
      fc.property(lockRows, direction, after, (rows, dir, a) => {
        const ordered = byPosition(rows, lockPosition, dir);
        const positions = ordered.map(lockPosition);
        let expected = positions.findIndex((p) => (dir === "asc" ? p > a : p < a));
        if (expected < 0) expected = positions.length;
        assert.equal(firstIndexAfter(ordered, lockPosition, a, dir), expected);
      }),
    );
  });

  it("rows present for the whole read are seen exactly once, in order, while rows are added and removed between pages", () => {
    const change = fc.record({
      add: fc.array(fc.record({ lockId: id, createdAt }), { maxLength: 4 }),
      remove: fc.array(fc.nat(), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(lockRows, fc.integer({ min: 1, max: 8 }), fc.array(change, { maxLength: 30 }), (initial, limit, changes) => {
        const live = new Map(initial.map((r) => [r.lockId, r]));
        const removed = new Set<string>();
        let step = 0;
        const between = () => {
          const c = changes[step++];
          if (!c) return;
          for (const r of c.add) if (!live.has(r.lockId) && !removed.has(r.lockId)) live.set(r.lockId, r);
          for (const n of c.remove) {
            const ids = [...live.keys()];
            const victim = ids[n % Math.max(ids.length, 1)];
            if (victim !== undefined) {
              live.delete(victim);
              removed.add(victim);
            }
          }
        };
        const seen = readAll(() => [...live.values()].sort(lockSpecOrder), lockPosition, limit, "desc", between);
        const seenIds = seen.map((r) => r.lockId);
        assert.equal(new Set(seenIds).size, seenIds.length, "no row twice");
        for (let i = 1; i < seen.length; i++) assert.ok(lockSpecOrder(seen[i - 1] as LockRow, seen[i] as LockRow) < 0, "in order");
        for (const r of initial) {
          if (live.has(r.lockId)) assert.ok(seenIds.includes(r.lockId), `${r.lockId} was present throughout`);
        }
      }),
    );
  });
});
