/**
 * The composition root: the only place that knows every adapter, and the only file that
 * imports tsyringe. Each server gets its own child container, so tests can run several.
 * Registrations are factories (no decorators), resolved once per container.
 */
import "reflect-metadata";
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from "tsyringe";
import { pino, type Logger } from "pino";
import { createCursorCodec, type CursorCodec } from "@lintel/domain";
import { createLintel, createLockStateReader, type Clock, type Lintel, type LintelStore, type LockProvider, type LockStateReader } from "@lintel/core";
import { createMemoryStore, createSimulatedLockProvider } from "@lintel/store-memory";
import type { Config } from "./config.js";
import { openRedisStore, type RedisHandle } from "./redis-wiring.js";
import { withSimulatedFaults } from "./simulated-faults.js";

/** Test and embedding hooks: replace or wrap what the container would build. */
export interface Overrides {
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly lockProvider?: LockProvider;
  /** Wraps the configured store, e.g. to make one port fail. */
  readonly wrapStore?: (store: LintelStore) => LintelStore;
}

export const TOKENS = {
  config: Symbol("Config"),
  logger: Symbol("Logger"),
  clock: Symbol("Clock"),
  redis: Symbol("RedisHandle"),
  store: Symbol("LintelStore"),
  lockProvider: Symbol("LockProvider"),
  lockStates: Symbol("LockStateReader"),
  cursors: Symbol("CursorCodec"),
  lintel: Symbol("Lintel"),
} as const;

/** How long a provider's answer is reused (SPEC 5.7). */
export const LOCK_STATE_TTL_MS = 2000;

const systemClock: Clock = { now: () => Date.now() };

/** Registers every part of the server for `config` in a fresh child container. */
export function buildContainer(config: Config, overrides: Overrides = {}): DependencyContainer {
  const c = rootContainer.createChildContainer();
  const once = <T>(factory: (c: DependencyContainer) => T) => ({ useFactory: instanceCachingFactory<T>(factory) });

  c.register(TOKENS.config, { useValue: config });
  c.register(TOKENS.clock, { useValue: overrides.clock ?? systemClock });
  c.register(TOKENS.logger, { useValue: overrides.logger ?? pino({ level: config.logLevel, base: { service: "lintel" } }) });
  c.register(
    TOKENS.redis,
    once<RedisHandle | null>((c) => (config.store.kind === "redis" ? openRedisStore(config.store, c.resolve<Logger>(TOKENS.logger)) : null)),
  );
  c.register(
    TOKENS.store,
    once<LintelStore>((c) => {
      const redis = c.resolve<RedisHandle | null>(TOKENS.redis);
      const store = redis === null ? createMemoryStore({ clock: c.resolve<Clock>(TOKENS.clock) }) : redis.store;
      return overrides.wrapStore ? overrides.wrapStore(store) : store;
    }),
  );
  c.register(
    TOKENS.lockProvider,
    once<LockProvider>((c) => overrides.lockProvider ?? withSimulatedFaults(createSimulatedLockProvider({ clock: c.resolve<Clock>(TOKENS.clock) }))),
  );
  c.register(
    TOKENS.lockStates,
    once<LockStateReader>((c) =>
      createLockStateReader(c.resolve<LockProvider>(TOKENS.lockProvider), c.resolve<Clock>(TOKENS.clock), {
        ttlMs: LOCK_STATE_TTL_MS,
        timeoutMs: config.lockProviderTimeoutMs,
      }),
    ),
  );
  c.register(TOKENS.cursors, once<CursorCodec>(() => createCursorCodec(config.cursorSecrets)));
  c.register(
    TOKENS.lintel,
    once<Lintel>((c) => {
      const store = c.resolve<LintelStore>(TOKENS.store);
      return createLintel(
        {
          apiKeys: store.apiKeys,
          budget: store.budget,
          units: store.units,
          locks: store.locks,
          templates: store.templates,
          health: store.health,
          lockStates: c.resolve<LockStateReader>(TOKENS.lockStates),
          clock: c.resolve<Clock>(TOKENS.clock),
        },
        { cursors: c.resolve<CursorCodec>(TOKENS.cursors), defaultRateLimit: config.rateLimit, failedAuthLimit: config.failedAuthLimit },
      );
    }),
  );
  return c;
}
