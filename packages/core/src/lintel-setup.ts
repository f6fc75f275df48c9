/**
 * One call from a store and a lock provider to a working `Lintel`, with the defaults the server
 * uses: 600 requests per 60 s per key, 30 failed key attempts per 60 s per address, live lock
 * states reused 2 s and bounded by 3 s.
 */
import { createCursorCodec, type RatePolicy } from "@lintel/domain";
import type { EventLog, LockObservations, WebhookStore } from "./event-ports.js";
import { createLintel, type Lintel } from "./lintel.js";
import { observeLockState } from "./lock-observation.js";
import type { LockProviderObserver } from "./lock-provider-observer.js";
import { createLockStateReader, type LockStateReader } from "./lock-state-reader.js";
import { systemClock, type Clock, type LintelStore, type LockProvider } from "./ports.js";
import { startStoreDeadline } from "./request-stores.js";
import type { WebhookSender } from "./webhook-sender.js";

/** The store ports of events and webhooks (SPEC 5.10). */
export interface EventStores {
  readonly events: EventLog;
  readonly observations: LockObservations;
  readonly webhooks: WebhookStore;
}

/** What {@link createLintelWith} needs; everything but `store`, `lockProvider` and `cursorSecrets` has a default. */
export interface LintelSetup {
  /** Every store port, e.g. `createMemoryStore()` or `createRedisStore(client)`. */
  readonly store: LintelStore & EventStores;
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
  /** Sends webhook attempts and judges their destinations (the server's node:http sender). Default: none, every destination refused. */
  readonly webhookSender?: WebhookSender | undefined;
  /** Allow `http://` and private webhook destinations (WEBHOOK_ALLOW_PRIVATE). Default false. */
  readonly webhookAllowPrivate?: boolean | undefined;
  /** Told whenever this instance stored an event (the server wakes its dispatcher). */
  readonly eventCreated?: (() => void) | undefined;
  /** Told when observing a lock's state for `lock.state_changed` failed (the state read itself is still answered). */
  readonly observationFailed?: ((error: unknown) => void) | undefined;
}

/** A `Lintel` and the lock-state reader it reads through (a provider's webhook refreshes a lock through it). */
export interface LintelAssembly {
  readonly lintel: Lintel;
  readonly lockStates: LockStateReader;
}

/** How long a provider's answer is reused: reads of one lock within it cost one provider call. */
export const LOCK_STATE_TTL_MS = 2_000;

/** A `Lintel` over `setup.store` and `setup.lockProvider`, with the server's defaults for the rest. */
export function createLintelWith(setup: LintelSetup): Lintel {
  return assembleLintel(setup).lintel;
}

/** {@link createLintelWith}, with the lock-state reader it built. */
export function assembleLintel(setup: LintelSetup): LintelAssembly {
  const clock = setup.clock ?? systemClock;
  const { store } = setup;
  const lockStates = createLockStateReader(setup.lockProvider, clock, {
    ttlMs: LOCK_STATE_TTL_MS,
    timeoutMs: setup.lockProviderTimeoutMs ?? 3_000,
    observer: setup.lockProviderObserver,
    fresh: async (lock, state) => {
      const observe = () => observeLockState(store, lock.orgId, state, clock);
      try {
        // Awaited before the state is answered, so bounded like a request's store calls (by a
        // deadline of its own: the reader shares one provider call among requests).
        const ms = setup.storeDeadlineMs;
        const event = await (ms === undefined ? observe() : startStoreDeadline(ms)(observe));
        if (event !== null) setup.eventCreated?.();
      } catch (error) {
        setup.observationFailed?.(error); // the state is still answered; the next fresh read observes again
      }
    },
  });
  const lintel = createLintel(
    {
      apiKeys: store.apiKeys,
      budget: store.budget,
      units: store.units,
      locks: store.locks,
      templates: store.templates,
      health: store.health,
      idempotency: store.idempotency,
      events: store.events,
      observations: store.observations,
      webhooks: store.webhooks,
      webhookSender: setup.webhookSender,
      clock,
      lockStates,
    },
    {
      cursors: createCursorCodec(setup.cursorSecrets),
      defaultRateLimit: setup.defaultRateLimit ?? { requests: 600, windowSeconds: 60 },
      failedAuthLimit: setup.failedKeyLimit ?? { requests: 30, windowSeconds: 60 },
      storeDeadlineMs: setup.storeDeadlineMs,
      webhookAllowPrivate: setup.webhookAllowPrivate,
      eventCreated: setup.eventCreated,
    },
  );
  return { lintel, lockStates };
}
