/**
 * The memory store's data: plain maps plus, per org, the active locks and the templates kept
 * as arrays sorted by list position, so a page is a binary search and a slice.
 */
import { createPinState, type PinState } from "./pin-state.js";
import type { ApiKeyRecord, BudgetState, Lock, Org, Template, Unit } from "@lintel/domain";
import { comparePositions, firstIndexAfter, type TourRecord, type Direction } from "@lintel/domain/adapters";
import type { Clock } from "@lintel/core";
import type { KeptResult, FixtureItem } from "@lintel/core/adapters";
import { createEventState, type EventState } from "./event-state.js";
import { createCodeState, type CodeState } from "./lock-code-state.js";
import { createMessageState, type MessageState } from "./message-state.js";
import type { ScheduleIndex } from "./schedule-index.js";

export interface MemoryState {
  readonly clock: Clock;
  readonly orgs: Map<string, Org>;
  readonly apiKeys: Map<string, ApiKeyRecord>;
  readonly keyIdByHash: Map<string, string>;
  readonly units: Map<string, Unit>;
  /** `urlKeySlot(orgId, urlKey)` → unit id. */
  readonly unitIdByUrlKey: Map<string, string>;
  /** `itemKey(kind, id)` → item (its unit's org rides along). */
  readonly items: Map<string, FixtureItem>;
  /** unit id → keys of its items. */
  readonly itemKeysByUnit: Map<string, Set<string>>;
  /** org id → its units, by `unitPosition` (urlKey) ascending. */
  readonly unitOrder: Map<string, Unit[]>;
  /** unit id → its items by `schedulePosition`. */
  readonly schedules: ScheduleIndex;
  readonly locks: Map<string, Lock>;
  /** org id → its active locks, by `lockPosition` descending. */
  readonly activeLocks: Map<string, Lock[]>;
  /** `servingSlot(orgId, unitId)` → ids of the org's active locks whose `unitIds` include the unit. */
  readonly activeLocksByUnit: Map<string, Set<string>>;
  /** providerDeviceId → ids of the locks (any org, any status) that have it. */
  readonly lockIdsByDevice: Map<string, Set<string>>;
  /** The codes filed under their PINs' tags on each lock (pin-state.js). */
  readonly pins: PinState;
  readonly templates: Map<string, Template>;
  /** org id → its templates, by `templatePosition` ascending. */
  readonly templateOrder: Map<string, Template[]>;
  readonly budgets: Map<string, BudgetState>;
  /** `scope \0 key` → idempotency entry, oldest claim first (a Map keeps insertion order). */
  readonly idempotency: Map<string, IdempotencyEntry>;
  /** OnceKeys: key → when it is forgotten (ms), oldest first. */
  readonly onceKeys: Map<string, number>;
  /** Events, observations, webhook endpoints and deliveries. */
  readonly events: EventState;
  /** Lock code work and what the providers hold for codes. */
  readonly codes: CodeState;
  /** The messages still to be sent, by due time, with their outbox state. */
  readonly messages: MessageState;
  /** What the API deleted, by {@link deletedSlot}: a fixture load never adds it back to that org. */
  readonly deleted: Set<string>;
  /** Booked tours by id (the org rides along in each). */
  readonly tours: Map<string, TourRecord>;
  /** org id, and `unit:<unitId>`, → its tours by `tourPosition` ascending. */
  readonly tourOrder: Map<string, TourRecord[]>;
  /** `<dueMs padded>\n<orgId>\n<tourId>` of every tour with a timed transition ahead, sorted; and tour id → its entry. */
  readonly tourDue: { readonly entries: string[]; readonly byTour: Map<string, string> };
}

/** One Idempotency-Key: claimed and running (with its token), or answered (with the kept result). */
export interface IdempotencyEntry {
  readonly fingerprint: string;
  /** Set while the first request runs; absent once answered. */
  readonly token?: string;
  readonly kept?: KeptResult;
  readonly expiresAtMs: number;
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
    unitOrder: new Map(),
    schedules: new Map(),
    locks: new Map(),
    activeLocks: new Map(),
    activeLocksByUnit: new Map(),
    lockIdsByDevice: new Map(),
    pins: createPinState(),
    templates: new Map(),
    templateOrder: new Map(),
    budgets: new Map(),
    idempotency: new Map(),
    onceKeys: new Map(),
    events: createEventState(),
    codes: createCodeState(),
    messages: createMessageState(),
    deleted: new Set(),
    tours: new Map(),
    tourOrder: new Map(),
    tourDue: { entries: [], byTour: new Map() },
  };
}

export const urlKeySlot = (orgId: string, urlKey: string): string => `${orgId}\n${urlKey}`;
/** A deleted record of the org: `template:<id>` or `item:<kind>:<id>`, as on Redis. */
export const deletedSlot = (orgId: string, record: string): string => `${orgId}\n${record}`;
/** A unit of the org, in the index of the active locks that serve it. */
export const servingSlot = (orgId: string, unitId: string): string => `${orgId}\n${unitId}`;
export const itemKey = (kind: string, id: string): string => `${kind}:${id}`;

/** A sorted array of rows per org, ordered by a position string in one direction. */
export interface OrderedIndex<T> {
  readonly rows: Map<string, T[]>;
  readonly positionOf: (row: T) => string;
  readonly direction: Direction;
}

/** One row of a batch, under the org whose index it goes in. */
export interface OrderedRow<T> {
  readonly orgId: string;
  readonly row: T;
}

/**
 * Applies a batch of upserts to the index in one pass per touched org: the org's rows that
 * `isCurrent` no longer accepts (replaced, moved away, no longer listed) leave, and the batch's
 * current rows are sorted once and merged in. O(n + k log k) for an org of n rows and k new
 * ones, where inserting them one by one would move O(n) rows k times. `touchedOrgs` must name
 * every org a row left (an upsert that moved a record names its old org too).
 */
export function mergeOrdered<T>(
  index: OrderedIndex<T>,
  touchedOrgs: Iterable<string>,
  batch: readonly OrderedRow<T>[],
  isCurrent: (row: T) => boolean,
): void {
  const added = new Map<string, { position: string; row: T }[]>();
  for (const orgId of touchedOrgs) added.set(orgId, []);
  for (const { orgId, row } of batch) {
    if (!isCurrent(row)) continue; // a later row of the same batch replaced it
    let rows = added.get(orgId);
    if (rows === undefined) added.set(orgId, (rows = []));
    rows.push({ position: index.positionOf(row), row });
  }
  const order = (a: string, b: string) => comparePositions(a, b, index.direction);
  for (const [orgId, fresh] of added) {
    fresh.sort((a, b) => order(a.position, b.position));
    const kept = (index.rows.get(orgId) ?? []).filter(isCurrent);
    const merged: T[] = [];
    let k = 0;
    for (const next of fresh) {
      for (let row = kept[k]; row !== undefined && order(index.positionOf(row), next.position) < 0; row = kept[++k]) {
        merged.push(row);
      }
      merged.push(next.row);
    }
    for (; k < kept.length; k++) merged.push(kept[k] as T);
    if (merged.length === 0) index.rows.delete(orgId);
    else index.rows.set(orgId, merged);
  }
}

/** A record map with a per-org list index over (some of) its records. */
export interface IndexedRecords<T> {
  readonly records: Map<string, T>;
  readonly index: OrderedIndex<T>;
  readonly idOf: (row: T) => string;
  readonly orgOf: (row: T) => string;
  /** Whether a stored record belongs in the index (all when absent). */
  readonly listed?: (row: T) => boolean;
}

/**
 * Stores or replaces records by id (a later one of the batch wins) as `copy` makes them, and
 * merges the index once for the batch. `stored` runs for each record after it is stored, with
 * the record it replaced (for indexes of the caller's own).
 */
export function upsertIndexed<T>(
  how: IndexedRecords<T>,
  rows: readonly T[],
  copy: (row: T) => T,
  stored: (row: T, old: T | undefined) => void = () => {},
): void {
  const listed = how.listed ?? (() => true);
  const touchedOrgs = new Set<string>();
  const batch: OrderedRow<T>[] = [];
  for (const row of rows) {
    const old = how.records.get(how.idOf(row));
    if (old !== undefined && listed(old)) touchedOrgs.add(how.orgOf(old));
    const kept = copy(row);
    how.records.set(how.idOf(kept), kept);
    stored(kept, old);
    if (listed(kept)) batch.push({ orgId: how.orgOf(kept), row: kept });
  }
  mergeOrdered(how.index, touchedOrgs, batch, (row) => listed(row) && how.records.get(how.idOf(row)) === row);
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
