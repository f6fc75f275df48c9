/**
 * Each lock's code rules are learned outside requests, so a booking never waits on a provider:
 * every fresh state read stores the rules its answer lists with the lock's observation
 * (lock-observation.js), and this learner makes such a read in the background for the locks a
 * Lintel loads (a fixture at start) or updates, so a lock has its rules within seconds. The
 * Lintel gives it a reader whose reads also list the device's codes, so the observation keeps
 * the tags of the PINs others put there too (outside-codes.js), and a {@link CodeRulesRelearn},
 * so each lock is read again once a period (by one of the instances sharing the store) and a code
 * set on its device since is seen. A read that fails is tried again later (5 s, 30 s, 2 min,
 * 10 min), never when no provider is configured; until one succeeds a booking draws 6 digits.
 * Simulated locks list no rules and are not read. Nothing here is kept across a restart: the
 * rules and tags are, in the store.
 */
import type { Lock } from "@lintel/domain";
import type { LockStateReader } from "./lock-state-reader.js";
import { ProviderUnavailableError } from "./provider-failure.js";

/** The waits before a failed read is tried again, ms. */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000];
/** Reads in flight at once: a large fixture never floods a provider. */
const CONCURRENCY = 4;

/** How a learner learns its locks again, so a code set on a device since is seen. */
export interface CodeRulesRelearn {
  /** The period, ms: each lock the learner was given (active, non-simulated, as last given) is read again once per period. */
  readonly everyMs: number;
  /**
   * The lock as it is now when this instance reads it this period (`OnceKeys`: one instance of
   * those sharing a store does, and another may have changed the lock); `elsewhere` when another
   * instance reads it this period; null when it is no longer an active lock (it is then dropped).
   * A rejection skips it this period.
   */
  readonly claim: (lock: Lock) => Promise<Lock | "elsewhere" | null>;
}

/** Learns locks' code rules in the background. */
export interface CodeRulesLearner {
  /** Reads each active, non-simulated lock's state soon (once per lock while one is pending); returns at once. */
  learn(locks: readonly Lock[]): void;
  /** Drops the pending reads and retries (a read in flight ends on its own, bounded by the reader's timeout). */
  stop(): void;
}

/** A learner reading through `lockStates`, whose fresh answers are observed (with their rules) as any read's. */
export function createCodeRulesLearner(
  lockStates: Pick<LockStateReader, "read">,
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
  relearn?: CodeRulesRelearn,
): CodeRulesLearner {
  const queue: { readonly lock: Lock; readonly attempt: number }[] = [];
  const pending = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  /** The locks read again each period, as last given. */
  const known = new Map<string, Lock>();
  let running = 0;
  let stopped = false;
  const keyOf = (lock: Lock) => `${lock.orgId}\n${lock.lockId}`;
  const learnable = (lock: Lock) => lock.status === "active" && lock.provider !== "simulated";

  function enqueue(lock: Lock): void {
    if (stopped || pending.has(keyOf(lock))) return;
    pending.add(keyOf(lock));
    queue.push({ lock, attempt: 0 });
  }

  /** One period's claims, one lock after another (a store is never asked for every lock at once). */
  async function relearnAll(claim: CodeRulesRelearn["claim"]): Promise<void> {
    for (const [key, lock] of [...known]) {
      if (stopped) return;
      if (pending.has(key)) continue;
      const now = await claim(lock).catch(() => "elsewhere" as const); // the store did not answer: the next period tries again
      if (now === "elsewhere" || stopped) continue;
      if (now === null || !learnable(now)) {
        known.delete(key);
        continue;
      }
      known.set(key, now);
      enqueue(now);
      pump();
    }
  }

  let relearning = false;
  const period =
    relearn === undefined
      ? null
      : setInterval(() => {
          if (relearning) return; // the last period's claims are still going
          relearning = true;
          void relearnAll(relearn.claim).finally(() => (relearning = false));
        }, relearn.everyMs);
  period?.unref();

  function pump(): void {
    while (!stopped && running < CONCURRENCY && queue.length > 0) {
      const { lock, attempt } = queue.shift()!;
      running++;
      lockStates
        .read(lock)
        .then(
          () => pending.delete(keyOf(lock)),
          (error: unknown) => {
            const delay = retryDelaysMs[attempt];
            const hopeless = error instanceof ProviderUnavailableError && error.reason === "not_configured";
            if (stopped || hopeless || delay === undefined) {
              pending.delete(keyOf(lock));
              return;
            }
            const timer = setTimeout(() => {
              timers.delete(timer);
              queue.push({ lock, attempt: attempt + 1 });
              pump();
            }, delay);
            timer.unref();
            timers.add(timer);
          },
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return {
    learn(locks) {
      for (const lock of locks) {
        if (!learnable(lock)) {
          known.delete(keyOf(lock));
          continue;
        }
        if (relearn !== undefined) known.set(keyOf(lock), lock);
        enqueue(lock);
      }
      pump();
    },
    stop() {
      stopped = true;
      if (period !== null) clearInterval(period);
      known.clear();
      queue.length = 0;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
