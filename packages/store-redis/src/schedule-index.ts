/**
 * The read indexes of units on Redis, and the Lua every writer of units or items
 * shares to keep them right:
 * - `units:order`, a BYLEX set of the org's urlKeys (exactly the fields of `unitkeys`);
 * - per unit, `schedule`, a BYLEX set of `startAt|kind:id` (the item's `schedulePosition`), and
 *   `span`, the longest span in ms any item of the unit has had (it only grows).
 * A schedule page starts at the cursor, or at `from − span` (no item that ends after `from`
 * starts earlier), and drops the items that ended by `from` as it reads on.
 */

import { scheduleScanStart, isoInstant } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { redisKeys } from "./redis/keys.js";
import { FramedScript } from "./scripts/framed-script.js";
import { arg, key } from "./scripts/lua-frame.js";

/**
 * Lua helpers, prepended to the scripts that write items: an item's member and the span bump
 * (a message's own indexes: scripts/message-index.js).
 */
export const SCHEDULE_LUA = `
local function scheduleMember(field, json) return decodeRecord(json).startAt .. '|' .. field end
local function raiseSpan(key, ms)
  if tonumber(ms) > tonumber(redis.call('GET', key) or '0') then redis.call('SET', key, ms) end
end
`;

// `start` begins the BYLEX range; at most `limit` units.
const UNITS_PAGE_SCRIPT = new FramedScript({
  keys: { unitOrder: key, urlKeys: key, units: key },
  args: { start: arg, limit: arg },
  body: `
local pageKeys = redis.call('ZRANGE', unitOrder, start, '+', 'BYLEX', 'LIMIT', 0, tonumber(limit))
if #pageKeys == 0 then return {} end
local ids = redis.call('HMGET', urlKeys, unpack(pageKeys))
local out = {}
for _, id in ipairs(ids) do
  if id then
    local unit = redis.call('HGET', units, id)
    if unit then out[#out + 1] = unit end
  end
end
return out
`,
});

// `start` begins the BYLEX range. Reads members a page at a time and keeps the items whose endAt
// is after `fromIso` (both canonical UTC text, so text order is time order), at most `limit`.
const SCHEDULE_PAGE_SCRIPT = new FramedScript({
  keys: { schedule: key, items: key },
  args: { start: arg, fromIso: arg, limit: arg },
  body: `
local most = tonumber(limit)
local lower = start
local out = {}
while #out < most do
  local members = redis.call('ZRANGE', schedule, lower, '+', 'BYLEX', 'LIMIT', 0, most)
  if #members == 0 then break end
  local fields = {}
  for i, member in ipairs(members) do fields[i] = string.match(member, '^[^|]*|(.*)$') end
  local found = redis.call('HMGET', items, unpack(fields))
  for i = 1, #members do
    local json = found[i]
    if json and decodeRecord(json).endAt > fromIso and #out < most then out[#out + 1] = json end
  end
  if #members < most then break end
  lower = '(' .. members[#members]
end
return out
`,
});

/** Unit JSON records of the org by urlKey, after `after` (exclusive), at most `limit`. */
export async function readUnitsPage(redis: RedisClient, orgId: string, after: string | null, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const keys = { unitOrder: redisKeys.unitOrder(orgId), urlKeys: redisKeys.unitKeys(orgId), units: redisKeys.units(orgId) };
  return (await UNITS_PAGE_SCRIPT.run(redis, keys, { start: after === null ? "-" : `(${after}`, limit: Math.floor(limit) })) as string[];
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
  const keys = { schedule: redisKeys.schedule(orgId, unitId), items: redisKeys.items(orgId, unitId) };
  const args = { start, fromIso: isoInstant(page.fromMs), limit: Math.floor(page.limit) };
  return (await SCHEDULE_PAGE_SCRIPT.run(redis, keys, args)) as string[];
}
