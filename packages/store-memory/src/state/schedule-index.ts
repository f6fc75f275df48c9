/**
 * Each unit's schedule items kept sorted by `schedulePosition`, with the longest span any item
 * of the unit has had (a high-water mark: it never shrinks, which only makes a scan start a
 * little earlier). A page is a binary search to its start and a scan that drops the items
 * which ended before `from` (see `scheduleScanStart`).
 */

import { endsAfter, firstIndexAfter, itemSpanMs, schedulePosition, scheduleScanStart, isoInstant } from "@lintel/domain/adapters";
import type { FixtureItem } from "@lintel/core/adapters";

export interface UnitSchedule {
  readonly rows: FixtureItem[];
  spanMs: number;
}

/** unit id → its schedule. */
export type ScheduleIndex = Map<string, UnitSchedule>;

/** Index of the row at exactly `position`, or -1. */
function indexOf(rows: readonly FixtureItem[], position: string): number {
  const at = firstIndexAfter(rows, schedulePosition, position, "asc") - 1;
  return at >= 0 && schedulePosition(rows[at] as FixtureItem) === position ? at : -1;
}

/** Takes `item` (as stored before) out of its unit's schedule. */
export function removeScheduled(index: ScheduleIndex, item: FixtureItem): void {
  const schedule = index.get(item.unitId);
  if (schedule === undefined) return;
  const at = indexOf(schedule.rows, schedulePosition(item));
  if (at >= 0) schedule.rows.splice(at, 1);
}

/** Puts `item` in its unit's schedule at its position. */
export function addScheduled(index: ScheduleIndex, item: FixtureItem): void {
  let schedule = index.get(item.unitId);
  if (schedule === undefined) index.set(item.unitId, (schedule = { rows: [], spanMs: 0 }));
  const position = schedulePosition(item);
  schedule.rows.splice(firstIndexAfter(schedule.rows, schedulePosition, position, "asc"), 0, item);
  schedule.spanMs = Math.max(schedule.spanMs, itemSpanMs(item));
}

/** Replaces the unit's schedule by `items`, sorted once (a batch load: no insert per item). */
export function rebuildSchedule(index: ScheduleIndex, unitId: string, items: FixtureItem[]): void {
  const spanMs = items.reduce((longest, item) => Math.max(longest, itemSpanMs(item)), index.get(unitId)?.spanMs ?? 0);
  const keyed = items.map((item) => ({ position: schedulePosition(item), item }));
  keyed.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  index.set(unitId, { rows: keyed.map(({ item }) => item), spanMs });
}

/** At most `limit` items of the unit ending after `fromMs`, strictly after `after`. */
export function pageSchedule(index: ScheduleIndex, unitId: string, fromMs: number, after: string | null, limit: number): FixtureItem[] {
  const schedule = index.get(unitId);
  if (schedule === undefined) return [];
  const start = after ?? scheduleScanStart(fromMs, schedule.spanMs);
  const fromIso = isoInstant(fromMs);
  const out: FixtureItem[] = [];
  for (let i = firstIndexAfter(schedule.rows, schedulePosition, start, "asc"); i < schedule.rows.length && out.length < limit; i++) {
    const item = schedule.rows[i] as FixtureItem;
    if (endsAfter(item, fromIso)) out.push(item);
  }
  return out;
}
