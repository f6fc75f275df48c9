/**
 * The writes of UnitStore on Redis: create and update a unit, put or delete one schedule item.
 * Each is one Lua script over keys of the org's slot that checks, writes the record and every
 * index it is in (urlKey index and order; schedule, span, item → unit, template uses), bumps
 * the unit's version and stores the event with its deliveries (event-append.js): nothing or
 * everything changes, and a refusal stores no event. A fixture's unit or item is loaded by the
 * same Lua (addUnit, putItem) without the event and the version bump.
 */
import { MAX_ITEMS_PER_UNIT } from "@lintel/core";
import { type CodeWork, type ItemChange, type LoadOutcome, type UnitChange, type UnitWriteOutcome } from "@lintel/core/adapters";
import { itemSpanMs } from "@lintel/domain/adapters";
import type { LintelEvent, ScheduleItem, Unit } from "@lintel/domain";
import type { RedisClient } from "./client.js";
import { APPEND_ARG_COUNT, APPEND_EVENT_LUA, appendArgs, appendKeys } from "./event-append.js";
import { loadOwned } from "./fixture-records.js";
import { redisKeys } from "./keys.js";
import { LuaScript } from "./lua-script.js";
import { codeWorkArgs, codeWorkKeys, WRITE_WORK_LUA } from "./lock-code-scripts.js";
import { SCHEDULE_LUA } from "./schedule-index.js";

/** Lua that stores a new unit ARGV[1] (JSON ARGV[2], urlKey ARGV[3]) in KEYS[1..3] (units, urlKey index, urlKey order). */
const ADD_UNIT_LUA = `
local function addUnit()
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
  redis.call('ZADD', KEYS[3], 0, ARGV[3])
end
`;

// KEYS: units hash, urlKey index, urlKey order, then appendKeys. ARGV: unit id, unit JSON,
// urlKey, then appendArgs. The id is new (the use case makes it): one already stored is a bug,
// and overwriting it would leave its old urlKey pointing at the new record.
const CREATE_UNIT_SCRIPT = new LuaScript(
  APPEND_EVENT_LUA +
    ADD_UNIT_LUA +
    `
if redis.call('HEXISTS', KEYS[2], ARGV[3]) == 1 then return {'url_key_taken'} end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return redis.error_reply('createUnit: unit ' .. ARGV[1] .. ' exists') end
addUnit()
appendEvent(4, 4)
return {'ok', ARGV[2]}
`,
);

// KEYS and ARGV: createUnit's, without the event's. A fixture's unit: kept when stored, as given otherwise.
const LOAD_UNIT_SCRIPT = new LuaScript(
  ADD_UNIT_LUA +
    `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'kept' end
if redis.call('HEXISTS', KEYS[2], ARGV[3]) == 1 then return 'url_key_taken' end
addUnit()
return 'added'
`,
);

/** Lua that reads the unit ARGV[1] of KEYS[1] and refuses unless it is at version ARGV[2]; the stale unit goes back as stored, so its version is read exactly in JS. */
const AT_VERSION_LUA = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return {'not_found'} end
local unit = cjson.decode(raw)
if unit.version ~= tonumber(ARGV[2]) then return {'version_conflict', raw} end
`;

// KEYS: units hash, urlKey index, urlKey order, then appendKeys. ARGV: unit id, expectedVersion,
// urlKey, address, then appendArgs. The old urlKey leaves index and order only if it is still
// this unit's (the index is the truth the order mirrors).
const UPDATE_UNIT_SCRIPT = new LuaScript(
  APPEND_EVENT_LUA +
    AT_VERSION_LUA +
    `
local holder = redis.call('HGET', KEYS[2], ARGV[3])
if holder and holder ~= ARGV[1] then return {'url_key_taken'} end
if unit.urlKey ~= ARGV[3] then
  if redis.call('HGET', KEYS[2], unit.urlKey) == ARGV[1] then
    redis.call('HDEL', KEYS[2], unit.urlKey)
    redis.call('ZREM', KEYS[3], unit.urlKey)
  end
  redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
  redis.call('ZADD', KEYS[3], 0, ARGV[3])
end
unit.urlKey = ARGV[3]
unit.address = ARGV[4]
unit.version = unit.version + 1
local encoded = cjson.encode(unit)
redis.call('HSET', KEYS[1], ARGV[1], encoded)
appendEvent(4, 5)
return {'ok', encoded}
`,
);

/** Lua that stores an item JSON under `field` in its unit's hash and every index it is in (the caller drops an old item's entries first). */
const PUT_ITEM_LUA = `
local function putItem(items, schedule, span, itemUnits, uses, unitId, field, json, spanMs)
  redis.call('HSET', items, field, json)
  redis.call('ZADD', schedule, 0, scheduleMember(field, json))
  raiseSpan(span, spanMs)
  redis.call('HSET', itemUnits, field, unitId)
  addUse(uses, field, json)
end
`;

// KEYS: units hash, the unit's items hash, its schedule, its span, the org's item → unit index,
// templates hash, template uses, the org's deleted set (a delete is remembered there, so no
// fixture load adds the item back), then codeWorkKeys, then appendKeys. ARGV: unit id,
// expectedVersion, 'put' or 'delete', field, item JSON, span ms, templateId ('' for none), the
// item limit, then appendArgs, then codeWorkArgs (a code's work, stored when the write applies;
// a deleted code's work stays for the worker, as does what its provider holds).
// The template is checked here, in the step that writes the message, so a template deleted
// meanwhile (its delete checks the uses in one step too) is never named. A delete of an item the
// unit doesn't have is not_found. A put of an item another unit holds is a bug (ids are new).
const WORK_ARGS_FROM = 9 + APPEND_ARG_COUNT;
const WRITE_ITEM_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    PUT_ITEM_LUA +
    WRITE_WORK_LUA +
    APPEND_EVENT_LUA +
    AT_VERSION_LUA +
    `
local field = ARGV[4]
local old = redis.call('HGET', KEYS[2], field)
if ARGV[3] == 'put' then
  if not old then
    if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[8]) then return {'too_many_items'} end
    local holder = redis.call('HGET', KEYS[5], field)
    if holder and holder ~= ARGV[1] then return redis.error_reply('writeItem: ' .. field .. ' is at unit ' .. holder) end
  end
  if ARGV[7] ~= '' and redis.call('HEXISTS', KEYS[6], ARGV[7]) == 0 then return {'template_missing'} end
elseif not old then
  return {'not_found'}
end
if old then
  redis.call('ZREM', KEYS[3], scheduleMember(field, old))
  dropUse(KEYS[7], field, old)
end
if ARGV[3] == 'put' then
  putItem(KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[7], ARGV[1], field, ARGV[5], ARGV[6])
else
  redis.call('HDEL', KEYS[2], field)
  redis.call('HDEL', KEYS[5], field)
  redis.call('SADD', KEYS[8], 'item:' .. field)
end
writeWorkAt(9, ${WORK_ARGS_FROM})
unit.version = unit.version + 1
local encoded = cjson.encode(unit)
redis.call('HSET', KEYS[1], ARGV[1], encoded)
appendEvent(14, 9)
return {'ok', encoded}
`,
);

// KEYS: units hash, the unit's items hash, its schedule, its span, the org's item → unit index,
// template uses, the org's deleted set, then codeWorkKeys. ARGV: unit id, field, item JSON, span
// ms, then codeWorkArgs. A fixture's item: kept when the org has it or deleted it, or has no such
// unit; added by writeItem's put otherwise, with a code's work. A kept message of the unit still gets the use its stored JSON names (ZADD: a no-op
// when present), so a load fills in the uses of messages stored before that index existed.
const LOAD_ITEM_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    PUT_ITEM_LUA +
    WRITE_WORK_LUA +
    `
if redis.call('SISMEMBER', KEYS[7], 'item:' .. ARGV[2]) == 1 then return 'kept' end
if redis.call('HEXISTS', KEYS[5], ARGV[2]) == 1 then
  local old = redis.call('HGET', KEYS[2], ARGV[2])
  if old then addUse(KEYS[6], ARGV[2], old) end
  return 'kept'
end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 'kept' end
putItem(KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], ARGV[1], ARGV[2], ARGV[3], ARGV[4])
writeWorkAt(8, 5)
return 'added'
`,
);

type Reply = [string, string?];

/** The script's reply as the port's outcome; `parseUnit` reads the unit JSON it carries. */
function outcomeOf(reply: Reply, parseUnit: (json: string) => Unit): UnitWriteOutcome {
  const [reason, json] = reply;
  switch (reason) {
    case "ok":
      return { ok: true, unit: parseUnit(json as string) };
    case "version_conflict":
      return { ok: false, reason, currentVersion: parseUnit(json as string).version };
    case "not_found":
    case "url_key_taken":
    case "too_many_items":
    case "template_missing":
      return { ok: false, reason };
    default:
      throw new Error(`unexpected unit write reply: ${reason}`);
  }
}

/** The unit writes and loads on `redis`, answering units decoded with `parseUnit`. */
export function redisUnitWrites(redis: RedisClient, parseUnit: (json: string) => Unit) {
  const unitIndexes = (orgId: string) => [redisKeys.units(orgId), redisKeys.unitKeys(orgId), redisKeys.unitOrder(orgId)];
  const unitKeys = (orgId: string) => [...unitIndexes(orgId), ...appendKeys(orgId)];

  return {
    async createUnit(unit: Unit, event: LintelEvent): Promise<UnitWriteOutcome> {
      const args = [unit.id, JSON.stringify(unit), unit.urlKey, ...appendArgs(unit.orgId, event)];
      return outcomeOf((await CREATE_UNIT_SCRIPT.run(redis, unitKeys(unit.orgId), args)) as Reply, parseUnit);
    },

    loadUnit(unit: Unit): Promise<LoadOutcome | "url_key_taken"> {
      return loadOwned(redis, "unit", unit.id, unit.orgId, async () => {
        const args = [unit.id, JSON.stringify(unit), unit.urlKey];
        return (await LOAD_UNIT_SCRIPT.run(redis, unitIndexes(unit.orgId), args)) as LoadOutcome | "url_key_taken";
      });
    },

    loadItem(orgId: string, item: ScheduleItem, work?: CodeWork | null): Promise<LoadOutcome> {
      const field = `${item.kind}:${item.id}`;
      return loadOwned(redis, "item", field, orgId, async () => {
        const keys = [
          redisKeys.units(orgId),
          redisKeys.items(orgId, item.unitId),
          redisKeys.schedule(orgId, item.unitId),
          redisKeys.scheduleSpan(orgId, item.unitId),
          redisKeys.itemUnits(orgId),
          redisKeys.templateUses(orgId),
          redisKeys.deleted(orgId),
          ...codeWorkKeys(orgId),
        ];
        const args = [item.unitId, field, JSON.stringify(item), itemSpanMs(item), ...codeWorkArgs(work)];
        return (await LOAD_ITEM_SCRIPT.run(redis, keys, args)) as LoadOutcome;
      });
    },

    async updateUnit(orgId: string, unitId: string, change: UnitChange): Promise<UnitWriteOutcome> {
      const args = [unitId, change.expectedVersion, change.urlKey, change.address, ...appendArgs(orgId, change.event)];
      return outcomeOf((await UPDATE_UNIT_SCRIPT.run(redis, unitKeys(orgId), args)) as Reply, parseUnit);
    },

    async writeItem(orgId: string, unitId: string, change: ItemChange): Promise<UnitWriteOutcome> {
      const { item } = change;
      if (item.unitId !== unitId) throw new Error(`writeItem: item ${item.kind}:${item.id} names unit ${item.unitId}, not ${unitId}`);
      const templateId = item.kind === "scheduled_message" ? (item.templateId ?? "") : "";
      const keys = [
        redisKeys.units(orgId),
        redisKeys.items(orgId, unitId),
        redisKeys.schedule(orgId, unitId),
        redisKeys.scheduleSpan(orgId, unitId),
        redisKeys.itemUnits(orgId),
        redisKeys.templates(orgId),
        redisKeys.templateUses(orgId),
        redisKeys.deleted(orgId),
        ...codeWorkKeys(orgId),
        ...appendKeys(orgId),
      ];
      const args = [
        unitId,
        change.expectedVersion,
        change.op,
        `${item.kind}:${item.id}`,
        JSON.stringify(item),
        itemSpanMs(item),
        templateId,
        MAX_ITEMS_PER_UNIT,
        ...appendArgs(orgId, change.event),
        ...codeWorkArgs(change.work),
      ];
      return outcomeOf((await WRITE_ITEM_SCRIPT.run(redis, keys, args)) as Reply, parseUnit);
    },
  };
}
