/**
 * `@lintel/domain/adapters`: what a store adapter needs to keep Lintel's orders and bounds the
 * way the memory and Redis stores do: each list's position text (rows sort by it as plain
 * strings), keyset paging over rows sorted by position, the span a schedule scan starts
 * before, how long a budget's state must be kept, which endpoints an event goes to, and when a
 * lock's observed state counts as changed (an event is recorded only then).
 */
export {
  comparePositions,
  firstIndexAfter,
  LIST_DIRECTION,
  lockPosition,
  rowsAfter,
  schedulePosition,
  templatePosition,
  unitPosition,
  type Direction,
  type ListName,
} from "./paging/paging.js";
export { endsAfter, itemSpanMs, scheduleScanStart } from "./preview/schedule.js";
export { budgetStateTtlMs } from "./access/budget.js";
export { newestFirstPosition, observationChanged, observedPart, wantsEvent } from "./events/events.js";
export { boundedMap, type BoundedMap } from "./paging/bounded-map.js";
export { tourPosition } from "./tours/tour-record.js";
