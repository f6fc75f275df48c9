/**
 * The memory store's data: plain maps plus, per org, the active locks and the templates kept
 * as arrays sorted by list position, so a page is a binary search and a slice.
 */
import { firstIndexAfter } from "@lintel/domain";
import type { ApiKeyRecord, BudgetState, Direction, Lock, Org, ScheduleItem, Template, Unit } from "@lintel/domain";
import type { Clock } from "@lintel/core";

/** A stored item: its unit's org rides along. */
export type StoredItem = ScheduleItem & { readonly orgId: string };

export interface MemoryState {
  readonly clock: Clock;
  readonly orgs: Map<string, Org>;
  readonly apiKeys: Map<string, ApiKeyRecord>;
  readonly keyIdByHash: Map<string, string>;
  readonly units: Map<string, Unit>;
  /** `urlKeySlot(orgId, urlKey)` → unit id. */
  readonly unitIdByUrlKey: Map<string, string>;
  /** `itemKey(kind, id)` → item. */
  readonly items: Map<string, StoredItem>;
  /** unit id → keys of its items. */
  readonly itemKeysByUnit: Map<string, Set<string>>;
  readonly locks: Map<string, Lock>;
  /** org id → its active locks, by `lockPosition` descending. */
  readonly activeLocks: Map<string, Lock[]>;
  readonly templates: Map<string, Template>;
  /** org id → its templates, by `templatePosition` ascending. */
  readonly templateOrder: Map<string, Template[]>;
  readonly budgets: Map<string, BudgetState>;
}

/** An empty state on `clock`. */
export function createMemoryState(clock: Clock): MemoryState {
  return {
    clock,
    orgs: new Map(),
    apiKeys: new Map(),
    keyIdByHash: new Map(),
    units: new Map(),
    unitIdByUrlKey: new Map(),
    items: new Map(),
    itemKeysByUnit: new Map(),
    locks: new Map(),
    activeLocks: new Map(),
    templates: new Map(),
    templateOrder: new Map(),
    budgets: new Map(),
  };
}

export const urlKeySlot = (orgId: string, urlKey: string): string => `${orgId}\n${urlKey}`;
export const itemKey = (kind: string, id: string): string => `${kind}:${id}`;

/** A sorted array of rows per org, ordered by a position string in one direction. */
export interface OrderedIndex<T> {
  readonly rows: Map<string, T[]>;
  readonly positionOf: (row: T) => string;
  readonly direction: Direction;
}

/** Inserts `row` under `orgId` at its place (O(log n) search; the position must be new). */
export function insertOrdered<T>(index: OrderedIndex<T>, orgId: string, row: T): void {
  let rows = index.rows.get(orgId);
  if (rows === undefined) index.rows.set(orgId, (rows = []));
  rows.splice(firstIndexAfter(rows, index.positionOf, index.positionOf(row), index.direction), 0, row);
}

/** Removes the row at `position` under `orgId`, if there is one. */
export function removeOrdered<T>(index: OrderedIndex<T>, orgId: string, position: string): void {
  const rows = index.rows.get(orgId);
  if (rows === undefined) return;
  const at = firstIndexAfter(rows, index.positionOf, position, index.direction) - 1;
  const found = rows[at];
  if (found !== undefined && index.positionOf(found) === position) rows.splice(at, 1);
  if (rows.length === 0) index.rows.delete(orgId);
}

/** At most `limit` rows of the org strictly after `after` (from the start when null). */
export function pageOrdered<T>(index: OrderedIndex<T>, orgId: string, after: string | null, limit: number): T[] {
  const rows = index.rows.get(orgId) ?? [];
  const start = after === null ? 0 : firstIndexAfter(rows, index.positionOf, after, index.direction);
  return rows.slice(start, start + Math.max(0, limit));
}

/** The distinct values of `ids` that `lookup` finds, in first-seen order. */
export function pickMany<T>(ids: readonly string[], lookup: (id: string) => T | undefined): T[] {
  const out: T[] = [];
  for (const id of new Set(ids)) {
    const row = lookup(id);
    if (row !== undefined) out.push(row);
  }
  return out;
}
