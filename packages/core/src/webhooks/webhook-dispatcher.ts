/**
 * The webhook dispatcher: leases due attempts from the store (any org), signs and
 * sends each through the {@link WebhookSender}, decides the outcome and records it. The store is
 * the engine: a lease keeps other instances off an attempt for `leaseMs`, so the attempts of an
 * instance that died are taken over once their leases run out; nothing waits in this process's
 * memory that a crash could lose.
 *
 * Fair delivery is the {@link createLeasedWorker}'s, with endpoints for lanes and orgs for
 * groups: one attempt per endpoint at a time, at most a quarter of the slots for one org, orgs
 * leased in turn. An endpoint whose attempts keep failing rests as a delivery would after as
 * many failures (at most {@link WEBHOOK_ENDPOINT_REST_MAX_MS}) instead of holding a slot: the
 * rest goes with the outcome and the store keeps it (webhook-lanes.js), so every instance paces
 * the endpoint alike and its deliveries' nextAttemptAt can be served by it. So a receiver that
 * fails, is slow or never answers delays its own endpoint's deliveries only.
 *
 * A `message.due` goes out with its recipient and text opened to an endpoint that names the type
 * (as it is at the attempt), not shown (null) otherwise; the report of an attempt never holds the body.
 */
import { isoInstant, nextAttemptDelayMs, signWebhook, type DataCipher } from "@lintel/domain/adapters";
import type { AttemptOutcome, LaneRest, LeasedAttempt, WebhookStore } from "../ports/event-ports.js";
import { scheduledAttempts } from "./delivery-records.js";
import { eventBody } from "./event-view.js";
import { openedEvent } from "./sealed-events.js";
import { createLeasedWorker, LANE_REST_MAX_MS, laneRestMs } from "../common/leased-worker.js";
import { followUpEvent } from "./webhook-follow-up.js";
import type { Clock } from "../ports/ports.js";
import type { WebhookResponse, WebhookSender } from "./webhook-sender.js";

/** How long an attempt is leased: a dead instance's attempts are taken over within this and one poll. */
export const WEBHOOK_LEASE_MS = 20_000;
/** The longest an endpoint rests after failures in a row: a receiver back up is tried again within this. */
export const WEBHOOK_ENDPOINT_REST_MAX_MS = LANE_REST_MAX_MS;
/** An endpoint whose deliveries kept failing this long, with none delivered, is disabled (`failing`). */
export const WEBHOOK_FAILING_AFTER_MS = 5 * 24 * 3_600_000;

/** What one attempt came to, for the log line and the metrics (never the secret nor the body). */
export interface AttemptReport {
  readonly endpointId: string;
  readonly eventId: string;
  readonly deliveryId: string;
  /** 1 for the first attempt of the delivery (as the lease counted it: a taken-over attempt counts after the lost one). */
  readonly attempt: number;
  readonly status: number | null;
  /** The outcome recorded, or `lease_lost` when another instance had taken the attempt over meanwhile. */
  readonly outcome: AttemptOutcome["result"]["kind"] | "lease_lost";
  readonly error: string | null;
  /** How long the attempt took, in ms. */
  readonly ms: number;
}

/** Hears what the dispatcher does (the server's log and metrics). */
export interface WebhookDispatcherObserver {
  /** After every attempt. */
  attempted(report: AttemptReport): void;
  /**
   * Every few seconds: deliveries pending, how overdue the oldest is (ms; null when none), and
   * the running total of pending deliveries the store dropped unsettled.
   */
  pending(count: number, oldestAgeMs: number | null, dropped: number): void;
  /** A store call of the loop failed (it carries on at the next poll). */
  failed(error: unknown): void;
  /** The first poll of the store that succeeded after a `failed`. */
  recovered?(): void;
}

/** Settings of {@link createWebhookDispatcher}. */
export interface WebhookDispatcherOptions {
  /** Delays between attempts, seconds (WEBHOOK_RETRY_SCHEDULE). */
  readonly retryScheduleSeconds: readonly number[];
  /** Default {@link WEBHOOK_LEASE_MS}. */
  readonly leaseMs?: number | undefined;
  /** How often the store is asked for due attempts, ms. Default 400. */
  readonly pollMs?: number | undefined;
  /** Attempts in flight at most (one per endpoint). Default 16. */
  readonly concurrency?: number | undefined;
  /** Attempts of one org in flight at most. Default a quarter of `concurrency`. */
  readonly perOrg?: number | undefined;
  /** How often pending deliveries are counted for the metrics, ms. Default 5,000. */
  readonly pendingEveryMs?: number | undefined;
  /** The jitter's random source, in [0, 1). Default Math.random. */
  readonly random?: (() => number) | undefined;
  readonly observer?: WebhookDispatcherObserver | undefined;
}

/** A running dispatcher. */
export interface WebhookDispatcher {
  /** Starts the loop (once). */
  start(): void;
  /** Looks for due attempts now rather than at the next poll (this instance just created an event). */
  wake(): void;
  /**
   * Stops leasing, lets the attempts in flight finish for up to `graceMs`, then aborts the rest
   * (their leases run out and another instance, or this one after a restart, makes them again).
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * The outcome of an attempt at `nowMs` that got `response`, by the delivery rules (2xx delivered,
 * 410 gone, else retried on the schedule). `attempt.delivery` is the leased one: its `attempts`
 * counts this attempt, so after the n-th attempt since it was queued (a retry or a recover queues
 * it again) the retry waits the schedule's n-th delay.
 */
export function decideAttempt(
  attempt: Pick<LeasedAttempt, "delivery" | "endpoint">,
  response: WebhookResponse,
  nowMs: number,
  retryScheduleSeconds: readonly number[],
  random: () => number,
): AttemptOutcome {
  const at = isoInstant(nowMs);
  const responseStatus = response.ok ? response.status : null;
  if (response.ok && response.status >= 200 && response.status < 300) {
    return { at, responseStatus, error: null, result: { kind: "delivered" } };
  }
  const error = response.ok ? `HTTP ${response.status}` : response.error;
  if (response.ok && response.status === 410) return { at, responseStatus, error, result: { kind: "gone" } };
  const failingSince = attempt.endpoint.failingSince ?? at;
  if (nowMs - Date.parse(failingSince) >= WEBHOOK_FAILING_AFTER_MS) return { at, responseStatus, error, result: { kind: "failing" } };
  const retryAfter = response.ok && (response.status === 429 || response.status === 503) ? response.retryAfterSeconds : undefined;
  const delay = nextAttemptDelayMs(Math.max(1, scheduledAttempts(attempt.delivery)), retryScheduleSeconds, random, retryAfter);
  if (delay === null) return { at, responseStatus, error, result: { kind: "failed" } };
  return { at, responseStatus, error, result: { kind: "retry", nextAttemptAt: isoInstant(nowMs + delay) } };
}

/**
 * The headers of an attempt at `nowMs`: Standard Webhooks' three, signed with the endpoint's
 * secret and, while a rotation's overlap lasts, with the previous one too (space-separated, the
 * new one first).
 */
export function webhookHeaders(
  attempt: LeasedAttempt,
  body: string,
  nowMs: number,
  open: (secret: string) => string = (secret) => secret,
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  const message = { id: attempt.event.id, timestamp, body };
  const { previousSecret, earlierSecrets = [] } = attempt.endpoint;
  const signatures = [signWebhook(message, open(attempt.endpoint.secret))];
  for (const older of previousSecret === undefined ? earlierSecrets : [previousSecret, ...earlierSecrets]) {
    if (Date.parse(older.expiresAt) > nowMs) signatures.push(signWebhook(message, open(older.secret)));
  }
  return {
    "content-type": "application/json",
    "user-agent": "Lintel-Webhooks/1",
    "webhook-id": attempt.event.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.join(" "),
  };
}

/** How long an endpoint rests after `failures` failures in a row: as a delivery waits after as many, capped (the worker's lane rule). */
export const endpointRestMs = laneRestMs;

/**
 * How the lane of an endpoint that failed `failuresBefore` times in a row rests after one more
 * failed attempt that took `attemptMs`: {@link endpointRestMs} of its failures, and a pace of an
 * attempt as long and the next rest (its jitter taken at its middle).
 */
export function endpointLaneRest(
  failuresBefore: number,
  attemptMs: number,
  retryScheduleSeconds: readonly number[],
  random: () => number,
): LaneRest {
  const ms = endpointRestMs(failuresBefore + 1, retryScheduleSeconds, random);
  return { ms, paceMs: Math.max(0, attemptMs) + endpointRestMs(failuresBefore + 2, retryScheduleSeconds, () => 0.5) };
}

/** A dispatcher over the store's due attempts. */
export function createWebhookDispatcher(
  ports: {
    readonly webhooks: WebhookStore;
    readonly sender: WebhookSender;
    readonly clock: Clock;
    /** Opens the endpoints' secrets and a `message.due`'s recipient and text, kept sealed at rest; absent: they are kept plain. */
    readonly secrets?: DataCipher | undefined;
  },
  options: WebhookDispatcherOptions,
): WebhookDispatcher {
  const { webhooks, sender, clock } = ports;
  const openSecret = (secret: string) => ports.secrets?.open(secret) ?? secret;
  const opener = { open: openSecret };
  const leaseMs = options.leaseMs ?? WEBHOOK_LEASE_MS;
  const pendingEveryMs = options.pendingEveryMs ?? 5_000;
  const random = options.random ?? Math.random;
  const observer = options.observer;
  /** A store call failed since the last lease that succeeded (an outage is logged once when it starts, once when it ends). */
  let failing = false;
  const failed = (error: unknown) => {
    failing = true;
    observer?.failed(error);
  };
  let countedAt = -Infinity;

  /** Makes the attempt; false when the receiver failed it (its endpoint then rests). */
  async function attempt(lease: LeasedAttempt, signal: AbortSignal): Promise<boolean> {
    const started = performance.now();
    // The endpoint as the store has it now, not as leased: a 410 recorded by another attempt
    // since (this instance's or another's) disabled it, and nothing more goes to it. One read.
    // A deleted endpoint counts as gone (its deliveries failed with it, so the finish is void).
    const now = lease.endpoint.status === "enabled" ? await webhooks.get(lease.delivery.orgId, lease.endpoint.id) : lease.endpoint;
    const current: LeasedAttempt["endpoint"] = now ?? { ...lease.endpoint, status: "disabled", disabledReason: "gone" };
    const leased: LeasedAttempt = { ...lease, endpoint: current };
    const { delivery, endpoint, event } = leased;
    let outcome: AttemptOutcome;
    if (endpoint.status !== "enabled") {
      // Not attempted, so not a failure of the receiver: `failed` would start its failingSince.
      // Recording the disablement (gone or failing; a deleted endpoint: gone) fails the delivery,
      // leaves failingSince alone and takes back the attempt the lease counted (`unsent`); the
      // port has no "fail this delivery only" outcome.
      const kind = endpoint.disabledReason ?? "gone";
      outcome = { at: isoInstant(clock.now()), responseStatus: null, error: "endpoint disabled", result: { kind }, unsent: true };
    } else {
      // Only an endpoint that names the type gets what it is named for (a `message.due`'s recipient and text).
      const body = eventBody(openedEvent(event, opener, (endpoint.eventTypes as readonly string[]).includes(event.type)));
      const response = await sender.send({
        url: endpoint.url,
        headers: webhookHeaders(leased, body, clock.now(), openSecret),
        body,
        signal,
      });
      // Cut short by shutdown: not the receiver's failure. The lease runs out and the attempt is
      // made again; this one stays counted (it may have been sent).
      if (signal.aborted) return true;
      const nowMs = clock.now();
      outcome = decideAttempt(leased, response, nowMs, options.retryScheduleSeconds, random);
      if (outcome.result.kind === "retry" || outcome.result.kind === "failed") {
        const attemptMs = nowMs - Date.parse(delivery.lastAttemptAt ?? outcome.at);
        outcome = { ...outcome, rest: endpointLaneRest(lease.laneFailures ?? 0, attemptMs, options.retryScheduleSeconds, random) };
      }
    }
    const emitted = followUpEvent(leased, outcome);
    const kept = await webhooks.finish(leased, outcome, emitted);
    if (kept && emitted !== null) worker.wake(); // its deliveries are due now
    // The endpoint's rest is the store's; this instance looks again as it ends (others at their next poll).
    if (kept && outcome.rest !== undefined) setTimeout(() => worker.wake(), outcome.rest.ms).unref();
    observer?.attempted({
      endpointId: endpoint.id,
      eventId: event.id,
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      status: outcome.responseStatus,
      outcome: kept ? outcome.result.kind : "lease_lost",
      error: outcome.error,
      ms: Math.round(performance.now() - started),
    });
    return outcome.result.kind !== "retry" && outcome.result.kind !== "failed";
  }

  async function countPending(): Promise<void> {
    if (observer === undefined || clock.now() - countedAt < pendingEveryMs) return;
    countedAt = clock.now();
    const { count, oldestDueMs, dropped } = await webhooks.pending();
    observer.pending(count, oldestDueMs === null ? null : Math.max(0, clock.now() - oldestDueMs), dropped);
  }

  const worker = createLeasedWorker<LeasedAttempt>({
    async lease(nowMs, max, share) {
      const leased = await webhooks.lease(nowMs, leaseMs, max, share);
      if (failing) observer?.recovered?.();
      failing = false;
      await countPending().catch(failed);
      return leased;
    },
    run: attempt,
    laneOf: (leased) => leased.endpoint.id,
    groupOf: (leased) => leased.delivery.orgId,
    // Endpoints rest in the store (an outcome's rest), the same for every instance: none here too.
    restMs: () => 0,
    clock,
    concurrency: options.concurrency,
    perGroup: options.perOrg,
    pollMs: options.pollMs,
    failed,
  });
  return worker;
}
