/**
 * The read indexes of units on Redis, and the Lua every writer of units or items
 * shares to keep them right:
 * - `units:order`, a BYLEX set of the org's urlKeys (exactly the fields of `unitkeys`);
 * - per unit, `schedule`, a BYLEX set of `startAt|kind:id` (the item's `schedulePosition`), and
 *   `span`, the longest span in ms any item of the unit has had (it only grows).
 * A schedule page starts at the cursor, or at `from − span` (no item that ends after `from`
 * starts earlier), and drops the items that ended by `from` as it reads on.
 */
import { isoInstant } from "@lintel/domain";
import { scheduleScanStart } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { redisKeys } from "./redis/keys.js";
import { LuaScript } from "./scripts/lua-script.js";

/**
 * Lua helpers, prepended to the scripts that write items: an item's member, the span bump, and
 * the item's entry in the org's `templates:uses` (a message naming a template; none otherwise),
 * which every writer drops for the old JSON and adds for the new, so the index stays exact.
 */
export const SCHEDULE_LUA = `
local function scheduleMember(field, json) return decodeRecord(json).startAt .. '|' .. field end
local function raiseSpan(key, ms)
  if tonumber(ms) > tonumber(redis.call('GET', key) or '0') then redis.call('SET', key, ms) end
end
local function templateUse(field, json)
  local item = decodeRecord(json)
  if item.kind ~= 'scheduled_message' or type(item.templateId) ~= 'string' then return nil end
  return item.templateId .. '|' .. item.startAt .. '|' .. field
end
local function dropUse(key, field, json)
  local member = json and templateUse(field, json)
  if member then redis.call('ZREM', key, member) end
end
local function addUse(key, field, json)
  local member = templateUse(field, json)
  if member then redis.call('ZADD', key, 0, member) end
end
`;

// KEYS: unit order zset, urlKey → id hash, units hash. ARGV: range start, limit.
const UNITS_PAGE_SCRIPT = new LuaScript(`
local keys = redis.call('ZRANGE', KEYS[1], ARGV[1], '+', 'BYLEX', 'LIMIT', 0, tonumber(ARGV[2]))
if #keys == 0 then return {} end
local ids = redis.call('HMGET', KEYS[2], unpack(keys))
local out = {}
for _, id in ipairs(ids) do
  if id then
    local unit = redis.call('HGET', KEYS[3], id)
    if unit then out[#out + 1] = unit end
  end
end
return out
`);

// KEYS: the unit's schedule zset, its items hash. ARGV: range start, fromIso, limit. Reads
// members a page at a time and keeps the items whose endAt is after fromIso (both canonical
// UTC text, so text order is time order).
const SCHEDULE_PAGE_SCRIPT = new LuaScript(`
local limit = tonumber(ARGV[3])
local lower = ARGV[1]
local out = {}
while #out < limit do
  local members = redis.call('ZRANGE', KEYS[1], lower, '+', 'BYLEX', 'LIMIT', 0, limit)
  if #members == 0 then break end
  local fields = {}
  for i, member in ipairs(members) do fields[i] = string.match(member, '^[^|]*|(.*)$') end
  local items = redis.call('HMGET', KEYS[2], unpack(fields))
  for i = 1, #members do
    local json = items[i]
    if json and decodeRecord(json).endAt > ARGV[2] and #out < limit then out[#out + 1] = json end
  end
  if #members < limit then break end
  lower = '(' .. members[#members]
end
return out
`);

/** Unit JSON records of the org by urlKey, after `after` (exclusive), at most `limit`. */
export async function readUnitsPage(redis: RedisClient, orgId: string, after: string | null, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const keys = [redisKeys.unitOrder(orgId), redisKeys.unitKeys(orgId), redisKeys.units(orgId)];
  return (await UNITS_PAGE_SCRIPT.run(redis, keys, [after === null ? "-" : `(${after}`, Math.floor(limit)])) as string[];
}

/** Item JSON records of the unit ending after `fromMs`, after position `after`, at most `limit`. */
export async function readSchedulePage(
  redis: RedisClient,
  orgId: string,
  unitId: string,
  page: { readonly fromMs: number; readonly after: string | null; readonly limit: number },
): Promise<string[]> {
  if (page.limit <= 0) return [];
  let start: string;
  if (page.after !== null) start = `(${page.after}`;
  else {
    // A second round trip on first pages only; an item added meanwhile was not there for the whole read.
    const span = Number((await redis.get(redisKeys.scheduleSpan(orgId, unitId))) ?? "0");
    start = `(${scheduleScanStart(page.fromMs, span)}`;
  }
  const keys = [redisKeys.schedule(orgId, unitId), redisKeys.items(orgId, unitId)];
  return (await SCHEDULE_PAGE_SCRIPT.run(redis, keys, [start, isoInstant(page.fromMs), Math.floor(page.limit)])) as string[];
}
