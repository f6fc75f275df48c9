/**
 * The writes of UnitStore on Redis: create and update a unit, put or delete one schedule item.
 * Each is one Lua script over keys of the org's slot that checks, writes the record and every
 * index it is in (urlKey index and order; schedule, span, item → unit, template uses), bumps
 * the unit's version and stores the event with its deliveries (event-append.js): nothing or
 * everything changes, and a refusal stores no event. A fixture's unit or item is loaded by the
 * same Lua (addUnit, putItem) without the event and the version bump.
 *
 * The version is checked only when the caller gave one; otherwise a write checks its basis (the
 * unit's urlKey, address and zone, and the item as read), so writes of other items never refuse
 * each other. The script gives the version and writes it into the event: the event's JSON comes
 * cut around its `data.unit.version` (eventAroundVersion). Stored records are written with
 * recordJson and read with decodeRecord (record-json.js), so no text can make one unreadable.
 */
import { MAX_ITEMS_PER_UNIT } from "@lintel/core";
import { type CodeWork, type ItemChange, type LoadOutcome, type UnitChange, type UnitWriteOutcome } from "@lintel/core/adapters";
import { itemSpanMs } from "@lintel/domain/adapters";
import type { LintelEvent, ScheduleItem, Unit } from "@lintel/domain";
import type { RedisClient } from "./redis/client.js";
import { APPEND_ARG_COUNT, APPEND_EVENT_LUA, appendArgs, appendKeys } from "./scripts/event-append.js";
import { loadOwned } from "./fixture-records.js";
import { redisKeys } from "./redis/keys.js";
import { LuaScript } from "./scripts/lua-script.js";
import { codeWorkArgs, codeWorkKeys, WRITE_WORK_LUA } from "./scripts/lock-code-scripts.js";
import { LOCK_SERVES_LUA } from "./scripts/lock-scripts.js";
import { recordJson } from "./scripts/record-json.js";
import { AT_VERSION_LUA, basisArgs, eventAroundVersion, PUT_ITEM_LUA, withHead } from "./scripts/unit-write-frame.js";
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

// KEYS: units hash, urlKey index, urlKey order, then appendKeys. ARGV: unit id, expectedVersion
// ('' for none), urlKey, address, basisArgs (5..8), the event's tail, then appendArgs (10..: the
// event's head first). The old urlKey leaves index and order only if it is still this unit's
// (the index is the truth the order mirrors).
const UPDATE_UNIT_SCRIPT = new LuaScript(
  APPEND_EVENT_LUA +
    `
local unitId, expected, urlKey, address, eventTail = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[9]
local urlKeys, urlKeyOrder = KEYS[2], KEYS[3]
` +
    AT_VERSION_LUA +
    `
if ARGV[5] == '1' and not sameUnit(6) then return {'changed'} end
local holder = redis.call('HGET', urlKeys, urlKey)
if holder and holder ~= unitId then return {'url_key_taken'} end
if unit.urlKey ~= urlKey then
  if redis.call('HGET', urlKeys, unit.urlKey) == unitId then
    redis.call('HDEL', urlKeys, unit.urlKey)
    redis.call('ZREM', urlKeyOrder, unit.urlKey)
  end
  redis.call('HSET', urlKeys, urlKey, unitId)
  redis.call('ZADD', urlKeyOrder, 0, urlKey)
end
unit.urlKey = urlKey
unit.address = address
unit.version = unit.version + 1
local encoded = encodeRecord(unit)
redis.call('HSET', KEYS[1], unitId, encoded)
if eventTail ~= '' then ARGV[10] = ARGV[10] .. string.format('%d', unit.version) .. eventTail end
appendEvent(4, 10)
return {'ok', encoded}
`,
);

// KEYS: units hash, the unit's items hash, its schedule, its span, the org's item → unit index,
// templates hash, template uses, the org's deleted set (a delete is remembered there, so no
// fixture load adds the item back), then codeWorkKeys, then appendKeys. ARGV: unit id,
// expectedVersion ('' for none), 'put' or 'delete', field, item JSON, span ms, templateId ('' for
// none), the item limit, basisArgs (9..12), the item as read (JSON, '' for none), the event's
// tail, then appendArgs (the event's head first), then codeWorkArgs (a code's work, stored when
// the write applies; a deleted code's work stays for the worker, as does what its provider holds),
// then the lock a put names anew ('' none; KEYS' last, the locks hash): it must serve the unit now.
// The template is checked here, in the step that writes the message, so a template deleted
// meanwhile (its delete checks the uses in one step too) is never named. A delete of an item the
// unit doesn't have is not_found. A put of an item another unit holds is a bug (ids are new).
const EVENT_ARGS_FROM = 15;
const WORK_ARGS_FROM = EVENT_ARGS_FROM + APPEND_ARG_COUNT;
const WRITE_ITEM_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    PUT_ITEM_LUA +
    WRITE_WORK_LUA +
    APPEND_EVENT_LUA +
    LOCK_SERVES_LUA +
    `
local unitId, expected, op, field, json = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local lockServing, locks = ARGV[#ARGV], KEYS[#KEYS]
local spanMs, templateId, itemLimit, itemRead, eventTail = ARGV[6], ARGV[7], tonumber(ARGV[8]), ARGV[13], ARGV[14]
local units, items, schedule, span, itemUnits, templates, uses, deleted = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
` +
    AT_VERSION_LUA +
    `
local old = redis.call('HGET', items, field)
if op == 'delete' and not old then return {'not_found'} end
if ARGV[9] == '1' then
  if not sameUnit(10) then return {'changed'} end
  local read = nil
  if itemRead ~= '' then read = decodeRecord(itemRead) end
  local stored = nil
  if old then stored = decodeRecord(old) end
  if not sameValue(read, stored) then return {'changed'} end
end
if op == 'put' then
  if not old then
    if redis.call('HLEN', items) >= itemLimit then return {'too_many_items'} end
    local holder = redis.call('HGET', itemUnits, field)
    if holder and holder ~= unitId then return redis.error_reply('writeItem: ' .. field .. ' is at unit ' .. holder) end
  end
  if templateId ~= '' and redis.call('HEXISTS', templates, templateId) == 0 then return {'template_missing'} end
  if lockServing ~= '' and not lockServes(locks, lockServing, unitId) then return {'lock_missing'} end
end
if old then
  redis.call('ZREM', schedule, scheduleMember(field, old))
  dropUse(uses, field, old)
end
if op == 'put' then
  putItem(items, schedule, span, itemUnits, uses, unitId, field, json, spanMs)
else
  redis.call('HDEL', items, field)
  redis.call('HDEL', itemUnits, field)
  redis.call('SADD', deleted, 'item:' .. field)
end
writeWorkAt(9, ${WORK_ARGS_FROM})
unit.version = unit.version + 1
local encoded = encodeRecord(unit)
redis.call('HSET', units, unitId, encoded)
if eventTail ~= '' then ARGV[${EVENT_ARGS_FROM}] = ARGV[${EVENT_ARGS_FROM}] .. string.format('%d', unit.version) .. eventTail end
appendEvent(14, ${EVENT_ARGS_FROM})
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
    case "changed":
    case "url_key_taken":
    case "too_many_items":
    case "template_missing":
    case "lock_missing":
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
      const args = [unit.id, recordJson(unit), unit.urlKey, ...appendArgs(unit.orgId, event)];
      return outcomeOf((await CREATE_UNIT_SCRIPT.run(redis, unitKeys(unit.orgId), args)) as Reply, parseUnit);
    },

    loadUnit(unit: Unit): Promise<LoadOutcome | "url_key_taken"> {
      return loadOwned(redis, "unit", unit.id, unit.orgId, async () => {
        const args = [unit.id, recordJson(unit), unit.urlKey];
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
        const args = [item.unitId, field, recordJson(item), itemSpanMs(item), ...codeWorkArgs(work)];
        return (await LOAD_ITEM_SCRIPT.run(redis, keys, args)) as LoadOutcome;
      });
    },

    async updateUnit(orgId: string, unitId: string, change: UnitChange): Promise<UnitWriteOutcome> {
      const { head, tail } = eventAroundVersion(change.event);
      const args = [
        unitId,
        change.expectedVersion ?? "",
        change.urlKey,
        change.address,
        ...basisArgs(change.basis),
        tail,
        ...withHead(appendArgs(orgId, change.event), head),
      ];
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
        redisKeys.locks(orgId),
      ];
      const { basis } = change;
      const { head, tail } = eventAroundVersion(change.event);
      const args = [
        unitId,
        change.expectedVersion ?? "",
        change.op,
        `${item.kind}:${item.id}`,
        recordJson(item),
        itemSpanMs(item),
        templateId,
        MAX_ITEMS_PER_UNIT,
        ...basisArgs(basis?.unit),
        basis?.item ? recordJson(basis.item) : "",
        tail,
        ...withHead(appendArgs(orgId, change.event), head),
        ...codeWorkArgs(change.work),
        change.op === "put" ? (change.lockServing ?? "") : "",
      ];
      return outcomeOf((await WRITE_ITEM_SCRIPT.run(redis, keys, args)) as Reply, parseUnit);
    },
  };
}
