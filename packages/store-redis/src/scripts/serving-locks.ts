/**
 * The index of the active locks that serve each unit (`LockDirectory.activeServing`): one ZSET
 * per org, `locks:serving`, all scores 0, a member `<unitId>|<lockPosition>` for each unit an
 * active lock serves, so one unit's locks in list order are one BYLEX REV range. Every script
 * that writes a lock (the fixture load, the update) files it with {@link SERVING_LUA} in the
 * same step, so the index is exact.
 *
 * Locks stored before the index (an older Lintel): the org's `locks:serving:built` marker says
 * the index holds every active lock. The first read of an org without it files each of the
 * org's active locks (one pass, in the read's script) and sets it: until then the writes keep
 * the entries of the locks they write, which the pass files again (ZADD is idempotent).
 */
import type { RedisClient } from "../redis/client.js";
import { redisKeys } from "../redis/keys.js";
import { FramedScript } from "./framed-script.js";
import { arg, key } from "./lua-frame.js";

/**
 * `serveLock(serving, lock, position, file)`: adds (`file` true) or removes the members of the
 * decoded `lock`, at list position `position`, for each unit it serves while active (none while
 * inactive).
 */
export const SERVING_LUA = `
local function serveLock(serving, lock, position, file)
  if lock.status ~= 'active' or type(lock.unitIds) ~= 'table' then return end
  for _, unitId in ipairs(lock.unitIds) do
    if file then redis.call('ZADD', serving, 0, unitId .. '|' .. position)
    else redis.call('ZREM', serving, unitId .. '|' .. position) end
  end
end
`;

/** Active locks read a batch at a time by the pass that builds an org's index. */
const BATCH = 500;

// The unit's members are those between `<unitId>|` and `<unitId>}`: a position's characters
// (ISO-8601 and [A-Za-z0-9_-]) all sort before '}', and another unit's id never starts `<unitId>|`.
// The reply is laid out as the list page's (ordered-page.js): the ids joined by spaces, then each record.
const ACTIVE_SERVING_SCRIPT = new FramedScript({
  keys: { serving: key, built: key, activeLocks: key, locks: key },
  args: { unitId: arg, limit: arg },
  uses: [SERVING_LUA],
  body: `
if redis.call('EXISTS', built) == 0 then
  local members = redis.call('ZRANGE', activeLocks, 0, -1)
  for from = 1, #members, ${BATCH} do
    local ids = {}
    for i = from, math.min(from + ${BATCH - 1}, #members) do ids[#ids + 1] = string.match(members[i], '^.*|(.*)$') end
    local jsons = redis.call('HMGET', locks, unpack(ids))
    for i = 1, #ids do
      -- A record that does not decode fails the pass (a bug, as on every read of it), which runs again on the next read.
      if jsons[i] then serveLock(serving, decodeRecord(jsons[i]), members[from + i - 1], true) end
    end
  end
  redis.call('SET', built, '1')
end
local members = redis.call('ZRANGE', serving, '(' .. unitId .. '}', '(' .. unitId .. '|', 'BYLEX', 'REV', 'LIMIT', 0, tonumber(limit))
if #members == 0 then return {} end
local ids = {}
for i, member in ipairs(members) do ids[i] = string.match(member, '^.*|(.*)$') end
local found = redis.call('HMGET', locks, unpack(ids))
table.insert(found, 1, table.concat(ids, ' '))
return found
`,
});

/** The reply of {@link ACTIVE_SERVING_SCRIPT} for the org's unit, at most `limit` locks (rowsOfReply reads it). */
export async function readServing(redis: RedisClient, orgId: string, unitId: string, limit: number): Promise<(Buffer | null)[]> {
  const keys = {
    serving: redisKeys.servingLocks(orgId),
    built: redisKeys.servingLocksBuilt(orgId),
    activeLocks: redisKeys.activeLocks(orgId),
    locks: redisKeys.locks(orgId),
  };
  return (await ACTIVE_SERVING_SCRIPT.runBuffer(redis, keys, { unitId, limit })) as (Buffer | null)[];
}
