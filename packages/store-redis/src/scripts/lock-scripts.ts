/**
 * The Lua of a lock's update (LockDirectory.update) and of the check every item write makes of
 * the lock it names: both over keys of the org's slot, so a lock that stops serving a unit and a
 * new code of that unit are one after the other, never interleaved.
 *
 * The update's frame is built from named parts ({@link updateLockFrame}): the lock, the
 * `lock.updated` event, each unit the lock leaves with its scan start, and the tours and open
 * houses it clears, each with its unit's place and its `schedule.item_updated`. The script checks everything first
 * (the lock's `updatedAt`, codes ahead naming the lock, each left unit's items ahead naming it and
 * its basis), then writes everything, the lock's entries in the serving index (serving-locks.js)
 * among them.
 */
import { lockPosition, scheduleScanStart } from "@lintel/domain/adapters";
import type { LockChange } from "@lintel/core/adapters";
import { redisKeys } from "../redis/keys.js";
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS, eventArgs, eventKeys } from "./event-append.js";
import { FramedScript } from "./framed-script.js";
import { arg, counted, group, key, rest } from "./lua-frame.js";
import { recordJson } from "./record-json.js";
import { SERVING_LUA } from "./serving-locks.js";
import { AT_VERSION_LUA, eventAroundVersion } from "./unit-write-frame.js";

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

/** Fields of an items hash read a batch at a time (HMGET's arguments stay well within Lua's unpack). */
const BATCH = 500;

/** A unit the lock leaves: its basis as read, where its scan of the items ahead starts, and the span it was read with. */
const LEFT_UNIT = group({ unitId: arg, urlKey: arg, address: arg, zone: arg, scanStart: arg, span: arg });
/** A tour or open house cleared of the lock: its left unit (its place in `lefts`, from 1), the item as read and cleared, and its event. */
const CLEAR = group({ unit: arg, field: arg, read: arg, cleared: arg, tail: arg, eventArgs: EVENT_ARGS });

/**
 * The update: the lock (its `updatedAt` as read, the new JSON and list position), the
 * `lock.updated` event, each unit it leaves (`lefts`, with its items, schedule and span keys in
 * `unitKeys` at the same place) and each clear. 'span': a left unit's span grew since it was read
 * (the caller reads it again): a scan from the old start could miss an item ahead.
 */
export const UPDATE_LOCK_SCRIPT = new FramedScript({
  keys: {
    locks: key,
    activeLocks: key,
    positions: key,
    serving: key,
    units: key,
    eventKeys: EVENT_KEYS,
    unitKeys: rest(group({ items: key, schedule: key, spanKey: key })),
  },
  args: {
    lockId: arg,
    expectedUpdatedAt: arg,
    lockJson: arg,
    position: arg,
    active: arg,
    nowIso: arg,
    eventArgs: EVENT_ARGS,
    lefts: counted(LEFT_UNIT),
    clears: rest(CLEAR),
  },
  uses: [APPEND_EVENT_LUA, AT_VERSION_LUA, SERVING_LUA],
  body: `
local needle = '"lockId":"' .. lockId .. '"'

local stored = redis.call('HGET', locks, lockId)
if not stored then return {'not_found'} end
stored = decodeRecord(stored)
if stored.updatedAt ~= expectedUpdatedAt then return {'changed'} end

for u, left in ipairs(lefts) do
  left.span = tonumber(left.span)
  left.items, left.schedule, left.spanKey = unitKeys[u].items, unitKeys[u].schedule, unitKeys[u].spanKey
  left.clears = {}
end
for _, clear in ipairs(clears) do
  local left = lefts[tonumber(clear.unit)]
  left.clears[#left.clears + 1] = clear
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
      if not sameUnit(unit, left) then changed = true end -- left holds the basis read: urlKey, address, zone
      left.unit = unit
    end
  end
end
if codes > 0 then return {'codes_ahead', tostring(codes), string.match(firstCode, '^[^|]*|(.*)$')} end
if changed then return {'changed'} end

redis.call('HSET', locks, lockId, lockJson)
serveLock(serving, stored, stored.createdAt .. '|' .. lockId, false)
serveLock(serving, decodeRecord(lockJson), position, true)
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
      clear.eventArgs.json = clear.eventArgs.json .. version .. clear.tail
      appendEvent(eventKeys, clear.eventArgs)
    end
  end
end
return {'ok'}
`,
});

/** The keys and arguments of the update `change` of a lock of `orgId`, each left unit scanned from `spans` (its span in ms, by unit id). */
export function updateLockFrame(orgId: string, change: LockChange, spans: ReadonlyMap<string, number>) {
  const { lock } = change;
  const nowMs = Date.parse(change.nowIso);
  const keys = {
    locks: redisKeys.locks(orgId),
    activeLocks: redisKeys.activeLocks(orgId),
    positions: redisKeys.lockPositions(orgId),
    serving: redisKeys.servingLocks(orgId),
    units: redisKeys.units(orgId),
    eventKeys: eventKeys(orgId),
    unitKeys: change.left.map(({ unitId }) => ({
      items: redisKeys.items(orgId, unitId),
      schedule: redisKeys.schedule(orgId, unitId),
      spanKey: redisKeys.scheduleSpan(orgId, unitId),
    })),
  };
  const args = {
    lockId: lock.lockId,
    expectedUpdatedAt: change.expectedUpdatedAt,
    lockJson: recordJson(lock),
    position: lockPosition(lock),
    active: lock.status === "active" ? "1" : "0",
    nowIso: change.nowIso,
    eventArgs: eventArgs(orgId, change.event),
    lefts: change.left.map(({ unitId, basis }) => {
      const span = spans.get(unitId) ?? 0;
      return {
        unitId,
        urlKey: basis.urlKey,
        address: basis.address,
        zone: basis.timeZone ?? "",
        scanStart: scheduleScanStart(nowMs, span),
        span,
      };
    }),
    clears: change.left.flatMap(({ clears }, u) =>
      clears.map(({ item, event }) => {
        const { head, tail } = eventAroundVersion(event);
        return {
          unit: u + 1,
          field: `${item.kind}:${item.id}`,
          read: recordJson(item),
          cleared: recordJson({ ...item, lockId: null }),
          tail,
          eventArgs: eventArgs(orgId, event, head),
        };
      }),
    ),
  };
  return { keys, args };
}

/** The update script's reply: applied, refused (why), or 'span': read the left units' spans again. */
export type UpdateLockReply = ["ok"] | ["not_found"] | ["changed"] | ["span"] | ["codes_ahead", string, string];
