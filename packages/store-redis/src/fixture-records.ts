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
import { LuaScript } from "./scripts/lua-script.js";
import { recordJson } from "./scripts/record-json.js";

// KEYS: the locks hash, the active list, its positions hash. ARGV: id, JSON, position, '1' when active.
const LOAD_LOCK_SCRIPT = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'kept' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[2], 0, ARGV[3])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
end
return 'added'
`);

// KEYS: an API key's record hash (by the key's SHA-256). ARGV: (field, JSON) pairs. Atomic with a revocation, which writes the same hash.
const LOAD_API_KEY_SCRIPT = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 'kept' end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 'added'
`);

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
            const keys = [redisKeys.locks(lock.orgId), redisKeys.activeLocks(lock.orgId), redisKeys.lockPositions(lock.orgId)];
            const args = [lock.lockId, recordJson(lock), lockPosition(lock), lock.status === "active" ? "1" : "0"];
            return (await LOAD_LOCK_SCRIPT.run(redis, keys, args)) as LoadOutcome;
          }),
        );
      }),

    // The id → hash index and the org set follow the record, in the order ApiKeyStore.put uses:
    // a crash midway leaves at worst an unreachable record.
    loadApiKey: (key) =>
      guard(async () => {
        if ((await redis.exists(redisKeys.apiKeyHashById(key.id))) === 1) return "kept";
        const outcome = (await LOAD_API_KEY_SCRIPT.run(redis, [redisKeys.apiKeyByHash(key.hash)], toFields(key))) as LoadOutcome;
        if (outcome === "kept") return outcome;
        await redis.set(redisKeys.apiKeyHashById(key.id), key.hash);
        await redis.sadd(redisKeys.orgApiKeys(key.orgId), key.id);
        return outcome;
      }),
  };
}
