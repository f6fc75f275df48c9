/**
 * LockDirectory on Redis: lock records in the org's `locks` hash, the active ones' positions in
 * the `locks:active` ZSET read newest first with ZRANGE … BYLEX REV (O(log n + limit)).
 */
import type { LockDirectory } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { readRecords } from "./redis/hash-records.js";
import { redisKeys } from "./redis/keys.js";
import { readOrderedRows } from "./redis/ordered-page.js";
import { recordDecoder } from "./redis/record-decoder.js";

/** Locks in Redis. */
export function createRedisLockDirectory(redis: RedisClient): LockDirectory {
  const decode = recordDecoder<Lock>();
  // Kept per org and lock id (record-decoder.js): ids are unique within an org only.
  const lockOf = (orgId: string) => (json: Buffer, lockId: string) => decode(json, lockId, orgId);
  return {
    listActive: (orgId, after, limit) =>
      guard(async () => {
        const keys = { positions: redisKeys.activeLocks(orgId), records: redisKeys.locks(orgId) };
        const page = await readOrderedRows(redis, keys, after, limit, "desc", lockOf(orgId));
        return page.filter((lock) => lock.status === "active");
      }),

    getActive: (orgId, lockId) =>
      guard(async () => {
        const json = await redis.hgetBuffer(redisKeys.locks(orgId), lockId);
        const lock = json === null ? null : lockOf(orgId)(json, lockId);
        return lock !== null && lock.status === "active" ? lock : null;
      }),

    getMany: (orgId, lockIds) => guard(() => readRecords(redis, redisKeys.locks(orgId), lockIds, lockOf(orgId))),
  };
}
