/**
 * `@lintel/core`: build a {@link Lintel} with `createLintel` over a store (`@lintel/store-memory`,
 * `@lintel/store-redis`) and a lock provider, call its operations for an admitted caller, load
 * and load fixtures. What a store, a lock provider or a webhook sender implements (the ports, with
 * the helpers the stores share, the routing of several providers, the background workers'
 * observers and the limits the stores and the HTTP adapter enforce) is in `@lintel/core/adapters`.
 */

// Building and calling a Lintel.
export { createLintel, type LintelSetup } from "./create-lintel.js";
export type { Lintel, SafeRetry } from "./lintel.js";
export type { AccessCodeReport } from "./lock-codes/lock-code-reports.js";
export type { Admission, AdmissionOutcome, AdmissionRequest, Caller } from "./admission/admission.js";
export type {
  BookTourCommand,
  CancelTourCommand,
  CheckInCommand,
  ProspectFields,
  RescheduleTourCommand,
  TourMessageFields,
  TourQuery,
  TourWriteResult,
  UnlockReport,
} from "./tours/tour-commands.js";
export type { CreatedWebhookEndpoint, CreateWebhookEndpointCommand, DeliveryQuery, EventQuery } from "./webhooks/webhook-use-cases.js";
export type {
  CreateItemCommand,
  CreateUnitCommand,
  DeleteItemCommand,
  ItemFields,
  ItemWriteResult,
  UpdateItemCommand,
  UpdateUnitCommand,
} from "./units/schedule-commands.js";
export type { CreateTemplateCommand, DeleteTemplateCommand, UpdateTemplateCommand } from "./templates/template-writes.js";
export type { Failure, Problem, Result, Success } from "./common/problem.js";
export type { IdempotencyCode, IdempotentOutcome } from "./admission/idempotency.js";
export type { PageQuery } from "./common/paging-use-case.js";
export type { PreviewQuery, SetTimeZoneCommand, SetTimeZoneResult, ZonePolicy } from "./units/timezone-change.js";
export type { RenderedTemplate, RenderTemplateCommand } from "./templates/template-render.js";
export type { RotatedWebhookSecret, UpdateWebhookEndpointCommand } from "./webhooks/webhook-operations.js";
export type { SchedulePage, ScheduleQuery } from "./units/unit-reads.js";
export type { SetShowingRulesCommand, ShowingRulesInput, SlotList, SlotsQuery } from "./units/showing-rules.js";
export type { UpdateLockCommand } from "./locks/lock-writes.js";
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
