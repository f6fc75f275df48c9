/**
 * Keyset paging. Each list has a total order given by a position string that sorts
 * lexicographically (plain code-unit order, which is also Redis's BYLEX byte order for these
 * ASCII strings). A cursor names the position of the last row returned; the next page is the
 * rows strictly after it. Locks list newest first, so their order is *descending* position.
 */
import type { Lock, Template } from "./records.js";

/** Locks: createdAt desc, then lockId desc. createdAt is fixed-width RFC 3339 UTC. */
export function lockPosition(lock: Pick<Lock, "createdAt" | "lockId">): string {
  return `${lock.createdAt}|${lock.lockId}`;
}

/**
 * Templates: sortOrder asc (any safe integer), then id asc. The sort key is a sign digit ("0"
 * negative, "1" otherwise) and 16 digits; a negative n is written as MAX_SAFE_INTEGER + n, so
 * every step stays exact (adding 2^53 would not be: 2^53 + 1 === 2^53).
 */
export function templatePosition(template: Pick<Template, "sortOrder" | "id">): string {
  const n = template.sortOrder;
  const key = n < 0 ? `0${String(Number.MAX_SAFE_INTEGER + n).padStart(16, "0")}` : `1${String(n).padStart(16, "0")}`;
  return `${key}|${template.id}`;
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
export function firstIndexAfter<T>(
  ordered: readonly T[],
  positionOf: (row: T) => string,
  after: string,
  direction: Direction,
): number {
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
export type ListName = "locks" | "templates";

export const LIST_DIRECTION: Readonly<Record<ListName, Direction>> = { locks: "desc", templates: "asc" };
