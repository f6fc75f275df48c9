/**
 * The scripts of the message outbox (outboxes/message-outbox.js), each over keys of one org's slot: the
 * lease of an org's due messages and the finish of one attempt. The index they read is kept by
 * the item writes (message-index.js). A message's outbox state, in `messages:work`, is
 * `<phase> <attempts>[ <lease token>]`; none is phase `due`, no attempt, no lease.
 */
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS } from "./event-append.js";
import { FramedScript } from "./framed-script.js";
import { arg, key, maybe, rest } from "./lua-frame.js";
import { MESSAGE_INDEX_LUA, MESSAGE_KEYS } from "./message-index.js";

/** Lua: `workOf(work, id)` answers the message's phase, attempts (text) and lease token ('' for none). */
const WORK_OF_LUA = `
local function workOf(work, id)
  local raw = redis.call('HGET', work, id)
  if not raw then return 'due', '0', '' end
  local phase, attempts, lease = string.match(raw, '^(%S+) (%d+) ?(%S*)$')
  return phase, attempts, lease
end
`;

/**
 * Leases the org's due messages (due at or before `nowMs`, at most `max`, looking at `scan` due
 * entries), none of the ids in `skip`: each moves to the lease's end and takes the token, its
 * phase and attempts kept. Answers (id, unitId, phase, attempts) for each. An entry whose message
 * is gone (none should be) leaves the index.
 */
export const LEASE_MESSAGES = new FramedScript({
  keys: { due: key, work: key, itemUnits: key },
  args: { nowMs: arg, leaseEndMs: arg, max: arg, token: arg, scan: arg, skip: rest(arg) },
  uses: [WORK_OF_LUA],
  body: `
local most = tonumber(max)
local skipped = {}
for _, id in ipairs(skip) do skipped[id] = true end
local out = {}
local taken = 0
for _, id in ipairs(redis.call('ZRANGE', due, '-inf', nowMs, 'BYSCORE', 'LIMIT', 0, tonumber(scan))) do
  if taken >= most then break end
  if not skipped[id] then
    local unitId = redis.call('HGET', itemUnits, 'scheduled_message:' .. id)
    if not unitId then
      redis.call('ZREM', due, id)
      redis.call('HDEL', work, id)
    else
      local phase, attempts = workOf(work, id)
      redis.call('HSET', work, id, phase .. ' ' .. attempts .. ' ' .. token)
      redis.call('ZADD', due, leaseEndMs, id)
      out[#out + 1] = id
      out[#out + 1] = unitId
      out[#out + 1] = phase
      out[#out + 1] = attempts
      taken = taken + 1
    end
  end
end
return out
`,
});

/**
 * Finishes an attempt on the message `id`: 0 (nothing written) unless `token` holds its lease and
 * the message is at its unit (`items`). Then `dueEvent` (a `message.due`) is stored, if one comes;
 * with `delivery` (JSON, '' for none) the message ends: its item gets the delivery (its startAt
 * stays, so does its place in the schedule; no version bump), leaves the due set and its state,
 * its template use follows the delivery, and `endEvent` is stored; otherwise it stays in `phase`
 * with `attempts`, due at `dueMs`, its lease released.
 */
export const FINISH_MESSAGE = new FramedScript({
  keys: { messages: MESSAGE_KEYS, items: key, eventKeys: EVENT_KEYS },
  args: {
    id: arg,
    token: arg,
    delivery: arg,
    phase: arg,
    attempts: arg,
    dueMs: arg,
    dueEvent: maybe(EVENT_ARGS),
    endEvent: maybe(EVENT_ARGS),
  },
  uses: [WORK_OF_LUA, MESSAGE_INDEX_LUA, APPEND_EVENT_LUA],
  body: `
local _, _, lease = workOf(messages.work, id)
if lease ~= token then return 0 end
local field = 'scheduled_message:' .. id
local raw = redis.call('HGET', items, field)
if not raw then return 0 end
if dueEvent then appendEvent(eventKeys, dueEvent) end
if delivery == '' then
  redis.call('HSET', messages.work, id, phase .. ' ' .. attempts)
  redis.call('ZADD', messages.due, dueMs, id)
  return 1
end
local item = decodeRecord(raw)
item.delivery = decodeRecord(delivery)
local json = encodeRecord(item)
redis.call('HSET', items, field, json)
dropMessage(messages, field, raw)
addMessage(messages, field, json, dueMs)
if endEvent then appendEvent(eventKeys, endEvent) end
return 1
`,
});
