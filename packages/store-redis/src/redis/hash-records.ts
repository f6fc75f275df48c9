/** Reading JSON records by id from one of an org's record hashes (id → JSON). */
import type { RedisClient } from "./client.js";

/**
 * The records `ids` name in the hash at `key`, each made by `decode` from its JSON (the bytes
 * Redis sent, see record-decoder.js) and its id:
 * each id once, unknown ids left out.
 */
export async function readRecords<T>(
  redis: RedisClient,
  key: string,
  ids: readonly string[],
  decode: (json: Buffer, id: string) => T,
): Promise<T[]> {
  const fields = [...new Set(ids)];
  if (fields.length === 0) return []; // HMGET wants at least one field
  const found = await redis.hmgetBuffer(key, ...fields);
  const records: T[] = [];
  found.forEach((json, i) => {
    if (json !== null) records.push(decode(json, fields[i] as string));
  });
  return records;
}
