/**
 * `@lintel/core`: build a {@link Lintel} with `createLintel` over a store (`@lintel/store-memory`,
 * `@lintel/store-redis`) and a lock provider, call its operations for an admitted caller, load
 * fixtures, and run the webhook dispatcher. What a store or provider adapter implements (the
 * ports, with the helpers the stores share) is in `@lintel/core/adapters`.
 */

// Building and calling a Lintel.
export { createLintel, LOCK_STATE_TTL_MS, type LintelSetup } from "./create-lintel.js";
export type {
  AccessCodeReport,
  Admission,
  BookTourCommand,
  CancelTourCommand,
  CheckInCommand,
  AdmissionOutcome,
  AdmissionRequest,
  Caller,
  CreatedWebhookEndpoint,
  CreateItemCommand,
  CreateTemplateCommand,
  CreateUnitCommand,
  CreateWebhookEndpointCommand,
  DeleteItemCommand,
  DeleteTemplateCommand,
  DeliveryQuery,
  EventQuery,
  Failure,
  IdempotencyCode,
  IdempotentOutcome,
  ItemFields,
  ItemWriteResult,
  Lintel,
  LockReads,
  LockWrites,
  PageQuery,
  PreviewQuery,
  Problem,
  ProspectFields,
  RenderedTemplate,
  RenderTemplateCommand,
  RescheduleTourCommand,
  Result,
  RotatedWebhookSecret,
  SafeRetry,
  SchedulePage,
  ScheduleQuery,
  ScheduleWrites,
  SetShowingRulesCommand,
  SetTimeZoneCommand,
  ShowingRulesInput,
  ShowingRulesUseCases,
  SlotList,
  SlotsQuery,
  SetTimeZoneResult,
  Success,
  TemplateReads,
  TemplateRenders,
  TemplateWrites,
  TimezoneChanges,
  TourMessageFields,
  TourQuery,
  TourReads,
  TourWriteResult,
  TourWrites,
  UnitReads,
  UnlockReport,
  UpdateItemCommand,
  UpdateLockCommand,
  UpdateTemplateCommand,
  UpdateUnitCommand,
  UpdateWebhookEndpointCommand,
  WebhookOperations,
  WebhookUseCases,
  ZonePolicy,
} from "./lintel.js";
export { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from "./admission/idempotency.js";
export type { StoreRace } from "./admission/request-stores.js";
export {
  MAX_ITEMS_PER_UNIT,
  MAX_TEMPLATES_PER_ORG,
  StoreUnavailableError,
  systemClock,
  type Clock,
  type LintelStore,
} from "./ports/ports.js";
export { MAX_WEBHOOK_ENDPOINTS, MAX_WEBHOOK_URL_CHARS } from "./webhooks/webhook-use-cases.js";
export { MAX_LOCK_UNITS } from "./locks/lock-writes.js";
export { DEFAULT_ACCESS_MARGIN_MINUTES, DEFAULT_TOUR_TITLE, MAX_TOUR_MESSAGES } from "./tours/tour-writes.js";
export { MAX_SLOT_RANGE_DAYS } from "./units/showing-rules.js";
export { RECOVER_PAGE_SIZE, WEBHOOK_SECRET_OVERLAP_MS } from "./webhooks/webhook-operations.js";

// Lock providers and live lock states.
export type { LockProvider } from "./ports/ports.js";
export type { LockCodeProgrammer, PlacedCode, ProgrammedCode } from "./ports/lock-code-ports.js";
export { ProviderUnavailableError, type ProviderFailure, type ProviderFailureReason } from "./locks/provider-failure.js";
export {
  routeLockCodeProgrammers,
  routeLockProviders,
  unconfiguredLockCodeProgrammer,
  unconfiguredLockProvider,
} from "./locks/lock-provider-routing.js";
export type { LockStateReader } from "./locks/lock-state-reader.js";
export type { LockProviderObserver } from "./locks/lock-provider-observer.js";

// Fixtures: records to start a store with.
export { FIXTURE_LISTS, MAX_FIXTURE_ERRORS, parseFixture, type FixtureParse } from "./fixtures/fixture.js";
export {
  FIXTURE_LOAD_LISTS,
  type FixtureData,
  type FixtureItem,
  type FixtureListOutcome,
  type FixtureLoadList,
  type FixtureLoadReport,
  type LoadOutcome,
} from "./ports/ports.js";
export { countOutcomes } from "./fixtures/fixture-load.js";
export { sealFixtureCodes } from "./lock-codes/lock-code-work.js";
export { FixtureConflictError, type UrlKeyConflict } from "./fixtures/fixture-conflict.js";

// Webhook delivery: the dispatcher an application runs beside its Lintel, and how it sends.
export {
  createWebhookDispatcher,
  WEBHOOK_FAILING_AFTER_MS,
  WEBHOOK_LEASE_MS,
  type AttemptReport,
  type WebhookDispatcher,
  type WebhookDispatcherObserver,
  type WebhookDispatcherOptions,
} from "./webhooks/webhook-dispatcher.js";
export type { WebhookRequest, WebhookResponse, WebhookSender } from "./webhooks/webhook-sender.js";

// Codes on locks: what `createLintel`'s `lockCodeSync` takes and what its observer hears.
export {
  CODE_WORK_LEASE_MS,
  type CodeAttemptReport,
  type LockCodeSyncObserver,
  type LockCodeSyncOptions,
} from "./lock-codes/lock-code-sync.js";
