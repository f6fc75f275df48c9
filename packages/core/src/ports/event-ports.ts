/**
 * The ports of events and webhooks. The store is the delivery engine: an event is
 * stored with one pending delivery per enabled endpoint of its org whose `eventTypes` want it,
 * in the same atomic step as the change it describes (a crash right after the change loses
 * nothing); due attempts are leased, so one instance at a time makes an attempt and a dead
 * instance's lease runs out for another to take over. Nothing is queued in process memory
 * that a crash could lose. Each port has a contract suite in `@lintel/testkit` that the memory
 * store, Redis and the Redis cluster run.
 */
import type {
  DeliverableEvent,
  DeliveryRecord,
  EventType,
  EventTypeFilter,
  LintelEvent,
  ObservedLockState,
  PinRules,
  WebhookEndpointRecord,
  WebhookTestEvent,
} from "@lintel/domain/adapters";

/** How a failed attempt rests its endpoint's lane (the core decides it; {@link AttemptOutcome.rest}). */
export interface LaneRest {
  /** From the attempt's end to the lane's next attempt, ms. */
  readonly ms: number;
  /** The expected time between the lane's later attempts, ms (the lane's pace). */
  readonly paceMs: number;
}

/** Events of an org, newest first, kept 30 days (`EVENT_RETENTION_MS`; older ones are dropped as new ones arrive). */
export interface EventLog {
  /**
   * The org's events (only those of `type` when given), newest first (createdAt desc, id desc),
   * starting after the row whose `newestFirstPosition` is `after` (from the newest when null),
   * at most `limit`. O(log n + limit).
   */
  list(orgId: string, type: EventType | null, after: string | null, limit: number): Promise<LintelEvent[]>;
  /** The org's event with this id, or null (unknown, expired, or another org's). */
  get(orgId: string, eventId: string): Promise<LintelEvent | null>;
}

/** A lock's observation as {@link LockObservations} keeps it: the compared part and when the provider answered. */
export interface LockObservation extends ObservedLockState {
  /** The provider answer's `fetchedAt`, as `isoInstant` writes it (so string order is time order). */
  readonly fetchedAt: string;
  /**
   * The device's code rules as that answer listed them (a booking draws its PIN under them);
   * absent when the provider lists none (the simulator). Kept with the observation, not compared.
   */
  readonly codeRules?: PinRules | undefined;
  /**
   * The tags (`DataCipher.pinTag`, under the first data key) of the PINs of the device's codes
   * ahead that Lintel did not place, as the code rules learner last listed them (a booking draws
   * no PIN among them); absent when never listed. Kept with the observation, not compared; a read
   * that lists no codes keeps the stored ones.
   */
  readonly outsideTags?: readonly string[] | undefined;
}

/** What {@link LockObservations.swap} found. */
export type ObservationSwap =
  /** The stored observation was `expected`; it is now the new one (and the event, if any, is stored). */
  | { readonly swapped: true }
  /**
   * Nothing was written: another observation got there first, or the stored one was fetched no
   * earlier than `next`. `current` is what is stored now.
   */
  | { readonly swapped: false; readonly current: LockObservation | null };

/** The last observed state of each lock (`lock.state_changed`), shared by every instance. */
export interface LockObservations {
  /** The last state observed for the org's lock, or null when none was. */
  last(orgId: string, lockId: string): Promise<LockObservation | null>;
  /**
   * Compare-and-set: when the stored observation equals `expected` (null: none stored; all four
   * fields compared, `codeRules` not) and was fetched before `next` (none stored counts as before), store `next`
   * and, when `event` is given, store the event with its deliveries, in one atomic step. An
   * answer that arrives late (fetched no later than the stored one) never overwrites a newer one.
   */
  swap(
    orgId: string,
    lockId: string,
    expected: LockObservation | null,
    next: LockObservation,
    event: LintelEvent | null,
  ): Promise<ObservationSwap>;
}

/** One attempt an instance holds a lease on: everything it needs to make it. */
export interface LeasedAttempt {
  /**
   * The delivery as the lease left it: this attempt already counted in `attempts` (1 for the
   * first) and `lastAttemptAt` the lease's time (see {@link WebhookStore.lease}).
   */
  readonly delivery: DeliveryRecord;
  readonly event: DeliverableEvent;
  /** The endpoint as it is now (with its secret, to sign; its url, checked again before sending). */
  readonly endpoint: WebhookEndpointRecord;
  /** Proves the lease in {@link WebhookStore.finish}; a lease taken over by another instance no longer finishes. */
  readonly lease: string;
  /** The endpoint's attempts failed in a row as the lease found them (its lane, webhook-lanes.js); absent: none. */
  readonly laneFailures?: number | undefined;
}

/** What an attempt came to, as the core decided from the answer (or its absence). */
export interface AttemptOutcome {
  /** When the attempt was made. */
  readonly at: string;
  /** The HTTP status answered, or null (timeout, connection error, refused destination). */
  readonly responseStatus: number | null;
  /** Null when delivered; else what went wrong, e.g. `HTTP 500`, `timed out after 15 s`, `connection refused`. */
  readonly error: string | null;
  /**
   * - `delivered`: a 2xx; the endpoint's `failingSince` is cleared.
   * - `retry`: try again at `nextAttemptAt`; `failingSince` is set when null.
   * - `failed`: the schedule is spent; `failingSince` is set when null.
   * - `gone`: a 410; the endpoint is disabled (`gone`) and all its pending deliveries fail.
   * - `failing`: the endpoint has failed for 5 days; it is disabled (`failing`) and its pending deliveries fail.
   */
  readonly result:
    | { readonly kind: "delivered" }
    | { readonly kind: "retry"; readonly nextAttemptAt: string }
    | { readonly kind: "failed" }
    | { readonly kind: "gone" }
    | { readonly kind: "failing" };
  /**
   * True when nothing went out: the endpoint was disabled before the attempt was sent, so the
   * attempt the lease counted is taken back. Absent or false: the request was sent, or may have been.
   */
  readonly unsent?: boolean | undefined;
  /** On a failure (`retry`, `failed`): how the endpoint's lane rests (webhook-lanes.js); any other outcome, or none, ends it. */
  readonly rest?: LaneRest | undefined;
}

/** What `create` refuses. */
export type CreateEndpointOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: "limit" };

/** What `update` changes: each field given replaces the endpoint's. */
export interface EndpointPatch {
  readonly url?: string | undefined;
  readonly eventTypes?: readonly EventTypeFilter[] | undefined;
  readonly description?: string | null | undefined;
}

/** What `retry` did: the delivery queued again, or why not. */
export type RetryOutcome =
  | { readonly ok: true; readonly delivery: DeliveryRecord }
  /** `not_found`: no such delivery of this endpoint of the org; `pending`: it is still being attempted. */
  | { readonly ok: false; readonly reason: "not_found" | "pending" };

/** One page of `recoverPage`: how many failed deliveries it queued, and where the next page starts (null: done). */
export interface RecoverPage {
  readonly queued: number;
  readonly next: string | null;
}

/**
 * What the caller of {@link WebhookStore.lease} can take, so that one org never holds the slots
 * another org's deliveries need (fair delivery, leased-worker.js).
 */
export interface LeaseShare {
  /** How many attempts of the org the caller takes at most (0: none). */
  roomOf(orgId: string): number;
  /** The org's endpoints the caller takes nothing of now: one in flight here, or resting after failures. */
  skipOf(orgId: string): readonly string[];
}

/** Webhook endpoints, their deliveries, and the due attempts of every org. */
export interface WebhookStore {
  /** Stores a new endpoint unless its org already has `maxPerOrg` (deleted ones don't count). */
  create(endpoint: WebhookEndpointRecord, maxPerOrg: number): Promise<CreateEndpointOutcome>;
  /** The org's endpoints newest first (createdAt desc, id desc) after `after` (a `newestFirstPosition`), at most `limit`. */
  list(orgId: string, after: string | null, limit: number): Promise<WebhookEndpointRecord[]>;
  /** The org's endpoint, or null. */
  get(orgId: string, endpointId: string): Promise<WebhookEndpointRecord | null>;
  /**
   * Deletes the endpoint and fails its pending deliveries (nothing more is sent to it; their
   * records stay listed by `deliveries` until they age out); false when unknown.
   */
  delete(orgId: string, endpointId: string): Promise<boolean>;
  /**
   * Enables a disabled endpoint (status `enabled`, no reason, `failingSince` null); an enabled one
   * is answered unchanged (its `failingSince` stays); null when unknown.
   */
  enable(orgId: string, endpointId: string): Promise<WebhookEndpointRecord | null>;
  /** Replaces the fields of `patch` given (the rest stay: status, secret, failingSince); null when unknown. */
  update(orgId: string, endpointId: string, patch: EndpointPatch): Promise<WebhookEndpointRecord | null>;
  /**
   * Makes `secret` the endpoint's secret; the one it replaces becomes `previousSecret`, signing
   * too until `previousExpiresAt`, and the previous one moves to the front of `earlierSecrets`
   * (at most `EARLIER_SECRETS_KEPT`, the oldest dropped), each signing until its own expiry;
   * null when unknown.
   */
  rotateSecret(orgId: string, endpointId: string, secret: string, previousExpiresAt: string): Promise<WebhookEndpointRecord | null>;
  /**
   * Rewrites every stored endpoint secret (and previous secret) of every org this store serves
   * as `reseal` says (null: leave it), each endpoint in one atomic step that applies only while
   * its secrets are still the ones read (a rotation meanwhile wins); answers how many endpoints
   * changed. What re-sealing secrets under a new first data key (or sealing a store's plain
   * ones) runs on.
   */
  resealSecrets(reseal: (secret: string) => string | null): Promise<number>;
  /**
   * Queues a settled (failed or delivered) delivery of the endpoint again: pending, 0 attempts,
   * due at `atMs` (the schedule starts over); a pending one is left as it is.
   */
  retry(orgId: string, endpointId: string, deliveryId: string, atMs: number): Promise<RetryOutcome>;
  /**
   * Queues, newest first, the endpoint's `failed` deliveries whose event was created at `since`
   * or later, at most `limit` deliveries looked at in one call (one script on Redis): those
   * after `after` (a `newestFirstPosition`; null: from the newest). Each is retried as by `retry`.
   */
  recoverPage(orgId: string, endpointId: string, since: string, after: string | null, limit: number, atMs: number): Promise<RecoverPage>;
  /**
   * Stores `event` (a test event, never in the EventLog) with one pending delivery, due at once,
   * to the endpoint it names, whatever its event types (its id derived as for any event); null
   * (nothing stored) when the endpoint is unknown.
   */
  sendTest(event: WebhookTestEvent): Promise<DeliveryRecord | null>;
  /** The endpoint's deliveries newest first (createdAt desc, id desc) after `after`, at most `limit`; empty for a foreign endpoint. */
  deliveries(orgId: string, endpointId: string, after: string | null, limit: number): Promise<DeliveryRecord[]>;
  /**
   * Leases up to `max` pending attempts due at `nowMs` (any org the store serves: on Redis, the
   * orgs of its delivery group) for `leaseMs`: no other call gets one of them until its lease
   * runs out or it is finished. Each lease is a fresh token. A due delivery whose event aged out
   * or whose endpoint is gone is failed instead.
   *
   * A lease counts an attempt, in the same atomic step: the delivery's `attempts` goes up by one
   * and its `lastAttemptAt` becomes `nowMs`, and the attempt returned carries the delivery so.
   * `attempts` counts the requests that went out or may have gone out: an instance that sent the
   * request and died before `finish` leaves its attempt counted, and the lease that takes the
   * delivery over when it ran out counts another (the receiver may have got two). An attempt cut
   * short by shutdown, its lease left to run out, counts too (it may have been sent). Only an
   * outcome marked `unsent` (nothing went out: the endpoint was disabled) takes the count back.
   *
   * Orgs are served in turn: every org with due attempts gets one before any gets a second
   * (which orgs, when there are more than `max`, changes from call to call). With `share`, at
   * most `share.roomOf(org)` of an org, at most one attempt per endpoint, and none of the
   * endpoints `share.skipOf(org)` names.
   * A failing endpoint's lane (an outcome's `rest`) holds for every caller: none of its deliveries
   * before the rest's end, then one (nextAttemptAt, then id), held until finished or its lease ends.
   */
  lease(nowMs: number, leaseMs: number, max: number, share?: LeaseShare): Promise<LeasedAttempt[]>;
  /**
   * Records an attempt's outcome (the attempt is already counted by the lease: `finish` adds none,
   * and takes it back when the outcome is `unsent`); false (nothing written) when the lease was
   * lost. A `gone` or `failing` outcome voids the leases of the endpoint's other pending deliveries
   * (they fail): their `finish` returns false. `event`, when
   * given (`webhook_delivery.failed` with a `failed` outcome, `webhook_endpoint.disabled` with
   * `gone` or `failing`), is stored in the same atomic step with its deliveries to the org's
   * other endpoints that want it; a `webhook_endpoint.disabled` only when the endpoint was
   * enabled until this outcome, and none when the endpoint is gone.
   */
  finish(attempt: LeasedAttempt, outcome: AttemptOutcome, event?: LintelEvent | null): Promise<boolean>;
  /**
   * When the endpoint's lane takes each of these pending deliveries at `nowMs` if it keeps failing
   * (ms; `pacedTimes` over its waiting ones as a lease takes them); a sound endpoint's, one in
   * flight and unknown ids are not answered.
   */
  pacedAttempts(orgId: string, endpointId: string, deliveryIds: readonly string[], nowMs: number): Promise<ReadonlyMap<string, number>>;
  /**
   * For metrics: pending deliveries, the earliest time (ms) one of them is due (null when none;
   * a leased one counts from its lease's end), and `dropped`, how many pending deliveries this
   * store has thrown away unsettled, younger than the retention, since it started (a running
   * total: the memory store's per-endpoint cap; always 0 on Redis).
   */
  pending(): Promise<{ readonly count: number; readonly oldestDueMs: number | null; readonly dropped: number }>;
}
