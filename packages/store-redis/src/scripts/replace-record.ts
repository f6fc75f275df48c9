/**
 * A record of a hash replaced only while it is still the text read: what a reseal writes back
 * (a tour's prospect data, a stored `message.due`), so a change made meanwhile wins.
 */
import { FramedScript } from "./framed-script.js";
import { arg, key } from "./lua-frame.js";

/** Replaces the field `id` of `records` by `json` while it is still `read`: 1, else 0. */
export const REPLACE_RECORD = new FramedScript({
  keys: { records: key },
  args: { id: arg, read: arg, json: arg },
  body: `
if redis.call('HGET', records, id) ~= read then return 0 end
redis.call('HSET', records, id, json)
return 1
`,
});
