/**
 * For the poisoned-record int tests: records rewritten in Redis as the store wrote them before
 * recordJson (JSON.stringify, which writes a lone surrogate as its escape `\ud800`, a text
 * cjson refuses), and the check that a record as stored now holds none.
 */
import assert from "node:assert/strict";
import type { RedisClient } from "./redis/client.js";

/** A lone surrogate escape as JSON.stringify writes one. */
const LONE_ESCAPE = /\\ud[89a-f][0-9a-f]{2}/i;

/**
 * Rewrites the record under `field` of the hash `key` as `change` makes it from the stored one,
 * written by JSON.stringify; answers the text written. The record must be there.
 */
export async function plantRaw<R>(redis: RedisClient, key: string, field: string, change: (stored: R) => unknown): Promise<string> {
  const stored = await redis.hget(key, field);
  assert.ok(stored !== null, `a record to rewrite under ${field}`);
  const text = JSON.stringify(change(JSON.parse(stored) as R));
  await redis.hset(key, field, text);
  return text;
}

/** {@link plantRaw}, asserting that the text written holds a lone surrogate escape. */
export async function plantPoisoned<R>(redis: RedisClient, key: string, field: string, change: (stored: R) => unknown): Promise<string> {
  const text = await plantRaw(redis, key, field, change);
  assert.match(text, LONE_ESCAPE, "planted with a lone surrogate escape");
  return text;
}

/** Asserts the record under `field` of the hash `key` is stored without a lone surrogate escape (a script wrote it back mended). */
export async function assertMended(redis: RedisClient, key: string, field: string): Promise<void> {
  const stored = await redis.hget(key, field);
  assert.ok(stored !== null, `a record under ${field}`);
  assert.doesNotMatch(stored, LONE_ESCAPE, "written back with U+FFFD");
}
