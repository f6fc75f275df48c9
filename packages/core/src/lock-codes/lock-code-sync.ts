/**
 * The lock-code worker: leases due code work from the store (any org), makes it through the
 * {@link LockCodeProgrammer} and records the outcome. It runs on the same fair worker as webhook
 * deliveries ({@link createLeasedWorker}), with locks for lanes and orgs for groups: one attempt
 * per lock at a time here, at most a quarter of the slots for one org, orgs leased in turn, and a
 * lock whose provider keeps failing rests instead of holding a slot. So a provider that hangs
 * for one org's locks delays only that org's codes.
 *
 * An attempt puts the code as its work describes it (`create`, or `update` of the code the
 * provider holds; when the code moved to another device, `remove` there first), or removes it.
 * The provider's 2xx makes the code `set` (`access_code.synced`); a failure is retried after
 * each delay of the retry schedule (up to 10 % longer, a longer `Retry-After` honoured), then the
 * code is `failed` (`access_code.sync_failed`) with the failure's words. A provider that is not
 * configured fails at once: only the operator can fix it.
 */
import {
  DEFAULT_CODE_SYNC_SCHEDULE_SECONDS,
  isoInstant,
  nextAttemptDelayMs,
  scheduleEntry,
  type DataCipher,
  type LintelEvent,
} from "@lintel/domain/adapters";
import type { LockSync } from "@lintel/domain/schemas";
import { randomId } from "../common/event-ids.js";
import { createLeasedWorker, laneRestMs, type LeasedWorker } from "../common/leased-worker.js";
import {
  tourCodeRemoval,
  type CodeWorkOutcome,
  type LeasedCodeWork,
  type LockCodeOutbox,
  type LockCodeProgrammer,
  type PlacedCode,
} from "../ports/lock-code-ports.js";
import type { Clock, LockDirectory, UnitStore } from "../ports/ports.js";
import { ProviderUnavailableError } from "../locks/provider-failure.js";

/** How long code work is leased: a dead instance's work is taken over within this and one poll. */
export const CODE_WORK_LEASE_MS = 20_000;

/** What one attempt came to, for the log line and the metrics (never the PIN). */
export interface CodeAttemptReport {
  readonly orgId: string;
  readonly codeId: string;
  readonly lockId: string;
  /** The lock's provider (`simulated`, `august`, …); `unknown` when the lock is gone. */
  readonly provider: string;
  readonly op: "put" | "delete";
  /**
   * `set` / `removed` (the provider accepted it; a newer change of the code written meanwhile
   * is made next), `retry`, `failed`, or `lease_lost` (another instance took the work over).
   */
  readonly outcome: "set" | "removed" | "retry" | "failed" | "lease_lost";
  readonly error: string | null;
  readonly ms: number;
}

/** Hears what the worker does (the server's log and metrics). */
export interface LockCodeSyncObserver {
  /** After every attempt. */
  attempted(report: CodeAttemptReport): void;
  /** Every few seconds: work pending, and how long the oldest has been pending (ms; null when none). */
  pending(count: number, oldestAgeMs: number | null): void;
  /** A store call of the loop failed (it carries on at the next poll). */
  failed(error: unknown): void;
  /** The first store call that succeeded after a `failed`. */
  recovered?(): void;
}

/** Settings of the lock-code worker. */
export interface LockCodeSyncOptions {
  /** Delays between attempts, seconds (ACCESS_CODE_SYNC_RETRY_SCHEDULE). Default 5, 30, 120, 600, 3600. */
  readonly retryScheduleSeconds?: readonly number[] | undefined;
  /** Default {@link CODE_WORK_LEASE_MS}. */
  readonly leaseMs?: number | undefined;
  /** How often the store is asked for due work, ms. Default 400. */
  readonly pollMs?: number | undefined;
  /** Attempts in flight at most. Default 16. */
  readonly concurrency?: number | undefined;
  /** How often pending work is counted for the metrics, ms. Default 5,000. */
  readonly pendingEveryMs?: number | undefined;
  /** The jitter's random source, in [0, 1). Default Math.random. */
  readonly random?: (() => number) | undefined;
  readonly observer?: LockCodeSyncObserver | undefined;
}

/** What the worker reads and writes through. */
export interface LockCodeSyncPorts {
  readonly lockCodes: LockCodeOutbox;
  readonly locks: LockDirectory;
  readonly units: UnitStore;
  readonly programmer: LockCodeProgrammer;
  readonly clock: Clock;
  /** Opens the PINs, sealed at rest. */
  readonly secrets: DataCipher;
  /** Told when an attempt stored an event (its deliveries are due now). */
  readonly eventStored?: (() => void) | undefined;
}

/** The event that says a code became `set` or `failed`: its unit and its entry (PIN left out). */
export async function codeSyncEvent(
  units: UnitStore,
  work: Pick<LeasedCodeWork["work"], "orgId" | "unitId" | "codeId" | "lockId" | "name" | "startAt" | "endAt" | "tourId">,
  lockSync: LockSync,
): Promise<LintelEvent> {
  const [unit] = await units.getMany(work.orgId, [work.unitId]);
  const item = {
    kind: "code",
    id: work.codeId,
    unitId: work.unitId,
    title: work.name,
    startAt: work.startAt,
    endAt: work.endAt,
    lockId: work.lockId,
    lockSync,
    ...(work.tourId === undefined ? {} : { tourId: work.tourId }),
  } as const;
  return {
    id: randomId("evt_"),
    orgId: work.orgId,
    type: lockSync.status === "set" ? "access_code.synced" : "access_code.sync_failed",
    createdAt: lockSync.updatedAt,
    data: { unitId: work.unitId, item: scheduleEntry(item, unit?.timeZone ?? null) },
  } as LintelEvent;
}

/** A failure in the words of a provider failure: `Lock provider "<name>" …`. */
function failureOf(error: unknown, provider: string): ProviderUnavailableError {
  if (error instanceof ProviderUnavailableError) return error;
  return new ProviderUnavailableError({ provider, reason: "failed", what: "failed." }, { cause: error });
}

/** The lock-code worker over `ports`; see the module comment. Started and stopped by its Lintel. */
export function createLockCodeSync(ports: LockCodeSyncPorts, options: LockCodeSyncOptions = {}): LeasedWorker {
  const { lockCodes, programmer, clock, secrets } = ports;
  const schedule = options.retryScheduleSeconds ?? DEFAULT_CODE_SYNC_SCHEDULE_SECONDS;
  const leaseMs = options.leaseMs ?? CODE_WORK_LEASE_MS;
  const pendingEveryMs = options.pendingEveryMs ?? 5_000;
  const random = options.random ?? Math.random;
  const observer = options.observer;
  let failing = false;
  let countedAt = -Infinity;

  /** Puts the work's code on its lock; answers what the provider holds for it after. */
  async function put(leased: LeasedCodeWork, signal: AbortSignal, held: { placed: PlacedCode | null; provider: string }): Promise<void> {
    const { work } = leased;
    const [lock] = await ports.locks.getMany(work.orgId, [work.lockId]);
    if (lock === undefined || lock.status !== "active") {
      throw new ProviderUnavailableError({
        provider: lock?.provider ?? "unknown",
        reason: "not_configured",
        what: `has no active lock ${work.lockId} for this code.`,
      });
    }
    held.provider = lock.provider;
    if (work.code === "") {
      throw new ProviderUnavailableError({
        provider: lock.provider,
        reason: "not_configured",
        what: "was not sent this code: it has no PIN (give it one with update_schedule_item).",
      });
    }
    const code = { name: work.name, code: secrets.open(work.code), startAt: work.startAt, endAt: work.endAt };
    if (held.placed !== null && (held.placed.provider !== lock.provider || held.placed.providerDeviceId !== lock.providerDeviceId)) {
      await programmer.remove(held.placed, signal); // moved to another lock: off the old one first
      held.placed = null;
    }
    if (held.placed !== null) {
      try {
        await programmer.update(held.placed, code, signal);
        return;
      } catch (error) {
        // The provider no longer has the code (removed outside Lintel): put it there again.
        if (!(error instanceof ProviderUnavailableError && error.reason === "device_unknown")) throw error;
        held.placed = null;
      }
    }
    const providerCodeId = await programmer.create(lock, code, signal);
    held.placed = { lockId: lock.lockId, provider: lock.provider, providerDeviceId: lock.providerDeviceId, providerCodeId };
  }

  /** Makes one leased work; false when the provider failed it (its lock then rests). */
  async function attempt(leased: LeasedCodeWork, signal: AbortSignal): Promise<boolean> {
    const started = performance.now();
    const { work } = leased;
    const held = { placed: leased.placed, provider: leased.placed?.provider ?? "unknown" };
    let outcome: CodeWorkOutcome;
    let error: string | null = null;
    try {
      if (work.op === "delete") {
        if (held.placed !== null) await programmer.remove(held.placed, signal);
        held.placed = null;
        // A cancelled tour's code: the tour's `access.lockSync` says removed, in the same step.
        const lockSync: LockSync | null =
          tourCodeRemoval(work) === null ? null : { status: "removed", error: null, updatedAt: isoInstant(clock.now()) };
        outcome = { kind: "done", placed: null, lockSync, event: null };
      } else {
        await put(leased, signal, held);
        const lockSync: LockSync = { status: "set", error: null, updatedAt: isoInstant(clock.now()) };
        outcome = { kind: "done", placed: held.placed, lockSync, event: await codeSyncEvent(ports.units, work, lockSync) };
      }
    } catch (thrown) {
      if (signal.aborted) return true; // cut short by shutdown: the lease runs out and the work is made again
      const failure = failureOf(thrown, held.provider);
      error = failure.message;
      const delay =
        failure.reason === "not_configured" ? null : nextAttemptDelayMs(work.attempts + 1, schedule, random, failure.retryAfterSeconds);
      if (delay !== null) {
        outcome = { kind: "retry", placed: held.placed, nextAttemptAt: isoInstant(clock.now() + delay) };
      } else {
        const lockSync: LockSync = { status: "failed", error, updatedAt: isoInstant(clock.now()) };
        // A tour's code whose removal failed is a code still on the door: that is an event too.
        const event = work.op === "put" || work.tourId !== undefined ? await codeSyncEvent(ports.units, work, lockSync) : null;
        outcome = { kind: "failed", placed: held.placed, lockSync, event };
      }
    }
    const kept = await lockCodes.finish(leased, outcome);
    if (kept && outcome.kind !== "retry" && outcome.event !== null) ports.eventStored?.();
    observer?.attempted({
      orgId: work.orgId,
      codeId: work.codeId,
      lockId: work.lockId,
      provider: held.provider,
      op: work.op,
      outcome: !kept ? "lease_lost" : outcome.kind === "done" ? (work.op === "put" ? "set" : "removed") : outcome.kind,
      error,
      ms: Math.round(performance.now() - started),
    });
    return outcome.kind === "done";
  }

  async function countPending(): Promise<void> {
    if (observer === undefined || clock.now() - countedAt < pendingEveryMs) return;
    countedAt = clock.now();
    const { count, oldestPendingMs } = await lockCodes.pending();
    observer.pending(count, oldestPendingMs === null ? null : Math.max(0, clock.now() - oldestPendingMs));
  }

  const failed = (error: unknown) => {
    failing = true;
    observer?.failed(error);
  };
  return createLeasedWorker<LeasedCodeWork>({
    async lease(nowMs, max, share) {
      const leased = await lockCodes.lease(nowMs, leaseMs, max, share);
      if (failing) observer?.recovered?.();
      failing = false;
      await countPending().catch(failed);
      return leased;
    },
    run: attempt,
    laneOf: (leased) => leased.work.lockId,
    groupOf: (leased) => leased.work.orgId,
    restMs: (failures) => laneRestMs(failures, schedule, random),
    clock,
    concurrency: options.concurrency,
    pollMs: options.pollMs,
    failed,
  });
}
