/**
 * `@lintel/core/adapters`: what a store, a lock provider, a webhook sender or an HTTP adapter
 * implements or shares: the ports (one interface per need, each with a contract suite in
 * `@lintel/testkit`; `LintelStore` is all of a store's), the records and outcomes they exchange,
 * the helpers the memory and Redis stores share so they decide alike (a delivery after an
 * attempt), the fixture loader over their load steps, the routing of several lock providers, the
 * observers of the background workers, and the limits and leases the stores and the HTTP adapter
 * enforce or document.
 */
export {
  DEVICE_LOCKS_LIMIT,
  FIXTURE_LOAD_LISTS,
  MAX_ITEMS_PER_UNIT,
  MAX_TEMPLATES_PER_ORG,
  SERVING_LOCKS_LIMIT,
  type FixtureItem,
  type FixtureListOutcome,
  type FixtureLoadList,
  type LintelStore,
  type DeviceCode,
  type LockProvider,
  type LockReading,
  eventAtVersion,
  type ApiKeyStore,
  type ChargedKey,
  type FixtureRecords,
  type FixtureSink,
  type Health,
  type IdempotencyClaim,
  type IdempotencyStore,
  type ItemChange,
  type ItemRewrite,
  type KeptResult,
  type LoadOutcome,
  type LockDevices,
  type LockChange,
  type LockDirectory,
  type LockItemClear,
  type LockWriteOutcome,
  type OnceKeys,
  type OrgDirectory,
  type RequestBudget,
  type SetTimeZoneOutcome,
  type ShowingRulesChange,
  type TemplateDeleteCheck,
  type TemplateStore,
  type TemplateWriteOutcome,
  type TimeZoneChange,
  type TourMove,
  type DueTour,
  type FiledPin,
  type PinCheck,
  type PinHolder,
  type TourChange,
  type TourItemOp,
  type TourStore,
  type UnitBasis,
  type UnitChange,
  type UnitLeft,
  type UnitStore,
  type UnitWriteOutcome,
} from "./ports/ports.js";
export { deliveryAfterAttempt, deliveryLeased, firstDelivery, requeuedDelivery, scheduledAttempts } from "./webhooks/delivery-records.js";
export type {
  AttemptOutcome,
  CreateEndpointOutcome,
  EndpointPatch,
  EventLog,
  LaneRest,
  LeasedAttempt,
  LeaseShare,
  LockObservation,
  LockObservations,
  ObservationSwap,
  RecoverPage,
  RetryOutcome,
  WebhookStore,
} from "./ports/event-ports.js";
export { laneFinished, laneLeased, laneTakes, pacedTimes, type EndpointLane } from "./webhooks/webhook-lanes.js";
export type { CodeWork, CodeWorkOutcome, LeasedCodeWork, LockCodeOutbox, PlacedCodeRef } from "./ports/lock-code-ports.js";
export { tourCodeRemoval } from "./ports/lock-code-ports.js";
export { createFixtureLoader, type FixtureLoadSteps } from "./fixtures/fixture-load.js";
export { observeLockState } from "./locks/lock-observation.js";
export { createLockStateReader, type LockStateReaderOptions } from "./locks/lock-state-reader.js";
export { refreshDevice, type DeviceRefresh } from "./locks/lock-devices.js";
export { eventBody, eventView, type ServedEvent } from "./webhooks/event-view.js";
export { openedEvent, sealMessageDue, type MessageDueData } from "./webhooks/sealed-events.js";
export { normalizeInstant } from "./common/instant-text.js";
export { LOCK_STATE_TTL_MS } from "./create-lintel.js";
export type { StoreRace } from "./admission/request-stores.js";
export { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from "./admission/idempotency.js";
export { MAX_WEBHOOK_ENDPOINTS, MAX_WEBHOOK_URL_CHARS } from "./webhooks/webhook-use-cases.js";
export { MAX_LOCK_UNITS } from "./locks/lock-writes.js";
export { DEFAULT_ACCESS_MARGIN_MINUTES, DEFAULT_TOUR_TITLE, MAX_TOUR_MESSAGES } from "./tours/tour-writes.js";
export { MAX_SLOT_RANGE_DAYS } from "./units/showing-rules.js";
export { RECOVER_PAGE_SIZE, WEBHOOK_SECRET_OVERLAP_MS } from "./webhooks/webhook-operations.js";
export type { LockCodeProgrammer, PlacedCode, ProgrammedCode } from "./ports/lock-code-ports.js";
export {
  MailFailure,
  type LeasedMessage,
  type MessageEnd,
  type MessageMailer,
  type MessageOutbox,
  type MessageOutcome,
  type MessagePhase,
  type OutgoingMail,
} from "./ports/message-ports.js";
export type { ProviderFailure, ProviderFailureReason } from "./locks/provider-failure.js";
export {
  routeLockCodeProgrammers,
  routeLockProviders,
  unconfiguredLockCodeProgrammer,
  unconfiguredLockProvider,
} from "./locks/lock-provider-routing.js";
export type { LockProviderObserver } from "./locks/lock-provider-observer.js";
export { FIXTURE_LISTS, MAX_FIXTURE_ERRORS } from "./fixtures/fixture.js";
export { sealFixtureCodes } from "./lock-codes/lock-code-work.js";
export {
  createWebhookDispatcher,
  WEBHOOK_FAILING_AFTER_MS,
  WEBHOOK_LEASE_MS,
  type AttemptReport,
  type WebhookDispatcher,
  type WebhookDispatcherObserver,
} from "./webhooks/webhook-dispatcher.js";
export type { WebhookRequest, WebhookResponse, WebhookSender } from "./webhooks/webhook-sender.js";
export { CODE_WORK_LEASE_MS, type CodeAttemptReport, type LockCodeSyncObserver } from "./lock-codes/lock-code-sync.js";
export {
  DEFAULT_MESSAGE_RETRY_SCHEDULE_SECONDS,
  MESSAGE_LEASE_MS,
  messageMailId,
  type MessageAttemptReport,
  type MessageSenderObserver,
  type MessageSenderOptions,
} from "./messages/message-sender.js";
/**
 * The capabilities a {@link Lintel} is made of, each declared beside its use cases (an adapter that
 * serves one capability, or a test double of one, names it; a caller uses `Lintel`).
 */
export type {
  LockReads,
  LockWrites,
  ScheduleWrites,
  ShowingRulesUseCases,
  TemplateReads,
  TemplateRenders,
  TemplateWrites,
  TimezoneChanges,
  TourReads,
  TourWrites,
  UnitReads,
  WebhookOperations,
  WebhookUseCases,
} from "./lintel.js";
