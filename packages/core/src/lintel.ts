/**
 * The Lintel API as the HTTP adapter (or an embedder) calls it: one operation per use case, each
 * for an admitted caller, with the problem codes it can answer. `createLintel` (create-lintel.js)
 * builds it.
 */
import type { DeliveryRecord, LintelEvent, Lock, LockState, Template, TimezonePreview, Unit, WebhookEndpointRecord } from "@lintel/domain";
import type { Admission, AdmissionOutcome, AdmissionRequest, Caller } from "./admission.js";
import type { IdempotentOutcome } from "./idempotency.js";
import type { AccessCodeReport } from "./lock-code-reports.js";
import type { LockStateReader } from "./lock-state-reader.js";
import type { FixtureData, FixtureLoadReport } from "./ports.js";
import type { PageQuery } from "./paging-use-case.js";
import type { Result } from "./problem.js";
import type {
  CreateItemCommand,
  CreateUnitCommand,
  DeleteItemCommand,
  ItemWriteResult,
  UpdateItemCommand,
  UpdateUnitCommand,
} from "./schedule-commands.js";
import type { CreateTemplateCommand, DeleteTemplateCommand, UpdateTemplateCommand } from "./template-writes.js";
import type { PreviewQuery, SetTimeZoneCommand, SetTimeZoneResult } from "./timezone-change.js";
import type { SchedulePage, ScheduleQuery } from "./unit-reads.js";
import type { CreatedWebhookEndpoint, CreateWebhookEndpointCommand, DeliveryQuery, EventQuery } from "./webhook-use-cases.js";
import type { RotatedWebhookSecret, UpdateWebhookEndpointCommand } from "./webhook-operations.js";

export type { Admission, AdmissionOutcome, AdmissionRequest, Caller } from "./admission.js";
export type { Failure, Problem, Result, Success } from "./problem.js";
export type { PreviewQuery, SetTimeZoneCommand, SetTimeZoneResult, ZonePolicy } from "./timezone-change.js";
export type { PageQuery } from "./paging-use-case.js";
export type { AccessCodeReport } from "./lock-code-reports.js";
export type { SchedulePage, ScheduleQuery } from "./unit-reads.js";
export type { IdempotencyCode, IdempotentOutcome } from "./idempotency.js";
export type {
  CreateItemCommand,
  CreateUnitCommand,
  DeleteItemCommand,
  ItemFields,
  ItemWriteResult,
  UpdateItemCommand,
  UpdateUnitCommand,
} from "./schedule-commands.js";
export type { CreateTemplateCommand, DeleteTemplateCommand, UpdateTemplateCommand } from "./template-writes.js";

/**
 * A write that may be retried safely (it carries an `Idempotency-Key` header): its key, the id of
 * the request that carries it, and the fingerprint of what it asks (the same request always gives
 * the same one: the operation and its parsed body), which tells a repeat from another request.
 */
export interface SafeRetry {
  readonly idempotencyKey: string;
  readonly requestId: string;
  readonly fingerprint: string;
}

export type { CreatedWebhookEndpoint, CreateWebhookEndpointCommand, DeliveryQuery, EventQuery } from "./webhook-use-cases.js";
export type { RotatedWebhookSecret, UpdateWebhookEndpointCommand } from "./webhook-operations.js";

/** The operations of the API, each for an admitted caller, with the problem codes it can answer. */
export interface Lintel {
  /**
   * The checks of one request, in order: address budget for failed keys (not for a key found
   * good within 10 minutes) → key (401) → key budget (429) → scope (403). On failure `budget` is
   * the decision for RateLimit headers and `caller`
   * the key's caller, when a valid key was found.
   */
  admit(request: AdmissionRequest): Promise<AdmissionOutcome>;
  /**
   * Runs the rest of an admitted request (its operation and what the adapter does around it)
   * within the request's store deadline (`storeDeadlineMs` from its admission): every store call
   * made in `run` obeys it. An operation called outside any request has no deadline of its own
   * (a store's own timeout still bounds each call).
   */
  withinRequest<T>(admission: Admission, run: () => Promise<T>): Promise<T>;
  /**
   * Runs `run` at most once per Idempotency-Key of the caller's API key: its result, when a
   * success or a version conflict, is kept 24 h with the request's fingerprint and id; a repeat
   * with the same fingerprint gets it again (`replayed`), another fingerprint
   * `idempotency_key_reused`, a repeat while the first still runs `idempotency_in_progress`.
   */
  once<R extends Result<unknown>>(caller: Caller, retry: SafeRetry, run: () => Promise<R>): Promise<IdempotentOutcome<R>>;
  /**
   * What changing the unit's zone would do: every future item whose local time keep-wall-clock
   * would move, with labels; `noop` when the zone is the same, `conflict` when an item's lock
   * also serves a unit in another zone. Changes nothing.
   */
  previewTimezoneChange(caller: Caller, query: PreviewQuery): Promise<Result<TimezonePreview, "invalid_request" | "not_found">>;
  /**
   * Sets the unit's zone if `expectedVersion` is still its version (else `version_conflict` with
   * the version now), rewriting exactly the previewed items under keep_wall_clock; +1 version.
   */
  setTimeZone(
    caller: Caller,
    command: SetTimeZoneCommand,
  ): Promise<Result<SetTimeZoneResult, "invalid_request" | "not_found" | "version_conflict">>;
  /** The caller's org's units by urlKey ascending, a page at a time. */
  listUnits(caller: Caller, query: PageQuery): Promise<Result<{ units: Unit[]; nextCursor: string | null }, "invalid_cursor">>;
  /** A unit of the caller's org, by id, else by urlKey; a foreign unit is `not_found`. */
  getUnit(caller: Caller, unitIdOrKey: string): Promise<Result<Unit, "not_found">>;
  /** The unit's items ending after `from` (default now), by startAt, then kind, then key. */
  listSchedule(caller: Caller, query: ScheduleQuery): Promise<Result<SchedulePage, "not_found" | "invalid_cursor">>;
  /** A new unit of the caller's org (version 1); a urlKey the org already uses is a `conflict`. */
  createUnit(caller: Caller, command: CreateUnitCommand): Promise<Result<Unit, "invalid_request" | "conflict">>;
  /** Sets a unit's urlKey or address at `expectedVersion` (when given); +1 version. */
  updateUnit(
    caller: Caller,
    command: UpdateUnitCommand,
  ): Promise<Result<Unit, "invalid_request" | "not_found" | "version_conflict" | "conflict">>;
  /** A new tour, code, open house or scheduled message of a unit; +1 version. */
  createScheduleItem(
    caller: Caller,
    command: CreateItemCommand,
  ): Promise<Result<ItemWriteResult, "invalid_request" | "not_found" | "version_conflict">>;
  /** Sets the given fields of a unit's item (named by its key); +1 version. */
  updateScheduleItem(
    caller: Caller,
    command: UpdateItemCommand,
  ): Promise<Result<ItemWriteResult, "invalid_request" | "not_found" | "version_conflict">>;
  /** Removes a unit's item; +1 version. */
  deleteScheduleItem(caller: Caller, command: DeleteItemCommand): Promise<Result<{ unit: Unit }, "not_found" | "version_conflict">>;
  /** A new message template of the caller's org; its body's placeholders are checked. */
  createTemplate(caller: Caller, command: CreateTemplateCommand): Promise<Result<Template, "invalid_request">>;
  /** Sets the given fields of a template (`precondition_failed` when `ifMatch` refuses it as it is). */
  updateTemplate(
    caller: Caller,
    command: UpdateTemplateCommand,
  ): Promise<Result<Template, "invalid_request" | "not_found" | "precondition_failed">>;
  /** Deletes a template; one that a scheduled message still to be sent names is a `conflict`. */
  deleteTemplate(caller: Caller, command: DeleteTemplateCommand): Promise<Result<null, "not_found" | "precondition_failed" | "conflict">>;
  /** A message template of the caller's org; a foreign one is `not_found`. */
  getTemplate(caller: Caller, templateId: string): Promise<Result<Template, "not_found">>;
  /** The caller's org's templates by sortOrder, then id, a page at a time. */
  listTemplates(caller: Caller, query: PageQuery): Promise<Result<{ templates: Template[]; nextCursor: string | null }, "invalid_cursor">>;
  /** The caller's org's active locks, newest first (createdAt, then lockId, descending), a page at a time. */
  listLocks(caller: Caller, query: PageQuery): Promise<Result<{ locks: Lock[]; nextCursor: string | null }, "invalid_cursor">>;
  /** An active lock of the caller's org; an inactive or foreign one is `not_found`. */
  getLock(caller: Caller, lockId: string): Promise<Result<Lock, "not_found">>;
  /**
   * The lock's live state from its provider (answers reused 2 s, concurrent reads share a call); `unavailable` (with `providerFailure`: the provider and what happened)
   * when the provider failed or did not answer in time.
   */
  getLockState(caller: Caller, lockId: string): Promise<Result<LockState, "not_found" | "unavailable">>;
  /** The caller's org's events, newest first (createdAt, then id, descending), of one type when `type` is given. */
  listEvents(caller: Caller, query: EventQuery): Promise<Result<{ events: LintelEvent[]; nextCursor: string | null }, "invalid_cursor">>;
  /** An event of the caller's org; a foreign or expired one is `not_found`. */
  getEvent(caller: Caller, eventId: string): Promise<Result<LintelEvent, "not_found">>;
  /**
   * A new enabled webhook endpoint of the caller's org, with its secret (shown only here). The
   * url must be https (unless private destinations are allowed) and not resolve to a private
   * address; at most 16 endpoints per org.
   */
  createWebhookEndpoint(caller: Caller, command: CreateWebhookEndpointCommand): Promise<Result<CreatedWebhookEndpoint, "invalid_request">>;
  /** The caller's org's webhook endpoints, newest first. */
  listWebhookEndpoints(
    caller: Caller,
    query: PageQuery,
  ): Promise<Result<{ webhookEndpoints: WebhookEndpointRecord[]; nextCursor: string | null }, "invalid_cursor">>;
  /** A webhook endpoint of the caller's org. */
  getWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<WebhookEndpointRecord, "not_found">>;
  /** Deletes a webhook endpoint of the caller's org: nothing more is delivered to it. */
  deleteWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<null, "not_found">>;
  /** Enables a webhook endpoint again: it receives the events created from then on. */
  enableWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<WebhookEndpointRecord, "not_found">>;
  /** A webhook endpoint's deliveries, newest first; an unknown or foreign endpoint is `not_found`. */
  listDeliveries(
    caller: Caller,
    query: DeliveryQuery,
  ): Promise<Result<{ deliveries: DeliveryRecord[]; nextCursor: string | null }, "not_found" | "invalid_cursor">>;
  /**
   * Changes a webhook endpoint's url, event types or description (each by create's rules);
   * deliveries already pending go to the new url.
   */
  updateWebhookEndpoint(
    caller: Caller,
    endpointId: string,
    command: UpdateWebhookEndpointCommand,
  ): Promise<Result<WebhookEndpointRecord, "invalid_request" | "not_found">>;
  /** A new secret for the endpoint (shown only here); for 24 h every delivery is signed with it and with the old one. */
  rotateWebhookEndpointSecret(caller: Caller, endpointId: string): Promise<Result<RotatedWebhookSecret, "not_found">>;
  /** Attempts a failed or delivered delivery again now (same webhook-id), then on the retry schedule from its start. */
  retryDelivery(caller: Caller, endpointId: string, deliveryId: string): Promise<Result<DeliveryRecord, "not_found" | "conflict">>;
  /** Retries every failed delivery of the endpoint whose event is newer than `since` (at most 30 days back); answers how many. */
  recoverDeliveries(
    caller: Caller,
    endpointId: string,
    since: string,
  ): Promise<Result<{ deliveries: number }, "invalid_request" | "not_found" | "conflict">>;
  /** Delivers a `webhook_endpoint.test` event to the endpoint, whatever its event types; it is not in `/v1/events`. */
  sendTestWebhook(caller: Caller, endpointId: string): Promise<Result<DeliveryRecord, "not_found" | "conflict">>;
  /** True when the store answers (`/readyz`). */
  ready(): Promise<boolean>;
  /**
   * Loads a fixture (`parseFixture`'s data) into the store, adding only what it lacks: codes get
   * their PIN sealed (one made when the fixture has none) and go to their locks like any other.
   */
  loadFixture(data: FixtureData): Promise<FixtureLoadReport>;
  /**
   * A lock provider's word on a code it holds (from its webhook): the code becomes `set` or
   * `failed` unless a change of it is still on its way. Answers how many codes changed.
   */
  reportAccessCode(report: AccessCodeReport): Promise<number>;
  /** The live lock states this Lintel reads through (a provider's webhook refreshes a lock with it). */
  readonly lockStates: LockStateReader;
  /**
   * Stops the Lintel's background work (webhook delivery, codes to locks): attempts in flight get `graceMs`
   * (default 0) to finish, the rest are made again later (by another instance, or after a restart).
   */
  close(graceMs?: number): Promise<void>;
  /**
   * Seals every stored webhook secret and every code's PIN (in the code and in its lock work)
   * under the first data key: those a store holds plain (written before data keys) and those
   * sealed under an older key. Each must open first: one sealed under a key not given rejects
   * with `DataKeyError` and nothing is changed. Run after putting a new key first in DATA_KEYS;
   * then the old key can go. Answers how many records changed (endpoints, codes, work records).
   */
  resealSecrets(): Promise<number>;
}
