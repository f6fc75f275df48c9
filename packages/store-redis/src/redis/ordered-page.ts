/**
 * One keyset page of an org's ordered list in one round trip: a Lua script reads the members
 * after the cursor from the position ZSET (all scores 0, so BYLEX order is position order) and
 * the records they name from the records hash. Both keys share the org's slot.
 */
import type { Direction } from "@lintel/domain/adapters";
import type { RedisClient } from "./client.js";
import { FramedScript } from "../scripts/framed-script.js";
import { arg, key } from "../scripts/lua-frame.js";

// The range from `start` to `stop`, at most `limit`, in reverse when `direction` is 'REV'.
// A member is `<sort key>|<id>` and the id is what follows the last '|'. The pattern is anchored
// with a greedy '.*' (one pass back from the end): the unanchored '([^|]*)$' retried from every
// start and made this script ~5× as costly to Redis as its two commands (Lintel's benchmark).
// The reply is the ids, joined by spaces (ids match [A-Za-z0-9_-]), then the record of each
// (nil for a member whose record is missing): the reader keys its decoded records by id
// (record-decoder.js). One string of ids costs Redis nothing measurable; the records stay one
// bulk reply each, as one string built by the script (string.concat) doubled the script's cost
// in Redis (23 → 45 µs a page) for a gain in the server of a few µs.
const PAGE_SCRIPT = new FramedScript({
  keys: { positions: key, records: key },
  args: { start: arg, stop: arg, limit: arg, direction: arg },
  body: `
local members
if direction == 'REV' then
  members = redis.call('ZRANGE', positions, start, stop, 'BYLEX', 'REV', 'LIMIT', 0, tonumber(limit))
else
  members = redis.call('ZRANGE', positions, start, stop, 'BYLEX', 'LIMIT', 0, tonumber(limit))
end
if #members == 0 then return {} end
local ids = {}
for i, member in ipairs(members) do ids[i] = string.match(member, '^.*|(.*)$') or member end
local found = redis.call('HMGET', records, unpack(ids))
table.insert(found, 1, table.concat(ids, ' '))
return found
`,
});

/**
 * The records after position `after` (exclusive; from the start when null), at most `limit`,
 * each made by `decode` from its JSON (the reply's bytes, see record-decoder.js) and its id.
 */
export async function readOrderedRows<T>(
  redis: RedisClient,
  keys: { readonly positions: string; readonly records: string },
  after: string | null,
  limit: number,
  direction: Direction,
  decode: (json: Buffer, id: string) => T,
): Promise<T[]> {
  if (limit <= 0) return [];
  const [start, end] = direction === "desc" ? [after === null ? "+" : `(${after}`, "-"] : [after === null ? "-" : `(${after}`, "+"];
  const args = { start, stop: end, limit: Math.floor(limit), direction: direction === "desc" ? "REV" : "" };
  return rowsOfReply((await PAGE_SCRIPT.runBuffer(redis, keys, args)) as (Buffer | null)[], decode);
}

/**
 * The rows of a reply laid out as the page script's (the ids joined by spaces, then the record
 * of each or nil), each made by `decode` from its JSON and its id; a missing record is left out.
 */
export function rowsOfReply<T>(reply: readonly (Buffer | null)[], decode: (json: Buffer, id: string) => T): T[] {
  if (reply.length === 0) return [];
  const ids = (reply[0] as Buffer).toString().split(" ");
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i++) {
    const json = reply[i + 1];
    if (json !== null && json !== undefined) rows.push(decode(json, ids[i] as string));
  }
  return rows;
}
