/**
 * The Lintel API as the HTTP adapter (or an embedder) calls it: one operation per use case, each
 * for an admitted caller, with the problem codes it can answer. `createLintel` (create-lintel.js)
 * builds it.
 */
import type { Admission, AdmissionOutcome, AdmissionRequest, Caller } from "./admission/admission.js";
import type { IdempotentOutcome } from "./admission/idempotency.js";
import type { AccessCodeReport } from "./lock-codes/lock-code-reports.js";
import type { LockReads } from "./locks/lock-reads.js";
import type { LockWrites } from "./locks/lock-writes.js";
import type { LockStateReader } from "./locks/lock-state-reader.js";
import type { FixtureData, FixtureLoadReport } from "./ports/ports.js";
import type { Result } from "./common/problem.js";
import type { TemplateReads } from "./templates/template-reads.js";
import type { TemplateRenders } from "./templates/template-render.js";
import type { TemplateWrites } from "./templates/template-writes.js";
import type { ScheduleWrites } from "./units/schedule-writes.js";
import type { TimezoneChanges } from "./units/timezone-change.js";
import type { UnitReads } from "./units/unit-reads.js";
import type { WebhookOperations } from "./webhooks/webhook-operations.js";
import type { WebhookUseCases } from "./webhooks/webhook-use-cases.js";
import type { TourReads } from "./tours/tour-reads.js";
import type { TourWrites } from "./tours/tour-writes.js";
import type { UnlockReport } from "./tours/tour-commands.js";
import type { ShowingRulesUseCases } from "./units/showing-rules.js";

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

// The capabilities a Lintel extends (adapters.js names them); their commands and results are
// exported by index.js from where they are declared, beside their use cases.
export type { WebhookUseCases } from "./webhooks/webhook-use-cases.js";
export type { WebhookOperations } from "./webhooks/webhook-operations.js";
export type { LockReads } from "./locks/lock-reads.js";
export type { LockWrites } from "./locks/lock-writes.js";
export type { TemplateReads } from "./templates/template-reads.js";
export type { TemplateWrites } from "./templates/template-writes.js";
export type { TemplateRenders } from "./templates/template-render.js";
export type { ScheduleWrites } from "./units/schedule-writes.js";
export type { TimezoneChanges } from "./units/timezone-change.js";
export type { UnitReads } from "./units/unit-reads.js";
export type { TourReads } from "./tours/tour-reads.js";
export type { ShowingRulesUseCases } from "./units/showing-rules.js";
export type { TourWrites } from "./tours/tour-writes.js";

/**
 * The operations of the API, each for an admitted caller, with the problem codes it can answer:
 * each capability's operations are declared once, beside their use cases (`UnitReads`,
 * `ScheduleWrites`, …), and the Lintel is all of them with what runs around a request.
 */
export interface Lintel
  extends
    UnitReads,
    TimezoneChanges,
    ScheduleWrites,
    TemplateReads,
    TemplateWrites,
    TemplateRenders,
    LockReads,
    LockWrites,
    WebhookUseCases,
    WebhookOperations,
    TourReads,
    TourWrites,
    ShowingRulesUseCases {
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
  /**
   * A lock provider's word that a door opened with a code (from its webhook): the tour whose code
   * it is, when the instant is in its access window, is checked in. Answers how many tours were.
   */
  reportUnlock(report: UnlockReport): Promise<number>;
  /** The live lock states this Lintel reads through (a provider's webhook refreshes a lock with it). */
  readonly lockStates: LockStateReader;
  /**
   * Stops the Lintel's background work (webhook delivery, codes to locks, tours' timed transitions): attempts in flight get `graceMs`
   * (default 0) to finish, the rest are made again later (by another instance, or after a restart).
   */
  close(graceMs?: number): Promise<void>;
  /**
   * Seals every stored webhook secret, every code's PIN (in the code and in its lock work) and every tour prospect's email and phone
   * under the first data key: those a store holds plain (written before data keys) and those
   * sealed under an older key. Each must open first: one sealed under a key not given rejects
   * with `DataKeyError` and nothing is changed. Run after putting a new key first in DATA_KEYS;
   * then the old key can go. Answers how many records changed (endpoints, codes, work records).
   */
  resealSecrets(): Promise<number>;
}
