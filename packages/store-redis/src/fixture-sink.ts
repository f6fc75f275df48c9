/**
 * FixtureSink on Redis: upserts every record by id. Each record is written by one Lua script
 * over keys of its org's slot, which also drops what the record's previous version left in the
 * indexes (its old list position, its old urlKey, its old unit), so a reload never leaves a
 * stale row behind. A record reloaded under another org first leaves the org the owner index
 * names (org-moves.ts). Calls go out in bounded batches so a large fixture doesn't flood the socket.
 */
import type { ApiKeyStore, FixtureItem, FixtureSink } from "@lintel/core";
import { itemSpanMs, lockPosition, templatePosition } from "@lintel/domain/adapters";
import type { RedisClient } from "./client.js";
import { guard } from "./errors.js";
import { redisKeys, type OwnedType } from "./keys.js";
import { LuaScript } from "./lua-script.js";
import { SCHEDULE_LUA } from "./schedule-index.js";
import { itemLeavesOrg, lockLeavesOrg, templateLeavesOrg, unitLeavesOrg } from "./org-moves.js";
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

// KEYS: units hash, urlKey index, urlKey order. ARGV: id, json, urlKey. The order holds
// exactly the urlKeys of the index.
const UPSERT_UNIT_SCRIPT = new LuaScript(`
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then
  local oldKey = cjson.decode(old).urlKey
  if oldKey ~= ARGV[3] and redis.call('HGET', KEYS[2], oldKey) == ARGV[1] then
    redis.call('HDEL', KEYS[2], oldKey)
    redis.call('ZREM', KEYS[3], oldKey)
  end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
redis.call('ZADD', KEYS[3], 0, ARGV[3])
return 1
`);

// KEYS: item → unit index, new unit's items, previous unit's items (as read just before), new
// unit's schedule, previous unit's schedule, new unit's span. ARGV: field, unitId, json,
// previous unitId ('' = none), span ms. Answers 0, writing nothing, when the item moved
// meanwhile (the caller reads again and retries).
const UPSERT_ITEM_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    `
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[4] then return 0 end
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old then redis.call('ZREM', KEYS[5], scheduleMember(ARGV[1], old)) end
if current ~= '' and current ~= ARGV[2] then redis.call('HDEL', KEYS[3], ARGV[1]) end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[4], 0, scheduleMember(ARGV[1], ARGV[3]))
raiseSpan(KEYS[6], ARGV[5])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`,
);

async function inBatches<T>(rows: readonly T[], write: (row: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await Promise.all(rows.slice(start, start + BATCH).map(write));
  }
}

/** How to load the records of one owned type. */
interface OwnedLoad<T> {
  readonly type: OwnedType;
  readonly idOf: (row: T) => string;
  readonly orgOf: (row: T) => string;
  /** Takes the record out of the org that held it until now. */
  readonly leave: (row: T, oldOrg: string) => Promise<unknown>;
  /** Writes the record under its own org. */
  readonly upsert: (row: T) => Promise<unknown>;
}

/**
 * Per batch: reads each record's current org from the owner index, takes the records that
 * changed org out of the old one, upserts all, then points the index at the new orgs. The
 * index moves last, so a load cut short before it is finished by the next load.
 */
async function loadOwned<T>(redis: RedisClient, rows: readonly T[], how: OwnedLoad<T>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const owners = await Promise.all(batch.map((row) => redis.get(redisKeys.owner(how.type, how.idOf(row)))));
    await Promise.all(
      batch.map((row, i) => {
        const owner = owners[i] ?? null;
        return owner !== null && owner !== how.orgOf(row) ? how.leave(row, owner) : Promise.resolve();
      }),
    );
    await Promise.all(batch.map(how.upsert));
    await Promise.all(
      batch.map((row, i) =>
        owners[i] === how.orgOf(row) ? Promise.resolve() : redis.set(redisKeys.owner(how.type, how.idOf(row)), how.orgOf(row)),
      ),
    );
  }
}

/** Loads fixtures into Redis; API keys go through the ApiKeyStore so they get all its indexes. */
export function createRedisFixtureSink(redis: RedisClient, apiKeys: ApiKeyStore): FixtureSink {
  async function upsertItem(item: FixtureItem): Promise<void> {
    const field = itemField(item);
    const index = redisKeys.itemUnits(item.orgId);
    const { orgId, ...stored } = item;
    for (let attempt = 0; attempt < 5; attempt++) {
      const previous = (await redis.hget(index, field)) ?? "";
      const previousUnit = previous || item.unitId;
      const keys = [
        index,
        redisKeys.items(orgId, item.unitId),
        redisKeys.items(orgId, previousUnit),
        redisKeys.schedule(orgId, item.unitId),
        redisKeys.schedule(orgId, previousUnit),
        redisKeys.scheduleSpan(orgId, item.unitId),
      ];
      const args = [field, item.unitId, JSON.stringify(stored), previous, itemSpanMs(item)];
      if ((await UPSERT_ITEM_SCRIPT.run(redis, keys, args)) === 1) return;
    }
    throw new Error(`Fixture item ${field} of org ${orgId} keeps moving between units; gave up.`);
  }

  return {
    load: (data) =>
      guard(async () => {
        await inBatches(data.orgs, (org) => redis.set(redisKeys.org(org.id), JSON.stringify(org)));
        await loadOwned(redis, data.units, {
          type: "unit",
          idOf: (unit) => unit.id,
          orgOf: (unit) => unit.orgId,
          leave: (unit, oldOrg) => unitLeavesOrg(redis, oldOrg, unit.orgId, unit.id),
          upsert: (unit) =>
            UPSERT_UNIT_SCRIPT.run(
              redis,
              [redisKeys.units(unit.orgId), redisKeys.unitKeys(unit.orgId), redisKeys.unitOrder(unit.orgId)],
              [unit.id, JSON.stringify(unit), unit.urlKey],
            ),
        });
        await loadOwned(redis, data.locks, {
          type: "lock",
          idOf: (lock) => lock.lockId,
          orgOf: (lock) => lock.orgId,
          leave: (lock, oldOrg) => lockLeavesOrg(redis, oldOrg, lock.lockId),
          upsert: (lock) =>
            UPSERT_LISTED_SCRIPT.run(
              redis,
              [redisKeys.locks(lock.orgId), redisKeys.activeLocks(lock.orgId), redisKeys.lockPositions(lock.orgId)],
              [lock.lockId, JSON.stringify(lock), lockPosition(lock), lock.status === "active" ? "1" : "0"],
            ),
        });
        await loadOwned(redis, data.templates, {
          type: "template",
          idOf: (template) => template.id,
          orgOf: (template) => template.orgId,
          leave: (template, oldOrg) => templateLeavesOrg(redis, oldOrg, template.id),
          upsert: (template) =>
            UPSERT_LISTED_SCRIPT.run(
              redis,
              [redisKeys.templates(template.orgId), redisKeys.templateOrder(template.orgId), redisKeys.templatePositions(template.orgId)],
              [template.id, JSON.stringify(template), templatePosition(template), "1"],
            ),
        });
        await loadOwned(redis, data.items, {
          type: "item",
          idOf: itemField,
          orgOf: (item) => item.orgId,
          leave: (item, oldOrg) => itemLeavesOrg(redis, oldOrg, itemField(item)),
          upsert: upsertItem,
        });
        await inBatches(data.apiKeys, (record) => apiKeys.put(record));
      }, null), // a bulk load: no deadline
  };
}
