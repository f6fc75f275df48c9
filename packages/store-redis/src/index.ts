/**
 * `@lintel/store-redis`: every port of `@lintel/core` on Redis (standalone or Cluster), so any
 * number of stateless Lintel instances can share one org's traffic. Key layout and atomicity:
 * docs/redis-key-layout.md.
 */
import type { LintelStore } from "@lintel/core";
import { createRedisApiKeyStore } from "./api-key-store.js";
import type { RedisClient } from "./client.js";
import { createRedisFixtureSink } from "./fixture-sink.js";
import { createRedisHealth } from "./health.js";
import { createRedisIdempotencyStore } from "./idempotency-store.js";
import { createRedisLockDirectory } from "./lock-directory.js";
import { createRedisRequestBudget } from "./request-budget.js";
import { createRedisTemplateStore } from "./template-store.js";
import { createRedisUnitStore } from "./unit-store.js";

export { COMMAND_TIMEOUT_MS, createRedisClient, DEFAULT_REDIS_URL, reconnectDelayMs, whenReady } from "./client.js";
export type { RedisClient, RedisClientConfig } from "./client.js";
export { isUnavailable } from "./errors.js";
export { redisKeys } from "./keys.js";

/** Every port on one Redis client. The client is the caller's to create and to quit. */
export type RedisStore = LintelStore;

/** The Redis adapters of every port, sharing `redis`. */
export function createRedisStore(redis: RedisClient): RedisStore {
  const apiKeys = createRedisApiKeyStore(redis);
  return {
    apiKeys,
    budget: createRedisRequestBudget(redis),
    units: createRedisUnitStore(redis),
    locks: createRedisLockDirectory(redis),
    templates: createRedisTemplateStore(redis),
    fixtures: createRedisFixtureSink(redis),
    health: createRedisHealth(redis),
    idempotency: createRedisIdempotencyStore(redis),
  };
}
