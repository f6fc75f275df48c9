/**
 * `@lintel/domain`: Lintel's pure rules, with no I/O, framework or clock of their own.
 *
 * - the time-zone change preview and plan (`previewTimezoneChange`, `planTimezoneChange`), zone
 *   names and labels;
 * - the cursor codec for keyset paging of any list (`createCursorCodec`);
 * - the API key format and scope policies (`generateApiKey`, `createScopePolicy`);
 * - the request-budget law (`consumeBudget`, GCRA);
 * - the problem catalog (`PROBLEMS`, `problemBody`), and the records these rules take: one
 *   valibot schema per record shape with the type derived from it (`LockRecordSchema` → `Lock`).
 * - self-guided tours and showing availability: the types a caller reads (`ServedTour`,
 *   `TourStatus`, `ShowingRules`, `ServedSlot`); their rules (the tour's life, slot generation,
 *   message rendering) are in `@lintel/domain/adapters` with what the core builds from them.
 *
 * The valibot schemas those records and answers are described by, with the value sets and
 * patterns of their fields (what an HTTP adapter builds its validation and document from), are in
 * `@lintel/domain/schemas`.
 *
 * What Lintel's own layers share beyond this (core's use cases, the stores, the HTTP adapter) is
 * in `@lintel/domain/adapters`: events and webhook endpoints as records (`LintelEvent`, ...),
 * webhook signatures and the delivery retry law, the data cipher, list positions and keyset paging
 * over sorted rows, which endpoints an event goes to, and whether a lock's observation changed.
 */
export {
  SCOPES,
  type ApiKeyRecord,
  type Instant,
  type ItemKind,
  type Lock,
  type LockState,
  type Org,
  type RatePolicy,
  type ScheduleItem,
  type Scope,
  type Template,
  type Unit,
} from "./records/records.js";
export { PROBLEMS, problemBody, type InvalidParam, type ProblemBody, type ProblemCode } from "./records/problems.js";
export { canonicalTimeZone } from "./time/zones.js";
export { refusedZoneReason } from "./time/zone-suggestions.js";
export { zoneOffsetMs } from "./time/zone-offset.js";
export { instantLabel } from "./time/labels.js";
export {
  planTimezoneChange,
  previewTimezoneChange,
  type ItemRewrite,
  type LockSharing,
  type PreviewInput,
  type PreviewItem,
  type PreviewStatus,
  type PreviewWarning,
  type TimezoneChangePlan,
  type TimezonePreview,
} from "./preview/preview.js";
export {
  createCursorCodec,
  MIN_CURSOR_SECRET_LENGTH,
  type CursorBinding,
  type CursorCodec,
  type CursorCodecOptions,
  type CursorDecoding,
} from "./paging/cursor.js";
export type { TourStatus } from "./tours/tour-lifecycle.js";
export type { ServedTour } from "./tours/tour-record.js";
export type { ServedSlot, ShowingRules } from "./availability/showing-slots.js";
export {
  createScopePolicy,
  evaluateApiKey,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  requireScope,
  type ImpliedScopes,
  type KeyCheck,
  type ScopeCheck,
  type ScopePolicy,
} from "./access/keys.js";
export { consumeBudget, parseRatePolicy, type BudgetDecision, type BudgetState, type BudgetStep } from "./access/budget.js";
