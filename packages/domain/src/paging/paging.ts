/**
 * Keyset paging. Each list has a total order given by a position string that sorts
 * lexicographically (plain code-unit order, which is also Redis's BYLEX byte order for these
 * ASCII strings). A cursor names the position of the last row returned; the next page is the
 * rows strictly after it. Locks list newest first, so their order is *descending* position.
 */
import type { Lock, ScheduleItem, Template, Unit } from "../records/records.js";

/** Locks: createdAt desc, then lockId desc. createdAt is fixed-width RFC 3339 UTC. */
export function lockPosition(lock: Pick<Lock, "createdAt" | "lockId">): string {
  return `${lock.createdAt}|${lock.lockId}`;
}

const SORT_ORDER_OFFSET = 2n ** 53n;

/**
 * Templates: sortOrder asc (any safe integer), then id asc. The shift is exact in BigInt:
 * `sortOrder + 2 ** 53` in floating point would round odd results (2 ** 53 + 1 === 2 ** 53).
 */
export function templatePosition(template: Pick<Template, "sortOrder" | "id">): string {
  const shifted = (BigInt(template.sortOrder) + SORT_ORDER_OFFSET).toString().padStart(17, "0");
  return `${shifted}|${template.id}`;
}

/** Units: urlKey asc. A urlKey is unique in its org, so it alone names the row. */
export function unitPosition(unit: Pick<Unit, "urlKey">): string {
  return unit.urlKey;
}

/**
 * Schedule items: startAt asc, then kind, then key (as the preview orders them).
 * startAt is fixed-width RFC 3339 UTC without '|', and no kind is a prefix of another, so the
 * plain order of `startAt|kind:id` is exactly that order.
 */
export function schedulePosition(item: Pick<ScheduleItem, "startAt" | "kind" | "id">): string {
  return `${item.startAt}|${item.kind}:${item.id}`;
}

export type Direction = "asc" | "desc";

/** Compares positions as the list orders them: negative when `a` comes first. */
export function comparePositions(a: string, b: string, direction: Direction): number {
  const order = a < b ? -1 : a > b ? 1 : 0;
  return direction === "asc" ? order : -order;
}

/**
 * The rows of an already ordered list that come strictly after `after`, at most `limit` of
 * them. Reference rule for adapters and tests; stores use a binary search, not this scan.
 */
export function rowsAfter<T>(
  ordered: readonly T[],
  positionOf: (row: T) => string,
  after: string | null,
  limit: number,
  direction: Direction,
): T[] {
  const start = after === null ? 0 : firstIndexAfter(ordered, positionOf, after, direction);
  return ordered.slice(start, start + limit);
}

/** Binary search: index of the first row of `ordered` strictly after `after`. */
export function firstIndexAfter<T>(ordered: readonly T[], positionOf: (row: T) => string, after: string, direction: Direction): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (comparePositions(positionOf(ordered[mid] as T), after, direction) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Lists that hand out cursors; a cursor of one list is refused by another. */
export type ListName = "locks" | "templates" | "units" | "schedule" | "events" | "webhook_endpoints" | "deliveries" | "tours";

export const LIST_DIRECTION: Readonly<Record<ListName, Direction>> = {
  locks: "desc",
  templates: "asc",
  units: "asc",
  schedule: "asc",
  events: "desc",
  webhook_endpoints: "desc",
  deliveries: "desc",
  tours: "asc",
};
