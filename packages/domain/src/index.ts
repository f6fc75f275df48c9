/**
 * `@lintel/domain`: Lintel's pure rules, with no I/O, framework or clock of their own.
 *
 * - the time-zone change preview and plan (`previewTimezoneChange`, `planTimezoneChange`), zone
 *   names and labels; the computed answers are described like the records (`TimezonePreviewSchema`,
 *   `ScheduleEntrySchema`);
 * - the cursor codec for keyset paging of any list (`createCursorCodec`);
 * - the API key format and scope policies (`generateApiKey`, `createScopePolicy`);
 * - the request-budget law (`consumeBudget`, GCRA);
 * - messages: the template variable catalog and its suggestions, the render of a template from a
 *   unit and a tour (`renderTemplate`, `messageValues`), and what a text costs as SMS (`smsCost`);
 * - webhook signatures (Standard Webhooks, Svix) and the delivery retry law (`signWebhook`,
 *   `checkWebhookSignature`, `nextAttemptDelayMs`);
 * - the problem catalog, and the records: one valibot schema per record shape (`LockRecordSchema`,
 *   ...) with the types derived from it (`Lock`, ...);
 *   events and webhook endpoints the same way (`EventRecordSchema` → `LintelEvent`,
 *   `WebhookEndpointRecordSchema`, `DeliveryRecordSchema`).
 *
 * The valibot schemas those records and answers are described by (what an HTTP adapter builds its
 * validation and document from) are in `@lintel/domain/schemas`.
 *
 * What a store adapter needs beyond this (list positions, keyset paging over sorted rows, which
 * endpoints an event goes to, whether a lock's observation changed) is in `@lintel/domain/adapters`.
 */
export {
  DOOR_STATES,
  ID_PATTERN,
  ITEM_KINDS,
  LOCK_STATE_VALUES,
  LOCK_STATUSES,
  LOCK_SYNC_STATUSES,
  PIN_PATTERN,
  SCOPES,
  URL_KEY_PATTERN,
  type ApiKeyRecord,
  type DoorState,
  type Instant,
  type ItemKind,
  type Lock,
  type LockState,
  type LockStateValue,
  type LockStatus,
  type LockSync,
  type LockSyncStatus,
  type Org,
  type RatePolicy,
  type ScheduleItem,
  type Scope,
  type Template,
  type Unit,
} from "./records/records.js";
export {
  EVENT_RETENTION_MS,
  EVENT_TYPES,
  servedDelivery,
  servedWebhookEndpoint,
  WEBHOOK_FEEDBACK_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  EARLIER_SECRETS_KEPT,
  type DeepReadonly,
  type DeliverableEvent,
  type DeliveryEventType,
  type DeliveryRecord,
  type DisabledReason,
  type EventBase,
  type EventType,
  type EventTypeFilter,
  type LintelEvent,
  type LockStateChangedData,
  type LockUpdatedData,
  type MovedItem,
  type ObservedLockState,
  type ServedDelivery,
  type ServedLock,
  type ServedTemplate,
  type ServedUnit,
  type ServedWebhookEndpoint,
  type TimezoneChangedData,
  type WebhookEndpointRecord,
  type WebhookTestEvent,
} from "./events/events.js";
export {
  echo,
  MAX_ECHO_CHARS,
  MAX_INVALID_PARAMS,
  MAX_PROBLEM_BYTES,
  PROBLEMS,
  problemBody,
  type InvalidParam,
  type ProblemBody,
  type ProblemCode,
} from "./records/problems.js";
export { canonicalTimeZone } from "./time/zones.js";
export { refusedZoneReason } from "./time/zone-suggestions.js";
export { zoneOffsetMs } from "./time/zone-offset.js";
export { clockLabel, dateLabel, instantLabel, rangeLabel } from "./time/labels.js";
export { isoInstant, parseCanonicalInstant } from "./time/iso-instant.js";
export {
  planTimezoneChange,
  previewTimezoneChange,
  PREVIEW_WARNINGS,
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
export { scheduleEntry, type ScheduleEntry } from "./preview/schedule.js";
export {
  accessWindow,
  anchoredSendMs,
  commandFit,
  MAX_ACCESS_MARGIN_MINUTES,
  MAX_MESSAGE_OFFSET_MINUTES,
  MAX_TOUR_MS,
  movedMessage,
  nextTimedTransition,
  statusAt,
  TOUR_STATUSES,
  tourTimesProblem,
  withinAccess,
  type AccessWindow,
  type CommandFit,
  type MessageAnchor,
  type TimedTransition,
  type TimedTour,
  type TourCommand,
  type TourInstants,
  type TourStatus,
} from "./tours/tour-lifecycle.js";
export {
  availableSlots,
  isAvailableSlot,
  servedSlot,
  SHOWING_BOUNDS,
  showingRulesProblem,
  WALL_TIME_PATTERN,
  WEEKDAYS,
  type ServedSlot,
  type ShowingRules,
  type Slot,
  type SlotQuery,
  type Span,
  type Weekday,
} from "./availability/showing-slots.js";
export {
  MESSAGE_ANCHORS,
  servedTour,
  tourAccess,
  VERIFICATIONS,
  type ServedTour,
  type TourMessage,
  type TourRecord,
  type TourShown,
  type Verification,
} from "./tours/tour-record.js";
export { templateBodyProblem, templatePlaceholders, templatePlaceholderUses, type PlaceholderAt } from "./text/template-body.js";
export {
  isTemplateVariable,
  suggestTemplateVariables,
  TEMPLATE_VARIABLE_NAMES,
  TEMPLATE_VARIABLES,
  unknownPlaceholder,
  unknownPlaceholderReason,
  type TemplateVariable,
  type TemplateVariableName,
  type UnknownPlaceholder,
} from "./messages/template-variables.js";
export { messageValues, renderTemplate, type MessageFacts, type RenderedMessage, type VariableValues } from "./messages/message-render.js";
export { GSM_BASIC, GSM_EXTENSION, smsCost, type SmsCost, type SmsEncoding } from "./messages/sms-segments.js";
export { createDataCipher, DataKeyError, parseDataKeys, randomDataKey, type DataCipher } from "./access/data-cipher.js";
export {
  API_KEY_PREFIX,
  createScopePolicy,
  evaluateApiKey,
  generateApiKey,
  grantsScope,
  hashApiKey,
  IMPLIED_SCOPES,
  isWellFormedApiKey,
  requireScope,
  type ImpliedScopes,
  type KeyCheck,
  type ScopeCheck,
  type ScopePolicy,
} from "./access/keys.js";
export { consumeBudget, parseRatePolicy, type BudgetDecision, type BudgetState, type BudgetStep } from "./access/budget.js";
export {
  DEFAULT_CODE_SYNC_SCHEDULE_SECONDS,
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  generateWebhookSecret,
  nextAttemptDelayMs,
  parseRetrySchedule,
  checkWebhookSignature,
  signWebhook,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookMessage,
  type WebhookVerification,
} from "./events/webhooks.js";
