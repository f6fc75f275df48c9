/**
 * The Lua of lock code work on Redis, each over keys of one org's slot: the functions the unit
 * writes call to store a code's work in the step of its change ({@link WRITE_WORK_LUA}) and to
 * set a code's `lockSync` ({@link SET_LOCK_SYNC_LUA}), and the outbox's own scripts. A script
 * takes the work keys as the group {@link WORK_KEYS} and a code's work as {@link WORK}.
 */
import { PIN_INDEX_LUA, PIN_KEYS } from "./pin-index.js";
import type { CodeWork } from "@lintel/core/adapters";
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS } from "./event-append.js";
import { FramedScript } from "./framed-script.js";
import { arg, group, key, maybe, rest, type ValueOf } from "./lua-frame.js";
import { redisKeys } from "../redis/keys.js";
import { recordJson, luaNames } from "./record-json.js";

/** The keys of the org's code work, a group of a script's frame: `writeWork` takes them. */
export const WORK_KEYS = group({ work: key, due: key, nextAt: key, leases: key, pending: key });

/** The org's {@link WORK_KEYS}. */
export function workKeys(orgId: string): ValueOf<typeof WORK_KEYS> {
  return {
    work: redisKeys.codeWork(orgId),
    due: redisKeys.codeWorkDue(orgId),
    nextAt: redisKeys.codeWorkNext(orgId),
    leases: redisKeys.codeWorkLeases(orgId),
    pending: redisKeys.codeWorkPending(orgId),
  };
}

/** A code's work as a script takes it (a group): its code id, its JSON, when it is due and since when it is pending (ms). */
export const WORK = group({ codeId: arg, json: arg, dueMs: arg, pendingMs: arg });

/** `work` as {@link WORK}; null for none (a `maybe(WORK)` then goes as '0'). */
export function workArgs(work: CodeWork): ValueOf<typeof WORK>;
export function workArgs(work: CodeWork | null | undefined): ValueOf<typeof WORK> | null;
export function workArgs(work: CodeWork | null | undefined): ValueOf<typeof WORK> | null {
  if (!work) return null;
  return { codeId: work.codeId, json: recordJson(work), dueMs: Date.parse(work.nextAttemptAt), pendingMs: Date.parse(work.pendingSince) };
}

/**
 * `writeWork(keys, work)` stores a code's work (`keys` as {@link WORK_KEYS}, `work` as
 * {@link WORK}): a newer record replaces the older one but keeps its `pendingSince` (and its
 * score in `pending`); while a lease is held on the code its due score stays at the lease's end,
 * else it is due at `dueMs`.
 */
export const WRITE_WORK_LUA = `
local function writeWork(keys, work)
  local codeId, json, dueMs, pendingMs = work.codeId, work.json, work.dueMs, work.pendingMs
  local old = redis.call('HGET', keys.work, codeId)
  if old then
    local newer = decodeRecord(json)
    newer.pendingSince = decodeRecord(old).pendingSince
    json = encodeRecord(newer)
  end
  redis.call('HSET', keys.work, codeId, json)
  redis.call('HSET', keys.nextAt, codeId, dueMs)
  redis.call('ZADD', keys.pending, 'NX', pendingMs, codeId)
  if redis.call('HEXISTS', keys.leases, codeId) == 0 then redis.call('ZADD', keys.due, dueMs, codeId) end
end
`;

/**
 * `setLockSync(items, field, lockSyncJson)` replaces the `lockSync` of the item under `field` in
 * its unit's items hash (its startAt stays, so its schedule member does); false when it is gone.
 */
export const SET_LOCK_SYNC_LUA = `
local function setLockSync(items, field, lockSyncJson)
  local raw = redis.call('HGET', items, field)
  if not raw then return false end
  local item = decodeRecord(raw)
  item.lockSync = decodeRecord(lockSyncJson)
  redis.call('HSET', items, field, encodeRecord(item))
  return true
end
`;

/**
 * Leases the org's due work (at most `max`, looking at `scan` due records): each moves to the
 * lease's end and takes the token. With `onePerLock` '1', one per lock; none of the locks in
 * `skip`. Answers (work JSON, placed JSON or '') pairs. A due code without work (none should
 * be) leaves the due ZSET.
 */
export const LEASE_CODE_WORK = new FramedScript({
  keys: { due: key, work: key, leases: key, placed: key },
  args: { nowMs: arg, leaseEndMs: arg, max: arg, token: arg, scan: arg, onePerLock: arg, skip: rest(arg) },
  body: `
local most = tonumber(max)
local skipped = {}
for _, lockId in ipairs(skip) do skipped[lockId] = true end
local out = {}
local taken = 0
for _, codeId in ipairs(redis.call('ZRANGE', due, '-inf', nowMs, 'BYSCORE', 'LIMIT', 0, tonumber(scan))) do
  if taken >= most then break end
  local raw = redis.call('HGET', work, codeId)
  if not raw then
    redis.call('ZREM', due, codeId)
  else
    local lockId = decodeRecord(raw).lockId
    if not skipped[lockId] then
      redis.call('ZADD', due, leaseEndMs, codeId)
      redis.call('HSET', leases, codeId, token)
      out[#out + 1] = raw
      out[#out + 1] = redis.call('HGET', placed, codeId) or ''
      taken = taken + 1
      if onePerLock == '1' then skipped[lockId] = true end
    end
  end
end
return out
`,
});

/**
 * Finishes a leased code's work: 0 (nothing written) unless `token` holds the lease. Then the
 * lease ends and `placed` ('' for none) is written with its index entry under `providerCodeId`;
 * work replaced meanwhile is due at its own time and nothing else changes; `retry` keeps the
 * work with one more attempt, next at `retryAt` (`retryMs`); done and failed drop it and, when
 * the code is still at the unit (`items`), set its `lockSync` ('' for none: no version bump, its
 * schedule member unchanged) and store the event, if one comes. The removal of a cancelled
 * tour's code (`tourId`, '' for none) sets the tour's `access.lockSync` instead, while the tour
 * names the code with its removal pending.
 */
export const FINISH_CODE_WORK = new FramedScript({
  keys: { workKeys: WORK_KEYS, placedCodes: key, placedIds: key, items: key, tours: key, eventKeys: EVENT_KEYS },
  args: {
    codeId: arg,
    tourId: arg,
    token: arg,
    workId: arg,
    kind: arg,
    placed: arg,
    providerCodeId: arg,
    placedEntry: arg,
    retryAt: arg,
    retryMs: arg,
    lockSync: arg,
    eventArgs: maybe(EVENT_ARGS),
  },
  uses: [APPEND_EVENT_LUA, SET_LOCK_SYNC_LUA],
  body: `
if redis.call('HGET', workKeys.leases, codeId) ~= token then return 0 end
redis.call('HDEL', workKeys.leases, codeId)
local oldPlaced = redis.call('HGET', placedCodes, codeId)
if oldPlaced then redis.call('HDEL', placedIds, decodeRecord(oldPlaced).providerCodeId) end
if placed == '' then
  redis.call('HDEL', placedCodes, codeId)
else
  redis.call('HSET', placedCodes, codeId, placed)
  redis.call('HSET', placedIds, providerCodeId, placedEntry)
end
local raw = redis.call('HGET', workKeys.work, codeId)
if not raw then return 1 end
local work = decodeRecord(raw)
if work.workId ~= workId then
  redis.call('ZADD', workKeys.due, redis.call('HGET', workKeys.nextAt, codeId) or '0', codeId)
  return 1
end
if kind == 'retry' then
  work.attempts = work.attempts + 1
  work.nextAttemptAt = retryAt
  redis.call('HSET', workKeys.work, codeId, encodeRecord(work))
  redis.call('HSET', workKeys.nextAt, codeId, retryMs)
  redis.call('ZADD', workKeys.due, retryMs, codeId)
  return 1
end
redis.call('HDEL', workKeys.work, codeId)
redis.call('HDEL', workKeys.nextAt, codeId)
redis.call('ZREM', workKeys.due, codeId)
redis.call('ZREM', workKeys.pending, codeId)
if lockSync == '' then return 1 end
local written
if tourId ~= '' then
  -- The removal of a cancelled tour's code: its standing is the tour's, while the tour names it pending.
  written = false
  local tourRaw = redis.call('HGET', tours, tourId)
  local tour = tourRaw and decodeRecord(tourRaw)
  local access = tour and tour.access
  if type(access) == 'table' and access.codeId == codeId and type(access.lockSync) == 'table' and access.lockSync.status == 'pending' then
    access.lockSync = decodeRecord(lockSync)
    redis.call('HSET', tours, tourId, encodeRecord(tour, ${luaNames(["messages"])}))
    written = true
  end
else
  written = setLockSync(items, 'code:' .. codeId, lockSync)
end
if written and eventArgs then appendEvent(eventKeys, eventArgs) end
return 1
`,
});

/**
 * Sets the code's `lockSync` (its `status` given apart) and stores the event, if one comes,
 * only while the code has no work and is at the unit (`items`) with another status; 1 when
 * written.
 */
export const REPORT_LOCK_SYNC = new FramedScript({
  keys: { work: key, items: key, eventKeys: EVENT_KEYS },
  args: { codeId: arg, lockSync: arg, status: arg, eventArgs: maybe(EVENT_ARGS) },
  uses: [APPEND_EVENT_LUA],
  body: `
if redis.call('HEXISTS', work, codeId) == 1 then return 0 end
local field = 'code:' .. codeId
local raw = redis.call('HGET', items, field)
if not raw then return 0 end
local item = decodeRecord(raw)
if type(item.lockSync) == 'table' and item.lockSync.status == status then return 0 end
item.lockSync = decodeRecord(lockSync)
redis.call('HSET', items, field, encodeRecord(item))
if eventArgs then appendEvent(eventKeys, eventArgs) end
return 1
`,
});

/**
 * While the unit is at `version` and the code is at it with its lockSync `failed`, sets its
 * `lockSync` and writes its work (no version bump, no event); 1 when written.
 */
export const RESEND_CODE = new FramedScript({
  keys: { units: key, items: key, workKeys: WORK_KEYS },
  args: { codeId: arg, lockSync: arg, unitId: arg, version: arg, work: WORK },
  uses: [WRITE_WORK_LUA],
  body: `
local unit = redis.call('HGET', units, unitId)
if not unit or decodeRecord(unit).version ~= tonumber(version) then return 0 end
local raw = redis.call('HGET', items, 'code:' .. codeId)
if not raw then return 0 end
local item = decodeRecord(raw)
if type(item.lockSync) ~= 'table' or item.lockSync.status ~= 'failed' then return 0 end
item.lockSync = decodeRecord(lockSync)
redis.call('HSET', items, 'code:' .. codeId, encodeRecord(item))
writeWork(workKeys, work)
return 1
`,
});

/** Answers the index entry JSON of the provider's code id and '1' when its code's work is pending, or nothing. */
export const PLACED_CODE = new FramedScript({
  keys: { placedIds: key, work: key },
  args: { providerCodeId: arg },
  body: `
local entry = redis.call('HGET', placedIds, providerCodeId)
if not entry then return false end
local codeId = decodeRecord(entry).codeId
return { entry, tostring(redis.call('HEXISTS', work, codeId)) }
`,
});

/**
 * Lua: `resealRecord(records, field, sealed, resealed)` replaces the `code` of the record under
 * `field` with `resealed` while it is still `sealed`; answers the record written, or nil.
 */
const RESEAL_LUA = `
local function resealRecord(records, field, sealed, resealed)
  local raw = redis.call('HGET', records, field)
  if not raw then return nil end
  local record = decodeRecord(raw)
  if record.code ~= sealed then return nil end
  record.code = resealed
  redis.call('HSET', records, field, encodeRecord(record))
  return record
end
`;

/**
 * `records`: a hash of records with a PIN in `code` (a unit's items, or the org's work).
 * Replaces the PIN of the record under `field` with `resealed` only while it is still `sealed`,
 * the one read (a change meanwhile wins); 1 when written.
 */
export const RESEAL_PIN = new FramedScript({
  keys: { records: key },
  args: { field: arg, sealed: arg, resealed: arg },
  uses: [RESEAL_LUA],
  body: `
if resealRecord(records, field, sealed, resealed) then return 1 end
return 0
`,
});

/**
 * {@link RESEAL_PIN} for a code item of the unit `unitId` (`records` its items hash), which is
 * filed again under `tag`, its re-sealed PIN's (pin-index.js), in the same step.
 */
export const RESEAL_CODE_PIN = new FramedScript({
  keys: { records: key, pinKeys: PIN_KEYS },
  args: { field: arg, sealed: arg, resealed: arg, unitId: arg, tag: arg },
  uses: [RESEAL_LUA, PIN_INDEX_LUA],
  body: `
local record = resealRecord(records, field, sealed, resealed)
if not record then return 0 end
local lockId = record.lockId
if type(lockId) ~= 'string' then lockId = '' end
filePin(pinKeys, field, unitId, lockId, tag)
return 1
`,
});
