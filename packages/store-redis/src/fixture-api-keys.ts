/**
 * Loading one fixture API key into Redis. The decision on the record (add only when absent;
 * an update keeps a stored revokedAt) is one script on the record's hash, atomic with a
 * revocation, which writes the same hash. The id → hash index and the org set follow, in the
 * order ApiKeyStore.put uses: a crash midway leaves at worst an unreachable record.
 */
import type { FixtureLoadMode } from "@lintel/core";
import type { ApiKeyRecord } from "@lintel/domain";
import { readApiKey, REVOKE_SCRIPT, toFields } from "./api-key-store.js";
import type { RedisClient } from "./client.js";
import { LOAD_API_KEY_SCRIPT, TAKE_OLD_API_KEY_SCRIPT, type LoadOutcome } from "./fixture-scripts.js";
import { redisKeys } from "./keys.js";

export async function loadApiKey(redis: RedisClient, record: ApiKeyRecord, mode: FixtureLoadMode, dry: boolean): Promise<LoadOutcome> {
  const oldHash = await redis.get(redisKeys.apiKeyHashById(record.id));
  const old = oldHash === null ? null : await readApiKey(redis, oldHash);
  const rehashed = old !== null && oldHash !== record.hash;
  if (rehashed && mode === "add") return "kept";
  if (rehashed && dry) return "updated";
  // A key given a new secret keeps its revocation in the very write that makes the new hash
  // reachable, so no moment (and no crash) lets the revoked id in with the new key.
  const carried = rehashed && old.revokedAt !== null && record.revokedAt === null ? { ...record, revokedAt: old.revokedAt } : record;
  const args = [mode, dry ? "1" : "0", ...toFields(carried)];
  const outcome = (await LOAD_API_KEY_SCRIPT.run(redis, [redisKeys.apiKeyByHash(record.hash)], args)) as LoadOutcome;
  if (outcome === "kept" || dry) return rehashed ? "updated" : outcome;
  await redis.set(redisKeys.apiKeyHashById(record.id), record.hash);
  await redis.sadd(redisKeys.orgApiKeys(record.orgId), record.id);
  if (rehashed && oldHash !== null) {
    // The fixture gives the id another key: the old hash goes, and a revocation it got since
    // the read above stays.
    const revokedAt = JSON.parse((await TAKE_OLD_API_KEY_SCRIPT.run(redis, [redisKeys.apiKeyByHash(oldHash)], [])) as string) as
      string | null;
    if (revokedAt !== null) await REVOKE_SCRIPT.run(redis, [redisKeys.apiKeyByHash(record.hash)], [JSON.stringify(revokedAt)]);
  }
  if (old !== null && old.orgId !== record.orgId) await redis.srem(redisKeys.orgApiKeys(old.orgId), record.id);
  return rehashed ? "updated" : outcome;
}
