/**
 * `@lintel/store-redis`: every port of `@lintel/core` on Redis (standalone or Cluster), so any
 * number of stateless Lintel instances can share one org's traffic. The key layout is in the
 * package's README; every change of an org is one script on keys of one hash tag.
 */
import { createLintel, type Lintel, type LintelSetup } from "@lintel/core";
import { createFixtureLoader, type LintelStore } from "@lintel/core/adapters";
import { createRedisApiKeyStore } from "./api-key-store.js";
import { COMMAND_TIMEOUT_MS, type RedisClient } from "./redis/client.js";
import { createRedisFixtureRecords } from "./fixture-records.js";
import { createRedisHealth } from "./redis/health.js";
import { createRedisIdempotencyStore } from "./idempotency-store.js";
import { createRedisLockDevices } from "./lock-devices.js";
import { createRedisLockDirectory } from "./lock-directory.js";
import { createRedisLockCodeOutbox } from "./outboxes/lock-code-outbox.js";
import { createRedisMessageOutbox } from "./outboxes/message-outbox.js";
import { createRedisOnceKeys } from "./once-keys.js";
import { createRedisOrgDirectory } from "./org-directory.js";
import { createRedisRequestBudget } from "./request-budget.js";
import { createRedisTemplateStore } from "./template-store.js";
import { createRedisTourStore } from "./tour-store.js";
import { createRedisUnitStore } from "./unit-store.js";
import { createRedisEventLog, createRedisLockObservations } from "./event-log.js";
import { createRedisWebhookStore, DEFAULT_DELIVERY_GROUP } from "./webhook-store.js";

export { COMMAND_TIMEOUT_MS, createRedisClient, DEFAULT_REDIS_URL, reconnectDelayMs, whenReady } from "./redis/client.js";
export type { RedisClient, RedisClientConfig } from "./redis/client.js";
export { isUnavailable } from "./redis/errors.js";
export { redisKeys } from "./redis/keys.js";

/** Every port on one Redis client. The client is the caller's to create and to quit. */
export type RedisStore = LintelStore;

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * The delivery group (default `default`): the orgs whose endpoints were created through a store
   * of this group are those whose due deliveries its `webhooks.lease` and `webhooks.pending`
   * look at, the orgs whose locks were loaded through it those whose lock code work its
   * `lockCodes.lease` and `lockCodes.pending` look at, the orgs whose tours were written with
   * a due time through it those whose due tours its `tours.dueTours` answers, and the orgs that
   * had a message to be sent written through it those whose due messages its `messages.lease` takes. Every instance that
   * shares the work uses one group; a test takes a fresh one, so it never leases (nor is leased)
   * another's work on a shared Redis.
   */
  readonly deliveryGroup?: string;
}

/** The Redis adapters of every port, sharing `redis`. */
export function createRedisStore(redis: RedisClient, options: RedisStoreOptions = {}): RedisStore {
  const group = options.deliveryGroup ?? DEFAULT_DELIVERY_GROUP;
  const apiKeys = createRedisApiKeyStore(redis);
  const lockCodes = createRedisLockCodeOutbox(redis, group);
  const messages = createRedisMessageOutbox(redis, group);
  const tours = createRedisTourStore(redis, group, lockCodes.workWritten, messages.messageWritten);
  const units = createRedisUnitStore(redis, lockCodes.workWritten, messages.messageWritten, tours.dueWritten);
  const templates = createRedisTemplateStore(redis);
  return {
    apiKeys,
    orgs: createRedisOrgDirectory(redis),
    budget: createRedisRequestBudget(redis),
    units,
    locks: createRedisLockDirectory(redis),
    devices: createRedisLockDevices(redis),
    templates,
    fixtures: createFixtureLoader({ units, templates, records: createRedisFixtureRecords(redis, group) }),
    health: createRedisHealth(redis),
    idempotency: createRedisIdempotencyStore(redis),
    onceKeys: createRedisOnceKeys(redis),
    events: createRedisEventLog(redis),
    observations: createRedisLockObservations(redis),
    webhooks: createRedisWebhookStore(redis, group),
    lockCodes,
    tours,
    messages,
  };
}

/** Options of {@link createRedisLintel}: those of `LintelSetup` but the store, the client to use, and the store's options. */
export interface RedisLintelOptions extends Omit<LintelSetup, "store" | "dataKeys">, RedisStoreOptions {
  /** The caller's client (`createRedisClient({ url })`): the caller quits it when done. */
  readonly redis: RedisClient;
  /** The data keys secrets are sealed with at rest (`parseDataKeys(DATA_KEYS)`): the same on every instance and start. */
  readonly dataKeys: readonly Uint8Array[];
}

/** A working Lintel on Redis, and its store: every instance made so on one Redis shares budgets, cursors and changes. */
export interface RedisLintel {
  readonly lintel: Lintel;
  readonly store: RedisStore;
}

/**
 * A working Lintel on Redis in one call. The store calls of one request share one deadline of
 * {@link COMMAND_TIMEOUT_MS} unless `storeDeadlineMs` says otherwise.
 */
export function createRedisLintel(options: RedisLintelOptions): RedisLintel {
  const { redis, deliveryGroup, ...setup } = options;
  const store = createRedisStore(redis, deliveryGroup === undefined ? {} : { deliveryGroup });
  return { lintel: createLintel({ storeDeadlineMs: COMMAND_TIMEOUT_MS, ...setup, store }), store };
}
