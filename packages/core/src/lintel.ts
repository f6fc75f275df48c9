/**
 * The Lintel use cases, framework-free: what one /v1 request may do once the HTTP adapter has
 * parsed it. Built from ports (stores, lock provider, clock) and options (cursor codec, budgets).
 */
import { lockPosition, templatePosition } from "@lintel/domain/adapters";
import type {
  CursorCodec,
  DeliveryRecord,
  LintelEvent,
  Lock,
  LockState,
  RatePolicy,
  Template,
  TimezonePreview,
  Unit,
  WebhookEndpointRecord,
} from "@lintel/domain";
import type { EventLog, LockObservations, WebhookStore } from "./event-ports.js";
import { createAdmission, type AdmissionOutcome, type AdmissionRequest, type Caller } from "./admission.js";
import { createIdempotency, type IdempotentOutcome } from "./idempotency.js";
import type { LockStateReader } from "./lock-state-reader.js";
import { readPage, type PageQuery } from "./paging-use-case.js";
import type { ApiKeyStore, Clock, Health, IdempotencyStore, LockDirectory, RequestBudget, TemplateStore, UnitStore } from "./ports.js";
import { fail, notFound, succeed, type Result } from "./problem.js";
import { ProviderUnavailableError } from "./provider-failure.js";
import { racedStores, requestScope, startStoreDeadline, type RequestStores, type StoreRace } from "./request-stores.js";
import {
  createTimezoneChange,
  setTimeZoneFingerprint,
  type PreviewQuery,
  type SetTimeZoneCommand,
  type SetTimeZoneResult,
} from "./timezone-change.js";
import { createUnitReads, type SchedulePage, type ScheduleQuery } from "./unit-reads.js";
import { NO_WEBHOOK_SENDER, type WebhookSender } from "./webhook-sender.js";
import {
  createWebhookEndpointFingerprint,
  createWebhookUseCases,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointCommand,
  type DeliveryQuery,
  type EventQuery,
} from "./webhook-use-cases.js";

export type { Admission, Caller } from "./admission.js";
export type { Failure, Problem, Result, Success } from "./problem.js";
export type { PreviewQuery, SetTimeZoneCommand, SetTimeZoneResult, ZonePolicy } from "./timezone-change.js";
export type { PageQuery } from "./paging-use-case.js";
export type { SchedulePage, ScheduleQuery } from "./unit-reads.js";
export type { IdempotencyCode, IdempotentOutcome } from "./idempotency.js";
export type { CreatedWebhookEndpoint, CreateWebhookEndpointCommand, DeliveryQuery, EventQuery } from "./webhook-use-cases.js";

/** What makes a request a safe retry (set_timezone, creating a webhook endpoint): its Idempotency-Key, and the id of the request that carries it. */
export interface SetTimeZoneRetry {
  readonly idempotencyKey: string;
  readonly requestId: string;
}

/** Everything the use cases reach outside themselves. */
export interface LintelPorts {
  readonly apiKeys: ApiKeyStore;
  readonly budget: RequestBudget;
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly templates: TemplateStore;
  readonly lockStates: LockStateReader;
  readonly clock: Clock;
  readonly health: Health;
  readonly idempotency: IdempotencyStore;
  /** Events of every org (SPEC 5.10). */
  readonly events: EventLog;
  /** The last observed state of each lock (`lock.state_changed`). */
  readonly observations: LockObservations;
  /** Webhook endpoints and their deliveries. */
  readonly webhooks: WebhookStore;
  /** Judges webhook destinations when an endpoint is created (the dispatcher sends through it too). Default: none, every destination refused. */
  readonly webhookSender?: WebhookSender | undefined;
}

/** The settings of {@link createLintel} (`createLintelWith` fills in the server's defaults). */
export interface LintelOptions {
  readonly cursors: CursorCodec;
  /** The budget of a key whose `rateLimit` is null (the server's default is 600 per 60 s). */
  readonly defaultRateLimit: RatePolicy;
  /** The budget of failed key attempts per client address (the server's default, FAILED_KEY_LIMIT, is 30 per 60 s). */
  readonly failedAuthLimit: RatePolicy;
  /**
   * The store calls of one request share a deadline this many ms after its admission starts
   * (the Redis composition uses 1 s); past it the request is StoreUnavailableError (503). A
   * caller made by hand gets the deadline per operation. Absent: no deadline (the memory store).
   */
  readonly storeDeadlineMs?: number | undefined;
  /** Allow `http://` and private webhook destinations (WEBHOOK_ALLOW_PRIVATE). Default false. */
  readonly webhookAllowPrivate?: boolean | undefined;
  /** Told whenever this instance stored an event (the dispatcher looks for due attempts at once). */
  readonly eventCreated?: (() => void) | undefined;
}

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
  /**
   * {@link Lintel.setTimeZone} as a safe retry (SPEC 5.2): it runs at most once per
   * Idempotency-Key of the caller's API key; a repeat with the same command gets the kept result
   * and the first request's id (`replayed`), another command `idempotency_key_reused`.
   */
  setTimeZoneOnce(
    caller: Caller,
    command: SetTimeZoneCommand,
    retry: SetTimeZoneRetry,
  ): Promise<IdempotentOutcome<Result<SetTimeZoneResult, "invalid_request" | "not_found" | "version_conflict">>>;
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
  /** {@link Lintel.createWebhookEndpoint} as a safe retry: the kept result (with the secret) is answered again. */
  createWebhookEndpointOnce(
    caller: Caller,
    command: CreateWebhookEndpointCommand,
    retry: SetTimeZoneRetry,
  ): Promise<IdempotentOutcome<Result<CreatedWebhookEndpoint, "invalid_request">>>;
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
  /** True when the store answers (`/readyz`). */
  ready(): Promise<boolean>;
}

/** The use cases an HTTP operation runs (everything but admission, the safe retries and readiness). */
export type UseCaseName = Exclude<keyof Lintel, "admit" | "setTimeZoneOnce" | "createWebhookEndpointOnce" | "ready">;

/** The use cases an operation runs, for one caller. */
type UseCases = Pick<Lintel, UseCaseName>;

/** The use cases over `stores`: the stores themselves, or the view of them that obeys each request's deadline. */
function useCasesOver(stores: RequestStores, ports: LintelPorts, options: LintelOptions): UseCases {
  const timezones = createTimezoneChange({ units: stores.units, locks: stores.locks, clock: ports.clock });
  const unitReads = createUnitReads({ units: stores.units, clock: ports.clock }, options.cursors);
  const lockList = { list: "locks", fetch: stores.locks.listActive.bind(stores.locks), positionOf: lockPosition } as const;
  const webhooks = createWebhookUseCases(
    { events: stores.events, webhooks: stores.webhooks, sender: ports.webhookSender ?? NO_WEBHOOK_SENDER, clock: ports.clock },
    options.cursors,
    { allowPrivate: options.webhookAllowPrivate ?? false },
  );
  const eventCreated = options.eventCreated;
  const templateList = {
    list: "templates",
    fetch: stores.templates.list.bind(stores.templates),
    positionOf: templatePosition,
  } as const;

  return {
    previewTimezoneChange: timezones.previewTimezoneChange,
    setTimeZone:
      eventCreated === undefined
        ? timezones.setTimeZone
        : async (caller, command) => {
            const result = await timezones.setTimeZone(caller, command);
            if (result.ok) eventCreated(); // its unit.timezone_changed is stored with it
            return result;
          },
    ...webhooks,
    listUnits: unitReads.listUnits,
    getUnit: unitReads.getUnit,
    listSchedule: unitReads.listSchedule,

    async getTemplate(caller, templateId) {
      const template = await stores.templates.get(caller.orgId, templateId);
      return template === null ? notFound("template", templateId) : succeed(template);
    },

    async listTemplates(caller, query) {
      const page = await readPage(options.cursors, templateList, caller.orgId, query);
      return page.ok ? succeed({ templates: page.value.rows, nextCursor: page.value.nextCursor }) : page;
    },

    async listLocks(caller, query) {
      const page = await readPage(options.cursors, lockList, caller.orgId, query);
      return page.ok ? succeed({ locks: page.value.rows, nextCursor: page.value.nextCursor }) : page;
    },

    async getLock(caller, lockId) {
      const lock = await stores.locks.getActive(caller.orgId, lockId);
      return lock === null ? notFound("lock", lockId) : succeed(lock);
    },

    async getLockState(caller, lockId) {
      const lock = await stores.locks.getActive(caller.orgId, lockId);
      if (lock === null) return notFound("lock", lockId);
      // The provider is not the store: it keeps its own timeout (LOCK_PROVIDER_TIMEOUT_MS).
      try {
        return succeed(await ports.lockStates.read(lock));
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        const { failure } = error;
        // Only the operator can configure a provider: no Retry-After, no "retry" (SPEC 5.7).
        if (failure.reason === "not_configured") return fail("unavailable", error.message, { providerFailure: failure });
        return fail("unavailable", `${error.message} Retry shortly.`, {
          retryAfterSeconds: failure.retryAfterSeconds ?? 1,
          providerFailure: failure,
        });
      }
    },
  };
}

/**
 * Wires the use cases to their ports. With `storeDeadlineMs`, the use cases are built once over
 * views of the stores that obey the deadline of the request running them; a request starts its
 * deadline at admission (or at the operation, for a caller made by hand) and runs within it, so
 * nothing in it can reach a store past the deadline.
 */
export function createLintel(ports: LintelPorts, options: LintelOptions): Lintel {
  const ms = options.storeDeadlineMs;
  const scope = requestScope();
  // No deadline (the memory store never blocks): the use cases reach the ports themselves, at no cost.
  const stores = ms === undefined ? ports : racedStores(ports, scope);
  const admit = createAdmission({ ...ports, apiKeys: stores.apiKeys, budget: stores.budget }, options);
  const useCases = useCasesOver(stores, ports, options);
  const once = createIdempotency(ports.idempotency);
  /** A use case run once per Idempotency-Key of the caller's key, `fingerprint` telling a repeat from another request. */
  const keptOnce =
    <C, R extends Result<unknown>>(fingerprint: (command: C) => string, run: (caller: Caller, command: C) => Promise<R>) =>
    (caller: Caller, command: C, { idempotencyKey, requestId }: SetTimeZoneRetry, within?: StoreRace) =>
      once(caller.keyId, idempotencyKey, { fingerprint: fingerprint(command), requestId }, () => run(caller, command), within);
  const setTimeZoneOnce = keptOnce(setTimeZoneFingerprint, useCases.setTimeZone);
  const createEndpointOnce = keptOnce(createWebhookEndpointFingerprint, useCases.createWebhookEndpoint);
  const ready = async () => {
    try {
      await (ms === undefined ? ports.health.ping() : startStoreDeadline(ms)(() => ports.health.ping()));
      return true;
    } catch {
      return false;
    }
  };
  if (ms === undefined) {
    return { ...useCases, admit, setTimeZoneOnce, createWebhookEndpointOnce: createEndpointOnce, ready };
  }

  /** The deadline of each admitted caller's request. */
  const requests = new WeakMap<Caller, StoreRace>();
  /** The caller's request's deadline; a caller made by hand (an embedder's, a CLI's) gets one per operation. */
  const raceOf = (caller: Caller) => requests.get(caller) ?? startStoreDeadline(ms);
  // Every use case, run within the caller's request: one added to useCasesOver is bound too.
  const bound = Object.fromEntries(
    Object.entries(useCases).map(([name, useCase]) => [
      name,
      (caller: Caller, ...args: unknown[]) =>
        scope.run(raceOf(caller), () => (useCase as (c: Caller, ...a: unknown[]) => unknown)(caller, ...args)),
    ]),
  ) as unknown as UseCases;

  return {
    ...bound,
    async admit(request) {
      const race = startStoreDeadline(ms);
      const outcome = await scope.run(race, () => admit(request));
      const caller = outcome.ok ? outcome.admission.caller : outcome.caller;
      if (caller !== undefined) requests.set(caller, race);
      return outcome;
    },
    setTimeZoneOnce(caller, command, retry) {
      const race = raceOf(caller); // the claim, the change and the bookkeeping share its deadline
      return scope.run(race, () => setTimeZoneOnce(caller, command, retry, race));
    },
    createWebhookEndpointOnce(caller, command, retry) {
      const race = raceOf(caller);
      return scope.run(race, () => createEndpointOnce(caller, command, retry, race));
    },
    ready,
  };
}
