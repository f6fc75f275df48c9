/**
 * The Lua scripts of the WebhookStore on Redis, each over keys of one org's slot. One
 * endpoint's members in the org's `deliveries:order` and `deliveries:pending` ZSETs begin with
 * `<endpointId>|`: the BYLEX range from `[<id>|` to `(<id>}` ('}' follows '|', and ids hold
 * neither) is that endpoint's, whatever the other ids.
 */
import { WEBHOOK_TEST_EVENT_TYPE } from "@lintel/domain/adapters";
import { ENDPOINT_LISTS_LUA } from "../endpoint-json.js";
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS } from "./event-append.js";
import { FramedScript } from "./framed-script.js";
import { arg, key, maybe, rest } from "./lua-frame.js";
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

/** Stores the endpoint `id` (its JSON, its position in the order): 0 when the org has `maxPerOrg` already. */
export const CREATE_ENDPOINT = new FramedScript({
  keys: { endpoints: key, endpointOrder: key },
  args: { id: arg, json: arg, position: arg, maxPerOrg: arg },
  body: `
if redis.call('HLEN', endpoints) >= tonumber(maxPerOrg) then return 0 end
redis.call('HSET', endpoints, id, json)
redis.call('ZADD', endpointOrder, 0, position)
return 1
`,
});

/** Deletes the endpoint `id`, fails its pending deliveries and ends its lane; 0 when unknown. */
export const DELETE_ENDPOINT = new FramedScript({
  keys: { endpoints: key, endpointOrder: key, deliveries: key, pending: key, due: key, leases: key, lanes: key },
  args: { id: arg },
  uses: [FAIL_PENDING_LUA],
  body: `
local raw = redis.call('HGET', endpoints, id)
if not raw then return 0 end
local endpoint = decodeRecord(raw)
redis.call('HDEL', endpoints, id)
redis.call('ZREM', endpointOrder, endpoint.createdAt .. '|' .. id)
failPending(deliveries, pending, due, leases, id)
redis.call('HDEL', lanes, id)
return 1
`,
});

/**
 * The endpoint `id` enabled: its JSON, or nothing when unknown. An endpoint already enabled is
 * answered as it is (its failingSince stays: enabling it again must not keep an always-failing
 * endpoint from being disabled).
 */
export const ENABLE_ENDPOINT = new FramedScript({
  keys: { endpoints: key },
  args: { id: arg },
  body: `
local raw = redis.call('HGET', endpoints, id)
if not raw then return false end
local endpoint = decodeRecord(raw)
if endpoint.status == 'enabled' then return raw end
endpoint.status = 'enabled'
endpoint.disabledReason = cjson.null
endpoint.failingSince = cjson.null
local encoded = encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA})
redis.call('HSET', endpoints, id, encoded)
return encoded
`,
});

/** One endpoint's deliveries newest first, at most `limit`, from `start` down to `stop` (the caller makes the range within its prefix). */
export const DELIVERY_PAGE = new FramedScript({
  keys: { deliveryOrder: key, deliveries: key },
  args: { start: arg, stop: arg, limit: arg },
  body: `
local members = redis.call('ZRANGE', deliveryOrder, start, stop, 'BYLEX', 'REV', 'LIMIT', 0, tonumber(limit))
if #members == 0 then return {} end
local ids = {}
for i, member in ipairs(members) do ids[i] = string.match(member, '^.*|(.*)$') end
return redis.call('HMGET', deliveries, unpack(ids))
`,
});

/**
 * Leases the org's due deliveries (at most `max`, looking at `scan` due ones; with
 * `onePerEndpoint` '1', one per endpoint) but those of the endpoints in `skip` and of a failing
 * endpoint whose lane rests or holds an attempt: each moves to the lease's end in the due ZSET,
 * takes the token and counts an attempt (attempts + 1, lastAttemptAt `nowIso`: a lease taken over
 * counts another), and holds its endpoint's lane when failing. Answers (delivery as leased,
 * event, endpoint, the lane's failures in a row) quadruples. A due delivery whose event aged out
 * or whose endpoint is gone has nothing to send: it fails, as in memory, and an earlier holder's
 * lease on it is void (its `finish` writes nothing).
 */
export const LEASE_DUE = new FramedScript({
  keys: { due: key, deliveries: key, endpoints: key, events: key, leases: key, pending: key, lanes: key },
  args: { nowMs: arg, leaseEndMs: arg, max: arg, token: arg, scan: arg, onePerEndpoint: arg, nowIso: arg, skip: rest(arg) },
  uses: [LANE_LUA],
  body: `
local most = tonumber(max)
local skipped = {}
for _, endpointId in ipairs(skip) do skipped[endpointId] = true end
local out = {}
local taken = 0
for _, did in ipairs(redis.call('ZRANGE', due, '-inf', nowMs, 'BYSCORE', 'LIMIT', 0, tonumber(scan))) do
  if taken >= most then break end
  local raw = redis.call('HGET', deliveries, did)
  local delivery = raw and decodeRecord(raw)
  if not delivery or delivery.status ~= 'pending' then
    redis.call('ZREM', due, did)
  elseif not skipped[delivery.endpointId] and laneTakes(lanes, delivery.endpointId, tonumber(nowMs)) then
    local endpoint = redis.call('HGET', endpoints, delivery.endpointId)
    local eventField = delivery.eventId
    if delivery.eventType == '${WEBHOOK_TEST_EVENT_TYPE}' then eventField = 'test:' .. eventField end
    local event = redis.call('HGET', events, eventField)
    if event and endpoint then
      redis.call('ZADD', due, leaseEndMs, did)
      redis.call('HSET', leases, did, token)
      delivery.attempts = delivery.attempts + 1
      delivery.lastAttemptAt = nowIso
      local leased = encodeRecord(delivery)
      redis.call('HSET', deliveries, did, leased)
      out[#out + 1] = leased
      out[#out + 1] = event
      out[#out + 1] = endpoint
      out[#out + 1] = leaseLane(lanes, delivery.endpointId, tonumber(nowMs), tonumber(leaseEndMs))
      taken = taken + 1
      if onePerEndpoint == '1' then skipped[delivery.endpointId] = true end
    else
      delivery.status = 'failed'
      delivery.nextAttemptAt = cjson.null
      redis.call('HSET', deliveries, did, encodeRecord(delivery))
      redis.call('ZREM', pending, delivery.endpointId .. '|' .. did)
      redis.call('ZREM', due, did)
      redis.call('HDEL', leases, did)
    end
  end
end
return out
`,
});

/**
 * Finishes the attempt on the delivery `id`: 0 (nothing written) unless `token` still holds the
 * lease. Then the delivery (its new JSON, due at `dueMs`, '' once settled), the due ZSET, the
 * endpoint's lane, the endpoint and the event it emits change together: the lane rests after a
 * failure with a rest (`restMs`, then `paceMs`; '' for none) and ends otherwise, delivered clears
 * failingSince, retry/failed set it to `attemptAt` when null, gone/failing disable the endpoint and fail
 * its pending deliveries (a disablement's event only when it was enabled until now); the event
 * goes to the org's other endpoints.
 */
export const FINISH_ATTEMPT = new FramedScript({
  keys: { deliveries: key, due: key, leases: key, endpoints: key, pending: key, eventKeys: EVENT_KEYS, lanes: key },
  args: {
    id: arg,
    token: arg,
    json: arg,
    dueMs: arg,
    endpointId: arg,
    kind: arg,
    attemptAt: arg,
    attemptMs: arg,
    restMs: arg,
    paceMs: arg,
    eventArgs: maybe(EVENT_ARGS),
  },
  uses: [APPEND_EVENT_LUA, FAIL_PENDING_LUA, LANE_LUA],
  body: `
if redis.call('HGET', leases, id) ~= token then return 0 end
redis.call('HDEL', leases, id)
finishLane(lanes, endpointId, kind, attemptMs, restMs, paceMs)
redis.call('HSET', deliveries, id, json)
if dueMs ~= '' then
  redis.call('ZADD', due, dueMs, id)
else
  redis.call('ZREM', due, id)
  redis.call('ZREM', pending, endpointId .. '|' .. id)
end
local raw = redis.call('HGET', endpoints, endpointId)
if not raw then return 1 end
local endpoint = decodeRecord(raw)
if eventArgs and (kind == 'failed' or endpoint.status == 'enabled') then appendEvent(eventKeys, eventArgs, endpointId) end
if kind == 'delivered' then
  if endpoint.failingSince == cjson.null then return 1 end
  endpoint.failingSince = cjson.null
elseif kind == 'retry' or kind == 'failed' then
  if endpoint.failingSince ~= cjson.null then return 1 end
  endpoint.failingSince = attemptAt
else
  endpoint.status = 'disabled'
  endpoint.disabledReason = kind
  failPending(deliveries, pending, due, leases, endpointId)
end
redis.call('HSET', endpoints, endpointId, encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA}))
return 1
`,
});
