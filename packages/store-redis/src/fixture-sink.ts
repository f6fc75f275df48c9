/**
 * FixtureSink on Redis: upserts every record by id. Each record is written by one Lua script
 * over keys of its org's slot, which also drops what the record's previous version left in the
 * indexes (its old list position, its old urlKey, its old unit), so a reload never leaves a
 * stale row behind. Calls go out in bounded batches so a large fixture doesn't flood the socket.
 */
import type { ApiKeyStore, FixtureItem, FixtureSink } from "@lintel/core";
import { lockPosition, templatePosition } from "@lintel/domain";
import type { RedisClient } from "./client.js";
import { guard } from "./errors.js";
import { redisKeys } from "./keys.js";
import { LuaScript } from "./lua-script.js";
import { itemField } from "./unit-store.js";

const BATCH = 256;

// KEYS: records hash, position zset, positions hash. ARGV: id, json, position, '1' when listed.
const UPSERT_LISTED_SCRIPT = new LuaScript(`
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old then
  redis.call('ZREM', KEYS[2], old)
  redis.call('HDEL', KEYS[3], ARGV[1])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[2], 0, ARGV[3])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
end
return 1
`);

// KEYS: units hash, urlKey index. ARGV: id, json, urlKey.
const UPSERT_UNIT_SCRIPT = new LuaScript(`
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then
  local oldKey = cjson.decode(old).urlKey
  if oldKey ~= ARGV[3] and redis.call('HGET', KEYS[2], oldKey) == ARGV[1] then redis.call('HDEL', KEYS[2], oldKey) end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
return 1
`);

// KEYS: item → unit index, new unit's items, previous unit's items (as read just before).
// ARGV: field, unitId, json, previous unitId ('' = none). Answers 0, writing nothing, when the
// item moved meanwhile (the caller reads again and retries).
const UPSERT_ITEM_SCRIPT = new LuaScript(`
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[4] then return 0 end
if current ~= '' and current ~= ARGV[2] then redis.call('HDEL', KEYS[3], ARGV[1]) end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`);

async function inBatches<T>(rows: readonly T[], write: (row: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await Promise.all(rows.slice(start, start + BATCH).map(write));
  }
}

/** Loads fixtures into Redis; API keys go through the ApiKeyStore so they get all its indexes. */
export function createRedisFixtureSink(
  redis: RedisClient,
  apiKeys: ApiKeyStore,
): FixtureSink {
  async function upsertItem(item: FixtureItem): Promise<void> {
    const field = itemField(item);
    const index = redisKeys.itemUnits(item.orgId);
    const { orgId, ...stored } = item;
    for (let attempt = 0; attempt < 5; attempt++) {
      const previous = (await redis.hget(index, field)) ?? "";
      const keys = [index, redisKeys.items(orgId, item.unitId), redisKeys.items(orgId, previous || item.unitId)];
      const args = [field, item.unitId, JSON.stringify(stored), previous];
      if ((await UPSERT_ITEM_SCRIPT.run(redis, keys, args)) === 1) return;
    }
    throw new Error(`Fixture item ${field} of org ${orgId} keeps moving between units; gave up.`);
  }

  return {
    load: (data) =>
      guard(async () => {
        await inBatches(data.orgs, (org) => redis.set(redisKeys.org(org.id), JSON.stringify(org)));
        await inBatches(data.units, (unit) =>
          UPSERT_UNIT_SCRIPT.run(redis, [redisKeys.units(unit.orgId), redisKeys.unitKeys(unit.orgId)], [
            unit.id,
            JSON.stringify(unit),
            unit.urlKey,
          ]),
        );
        await inBatches(data.locks, (lock) =>
          UPSERT_LISTED_SCRIPT.run(
            redis,
            [redisKeys.locks(lock.orgId), redisKeys.activeLocks(lock.orgId), redisKeys.lockPositions(lock.orgId)],
            [lock.lockId, JSON.stringify(lock), lockPosition(lock), lock.status === "active" ? "1" : "0"],
          ),
        );
        await inBatches(data.templates, (template) =>
          UPSERT_LISTED_SCRIPT.run(
            redis,
            [
              redisKeys.templates(template.orgId),
              redisKeys.templateOrder(template.orgId),
              redisKeys.templatePositions(template.orgId),
            ],
            [template.id, JSON.stringify(template), templatePosition(template), "1"],
          ),
        );
        await inBatches(data.items, upsertItem);
        await inBatches(data.apiKeys, (record) => apiKeys.put(record));
      }),
  };
}
