/**
 * The Redis load steps of a fixture's records: add what the store lacks. Units, items and
 * templates load through their write scripts' Lua (unit-writes.js, template-writes.js); orgs,
 * locks and API keys, which have no API writes, here. Every step runs under `loadOwned`, so an
 * id stays in the first org that had it, as in the memory store (whose records are keyed by id).
 */
import type { FixtureRecords, LoadOutcome } from "@lintel/core/adapters";
import { lockPosition } from "@lintel/domain/adapters";
import { toFields } from "./api-key-store.js";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { redisKeys, type OwnedType } from "./redis/keys.js";
import { writeLockWithDevice } from "./lock-devices.js";
import { FramedScript } from "./scripts/framed-script.js";
import { arg, key, rest } from "./scripts/lua-frame.js";
import { recordJson } from "./scripts/record-json.js";
import { SERVING_LUA } from "./scripts/serving-locks.js";

// A fixture's lock: kept when stored, else added, in the active list (and its positions) and
// the serving index (scripts/serving-locks.js) when active. A kept lock is as its writes filed it.
// A lock added anew has no code yet: its codes are all in the PIN index (scripts/pin-index.js).
const LOAD_LOCK_SCRIPT = new FramedScript({
  keys: { locks: key, activeList: key, positions: key, serving: key, pinLocks: key },
  args: { id: arg, json: arg, position: arg },
  uses: [SERVING_LUA],
  body: `
if redis.call('HEXISTS', locks, id) == 1 then return 'kept' end
redis.call('HSET', locks, id, json)
redis.call('SADD', pinLocks, id)
local lock = decodeRecord(json)
if lock.status == 'active' then
  redis.call('ZADD', activeList, 0, position)
  redis.call('HSET', positions, id, position)
  serveLock(serving, lock, position, true)
end
return 'added'
`,
});

// A fixture's API key: its record hash (by the key's SHA-256) written from (field, JSON) pairs
// unless it exists. Atomic with a revocation, which writes the same hash.
const LOAD_API_KEY_SCRIPT = new FramedScript({
  keys: { record: key },
  args: { fields: rest(arg) },
  body: `
if redis.call('EXISTS', record) == 1 then return 'kept' end
redis.call('HSET', record, unpack(fields))
return 'added'
`,
});

/**
 * Runs `load` unless the owner index gives the id to another org (then `kept`). The first load
 * of an id claims it for its org (SET NX) before writing, so two loads naming two orgs never
 * both write it; a claim whose write was cut short is finished by the next load in that org.
 */
export async function loadOwned<O extends string>(
  redis: RedisClient,
  type: OwnedType,
  id: string,
  orgId: string,
  load: () => Promise<O>,
): Promise<O | LoadOutcome> {
  const owner = redisKeys.owner(type, id);
  if ((await redis.set(owner, orgId, "NX")) === null && (await redis.get(owner)) !== orgId) return "kept";
  return load();
}

/**
 * The load steps on `redis`. A lock's org joins `group`'s set of orgs that may have lock code
 * work (`lockCodeOrgs`) before the lock is written, whether the lock is added or kept.
 */
export function createRedisFixtureRecords(redis: RedisClient, group: string): FixtureRecords {
  return {
    loadOrg: (org) => guard(async () => ((await redis.set(redisKeys.org(org.id), recordJson(org), "NX")) === null ? "kept" : "added")),

    loadLock: (lock) =>
      guard(async () => {
        await redis.sadd(redisKeys.lockCodeOrgs(group), lock.orgId);
        return loadOwned(redis, "lock", lock.lockId, lock.orgId, () =>
          // The device index spans orgs, so it is written in steps of its own (lock-devices.js).
          writeLockWithDevice(redis, lock, async () => {
            const keys = {
              locks: redisKeys.locks(lock.orgId),
              activeList: redisKeys.activeLocks(lock.orgId),
              positions: redisKeys.lockPositions(lock.orgId),
              serving: redisKeys.servingLocks(lock.orgId),
              pinLocks: redisKeys.pinLocks(lock.orgId),
            };
            const args = { id: lock.lockId, json: recordJson(lock), position: lockPosition(lock) };
            return (await LOAD_LOCK_SCRIPT.run(redis, keys, args)) as LoadOutcome;
          }),
        );
      }),

    // The id → hash index and the org set follow the record, in the order ApiKeyStore.put uses:
    // a crash midway leaves at worst an unreachable record.
    loadApiKey: (key) =>
      guard(async () => {
        if ((await redis.exists(redisKeys.apiKeyHashById(key.id))) === 1) return "kept";
        const record = { record: redisKeys.apiKeyByHash(key.hash) };
        const outcome = (await LOAD_API_KEY_SCRIPT.run(redis, record, { fields: toFields(key) })) as LoadOutcome;
        if (outcome === "kept") return outcome;
        await redis.set(redisKeys.apiKeyHashById(key.id), key.hash);
        await redis.sadd(redisKeys.orgApiKeys(key.orgId), key.id);
        return outcome;
      }),
  };
}
