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
import { FramedScript } from "./scripts/framed-script.js";
import { arg, key as oneKey } from "./scripts/lua-frame.js";

// Returns what the key holds, or nothing after claiming it for `leaseMs`.
const BEGIN = new FramedScript({
  keys: { claim: oneKey },
  args: { fingerprint: arg, token: arg, leaseMs: arg },
  body: `
local held = redis.call('GET', claim)
if held then return held end
redis.call('SET', claim, cjson.encode({ fingerprint = fingerprint, token = token }), 'PX', leaseMs)
return false
`,
});

// Replaces the claim by the kept result (JSON) for `ttlMs` if `token` still holds it. The result
// stays JSON text inside the entry: cjson would round numbers past 14 digits.
const COMPLETE = new FramedScript({
  keys: { claim: oneKey },
  args: { token: arg, kept: arg, ttlMs: arg },
  body: `
local held = redis.call('GET', claim)
if not held then return 0 end
local entry = decodeRecord(held)
if entry.token ~= token then return 0 end
redis.call('SET', claim, cjson.encode({ fingerprint = entry.fingerprint, kept = kept }), 'PX', ttlMs)
return 1
`,
});

// Deletes the claim if `token` still holds it.
const RELEASE = new FramedScript({
  keys: { claim: oneKey },
  args: { token: arg },
  body: `
local held = redis.call('GET', claim)
if held and decodeRecord(held).token == token then redis.call('DEL', claim) end
return 0
`,
});

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
        const reply = await BEGIN.run(redis, { claim: keyOf(scope, key) }, { fingerprint, token, leaseMs });
        if (reply === null) return { state: "claimed", token };
        const held = JSON.parse(String(reply)) as Held;
        if (held.kept === undefined) return { state: "running", fingerprint: held.fingerprint };
        return { state: "done", fingerprint: held.fingerprint, kept: JSON.parse(held.kept) as KeptResult };
      }),
    complete: (scope, key, token, kept, ttlMs) =>
      guard(async () => (await COMPLETE.run(redis, { claim: keyOf(scope, key) }, { token, kept: JSON.stringify(kept), ttlMs })) === 1),
    release: (scope, key, token) =>
      guard(async () => {
        await RELEASE.run(redis, { claim: keyOf(scope, key) }, { token });
      }),
  };
}
