/**
 * LockDevices on Redis: one set per provider device id, `lintel:lockdevice:<deviceId>`, of
 * `<orgId>/<lockId>` members. It has no hash tag, since a lookup spans orgs, so in a cluster it
 * lives in another slot than the lock records: no script can write both, and a fixture load
 * writes an entry and its record in separate steps.
 *
 * The order of those steps: the entry first, then the record; stale entries are removed only
 * after the record no longer names them. So whenever a record names a device, that device's set
 * names the record (a crash between the steps leaves a stale entry, never a missing one). A
 * missing entry would lose a provider's event for good; a stale one costs a read, since the
 * reader checks every entry against its record (still in that org, still that device, active).
 */
import { DEVICE_LOCKS_LIMIT, type LoadOutcome, type LockDevices } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { redisKeys } from "./redis/keys.js";
import { recordDecoder } from "./redis/record-decoder.js";

/** The entry of a lock in its device's set. Ids match `[A-Za-z0-9_-]`, so `/` separates. */
const entryOf = (orgId: string, lockId: string): string => `${orgId}/${lockId}`;

const byOrgThenId = (a: Lock, b: Lock) =>
  a.orgId < b.orgId ? -1 : a.orgId > b.orgId ? 1 : a.lockId < b.lockId ? -1 : a.lockId > b.lockId ? 1 : 0;

/** The device id the stored lock record names, or null (no record, or one that doesn't read). */
async function storedDevice(redis: RedisClient, orgId: string, lockId: string): Promise<string | null> {
  const json = await redis.hget(redisKeys.locks(orgId), lockId);
  if (json === null) return null;
  try {
    const device: unknown = (JSON.parse(json) as Partial<Lock>).providerDeviceId;
    return typeof device === "string" ? device : null;
  } catch {
    return null;
  }
}

/**
 * Writes `lock` by `write` (its load script) with its device entry around it: the entry of
 * the fixture's device first, then the record, then, from the record as it now stands (a kept
 * record may name another device), the entry it needs is ensured (this also indexes a record
 * stored before the index existed) and the entries it no longer needs are removed.
 */
export async function writeLockWithDevice(redis: RedisClient, lock: Lock, write: () => Promise<LoadOutcome>): Promise<LoadOutcome> {
  const entry = entryOf(lock.orgId, lock.lockId);
  const before = await storedDevice(redis, lock.orgId, lock.lockId);
  await redis.sadd(redisKeys.lockDevice(lock.providerDeviceId), entry);
  const outcome = await write();
  const now = await storedDevice(redis, lock.orgId, lock.lockId);
  if (now !== null && now !== lock.providerDeviceId) await redis.sadd(redisKeys.lockDevice(now), entry);
  for (const device of new Set([before, lock.providerDeviceId])) {
    if (device !== null && device !== now) await redis.srem(redisKeys.lockDevice(device), entry);
  }
  return outcome;
}

/** Lock devices in Redis. */
export function createRedisLockDevices(redis: RedisClient): LockDevices {
  const parseLock = recordDecoder<Lock>();
  return {
    activeByProviderDevice: (deviceId) =>
      guard(async () => {
        const idsByOrg = new Map<string, string[]>();
        for (const entry of await redis.smembers(redisKeys.lockDevice(deviceId))) {
          const slash = entry.indexOf("/");
          if (slash <= 0) continue;
          const orgId = entry.slice(0, slash);
          idsByOrg.set(orgId, [...(idsByOrg.get(orgId) ?? []), entry.slice(slash + 1)]);
        }
        // One HMGET per org: each org's records sit in their own slot.
        const perOrg = await Promise.all(
          [...idsByOrg].map(async ([orgId, ids]) =>
            (await redis.hmget(redisKeys.locks(orgId), ...ids))
              .flatMap((json) => (json === null ? [] : [parseLock(json)]))
              .filter((lock) => lock.orgId === orgId && lock.providerDeviceId === deviceId && lock.status === "active"),
          ),
        );
        return perOrg.flat().sort(byOrgThenId).slice(0, DEVICE_LOCKS_LIMIT);
      }),
  };
}
