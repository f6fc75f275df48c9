/**
 * OnceKeys on Redis: `SET key 1 PX ttl NX`, one command on one key, so of simultaneous calls
 * from any number of instances exactly one sets it. Redis forgets the key when it expires.
 */
import type { OnceKeys } from "@lintel/core/adapters";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { redisKeys } from "./redis/keys.js";

export function createRedisOnceKeys(redis: RedisClient): OnceKeys {
  return {
    rememberOnce: (key, ttlMs) =>
      guard(async () => (await redis.set(redisKeys.once(key), "1", "PX", Math.max(1, Math.ceil(ttlMs)), "NX")) === "OK"),
  };
}
