/**
 * `@lintel/domain`: what the other packages use and what the README's embedding story
 * documents, by name. Everything else stays inside the package (free to change).
 */
export {
  ID_PATTERN,
  ITEM_KINDS,
  LOCK_STATUSES,
  SCOPES,
  URL_KEY_PATTERN,
  type ApiKeyRecord,
  type DoorState,
  type ItemKind,
  type Lock,
  type LockState,
  type LockStateValue,
  type Org,
  type RatePolicy,
  type ScheduleItem,
  type Scope,
  type Template,
  type Unit,
} from "./records.js";
export {
  echo,
  MAX_ECHO_CHARS,
  MAX_INVALID_PARAMS,
  MAX_PROBLEM_BYTES,
  PROBLEMS,
  problemBody,
  type InvalidParam,
  type ProblemCode,
} from "./problems.js";
// Zone names and the preview (embedding: `canonicalTimeZone`, `previewTimezoneChange`, `planTimezoneChange`).
export { canonicalTimeZone } from "./zones.js";
export { refusedZoneReason } from "./zone-suggestions.js";
export { zoneOffsetMs } from "./zone-offset.js";
export { instantLabel } from "./labels.js";
export { isoInstant, parseCanonicalInstant } from "./iso-instant.js";
export {
  planTimezoneChange,
  previewTimezoneChange,
  type ItemRewrite,
  type LockSharing,
  type PreviewInput,
  type PreviewItem,
  type TimezoneChangePlan,
  type TimezonePreview,
} from "./preview.js";
// The cursor codec and keyset paging.
export { createCursorCodec, MIN_CURSOR_SECRET_LENGTH, type CursorBinding, type CursorCodec, type CursorCodecOptions } from "./cursor.js";
// A bounded cache (the cursor codec's, the Redis store's decoded records).
export { boundedMap, type BoundedMap } from "./bounded-map.js";
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
} from "./paging.js";
// A unit's schedule (SPEC 5.9).
export { endsAfter, itemSpanMs, scheduleEntry, scheduleScanStart, type ScheduleEntry } from "./schedule.js";
// Key format and scope policy.
export { evaluateApiKey, generateApiKey, hashApiKey, isWellFormedApiKey, requireScope } from "./keys.js";
// The request-budget law (GCRA).
export { budgetStateTtlMs, consumeBudget, parseRatePolicy, type BudgetDecision, type BudgetState } from "./budget.js";
