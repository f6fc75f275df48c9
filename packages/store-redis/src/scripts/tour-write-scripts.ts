/**
 * The Lua script of a tour write (tour-store.js), with its named frame: the tour, the schedule
 * items it puts and deletes (each as writeItem's script would, unit-write-scripts.js), their
 * codes' work, the unit's version and the event, in one step over keys of the org's slot.
 */
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS } from "./event-append.js";
import { FramedScript } from "./framed-script.js";
import { arg, counted, group, key, maybe } from "./lua-frame.js";
import { WORK, WORK_KEYS, WRITE_WORK_LUA } from "./lock-code-scripts.js";
import { AT_VERSION_LUA, ITEM_KEYS, PUT_ITEM_LUA, UNIT_BASIS } from "./unit-write-frame.js";
import { SCHEDULE_LUA } from "../schedule-index.js";
import { MESSAGE_INDEX_LUA, MESSAGE_KEYS } from "./message-index.js";
import { LOCK_SERVES_LUA } from "./lock-scripts.js";
import { PIN_INDEX_LUA, PIN_KEYS } from "./pin-index.js";

/**
 * One item op of a tour write (a group of its frame): 'put' or 'delete', the item's field
 * (`<kind>:<id>`), and for a put its JSON (stored as given, never re-encoded), span in ms and
 * startAt in ms (when a message is due); a code's PIN filing as writeItem's (`pinLock`, `pinTag`).
 */
export const TOUR_ITEM_OP = group({ op: arg, field: arg, json: arg, spanMs: arg, dueMs: arg, pinLock: arg, pinTag: arg });

/**
 * writeTour: while the unit is at `expected` ('' for any version) and as `basis` says, and the
 * stored tour is the one read (`tourRead`, its JSON; '' for none: the tour is new), checks the
 * item limit (each put of an item the unit lacks counts), `templateIds` and `lockServing` ('' for
 * none), then applies `ops` in order, stores each of `works`, the tour (`tourJson`) at `position`
 * in the org's and the unit's order (leaving `readPosition`, the position read, when it moved),
 * its due time (`dueMs`, '' for none), the unit's next version when `bumps` is '1', and the event,
 * which comes cut around its version (eventAroundVersion) and says the version after the change
 * (none: the change emits nothing). A booking's new code (`pinLock` '' for none) is refused
 * (`pin_taken`) when one of `pinTags` is filed on its lock for a code other than `pinCode` and
 * not among `pinCleared` (pin-index.js).
 * Refusals come before any write. A stored tour or an item at another unit is a bug (ids are new):
 * an error, also before any write. A delete of an item the unit lacks is remembered all the same.
 */
export const WRITE_TOUR_SCRIPT = new FramedScript({
  keys: {
    ...ITEM_KEYS,
    templates: key,
    messages: MESSAGE_KEYS,
    deleted: key,
    locks: key,
    tours: key,
    tourOrder: key,
    unitTourOrder: key,
    tourDue: key,
    workKeys: WORK_KEYS,
    eventKeys: EVENT_KEYS,
    pinKeys: PIN_KEYS,
  },
  args: {
    unitId: arg,
    expected: arg,
    basis: UNIT_BASIS,
    pinLock: arg,
    pinCode: arg,
    tourId: arg,
    tourRead: arg,
    readPosition: arg,
    tourJson: arg,
    position: arg,
    dueMs: arg,
    bumps: arg,
    itemLimit: arg,
    lockServing: arg,
    eventTail: arg,
    eventArgs: maybe(EVENT_ARGS),
    templateIds: counted(arg),
    ops: counted(TOUR_ITEM_OP),
    works: counted(WORK),
    pinTags: counted(arg),
    pinCleared: counted(arg),
  },
  uses: [SCHEDULE_LUA, MESSAGE_INDEX_LUA, PUT_ITEM_LUA, WRITE_WORK_LUA, APPEND_EVENT_LUA, AT_VERSION_LUA, LOCK_SERVES_LUA, PIN_INDEX_LUA],
  body: `
local unit, refused = unitAt(units, unitId, expected)
if not unit then return refused end
local storedRaw = redis.call('HGET', tours, tourId)
local stored = nil
if storedRaw then
  stored = decodeRecord(storedRaw)
  if stored.unitId ~= unitId then return redis.error_reply('writeTour: tour ' .. tourId .. ' is at unit ' .. tostring(stored.unitId)) end
end
local read = nil
if tourRead ~= '' then read = decodeRecord(tourRead) end
if not sameUnit(unit, basis) or not sameValue(read, stored) then return {'changed'} end
local added = 0
for _, one in ipairs(ops) do
  if redis.call('HEXISTS', items, one.field) == 0 then
    local holder = redis.call('HGET', itemUnits, one.field)
    if holder and holder ~= unitId then return redis.error_reply('writeTour: ' .. one.field .. ' is at unit ' .. holder) end
    if one.op == 'put' then added = added + 1 end
  end
end
if added > 0 and redis.call('HLEN', items) + added > tonumber(itemLimit) then return {'too_many_items'} end
for _, templateId in ipairs(templateIds) do
  if redis.call('HEXISTS', templates, templateId) == 0 then return {'template_missing'} end
end
-- A lock the puts name anew must serve the unit now: a lock leaving the unit and a new code of it never interleave.
if lockServing ~= '' and not lockServes(locks, lockServing, unitId) then return {'lock_missing'} end
if pinLock ~= '' and pinTaken(pinKeys.pins, pinLock, pinCode, pinTags, pinCleared) then return {'pin_taken'} end
for _, one in ipairs(ops) do
  local field = one.field
  local old = redis.call('HGET', items, field)
  if old then redis.call('ZREM', schedule, scheduleMember(field, old)) end
  dropMessage(messages, field, old)
  if one.op == 'put' then
    putItem(items, schedule, span, itemUnits, messages, unitId, field, one.json, one.spanMs, one.dueMs)
  else
    redis.call('HDEL', items, field)
    redis.call('HDEL', itemUnits, field)
    redis.call('SADD', deleted, 'item:' .. field)
  end
  filePin(pinKeys, field, unitId, one.pinLock, one.pinTag)
end
for _, work in ipairs(works) do writeWork(workKeys, work) end
redis.call('HSET', tours, tourId, tourJson)
if readPosition ~= '' and readPosition ~= position then
  redis.call('ZREM', tourOrder, readPosition)
  redis.call('ZREM', unitTourOrder, readPosition)
end
redis.call('ZADD', tourOrder, 0, position)
redis.call('ZADD', unitTourOrder, 0, position)
if dueMs == '' then redis.call('ZREM', tourDue, tourId) else redis.call('ZADD', tourDue, dueMs, tourId) end
local encoded
if bumps == '1' then
  unit.version = unit.version + 1
  encoded = encodeRecord(unit)
  redis.call('HSET', units, unitId, encoded)
else
  encoded = redis.call('HGET', units, unitId)
end
if eventArgs then
  if eventTail ~= '' then eventArgs.json = eventArgs.json .. string.format('%d', unit.version) .. eventTail end
  appendEvent(eventKeys, eventArgs)
end
return {'ok', encoded}
`,
});
