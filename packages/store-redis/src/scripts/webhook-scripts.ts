/**
 * The Lua scripts of the WebhookStore on Redis, each over keys of one org's slot. One
 * endpoint's members in the org's `deliveries:order` and `deliveries:pending` ZSETs begin with
 * `<endpointId>|`: the BYLEX range from `[<id>|` to `(<id>}` ('}' follows '|', and ids hold
 * neither) is that endpoint's, whatever the other ids.
 */
import { WEBHOOK_TEST_EVENT_TYPE } from "@lintel/domain";
import { ENDPOINT_LISTS_LUA } from "../endpoint-json.js";
import { APPEND_EVENT_LUA } from "./event-append.js";
import { LuaScript } from "./lua-script.js";
import { LANE_LUA } from "./webhook-lanes.js";

// failPending(deliveries, pending, due, leases, endpointId): the endpoint's pending deliveries
// are failed (no next attempt), leave the due ZSET, and their leases are void, at most 500 in
// one call so no script blocks Redis for long. The rest stay due: a lease fails each one whose
// endpoint is gone, and the dispatcher records a disabled endpoint's as its disablement, whose
// finish fails the next 500.
const FAIL_PENDING_LUA = `
local function failPending(deliveries, pending, due, leases, endpointId)
  local from, to = '[' .. endpointId .. '|', '(' .. endpointId .. '}'
  for _, member in ipairs(redis.call('ZRANGE', pending, from, to, 'BYLEX', 'LIMIT', 0, 500)) do
    local did = string.sub(member, #endpointId + 2)
    local raw = redis.call('HGET', deliveries, did)
    if raw then
      local delivery = decodeRecord(raw)
      delivery.status = 'failed'
      delivery.nextAttemptAt = cjson.null
      redis.call('HSET', deliveries, did, encodeRecord(delivery))
    end
    redis.call('ZREM', due, did)
    redis.call('HDEL', leases, did)
    redis.call('ZREM', pending, member)
  end
end
`;

/** KEYS: endpoints, endpoint order. ARGV: id, JSON, position, max per org. 0 when the org is full. */
export const CREATE_ENDPOINT = new LuaScript(`
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[3])
return 1
`);

/** KEYS: endpoints, endpoint order, deliveries, pending, due, leases, lanes. ARGV: id. 0 when unknown. */
export const DELETE_ENDPOINT = new LuaScript(
  FAIL_PENDING_LUA +
    `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local endpoint = decodeRecord(raw)
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], endpoint.createdAt .. '|' .. ARGV[1])
failPending(KEYS[3], KEYS[4], KEYS[5], KEYS[6], ARGV[1])
redis.call('HDEL', KEYS[7], ARGV[1])
return 1
`,
);

/**
 * KEYS: endpoints. ARGV: id. The enabled endpoint's JSON, or nothing when unknown. An endpoint
 * already enabled is answered as it is (its failingSince stays: enabling it again must not keep
 * an always-failing endpoint from being disabled).
 */
export const ENABLE_ENDPOINT = new LuaScript(`
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return false end
local endpoint = decodeRecord(raw)
if endpoint.status == 'enabled' then return raw end
endpoint.status = 'enabled'
endpoint.disabledReason = cjson.null
endpoint.failingSince = cjson.null
local encoded = encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA})
redis.call('HSET', KEYS[1], ARGV[1], encoded)
return encoded
`);

/**
 * KEYS: deliveries order, deliveries. ARGV: range start, range end, limit. One endpoint's
 * deliveries newest first (the caller makes the range within its prefix).
 */
export const DELIVERY_PAGE = new LuaScript(`
local members = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYLEX', 'REV', 'LIMIT', 0, tonumber(ARGV[3]))
if #members == 0 then return {} end
local ids = {}
for i, member in ipairs(members) do ids[i] = string.match(member, '^.*|(.*)$') end
return redis.call('HMGET', KEYS[2], unpack(ids))
`);

/**
 * KEYS: due, deliveries, endpoints, events, leases, pending, lanes. ARGV: now ms, lease end ms,
 * max, token, how many due deliveries to look at, '1' for one per endpoint, now as an ISO
 * instant, then the endpoints to skip. Leases the org's due deliveries (at most max) but the
 * skipped endpoints' and those of a failing endpoint whose lane rests or holds an attempt: each
 * moves to the lease's end in the due ZSET, takes the token and counts an attempt (attempts + 1,
 * lastAttemptAt now: a lease taken over counts another), and holds its endpoint's lane when
 * failing. Answers (delivery as leased, event, endpoint, the lane's failures in a row)
 * quadruples. A due delivery whose event aged out or whose endpoint is gone has nothing to send:
 * it fails, as in memory, and an earlier holder's lease on it is void (its `finish` writes nothing).
 */
export const LEASE_DUE = new LuaScript(
  LANE_LUA +
    `
local max = tonumber(ARGV[3])
local onePerEndpoint = ARGV[6] == '1'
local skipped = {}
for i = 8, #ARGV do skipped[ARGV[i]] = true end
local out = {}
local taken = 0
for _, did in ipairs(redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE', 'LIMIT', 0, tonumber(ARGV[5]))) do
  if taken >= max then break end
  local raw = redis.call('HGET', KEYS[2], did)
  local delivery = raw and decodeRecord(raw)
  if not delivery or delivery.status ~= 'pending' then
    redis.call('ZREM', KEYS[1], did)
  elseif not skipped[delivery.endpointId] and laneTakes(KEYS[7], delivery.endpointId, tonumber(ARGV[1])) then
    local endpoint = redis.call('HGET', KEYS[3], delivery.endpointId)
    local eventField = delivery.eventId
    if delivery.eventType == '${WEBHOOK_TEST_EVENT_TYPE}' then eventField = 'test:' .. eventField end
    local event = redis.call('HGET', KEYS[4], eventField)
    if event and endpoint then
      redis.call('ZADD', KEYS[1], ARGV[2], did)
      redis.call('HSET', KEYS[5], did, ARGV[4])
      delivery.attempts = delivery.attempts + 1
      delivery.lastAttemptAt = ARGV[7]
      local leased = encodeRecord(delivery)
      redis.call('HSET', KEYS[2], did, leased)
      out[#out + 1] = leased
      out[#out + 1] = event
      out[#out + 1] = endpoint
      out[#out + 1] = leaseLane(KEYS[7], delivery.endpointId, tonumber(ARGV[1]), tonumber(ARGV[2]))
      taken = taken + 1
      if onePerEndpoint then skipped[delivery.endpointId] = true end
    else
      delivery.status = 'failed'
      delivery.nextAttemptAt = cjson.null
      redis.call('HSET', KEYS[2], did, encodeRecord(delivery))
      redis.call('ZREM', KEYS[6], delivery.endpointId .. '|' .. did)
      redis.call('ZREM', KEYS[1], did)
      redis.call('HDEL', KEYS[5], did)
    end
  end
end
return out
`,
);

/**
 * KEYS: deliveries, due, leases, endpoints, pending, then `appendKeys`, then lanes (the last).
 * ARGV: delivery id, lease token, the delivery's new JSON, its due ms ('' once settled), endpoint
 * id, outcome kind, attempt time, '1' when an event comes (then `appendArgs` from ARGV[9]), and
 * last the attempt time in ms, the lane's rest and pace in ms ('' for no rest). 0 (nothing
 * written) unless the token still holds the lease. Then the delivery, the due ZSET, the
 * endpoint's lane, the endpoint and the event it emits change together: the lane rests after a
 * failure with a rest and ends otherwise, delivered clears failingSince, retry/failed set it
 * when null, gone/failing disable the endpoint and fail its pending deliveries (a disablement's
 * event only when it was enabled until now); the event goes to the org's other endpoints.
 */
export const FINISH_ATTEMPT = new LuaScript(
  APPEND_EVENT_LUA +
    FAIL_PENDING_LUA +
    LANE_LUA +
    `
if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[3], ARGV[1])
finishLane(KEYS[#KEYS], ARGV[5], ARGV[6], ARGV[#ARGV - 2], ARGV[#ARGV - 1], ARGV[#ARGV])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
if ARGV[4] ~= '' then
  redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
else
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[5], ARGV[5] .. '|' .. ARGV[1])
end
local raw = redis.call('HGET', KEYS[4], ARGV[5])
if not raw then return 1 end
local endpoint = decodeRecord(raw)
local kind = ARGV[6]
if ARGV[8] == '1' and (kind == 'failed' or endpoint.status == 'enabled') then appendEvent(6, 9, ARGV[5]) end
if kind == 'delivered' then
  if endpoint.failingSince == cjson.null then return 1 end
  endpoint.failingSince = cjson.null
elseif kind == 'retry' or kind == 'failed' then
  if endpoint.failingSince ~= cjson.null then return 1 end
  endpoint.failingSince = ARGV[7]
else
  endpoint.status = 'disabled'
  endpoint.disabledReason = kind
  failPending(KEYS[1], KEYS[5], KEYS[2], KEYS[3], ARGV[5])
end
redis.call('HSET', KEYS[4], ARGV[5], encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA}))
return 1
`,
);
