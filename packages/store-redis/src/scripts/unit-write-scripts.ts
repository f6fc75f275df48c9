/**
 * The Lua scripts of the unit writes (unit-writes.js), one per operation, each with its named
 * frame: create, load and update a unit, write and load a schedule item.
 */
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS } from "./event-append.js";
import { FramedScript } from "./framed-script.js";
import { arg, group, key, maybe } from "./lua-frame.js";
import { WORK, WORK_KEYS, WRITE_WORK_LUA } from "./lock-code-scripts.js";
import { AT_VERSION_LUA, ITEM_KEYS, PUT_ITEM_LUA, UNIT_BASIS } from "./unit-write-frame.js";
import { SCHEDULE_LUA } from "../schedule-index.js";
import { MESSAGE_INDEX_LUA, MESSAGE_KEYS } from "./message-index.js";
import { LOCK_SERVES_LUA } from "./lock-scripts.js";
import { PIN_INDEX_LUA, PIN_KEYS } from "./pin-index.js";

/** Lua: `addUnit(units, urlKeys, urlKeyOrder, unitId, json, urlKey)` stores a new unit with its urlKey in the index and the order. */
const ADD_UNIT_LUA = `
local function addUnit(units, urlKeys, urlKeyOrder, unitId, json, urlKey)
  redis.call('HSET', units, unitId, json)
  redis.call('HSET', urlKeys, urlKey, unitId)
  redis.call('ZADD', urlKeyOrder, 0, urlKey)
end
`;

/** The org's units hash, urlKey index and urlKey order: the first keys of the unit writes' frames. */
const UNIT_INDEXES = { units: key, urlKeys: key, urlKeyOrder: key };

/**
 * createUnit: stores the new unit in the indexes and its event, or answers `url_key_taken`. The
 * id is new (the use case makes it): one already stored is a bug, and overwriting it would leave
 * its old urlKey pointing at the new record.
 */
export const CREATE_UNIT_SCRIPT = new FramedScript({
  keys: { ...UNIT_INDEXES, eventKeys: EVENT_KEYS },
  args: { unitId: arg, json: arg, urlKey: arg, eventArgs: EVENT_ARGS },
  uses: [APPEND_EVENT_LUA, ADD_UNIT_LUA],
  body: `
if redis.call('HEXISTS', urlKeys, urlKey) == 1 then return {'url_key_taken'} end
if redis.call('HEXISTS', units, unitId) == 1 then return redis.error_reply('createUnit: unit ' .. unitId .. ' exists') end
addUnit(units, urlKeys, urlKeyOrder, unitId, json, urlKey)
appendEvent(eventKeys, eventArgs)
return {'ok', json}
`,
});

/** A fixture's unit, by createUnit's step without the event: kept when stored, as given otherwise. */
export const LOAD_UNIT_SCRIPT = new FramedScript({
  keys: UNIT_INDEXES,
  args: { unitId: arg, json: arg, urlKey: arg },
  uses: [ADD_UNIT_LUA],
  body: `
if redis.call('HEXISTS', units, unitId) == 1 then return 'kept' end
if redis.call('HEXISTS', urlKeys, urlKey) == 1 then return 'url_key_taken' end
addUnit(units, urlKeys, urlKeyOrder, unitId, json, urlKey)
return 'added'
`,
});

/**
 * updateUnit: the unit's new urlKey and address, at `expected` ('' for any version) and while it
 * still is as `basis` says (when given), with its next version and its event, which comes cut
 * around its version (`eventTail`, and its head as the event's json). The old urlKey leaves index
 * and order only if it is still this unit's (the index is the truth the order mirrors).
 */
export const UPDATE_UNIT_SCRIPT = new FramedScript({
  keys: { ...UNIT_INDEXES, eventKeys: EVENT_KEYS },
  args: { unitId: arg, expected: arg, urlKey: arg, address: arg, eventTail: arg, eventArgs: EVENT_ARGS, basis: maybe(UNIT_BASIS) },
  uses: [APPEND_EVENT_LUA, AT_VERSION_LUA],
  body: `
local unit, refused = unitAt(units, unitId, expected)
if not unit then return refused end
if basis and not sameUnit(unit, basis) then return {'changed'} end
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
redis.call('HSET', units, unitId, encoded)
if eventTail ~= '' then eventArgs.json = eventArgs.json .. string.format('%d', unit.version) .. eventTail end
appendEvent(eventKeys, eventArgs)
return {'ok', encoded}
`,
});

/** What an item write was made from: the unit as read, and the item as read (its JSON, '' for none). */
const ITEM_BASIS = group({ unit: UNIT_BASIS, item: arg });

/**
 * writeItem: puts or deletes one schedule item of the unit with every index it is in (a code's PIN
 * filed on `pinLock` under `pinTag`, pin-index.js), gives the
 * unit its next version and stores the event. `deleted` is the org's set of deleted records (a
 * delete is remembered there, so no fixture load adds the item back). `op` is 'put' or 'delete';
 * `templateId` '' for none; `expected` '' for none; the event comes cut around its version as in
 * updateUnit. A code's work is stored when the write applies (a deleted code's work stays for the
 * worker, as does what its provider holds). The template is checked here, in the step that
 * writes the message, so a template deleted meanwhile (its delete checks the uses in one step
 * too) is never named. A delete of an item the unit doesn't have is not_found. A put of an item
 * another unit holds is a bug (ids are new).
 */
export const WRITE_ITEM_SCRIPT = new FramedScript({
  keys: {
    ...ITEM_KEYS,
    templates: key,
    messages: MESSAGE_KEYS,
    deleted: key,
    workKeys: WORK_KEYS,
    eventKeys: EVENT_KEYS,
    locks: key,
    pinKeys: PIN_KEYS,
  },
  args: {
    unitId: arg,
    expected: arg,
    op: arg,
    pinLock: arg,
    pinTag: arg,
    field: arg,
    json: arg,
    spanMs: arg,
    dueMs: arg,
    templateId: arg,
    itemLimit: arg,
    lockServing: arg,
    eventTail: arg,
    eventArgs: EVENT_ARGS,
    basis: maybe(ITEM_BASIS),
    work: maybe(WORK),
  },
  uses: [SCHEDULE_LUA, MESSAGE_INDEX_LUA, PUT_ITEM_LUA, WRITE_WORK_LUA, APPEND_EVENT_LUA, AT_VERSION_LUA, LOCK_SERVES_LUA, PIN_INDEX_LUA],
  body: `
local unit, refused = unitAt(units, unitId, expected)
if not unit then return refused end
local old = redis.call('HGET', items, field)
if op == 'delete' and not old then return {'not_found'} end
if basis then
  if not sameUnit(unit, basis.unit) then return {'changed'} end
  local read = nil
  if basis.item ~= '' then read = decodeRecord(basis.item) end
  local stored = nil
  if old then stored = decodeRecord(old) end
  if not sameValue(read, stored) then return {'changed'} end
end
if op == 'put' then
  if not old then
    if redis.call('HLEN', items) >= tonumber(itemLimit) then return {'too_many_items'} end
    local holder = redis.call('HGET', itemUnits, field)
    if holder and holder ~= unitId then return redis.error_reply('writeItem: ' .. field .. ' is at unit ' .. holder) end
  end
  if templateId ~= '' and redis.call('HEXISTS', templates, templateId) == 0 then return {'template_missing'} end
  -- A lock the put names anew must serve the unit now: a lock leaving the unit and a new code of it never interleave.
  if lockServing ~= '' and not lockServes(locks, lockServing, unitId) then return {'lock_missing'} end
end
if old then redis.call('ZREM', schedule, scheduleMember(field, old)) end
dropMessage(messages, field, old)
if op == 'put' then
  putItem(items, schedule, span, itemUnits, messages, unitId, field, json, spanMs, dueMs)
else
  redis.call('HDEL', items, field)
  redis.call('HDEL', itemUnits, field)
  redis.call('SADD', deleted, 'item:' .. field)
end
filePin(pinKeys, field, unitId, pinLock, pinTag)
if work then writeWork(workKeys, work) end
unit.version = unit.version + 1
local encoded = encodeRecord(unit)
redis.call('HSET', units, unitId, encoded)
if eventTail ~= '' then eventArgs.json = eventArgs.json .. string.format('%d', unit.version) .. eventTail end
appendEvent(eventKeys, eventArgs)
return {'ok', encoded}
`,
});

/**
 * loadItem: a fixture's item, kept when the org has it or deleted it, or has no such unit; added by
 * writeItem's put otherwise, with a code's work (a message due at `dueMs` when it waits to be
 * sent). A kept message of the unit still gets the use its stored JSON names (ZADD: a no-op when
 * present), so a load fills in the uses of messages stored before that index existed; its outbox
 * state stays (a load that keeps is no write).
 */
export const LOAD_ITEM_SCRIPT = new FramedScript({
  keys: {
    ...ITEM_KEYS,
    messages: MESSAGE_KEYS,
    deleted: key,
    workKeys: WORK_KEYS,
    pinKeys: PIN_KEYS,
  },
  args: { unitId: arg, field: arg, json: arg, spanMs: arg, dueMs: arg, pinLock: arg, pinTag: arg, work: maybe(WORK) },
  uses: [SCHEDULE_LUA, MESSAGE_INDEX_LUA, PUT_ITEM_LUA, WRITE_WORK_LUA, PIN_INDEX_LUA],
  body: `
if redis.call('SISMEMBER', deleted, 'item:' .. field) == 1 then return 'kept' end
if redis.call('HEXISTS', itemUnits, field) == 1 then
  local old = redis.call('HGET', items, field)
  if old then addUse(messages.uses, field, old) end
  return 'kept'
end
if redis.call('HEXISTS', units, unitId) == 0 then return 'kept' end
putItem(items, schedule, span, itemUnits, messages, unitId, field, json, spanMs, dueMs)
filePin(pinKeys, field, unitId, pinLock, pinTag)
if work then writeWork(workKeys, work) end
return 'added'
`,
});

/**
 * setShowingRules: the unit's showing rules, at `expected` ('' for any version) and while the unit
 * and its rules are as `basis` and `rulesRead` say, with its next version and its event (cut around
 * its version as in updateUnit). The rules travel and stay as JSON text inside the unit record
 * (`rules`, '' for none): cjson never re-encodes them, so their empty lists stay lists.
 */
export const SET_SHOWING_RULES_SCRIPT = new FramedScript({
  keys: { units: key, eventKeys: EVENT_KEYS },
  args: { unitId: arg, expected: arg, rulesRead: arg, rules: arg, eventTail: arg, eventArgs: EVENT_ARGS, basis: UNIT_BASIS },
  uses: [APPEND_EVENT_LUA, AT_VERSION_LUA],
  body: `
local unit, refused = unitAt(units, unitId, expected)
if not unit then return refused end
if not sameUnit(unit, basis) then return {'changed'} end
local stored = unit.showingRules
if stored == nil or stored == cjson.null then stored = '' end
if stored ~= rulesRead then return {'changed'} end
if rules == '' then unit.showingRules = cjson.null else unit.showingRules = rules end
unit.version = unit.version + 1
local encoded = encodeRecord(unit)
redis.call('HSET', units, unitId, encoded)
if eventTail ~= '' then eventArgs.json = eventArgs.json .. string.format('%d', unit.version) .. eventTail end
appendEvent(eventKeys, eventArgs)
return {'ok', encoded}
`,
});
