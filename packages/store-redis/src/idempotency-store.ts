/**
 * IdempotencyStore on Redis: one key per (API key, Idempotency-Key), each operation one Lua
 * script on that key, so claims are exact across any number of instances: of simultaneous
 * `begin`s one finds the key free and claims it, the others find it running. `complete` and
 * `release` act only for the holder of the claim's token.
 */
import { createHash, randomUUID } from "node:crypto";
import type { IdempotencyClaim, IdempotencyStore } from "@lintel/core";
import type { RedisClient } from "./client.js";
import { guard } from "./errors.js";
import { redisKeys } from "./keys.js";
import { LuaScript } from "./lua-script.js";

// Returns what the key holds, or nothing after claiming it (ARGV: fingerprint, token, lease ms).
const BEGIN = new LuaScript(`
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], cjson.encode({ fingerprint = ARGV[1], token = ARGV[2] }), 'PX', ARGV[3])
return false
`);

// Replaces the claim by the answer if ARGV[1] still holds it (ARGV: token, status, body, ttl ms).
const COMPLETE = new LuaScript(`
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local entry = cjson.decode(held)
if entry.token ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], cjson.encode({ fingerprint = entry.fingerprint, status = tonumber(ARGV[2]), body = ARGV[3] }), 'PX', ARGV[4])
return 1
`);

// Deletes the claim if ARGV[1] still holds it.
const RELEASE = new LuaScript(`
local held = redis.call('GET', KEYS[1])
if held and cjson.decode(held).token == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`);

interface Held {
  readonly fingerprint: string;
  readonly token?: string;
  readonly status?: number;
  readonly body?: string;
}

/** Idempotency keys in Redis. */
export function createRedisIdempotencyStore(redis: RedisClient): IdempotencyStore {
  const keyOf = (scope: string, key: string) => redisKeys.idempotency(scope, createHash("sha256").update(key, "utf8").digest("hex"));
  return {
    begin: (scope, key, fingerprint, leaseMs) =>
      guard(async (): Promise<IdempotencyClaim> => {
        const token = randomUUID();
        const reply = await BEGIN.run(redis, [keyOf(scope, key)], [fingerprint, token, leaseMs]);
        if (reply === null) return { state: "claimed", token };
        const held = JSON.parse(String(reply)) as Held;
        if (held.status === undefined || held.body === undefined) return { state: "running", fingerprint: held.fingerprint };
        return { state: "done", fingerprint: held.fingerprint, answer: { status: held.status, body: held.body } };
      }),
    complete: (scope, key, token, answer, ttlMs) =>
      guard(async () => (await COMPLETE.run(redis, [keyOf(scope, key)], [token, answer.status, answer.body, ttlMs])) === 1),
    release: (scope, key, token) =>
      guard(async () => {
        await RELEASE.run(redis, [keyOf(scope, key)], [token]);
      }),
  };
}
