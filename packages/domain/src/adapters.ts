/**
 * `@lintel/domain/adapters`: what Lintel's own layers (core's use cases, the memory and Redis
 * stores, the HTTP adapter) share beyond the main entry's rules, so that they decide alike:
 *
 * - events and webhook endpoints as records (`LintelEvent`, `WebhookEndpointRecord`,
 *   `DeliveryRecord`) and as served (`servedWebhookEndpoint`), which endpoints an event goes to
 *   (`wantsEvent`), and when a lock's observed state counts as changed (an event is recorded only
 *   then);
 * - webhook signatures (Standard Webhooks, Svix: `signWebhook`, `checkWebhookSignature`) and the
 *   delivery retry law (`nextAttemptDelayMs`);
 * - the data cipher that seals secrets and PINs at rest (`createDataCipher`), and a device's code
 *   rules with the PIN drawn under them (`pinRules`, `drawPin`);
 * - each list's position text (rows sort by it as plain strings), keyset paging over rows sorted
 *   by position, the span a schedule scan starts before, how long a budget's state must be kept;
 * - the bounds of a problem body (`echo`, `MAX_PROBLEM_BYTES`), instants as text (`isoInstant`),
 *   a schedule entry as served, a template body's placeholders, and the key format's prefix and
 *   Lintel's own scope table (`IMPLIED_SCOPES`).
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
export { endsAfter, itemSpanMs, scheduleEntry, scheduleScanStart, type ScheduleEntry } from "./preview/schedule.js";
export { budgetStateTtlMs } from "./access/budget.js";
export {
  EARLIER_SECRETS_KEPT,
  EVENT_RETENTION_MS,
  EVENT_TYPES,
  newestFirstPosition,
  observationChanged,
  observedPart,
  servedDelivery,
  servedWebhookEndpoint,
  NAMED_ONLY_EVENT_TYPES,
  wantsEvent,
  WEBHOOK_FEEDBACK_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
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
  checkWebhookSignature,
  DEFAULT_CODE_SYNC_SCHEDULE_SECONDS,
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  generateWebhookSecret,
  nextAttemptDelayMs,
  parseRetrySchedule,
  signWebhook,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookMessage,
  type WebhookVerification,
} from "./events/webhooks.js";
export { createDataCipher, DataKeyError, parseDataKeys, randomDataKey, type DataCipher } from "./access/data-cipher.js";
export { DEFAULT_PIN_RULES, drawPin, PIN_CONSTRAINTS, pinFits, pinRules, type PinConstraint, type PinRules } from "./access/pin-rules.js";
export { echo, MAX_ECHO_CHARS, MAX_INVALID_PARAMS, MAX_PROBLEM_BYTES } from "./records/problems.js";
export { isoInstant, parseCanonicalInstant } from "./time/iso-instant.js";
export { templateBodyProblem, templatePlaceholders } from "./text/template-body.js";
export { API_KEY_PREFIX, grantsScope, IMPLIED_SCOPES } from "./access/keys.js";
export { boundedMap, type BoundedMap } from "./paging/bounded-map.js";
export { clockLabel, dateLabel, rangeLabel } from "./time/labels.js";
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
} from "./tours/tour-lifecycle.js";
export {
  availableSlots,
  isAvailableSlot,
  servedSlot,
  SHOWING_BOUNDS,
  showingRulesProblem,
  WALL_TIME_PATTERN,
  WEEKDAYS,
  type Slot,
  type SlotQuery,
  type Span,
  type Weekday,
} from "./availability/showing-slots.js";
export {
  MESSAGE_ANCHORS,
  servedTour,
  tourAccess,
  tourPosition,
  VERIFICATIONS,
  type TourMessage,
  type TourRecord,
  type TourShown,
  type Verification,
} from "./tours/tour-record.js";
export { templatePlaceholderUses, type PlaceholderAt } from "./text/template-body.js";
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
export { isUnsentMessage, SCHEDULED_DELIVERY } from "./records/records.js";
