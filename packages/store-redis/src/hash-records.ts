/** Reading JSON records by id from one of an org's record hashes (id → JSON). */
import type { RedisClient } from "./client.js";

/** The JSON of the records `ids` name in the hash at `key`: each id once, unknown ids left out. */
export async function readRecords(redis: RedisClient, key: string, ids: readonly string[]): Promise<string[]> {
  const fields = [...new Set(ids)];
  if (fields.length === 0) return []; // HMGET wants at least one field
  const found = await redis.hmget(key, ...fields);
  return found.filter((json): json is string => json !== null);
}
