/**
 * The Lua of a lock's update (LockDirectory.update) and of the check every item write makes of
 * the lock it names: both over keys of the org's slot, so a lock that stops serving a unit and a
 * new code of that unit are one after the other, never interleaved.
 *
 * The update's frame is built from named parts ({@link updateLockFrame}): the lock, the
 * `lock.updated` event, then each unit the lock leaves with its scan start and the tours and open
 * houses it clears, each with its `schedule.item_updated`. The script checks everything first
 * (the lock's `updatedAt`, codes ahead naming the lock, each left unit's items ahead naming it and
 * its basis), then writes everything.
 */
import { lockPosition, scheduleScanStart } from "@lintel/domain/adapters";
import type { LockChange } from "@lintel/core/adapters";
import { redisKeys } from "../redis/keys.js";
import { APPEND_ARG_COUNT, APPEND_EVENT_LUA, appendArgs, appendKeys } from "./event-append.js";
import { LuaScript } from "./lua-script.js";
import { recordJson } from "./record-json.js";
import { eventAroundVersion, withHead } from "./unit-write-frame.js";

/**
 * `lockServes(locks, lockId, unitId)`: true when the hash `locks` holds `lockId`, active, with
 * `unitId` among its `unitIds`. The item writes (unit-writes.js) call it for the lock a put names.
 */
export const LOCK_SERVES_LUA = `
local function lockServes(locks, lockId, unitId)
  local raw = redis.call('HGET', locks, lockId)
  if not raw then return false end
  local lock = decodeRecord(raw)
  if lock.status ~= 'active' or type(lock.unitIds) ~= 'table' then return false end
  for _, id in ipairs(lock.unitIds) do
    if id == unitId then return true end
  end
  return false
end
`;

/** The keys before the event's and the units': the locks hash, the active list, its positions, the units hash. */
const HEAD_KEYS = 4;
/** The arguments before the event's: lockId, expectedUpdatedAt, lock JSON, position, active, nowIso, left unit count. */
const HEAD_ARGS = 7;
const UNIT_ARGS = 7;
const CLEAR_ARGS = 4;
/** The keys `appendEvent` takes. */
const APPEND_KEY_COUNT = appendKeys("").length;
/** Fields of an items hash read a batch at a time (HMGET's arguments stay well within Lua's unpack). */
const BATCH = 500;

// KEYS: locks hash, active list, positions hash, units hash, appendKeys, then per left unit its
// items hash, schedule and span. ARGV: lockId, expectedUpdatedAt, lock JSON, its list position,
// '1' when active, nowIso, how many units are left, the event's appendArgs, then per left unit:
// unitId, urlKey, address, zone ('' for none), the scan start and the span it was read with, how
// many clears, then per clear: field, the item as read, the item cleared, its event's tail, and
// its appendArgs (the event's head first). 'span': the unit's span grew since it was read (the
// caller reads it again): a scan from the old start could miss an item ahead.
export const UPDATE_LOCK_SCRIPT = new LuaScript(
  APPEND_EVENT_LUA +
    `
local locks, activeLocks, positions, units = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local eventKeys, unitKeysFrom = ${HEAD_KEYS + 1}, ${HEAD_KEYS + 1 + APPEND_KEY_COUNT}
local lockId, expectedUpdatedAt, lockJson, position, active, nowIso = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local leftCount, eventArgs = tonumber(ARGV[7]), ${HEAD_ARGS + 1}
local needle = '"lockId":"' .. lockId .. '"'

local function sameValue(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= 'table' then return a == b end
  for k, v in pairs(a) do
    if not sameValue(v, b[k]) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

local stored = redis.call('HGET', locks, lockId)
if not stored then return {'not_found'} end
if decodeRecord(stored).updatedAt ~= expectedUpdatedAt then return {'changed'} end

local lefts, at = {}, eventArgs + ${APPEND_ARG_COUNT}
for u = 1, leftCount do
  local k = unitKeysFrom + (u - 1) * 3
  local left = {
    unitId = ARGV[at], urlKey = ARGV[at + 1], address = ARGV[at + 2], zone = ARGV[at + 3],
    scanStart = ARGV[at + 4], span = tonumber(ARGV[at + 5]), clears = {},
    items = KEYS[k], schedule = KEYS[k + 1], spanKey = KEYS[k + 2],
  }
  local clearCount = tonumber(ARGV[at + 6])
  at = at + ${UNIT_ARGS}
  for c = 1, clearCount do
    left.clears[c] = { field = ARGV[at], read = ARGV[at + 1], cleared = ARGV[at + 2], tail = ARGV[at + 3], eventAt = at + ${CLEAR_ARGS} }
    at = at + ${CLEAR_ARGS + APPEND_ARG_COUNT}
  end
  lefts[u] = left
end

-- The tours and open houses ahead at a left unit that name the lock (field -> record), counting its codes ahead.
local codes, firstCode, changed = 0, nil, false
local function aheadNaming(left)
  local found, count = {}, 0
  local members = redis.call('ZRANGE', left.schedule, '(' .. left.scanStart, '+', 'BYLEX')
  for from = 1, #members, ${BATCH} do
    local fields = {}
    for i = from, math.min(from + ${BATCH - 1}, #members) do fields[#fields + 1] = string.match(members[i], '^[^|]*|(.*)$') end
    local jsons = redis.call('HMGET', left.items, unpack(fields))
    for i = 1, #fields do
      local json = jsons[i]
      if json and string.find(json, needle, 1, true) then
        local item = decodeRecord(json)
        if item.lockId == lockId and item.endAt > nowIso then
          if item.kind == 'code' then
            codes = codes + 1
            local member = members[from + i - 1]
            if not firstCode or member < firstCode then firstCode = member end
          else
            found[fields[i]] = item
            count = count + 1
          end
        end
      end
    end
  end
  return found, count
end

for _, left in ipairs(lefts) do
  local unitRaw = redis.call('HGET', units, left.unitId)
  if unitRaw then
    if tonumber(redis.call('GET', left.spanKey) or '0') > left.span then return {'span'} end
    local found, count = aheadNaming(left)
    if count ~= #left.clears then changed = true end
    for _, clear in ipairs(left.clears) do
      local item = found[clear.field]
      if not item or not sameValue(item, decodeRecord(clear.read)) then changed = true end
    end
    if #left.clears > 0 then
      local unit = decodeRecord(unitRaw)
      local zone = unit.timeZone
      if zone == cjson.null then zone = '' end
      if unit.urlKey ~= left.urlKey or unit.address ~= left.address or zone ~= left.zone then changed = true end
      left.unit = unit
    end
  end
end
if codes > 0 then return {'codes_ahead', tostring(codes), string.match(firstCode, '^[^|]*|(.*)$')} end
if changed then return {'changed'} end

redis.call('HSET', locks, lockId, lockJson)
local oldPosition = redis.call('HGET', positions, lockId)
if oldPosition then redis.call('ZREM', activeLocks, oldPosition) end
if active == '1' then
  redis.call('ZADD', activeLocks, 0, position)
  redis.call('HSET', positions, lockId, position)
else
  redis.call('HDEL', positions, lockId)
end
appendEvent(eventKeys, eventArgs)
for _, left in ipairs(lefts) do
  if left.unit then
    for _, clear in ipairs(left.clears) do redis.call('HSET', left.items, clear.field, clear.cleared) end
    left.unit.version = left.unit.version + 1
    redis.call('HSET', units, left.unitId, encodeRecord(left.unit))
    local version = string.format('%d', left.unit.version)
    for _, clear in ipairs(left.clears) do
      ARGV[clear.eventAt] = ARGV[clear.eventAt] .. version .. clear.tail
      appendEvent(eventKeys, clear.eventAt)
    end
  end
end
return {'ok'}
`,
);

/** The keys and arguments of the update `change` of a lock of `orgId`, each left unit scanned from `spans` (its span in ms, by unit id). */
export function updateLockFrame(orgId: string, change: LockChange, spans: ReadonlyMap<string, number>) {
  const { lock } = change;
  const nowMs = Date.parse(change.nowIso);
  const keys = [redisKeys.locks(orgId), redisKeys.activeLocks(orgId), redisKeys.lockPositions(orgId), redisKeys.units(orgId)];
  keys.push(...appendKeys(orgId));
  const args: (string | number)[] = [
    lock.lockId,
    change.expectedUpdatedAt,
    recordJson(lock),
    lockPosition(lock),
    lock.status === "active" ? "1" : "0",
    change.nowIso,
    change.left.length,
    ...appendArgs(orgId, change.event),
  ];
  for (const { unitId, basis, clears } of change.left) {
    keys.push(redisKeys.items(orgId, unitId), redisKeys.schedule(orgId, unitId), redisKeys.scheduleSpan(orgId, unitId));
    const span = spans.get(unitId) ?? 0;
    args.push(unitId, basis.urlKey, basis.address, basis.timeZone ?? "", scheduleScanStart(nowMs, span), span, clears.length);
    for (const { item, event } of clears) {
      const { head, tail } = eventAroundVersion(event);
      args.push(`${item.kind}:${item.id}`, recordJson(item), recordJson({ ...item, lockId: null }), tail);
      args.push(...withHead(appendArgs(orgId, event), head));
    }
  }
  return { keys, args };
}

/** The update script's reply: applied, refused (why), or 'span': read the left units' spans again. */
export type UpdateLockReply = ["ok"] | ["not_found"] | ["changed"] | ["span"] | ["codes_ahead", string, string];
