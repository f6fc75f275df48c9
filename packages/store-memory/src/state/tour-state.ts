/**
 * The booked tours' part of the memory state: a tour stored in its org's and its unit's lists
 * (sorted by `tourPosition`), and the due index of timed transitions. Shared by the tour writes
 * and set_timezone, which moves tours with their items in its own step.
 */
import { firstIndexAfter, LIST_DIRECTION, tourPosition, type TourRecord } from "@lintel/domain/adapters";
import type { LockSync } from "@lintel/domain/schemas";
import type { MemoryState } from "./memory-state.js";

/** The key of a unit's tour list in `tourOrder` (an org's is its id). */
export const unitSlot = (unitId: string) => `unit:${unitId}`;

/** A due entry: sorts by its instant (fixed width), then org and tour. */
const dueEntry = (dueMs: number, orgId: string, tourId: string) => `${String(dueMs).padStart(16, "0")}\n${orgId}\n${tourId}`;

/** Sets (or, with null, removes) the tour's entry in the due index, keeping it sorted. */
export function setTourDue(state: MemoryState, orgId: string, tourId: string, dueMs: number | null): void {
  const { entries, byTour } = state.tourDue;
  const old = byTour.get(tourId);
  if (old !== undefined) {
    const at = lowerBound(entries, old);
    if (entries[at] === old) entries.splice(at, 1);
    byTour.delete(tourId);
  }
  if (dueMs === null) return;
  const entry = dueEntry(dueMs, orgId, tourId);
  entries.splice(lowerBound(entries, entry), 0, entry);
  byTour.set(tourId, entry);
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Puts `row` in the sorted list of `slot` (by `tourPosition`), or takes it out: a binary search and a splice. */
function place(state: MemoryState, slot: string, row: TourRecord, add: boolean): void {
  let rows = state.tourOrder.get(slot);
  if (rows === undefined) state.tourOrder.set(slot, (rows = []));
  const at = firstIndexAfter(rows, tourPosition, tourPosition(row), LIST_DIRECTION.tours) - (add ? 0 : 1);
  if (add) rows.splice(at, 0, row);
  else if (rows[at]?.id === row.id) rows.splice(at, 1);
}

/** Stores a tour (a copy), moving it in its org's and its unit's lists (O(log n) to find, a splice to move). */
export function storeTour(state: MemoryState, tour: TourRecord): void {
  const old = state.tours.get(tour.id);
  const kept = structuredClone(tour);
  if (old !== undefined) {
    place(state, old.orgId, old, false);
    place(state, unitSlot(old.unitId), old, false);
  }
  state.tours.set(tour.id, kept);
  place(state, kept.orgId, kept, true);
  place(state, unitSlot(kept.unitId), kept, true);
}

/**
 * The removal of a cancelled tour's code ended: the tour's `access.lockSync` becomes `lockSync`,
 * while the tour names the code with its removal pending. True when written.
 */
export function tourCodeEnded(state: MemoryState, orgId: string, tourId: string, codeId: string, lockSync: LockSync): boolean {
  const tour = state.tours.get(tourId);
  if (tour?.orgId !== orgId || tour.access.codeId !== codeId || tour.access.lockSync?.status !== "pending") return false;
  storeTour(state, { ...tour, access: { ...tour.access, lockSync: { ...lockSync } } });
  return true;
}
