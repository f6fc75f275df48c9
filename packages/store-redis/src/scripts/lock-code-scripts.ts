/**
 * The Lua of lock code work on Redis, each over keys of one org's slot: the functions the unit
 * writes call to store a code's work in the step of its change ({@link WRITE_WORK_LUA}) and to
 * set a code's `lockSync` ({@link SET_LOCK_SYNC_LUA}), and the outbox's own scripts. Work keys
 * (`codeWorkKeys`) come in the order work, due, next, leases, pending; work arguments
 * (`codeWorkArgs`) as '0' (none) or '1', codeId, work JSON, due ms, pendingSince ms.
 */
import type { CodeWork } from "@lintel/core/adapters";
import { APPEND_EVENT_LUA } from "./event-append.js";
import { redisKeys } from "../redis/keys.js";
import { LuaScript } from "./lua-script.js";
import { recordJson } from "./record-json.js";

/** The keys `writeWorkAt` takes, in order, from the position the calling script gives it. */
export function codeWorkKeys(orgId: string): string[] {
  return [
    redisKeys.codeWork(orgId),
    redisKeys.codeWorkDue(orgId),
    redisKeys.codeWorkNext(orgId),
    redisKeys.codeWorkLeases(orgId),
    redisKeys.codeWorkPending(orgId),
  ];
}

/** How many keys {@link codeWorkKeys} makes. */
export const CODE_WORK_KEY_COUNT = 5;

/** The arguments `writeWorkAt` takes for `work` (none: a single '0'). */
export function codeWorkArgs(work: CodeWork | null | undefined): (string | number)[] {
  if (!work) return ["0"];
  return ["1", work.codeId, recordJson(work), Date.parse(work.nextAttemptAt), Date.parse(work.pendingSince)];
}

/**
 * `writeWork(k, codeId, json, dueMs, pendingMs)` stores the code's work (KEYS[k..] as
 * {@link codeWorkKeys}): a newer record replaces the older one but keeps its `pendingSince`
 * (and its score in `pending`); while a lease is held on the code its due score stays at the
 * lease's end, else it is due at `dueMs`. `writeWorkAt(k, a)` does so when ARGV[a] is '1'.
 */
export const WRITE_WORK_LUA = `
local function writeWork(k, codeId, json, dueMs, pendingMs)
  local work, due, nextAt, leases, pending = KEYS[k], KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 4]
  local old = redis.call('HGET', work, codeId)
  if old then
    local newer = decodeRecord(json)
    newer.pendingSince = decodeRecord(old).pendingSince
    json = encodeRecord(newer)
  end
  redis.call('HSET', work, codeId, json)
  redis.call('HSET', nextAt, codeId, dueMs)
  redis.call('ZADD', pending, 'NX', pendingMs, codeId)
  if redis.call('HEXISTS', leases, codeId) == 0 then redis.call('ZADD', due, dueMs, codeId) end
end
local function writeWorkAt(k, a)
  if ARGV[a] == '1' then writeWork(k, ARGV[a + 1], ARGV[a + 2], ARGV[a + 3], ARGV[a + 4]) end
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
 * KEYS: due, work, leases, placed. ARGV: now ms, lease end ms, max, token, how many due records
 * to look at, '1' for one per lock, then the lock ids to skip. Leases the org's due work (at most
 * max): each moves to the lease's end and takes the token. Answers (work JSON, placed JSON or '')
 * pairs. A due code without work (none should be) leaves the due ZSET.
 */
export const LEASE_CODE_WORK = new LuaScript(`
local max = tonumber(ARGV[3])
local onePerLock = ARGV[6] == '1'
local skipped = {}
for i = 7, #ARGV do skipped[ARGV[i]] = true end
local out = {}
local taken = 0
for _, codeId in ipairs(redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE', 'LIMIT', 0, tonumber(ARGV[5]))) do
  if taken >= max then break end
  local raw = redis.call('HGET', KEYS[2], codeId)
  if not raw then
    redis.call('ZREM', KEYS[1], codeId)
  else
    local lockId = decodeRecord(raw).lockId
    if not skipped[lockId] then
      redis.call('ZADD', KEYS[1], ARGV[2], codeId)
      redis.call('HSET', KEYS[3], codeId, ARGV[4])
      out[#out + 1] = raw
      out[#out + 1] = redis.call('HGET', KEYS[4], codeId) or ''
      taken = taken + 1
      if onePerLock then skipped[lockId] = true end
    end
  end
end
return out
`);

/**
 * KEYS: work, due, next, leases, pending, placed, placed ids, the unit's items, then
 * `appendKeys`. ARGV: codeId, token, workId, kind, placed JSON ('' for none), its provider
 * code id, its index entry JSON, retry's nextAttemptAt and due ms, lockSync JSON ('' for none),
 * '1' when an event comes (then `appendArgs` from ARGV[12]). 0 (nothing written) unless the
 * token holds the lease. Then: the lease ends and `placed` is written with its index; work
 * replaced meanwhile is due at its own time and nothing else changes; retry keeps the work with
 * one more attempt; done and failed drop it and, when the code is still at the unit, set its
 * lockSync (no version bump, its schedule member unchanged) and store the event.
 */
export const FINISH_CODE_WORK = new LuaScript(
  APPEND_EVENT_LUA +
    SET_LOCK_SYNC_LUA +
    `
local codeId = ARGV[1]
if redis.call('HGET', KEYS[4], codeId) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[4], codeId)
local oldPlaced = redis.call('HGET', KEYS[6], codeId)
if oldPlaced then redis.call('HDEL', KEYS[7], decodeRecord(oldPlaced).providerCodeId) end
if ARGV[5] == '' then
  redis.call('HDEL', KEYS[6], codeId)
else
  redis.call('HSET', KEYS[6], codeId, ARGV[5])
  redis.call('HSET', KEYS[7], ARGV[6], ARGV[7])
end
local raw = redis.call('HGET', KEYS[1], codeId)
if not raw then return 1 end
local work = decodeRecord(raw)
if work.workId ~= ARGV[3] then
  redis.call('ZADD', KEYS[2], redis.call('HGET', KEYS[3], codeId) or '0', codeId)
  return 1
end
if ARGV[4] == 'retry' then
  work.attempts = work.attempts + 1
  work.nextAttemptAt = ARGV[8]
  redis.call('HSET', KEYS[1], codeId, encodeRecord(work))
  redis.call('HSET', KEYS[3], codeId, ARGV[9])
  redis.call('ZADD', KEYS[2], ARGV[9], codeId)
  return 1
end
redis.call('HDEL', KEYS[1], codeId)
redis.call('HDEL', KEYS[3], codeId)
redis.call('ZREM', KEYS[2], codeId)
redis.call('ZREM', KEYS[5], codeId)
if ARGV[10] ~= '' and setLockSync(KEYS[8], 'code:' .. codeId, ARGV[10]) and ARGV[11] == '1' then appendEvent(9, 12) end
return 1
`,
);

/**
 * KEYS: work, the unit's items, then `appendKeys`. ARGV: codeId, lockSync JSON, its status, '1'
 * when an event comes (then `appendArgs` from ARGV[5]). Sets the code's lockSync and stores the
 * event only while the code has no work and is at the unit with another status; 1 when written.
 */
export const REPORT_LOCK_SYNC = new LuaScript(
  APPEND_EVENT_LUA +
    `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
local field = 'code:' .. ARGV[1]
local raw = redis.call('HGET', KEYS[2], field)
if not raw then return 0 end
local item = decodeRecord(raw)
if type(item.lockSync) == 'table' and item.lockSync.status == ARGV[3] then return 0 end
item.lockSync = decodeRecord(ARGV[2])
redis.call('HSET', KEYS[2], field, encodeRecord(item))
if ARGV[4] == '1' then appendEvent(3, 5) end
return 1
`,
);

/**
 * KEYS: the org's units, the unit's items, then {@link codeWorkKeys}. ARGV: codeId, lockSync
 * JSON, unit id, the unit's version read, then {@link codeWorkArgs}. While the unit is at that
 * version and the code is at it with its lockSync `failed`, sets its lockSync and writes its work
 * (no version bump, no event); 1 when written.
 */
export const RESEND_CODE = new LuaScript(
  WRITE_WORK_LUA +
    `
local unit = redis.call('HGET', KEYS[1], ARGV[3])
if not unit or decodeRecord(unit).version ~= tonumber(ARGV[4]) then return 0 end
local raw = redis.call('HGET', KEYS[2], 'code:' .. ARGV[1])
if not raw then return 0 end
local item = decodeRecord(raw)
if type(item.lockSync) ~= 'table' or item.lockSync.status ~= 'failed' then return 0 end
item.lockSync = decodeRecord(ARGV[2])
redis.call('HSET', KEYS[2], 'code:' .. ARGV[1], encodeRecord(item))
writeWorkAt(3, 5)
return 1
`,
);

/** KEYS: placed ids, work. ARGV: the provider's code id. Answers the index entry JSON and '1' when work is pending, or nothing. */
export const PLACED_CODE = new LuaScript(`
local entry = redis.call('HGET', KEYS[1], ARGV[1])
if not entry then return false end
local codeId = decodeRecord(entry).codeId
return { entry, tostring(redis.call('HEXISTS', KEYS[2], codeId)) }
`);

/**
 * KEYS: a hash of records with a PIN in `code` (a unit's items, or the org's work). ARGV: field,
 * the PIN read, the PIN to store. Replaces the record's PIN only while it is still the one read
 * (a change meanwhile wins); 1 when written.
 */
export const RESEAL_PIN = new LuaScript(`
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local record = decodeRecord(raw)
if record.code ~= ARGV[2] then return 0 end
record.code = ARGV[3]
redis.call('HSET', KEYS[1], ARGV[1], encodeRecord(record))
return 1
`);
