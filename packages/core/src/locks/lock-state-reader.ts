/**
 * Live lock state through a provider port: an answer is reused for at most
 * `ttlMs`, concurrent reads of one lock share one provider call, and a provider that fails
 * or does not answer within `timeoutMs` is reported as {@link ProviderUnavailableError}.
 */
import type { Lock, LockState } from "@lintel/domain";
import type { Clock, LockProvider, LockReading } from "../ports/ports.js";
import type { LockProviderObserver } from "./lock-provider-observer.js";
import { ProviderUnavailableError } from "./provider-failure.js";

/** Reads the live state of a lock. */
export interface LockStateReader {
  /** The lock's state; rejects with {@link ProviderUnavailableError} when the provider can't answer. */
  read(lock: Lock): Promise<LockState>;
  /** Drops the lock's reused answer and reads it again (joining a call already in flight): a provider said it changed. */
  refresh(lock: Lock): Promise<LockState>;
}

/** How {@link createLockStateReader} reuses and bounds provider calls. */
export interface LockStateReaderOptions {
  /** How long an answer is reused, measured with the Clock from when it arrived (2000 in production). */
  readonly ttlMs: number;
  /** How long to wait for the provider before giving up (`LOCK_PROVIDER_TIMEOUT_MS`). */
  readonly timeoutMs: number;
  /** Told the outcome of every provider call (metrics). */
  readonly observer?: LockProviderObserver | undefined;
  /**
   * Told of every state a provider answered (not of a reused answer), before the readers get it:
   * where `lock.state_changed` is observed. It must not reject.
   */
  readonly fresh?: ((lock: Lock, state: LockReading) => Promise<void>) | undefined;
}

const SWEEP_AT = 10_000;

interface Answer {
  readonly state: LockState;
  readonly at: number;
}

/** A reader over `provider` with a short answer cache and one call in flight per lock. */
export function createLockStateReader(provider: LockProvider, clock: Clock, options: LockStateReaderOptions): LockStateReader {
  const answers = new Map<string, Answer>();
  const inFlight = new Map<string, Promise<LockState>>();

  /** Drops expired answers once the cache passes SWEEP_AT entries, so it never outgrows the locks read within one ttl. */
  function remember(key: string, state: LockState): void {
    const now = clock.now();
    if (answers.size >= SWEEP_AT) {
      for (const [other, answer] of answers) if (now - answer.at >= options.ttlMs) answers.delete(other);
    }
    answers.set(key, { state, at: now });
  }

  function observedCall(lock: Lock): Promise<LockReading> {
    const observer = options.observer;
    if (observer === undefined) return callProvider(lock);
    return callProvider(lock).then(
      (state) => (observer.providerCalled(lock.provider, "ok"), state),
      (error: ProviderUnavailableError) => {
        observer.providerCalled(lock.provider, error.reason);
        throw error;
      },
    );
  }

  function callProvider(lock: Lock): Promise<LockReading> {
    const controller = new AbortController();
    return new Promise<LockReading>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new ProviderUnavailableError({
          provider: lock.provider,
          reason: "timeout",
          what: `did not answer within ${options.timeoutMs} ms.`,
        });
        controller.abort(error); // lets the provider stop its work
        reject(error);
      }, options.timeoutMs);
      // A provider that throws synchronously is treated like one that rejects.
      new Promise<LockReading>((answer) => answer(provider.readState(lock, controller.signal))).then(
        (state) => {
          clearTimeout(timer);
          resolve(state);
        },
        (cause: unknown) => {
          clearTimeout(timer);
          reject(
            cause instanceof ProviderUnavailableError
              ? cause
              : new ProviderUnavailableError({ provider: lock.provider, reason: "failed", what: "failed." }, { cause }),
          );
        },
      );
    });
  }

  const fresh = options.fresh;
  function read(lock: Lock): Promise<LockState> {
    const key = `${lock.orgId}:${lock.lockId}`;
    const answer = answers.get(key);
    if (answer !== undefined) {
      if (clock.now() - answer.at < options.ttlMs) return Promise.resolve(answer.state);
      answers.delete(key);
    }
    const pending = inFlight.get(key);
    if (pending !== undefined) return pending;
    const call = observedCall(lock)
      .then(async (state) => {
        remember(key, state);
        if (fresh !== undefined) await fresh(lock, state);
        return state;
      })
      .finally(() => inFlight.delete(key)); // failures are not cached: the next read asks again
    inFlight.set(key, call);
    return call;
  }

  return {
    read,
    refresh(lock) {
      answers.delete(`${lock.orgId}:${lock.lockId}`);
      return read(lock);
    },
  };
}
