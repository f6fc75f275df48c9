/**
 * One call from a store and a lock provider to a working `Lintel`, with the defaults the server
 * uses: 600 requests per 60 s per key, 30 failed key attempts per 60 s per address, live lock
 * states reused 2 s and bounded by 3 s.
 */
import { createCursorCodec, type RatePolicy } from "@lintel/domain";
import { createLintel, type Lintel } from "./lintel.js";
import type { LockProviderObserver } from "./lock-provider-observer.js";
import { createLockStateReader } from "./lock-state-reader.js";
import { systemClock, type Clock, type LintelStore, type LockProvider } from "./ports.js";

/** What {@link createLintelWith} needs; everything but `store`, `lockProvider` and `cursorSecrets` has a default. */
export interface LintelSetup {
  /** Every store port, e.g. `createMemoryStore()` or `createRedisStore(client)`. */
  readonly store: LintelStore;
  /** Where live lock states come from (the simulator, Seam, a router of several). */
  readonly lockProvider: LockProvider;
  /** Cursor key material, each at least 32 characters: the first encrypts, all decrypt (rotation). */
  readonly cursorSecrets: readonly string[];
  /** Default: the system clock. */
  readonly clock?: Clock;
  /** The budget of a key without a `rateLimit` of its own. Default 600 requests per 60 s. */
  readonly defaultRateLimit?: RatePolicy;
  /** The budget of failed key attempts per client address. Default 30 per 60 s. */
  readonly failedKeyLimit?: RatePolicy;
  /** A live lock state not in within this many ms is `unavailable`. Default 3,000. */
  readonly lockProviderTimeoutMs?: number;
  /** The store calls of one request give up this long after its admission starts (a hand-made caller's: its operation). Default: no bound beyond the store's own. */
  readonly storeDeadlineMs?: number | undefined;
  /** Hears of every lock provider call and how it ended (the server's metrics). */
  readonly lockProviderObserver?: LockProviderObserver | undefined;
}

/** How long a provider's answer is reused: reads of one lock within it cost one provider call. */
export const LOCK_STATE_TTL_MS = 2_000;

/** A `Lintel` over `setup.store` and `setup.lockProvider`, with the server's defaults for the rest. */
export function createLintelWith(setup: LintelSetup): Lintel {
  const clock = setup.clock ?? systemClock;
  const { store } = setup;
  return createLintel(
    {
      apiKeys: store.apiKeys,
      budget: store.budget,
      units: store.units,
      locks: store.locks,
      templates: store.templates,
      health: store.health,
      idempotency: store.idempotency,
      clock,
      lockStates: createLockStateReader(setup.lockProvider, clock, {
        ttlMs: LOCK_STATE_TTL_MS,
        timeoutMs: setup.lockProviderTimeoutMs ?? 3_000,
        observer: setup.lockProviderObserver,
      }),
    },
    {
      cursors: createCursorCodec(setup.cursorSecrets),
      defaultRateLimit: setup.defaultRateLimit ?? { requests: 600, windowSeconds: 60 },
      failedAuthLimit: setup.failedKeyLimit ?? { requests: 30, windowSeconds: 60 },
      storeDeadlineMs: setup.storeDeadlineMs,
    },
  );
}
