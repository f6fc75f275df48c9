/**
 * One keyset page of an org's ordered list in one round trip: a Lua script reads the members
 * after the cursor from the position ZSET (all scores 0, so BYLEX order is position order) and
 * the records they name from the records hash. Both keys share the org's slot.
 */
import type { Direction } from "@lintel/domain/adapters";
import type { RedisClient } from "./client.js";
import { LuaScript } from "./lua-script.js";

// KEYS: position zset, records hash. ARGV: range start, range end, limit, 'REV' or ''.
// A member is `<sort key>|<id>` and the id is what follows the last '|'. The pattern is anchored
// with a greedy '.*' (one pass back from the end): the unanchored '([^|]*)$' retried from every
// start and made this script ~5× as costly to Redis as its two commands (docs/benchmarks.md).
const PAGE_SCRIPT = new LuaScript(`
local members
if ARGV[4] == 'REV' then
  members = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYLEX', 'REV', 'LIMIT', 0, tonumber(ARGV[3]))
else
  members = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYLEX', 'LIMIT', 0, tonumber(ARGV[3]))
end
if #members == 0 then return {} end
local ids = {}
for i, member in ipairs(members) do ids[i] = string.match(member, '^.*|(.*)$') or member end
return redis.call('HMGET', KEYS[2], unpack(ids))
`);

/** The JSON records after position `after` (exclusive; from the start when null), at most `limit`. */
export async function readPage(
  redis: RedisClient,
  keys: { readonly positions: string; readonly records: string },
  after: string | null,
  limit: number,
  direction: Direction,
): Promise<string[]> {
  if (limit <= 0) return [];
  const [start, end] = direction === "desc" ? [after === null ? "+" : `(${after}`, "-"] : [after === null ? "-" : `(${after}`, "+"];
  const reply = (await PAGE_SCRIPT.run(
    redis,
    [keys.positions, keys.records],
    [start, end, Math.floor(limit), direction === "desc" ? "REV" : ""],
  )) as (string | null)[];
  return reply.filter((json): json is string => json !== null);
}
