/**
 * IdempotencyStore on Redis: one key per (API key, Idempotency-Key), each operation one Lua
 * script on that key, so claims are exact across any number of instances: of simultaneous
 * `begin`s one finds the key free and claims it, the others find it running. `complete` and
 * `release` act only for the holder of the claim's token. Entries live under `lintel:idem2:`
 * since issue 21 kept use case results instead of HTTP answers; the older `lintel:idem:` entries
 * (status and body) are not read and expire within their 24 h (decisions.md).
 */
import { createHash, randomUUID } from "node:crypto";
import type { IdempotencyClaim, IdempotencyStore, KeptResult } from "@lintel/core/adapters";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { redisKeys } from "./redis/keys.js";
import { LuaScript } from "./scripts/lua-script.js";

// Returns what the key holds, or nothing after claiming it (ARGV: fingerprint, token, lease ms).
const BEGIN = new LuaScript(`
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], cjson.encode({ fingerprint = ARGV[1], token = ARGV[2] }), 'PX', ARGV[3])
return false
`);

// Replaces the claim by the kept result if ARGV[1] still holds it (ARGV: token, kept JSON, ttl ms).
// The result stays JSON text inside the entry: cjson would round numbers past 14 digits.
const COMPLETE = new LuaScript(`
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local entry = decodeRecord(held)
if entry.token ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], cjson.encode({ fingerprint = entry.fingerprint, kept = ARGV[2] }), 'PX', ARGV[3])
return 1
`);

// Deletes the claim if ARGV[1] still holds it.
const RELEASE = new LuaScript(`
local held = redis.call('GET', KEYS[1])
if held and decodeRecord(held).token == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`);

interface Held {
  readonly fingerprint: string;
  readonly token?: string;
  /** The KeptResult as JSON text, once answered. */
  readonly kept?: string;
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
        if (held.kept === undefined) return { state: "running", fingerprint: held.fingerprint };
        return { state: "done", fingerprint: held.fingerprint, kept: JSON.parse(held.kept) as KeptResult };
      }),
    complete: (scope, key, token, kept, ttlMs) =>
      guard(async () => (await COMPLETE.run(redis, [keyOf(scope, key)], [token, JSON.stringify(kept), ttlMs])) === 1),
    release: (scope, key, token) =>
      guard(async () => {
        await RELEASE.run(redis, [keyOf(scope, key)], [token]);
      }),
  };
}
