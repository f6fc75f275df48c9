/**
 * `@lintel/core`: build a {@link Lintel} with `createLintel` over a store (`@lintel/store-memory`,
 * `@lintel/store-redis`) and a lock provider, call its operations for an admitted caller, load
 * and load fixtures. What a store, a lock provider or a webhook sender implements (the ports, with
 * the helpers the stores share, the routing of several providers, the background workers'
 * observers and the limits the stores and the HTTP adapter enforce) is in `@lintel/core/adapters`.
 */

// Building and calling a Lintel.
export { createLintel, type LintelSetup } from "./create-lintel.js";
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
  SetShowingRulesCommand,
  SetTimeZoneCommand,
  ShowingRulesInput,
  SlotList,
  SlotsQuery,
  SetTimeZoneResult,
  Success,
  TourMessageFields,
  TourQuery,
  TourWriteResult,
  UnlockReport,
  UpdateItemCommand,
  UpdateLockCommand,
  UpdateTemplateCommand,
  UpdateUnitCommand,
  UpdateWebhookEndpointCommand,
  ZonePolicy,
} from "./lintel.js";
export { StoreUnavailableError, systemClock, type Clock } from "./ports/ports.js";
export { ProviderUnavailableError } from "./locks/provider-failure.js";
export type { LockStateReader } from "./locks/lock-state-reader.js";

// Fixtures: records to start a store with.
export { parseFixture, type FixtureParse } from "./fixtures/fixture.js";
export type { FixtureData, FixtureLoadReport } from "./ports/ports.js";
export { countOutcomes } from "./fixtures/fixture-load.js";
export { FixtureConflictError, type UrlKeyConflict } from "./fixtures/fixture-conflict.js";

// What `createLintel` takes for webhook delivery and for codes on locks.
export type { WebhookDispatcherOptions } from "./webhooks/webhook-dispatcher.js";
export type { LockCodeSyncOptions } from "./lock-codes/lock-code-sync.js";
