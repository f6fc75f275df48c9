/**
 * The webhook dispatcher (SPEC 5.10): a loop that leases due attempts from the store (any org),
 * signs and sends each through the {@link WebhookSender}, decides the outcome and records it.
 * The store is the engine: a lease keeps other instances off an attempt for `leaseMs`, so the
 * attempts of an instance that died are taken over once their leases run out; nothing waits in
 * this process's memory that a crash could lose.
 *
 * One attempt per endpoint at a time: a receiver that never answers holds one slot (for the
 * sender's 15 s), never all of them, so it cannot slow the deliveries of other endpoints and
 * orgs. A leased attempt whose endpoint already has one in flight waits in memory, under its
 * lease, and is made when that one ends if its lease still covers a whole attempt; else (or
 * past `concurrency * 4` waiting) it is not made here and comes back to a lease when its lease
 * runs out (the store's `finish` always counts an attempt, so it cannot be handed back sooner).
 */
import { isoInstant, nextAttemptDelayMs, signWebhook, type DataCipher } from "@lintel/domain";
import type { AttemptOutcome, LeasedAttempt, WebhookStore } from "./event-ports.js";
import { eventBody } from "./event-view.js";
import { followUpEvent } from "./webhook-follow-up.js";
import type { Clock } from "./ports.js";
import type { WebhookResponse, WebhookSender } from "./webhook-sender.js";

/** How long an attempt is leased: a dead instance's attempts are taken over within this and one poll. */
export const WEBHOOK_LEASE_MS = 20_000;
/** An endpoint whose deliveries kept failing this long, with none delivered, is disabled (`failing`). */
export const WEBHOOK_FAILING_AFTER_MS = 5 * 24 * 3_600_000;

/** What one attempt came to, for the log line and the metrics (never the secret nor the body). */
export interface AttemptReport {
  readonly endpointId: string;
  readonly eventId: string;
  readonly deliveryId: string;
  /** 1 for the first attempt of the delivery. */
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
  /** The longest an attempt takes (the sender's bound), ms: a waiting attempt starts only while its lease covers this. Default 15,000. */
  readonly maxAttemptMs?: number | undefined;
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

/** The outcome of an attempt at `nowMs` that got `response`, by SPEC 5.10's rules. */
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
  const delay = nextAttemptDelayMs(attempt.delivery.attempts + 1, retryScheduleSeconds, random, retryAfter);
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
  const previous = attempt.endpoint.previousSecret;
  const signatures = [signWebhook(message, open(attempt.endpoint.secret))];
  if (previous !== undefined && Date.parse(previous.expiresAt) > nowMs) signatures.push(signWebhook(message, open(previous.secret)));
  return {
    "content-type": "application/json",
    "user-agent": "Lintel-Webhooks/1",
    "webhook-id": attempt.event.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.join(" "),
  };
}

/** A dispatcher over the store's due attempts. */
export function createWebhookDispatcher(
  ports: {
    readonly webhooks: WebhookStore;
    readonly sender: WebhookSender;
    readonly clock: Clock;
    /** Opens the endpoints' secrets, kept sealed at rest; absent: they are kept plain. */
    readonly secrets?: DataCipher | undefined;
  },
  options: WebhookDispatcherOptions,
): WebhookDispatcher {
  const { webhooks, sender, clock } = ports;
  const openSecret = (secret: string) => ports.secrets?.open(secret) ?? secret;
  const leaseMs = options.leaseMs ?? WEBHOOK_LEASE_MS;
  const pollMs = options.pollMs ?? 400;
  const concurrency = options.concurrency ?? 16;
  const maxAttemptMs = options.maxAttemptMs ?? 15_000;
  const maxWaiting = concurrency * 4;
  const pendingEveryMs = options.pendingEveryMs ?? 5_000;
  const random = options.random ?? Math.random;
  const observer = options.observer;
  /** A store call failed since the last poll that succeeded. */
  let failing = false;
  const failed = (error: unknown) => {
    failing = true;
    observer?.failed(error);
  };
  const inFlight = new Set<Promise<void>>();
  /** Endpoints with an attempt in flight, and the leased attempts (with their lease's end, ms) waiting for it. */
  const busy = new Map<string, { leased: LeasedAttempt; leaseEndMs: number }[]>();
  let waiting = 0;
  const aborts = new AbortController();
  let running = false;
  let loop: Promise<void> | undefined;
  let nudge: (() => void) | undefined;
  let woken = false;
  let countedAt = -Infinity;

  const wake = () => {
    woken = true;
    nudge?.();
  };

  /** Waits for the next poll, a wake-up, or a free slot. */
  function pause(): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      // The poll alone never keeps a process alive (an embedding script exits when its work is
      // done); attempts in flight, sockets of their own, do until they end.
      const timer = setTimeout(done, pollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        nudge = undefined;
        woken = false;
        resolve();
      }
      nudge = done;
    });
  }

  async function attempt(leased: LeasedAttempt): Promise<void> {
    const started = performance.now();
    const { delivery, endpoint, event } = leased;
    let outcome: AttemptOutcome;
    if (endpoint.status !== "enabled") {
      // Not attempted, so not a failure of the receiver: `failed` would start its failingSince.
      // Recording the disablement the lease saw (gone or failing) fails the delivery and leaves
      // failingSince alone; the port has no "fail this delivery only" outcome.
      const kind = endpoint.disabledReason ?? "gone";
      outcome = { at: isoInstant(clock.now()), responseStatus: null, error: "endpoint disabled", result: { kind } };
    } else {
      const body = eventBody(event);
      const response = await sender.send({
        url: endpoint.url,
        headers: webhookHeaders(leased, body, clock.now(), openSecret),
        body,
        signal: aborts.signal,
      });
      // Cut short by shutdown: not the receiver's failure. The lease runs out and the attempt is made again.
      if (aborts.signal.aborted) return;
      outcome = decideAttempt(leased, response, clock.now(), options.retryScheduleSeconds, random);
    }
    const emitted = followUpEvent(leased, outcome);
    const kept = await webhooks.finish(leased, outcome, emitted);
    if (kept && emitted !== null) wake(); // its deliveries are due now
    observer?.attempted({
      endpointId: endpoint.id,
      eventId: event.id,
      deliveryId: delivery.id,
      attempt: delivery.attempts + 1,
      status: outcome.responseStatus,
      outcome: kept ? outcome.result.kind : "lease_lost",
      error: outcome.error,
      ms: Math.round(performance.now() - started),
    });
  }

  /** Makes `leased` now, or has it wait for its endpoint's attempt in flight (or leaves it to its lease's end). */
  function take(leased: LeasedAttempt, leaseEndMs: number): void {
    const queue = busy.get(leased.endpoint.id);
    if (queue === undefined) {
      busy.set(leased.endpoint.id, []);
      track(leased);
    } else if (waiting < maxWaiting) {
      queue.push({ leased, leaseEndMs });
      waiting += 1;
    } // else: not made here; its lease runs out and a later lease takes it
  }

  /** The endpoint's attempt ended: the next waiting one whose lease still covers an attempt goes, the others are left to their leases. */
  function next(endpointId: string): void {
    const queue = busy.get(endpointId) ?? [];
    for (let one = queue.shift(); one !== undefined; one = queue.shift()) {
      waiting -= 1;
      if (running && one.leaseEndMs - clock.now() > maxAttemptMs) return track(one.leased);
    }
    busy.delete(endpointId);
  }

  function track(leased: LeasedAttempt): void {
    const made = attempt(leased)
      .catch(failed)
      .finally(() => {
        inFlight.delete(made);
        next(leased.endpoint.id);
        nudge?.(); // a slot is free
      });
    inFlight.add(made);
  }

  async function countPending(): Promise<void> {
    if (observer === undefined || clock.now() - countedAt < pendingEveryMs) return;
    countedAt = clock.now();
    const { count, oldestDueMs, dropped } = await webhooks.pending();
    observer.pending(count, oldestDueMs === null ? null : Math.max(0, clock.now() - oldestDueMs), dropped);
  }

  /** Leaves to their leases' end the waiting attempts whose lease no longer covers an attempt, so they hold no room here. */
  function sweep(): void {
    const now = clock.now();
    for (const queue of busy.values()) {
      for (let i = queue.length - 1; i >= 0; i--) {
        if ((queue[i]?.leaseEndMs ?? 0) - now <= maxAttemptMs) {
          queue.splice(i, 1);
          waiting -= 1;
        }
      }
    }
  }

  async function run(): Promise<void> {
    while (running) {
      sweep();
      // Never more leased than can be held: an attempt leased past the waiting room would sit out its lease (20 s).
      const free = Math.min(concurrency - inFlight.size, maxWaiting - waiting);
      let full = false;
      if (free > 0) {
        try {
          const leasedAt = clock.now();
          const leased = await webhooks.lease(leasedAt, leaseMs, free);
          for (const one of leased) if (running) take(one, leasedAt + leaseMs);
          full = leased.length === free;
          await countPending();
          if (failing) observer?.recovered?.();
          failing = false;
        } catch (error) {
          failed(error);
        }
      }
      if (!running) break;
      // A full lease may leave more due: look again at once while there is room.
      if (!(full && inFlight.size < concurrency && waiting < maxWaiting)) await pause();
    }
  }

  return {
    start() {
      if (running || loop !== undefined) return;
      running = true;
      loop = run();
    },
    wake,
    async stop(graceMs) {
      running = false;
      nudge?.();
      await loop;
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
        await Promise.race([Promise.all(inFlight), grace]);
        clearTimeout(timer);
      }
      aborts.abort();
      await Promise.all(inFlight);
    },
  };
}
