/**
 * LockDirectory on Redis: lock records in the org's `locks` hash, the active ones' positions in
 * the `locks:active` ZSET read newest first with ZRANGE … BYLEX REV (O(log n + limit)), and by
 * each unit they serve in `locks:serving` (scripts/serving-locks.js). An update is one script over
 * the org's slot (scripts/lock-scripts.js).
 */
import { SERVING_LOCKS_LIMIT, type LockDirectory, type LockWriteOutcome } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { readRecords } from "./redis/hash-records.js";
import { redisKeys } from "./redis/keys.js";
import { readOrderedRows, rowsOfReply } from "./redis/ordered-page.js";
import { recordDecoder } from "./redis/record-decoder.js";
import { readServing } from "./scripts/serving-locks.js";
import { UPDATE_LOCK_SCRIPT, updateLockFrame, type UpdateLockReply } from "./scripts/lock-scripts.js";

/** How many times an update reads the left units' spans again when one grew meanwhile (an item longer than any before was written). */
const SPAN_ROUNDS = 100;

/** The span (ms) of each unit, as its schedule's span key holds it (0 when none). */
async function spansOf(redis: RedisClient, orgId: string, unitIds: readonly string[]): Promise<Map<string, number>> {
  if (unitIds.length === 0) return new Map();
  // One slot (the org's hash tag): one MGET, on a cluster too.
  const values = await redis.mget(...unitIds.map((unitId) => redisKeys.scheduleSpan(orgId, unitId)));
  return new Map(unitIds.map((unitId, i) => [unitId, Number(values[i] ?? "0")]));
}

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

    activeServing: (orgId, unitId) =>
      guard(async () => {
        const reply = await readServing(redis, orgId, unitId, SERVING_LOCKS_LIMIT);
        return rowsOfReply(reply, lockOf(orgId)).filter((lock) => lock.status === "active");
      }),

    getActive: (orgId, lockId) =>
      guard(async () => {
        const json = await redis.hgetBuffer(redisKeys.locks(orgId), lockId);
        const lock = json === null ? null : lockOf(orgId)(json, lockId);
        return lock !== null && lock.status === "active" ? lock : null;
      }),

    getMany: (orgId, lockIds) => guard(() => readRecords(redis, redisKeys.locks(orgId), lockIds, lockOf(orgId))),

    update: (orgId, change) =>
      guard(async (): Promise<LockWriteOutcome> => {
        for (let round = 0; round < SPAN_ROUNDS; round++) {
          const spans = await spansOf(
            redis,
            orgId,
            change.left.map((left) => left.unitId),
          );
          const { keys, args } = updateLockFrame(orgId, change, spans);
          const reply = (await UPDATE_LOCK_SCRIPT.run(redis, keys, args)) as UpdateLockReply;
          switch (reply[0]) {
            case "ok":
              return { ok: true };
            case "not_found":
            case "changed":
              return { ok: false, reason: reply[0] };
            case "codes_ahead":
              return { ok: false, reason: "codes_ahead", codes: Number(reply[1]), firstKey: reply[2] };
            case "span":
              continue;
          }
        }
        throw new Error(`update: the spans of the units lock ${change.lock.lockId} leaves kept growing`);
      }),
  };
}
