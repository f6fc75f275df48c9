/**
 * Storing an event with its deliveries, as a Lua function that the script of the change it
 * describes (set_timezone, a lock observation) calls before it returns: the change, the event
 * and its deliveries are one atomic step, all in the org's slot. The same call drops what is
 * older than 30 days before the event (at most {@link TRIM_BATCH} events and deliveries a call,
 * so a script never runs long; the next append takes the rest).
 */
import { EVENT_RETENTION_MS, EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE, type LintelEvent } from "@lintel/domain";
import { redisKeys } from "../redis/keys.js";

/** The most events, and the most deliveries, one append drops. */
export const TRIM_BATCH = 500;

/** The keys `appendEvent` takes, in order, from the position the calling script gives it. */
export function appendKeys(orgId: string): string[] {
  return [
    redisKeys.events(orgId),
    redisKeys.eventOrder(orgId),
    redisKeys.endpoints(orgId),
    redisKeys.deliveries(orgId),
    redisKeys.deliveryOrder(orgId),
    redisKeys.deliveryAge(orgId),
    redisKeys.pendingDeliveries(orgId),
    redisKeys.dueDeliveries(orgId),
    redisKeys.deliveryLeases(orgId),
    ...EVENT_TYPES.map((type) => redisKeys.eventsOfType(orgId, type)),
  ];
}

/** The arguments `appendEvent` takes, in order, from the position the calling script gives it. */
export function appendArgs(orgId: string, event: LintelEvent): (string | number)[] {
  const createdMs = Date.parse(event.createdAt);
  const cutoffMs = createdMs - EVENT_RETENTION_MS;
  return [
    JSON.stringify(event),
    event.id,
    event.type,
    EVENT_TYPES.indexOf(event.type),
    event.createdAt,
    createdMs,
    new Date(cutoffMs).toISOString(),
    cutoffMs,
    orgId,
  ];
}

/** How many arguments {@link appendArgs} makes. */
export const APPEND_ARG_COUNT = 9;

/**
 * The Lua function `appendEvent(k, a)`: KEYS[k..] as {@link appendKeys}, ARGV[a..] as
 * {@link appendArgs}. The event JSON is stored as JSON.stringify wrote it, never decoded by a
 * script (cjson would round its numbers past 14 digits, and it may hold any text); every stored
 * endpoint of the org is read with `decodeRecord`, so one endpoint's record can fail no append. A delivery's id is `dlv_` + 24 hex characters of
 * SHA-1(eventId:endpointId), the same as the memory store's. Members end in `|<id>`: the id is
 * what follows the last '|'. `exclude`, when given, is an endpoint id that gets no delivery (the
 * endpoint an event about its own failure is about). A test event (`send_test`) lives in the
 * events hash under `test:<id>`, never in the order ZSETs, and leaves with its delivery.
 */
export const APPEND_EVENT_LUA = `
local function wantsEvent(types, eventType)
  for _, t in ipairs(types) do
    if t == '*' or t == eventType then return true end
  end
  return false
end

local function appendEvent(k, a, exclude)
  local events, order, endpoints, deliveries = KEYS[k], KEYS[k + 1], KEYS[k + 2], KEYS[k + 3]
  local dorder, age, pending, due, leases = KEYS[k + 4], KEYS[k + 5], KEYS[k + 6], KEYS[k + 7], KEYS[k + 8]
  local id, eventType, createdAt, createdMs = ARGV[a + 1], ARGV[a + 2], ARGV[a + 4], ARGV[a + 5]
  local cutoff, cutoffMs, orgId = ARGV[a + 6], ARGV[a + 7], ARGV[a + 8]
  local position = createdAt .. '|' .. id
  redis.call('HSET', events, id, ARGV[a])
  redis.call('ZADD', order, 0, position)
  redis.call('ZADD', KEYS[k + 9 + tonumber(ARGV[a + 3])], 0, position)
  for _, raw in ipairs(redis.call('HVALS', endpoints)) do
    local endpoint = decodeRecord(raw)
    if endpoint.status == 'enabled' and endpoint.id ~= exclude and wantsEvent(endpoint.eventTypes, eventType) then
      local did = 'dlv_' .. string.sub(redis.sha1hex(id .. ':' .. endpoint.id), 1, 24)
      redis.call('HSET', deliveries, did, cjson.encode({
        id = did, orgId = orgId, endpointId = endpoint.id, eventId = id, eventType = eventType,
        status = 'pending', attempts = 0, lastAttemptAt = cjson.null, lastResponseStatus = cjson.null,
        lastError = cjson.null, nextAttemptAt = createdAt, createdAt = createdAt }))
      redis.call('ZADD', dorder, 0, endpoint.id .. '|' .. createdAt .. '|' .. did)
      redis.call('ZADD', age, createdMs, did)
      redis.call('ZADD', pending, 0, endpoint.id .. '|' .. did)
      redis.call('ZADD', due, createdMs, did)
    end
  end
  local old = redis.call('ZRANGE', order, '-', '(' .. cutoff, 'BYLEX', 'LIMIT', 0, ${TRIM_BATCH})
  if #old > 0 then
    local ids = {}
    for i, member in ipairs(old) do ids[i] = string.match(member, '^.*|(.*)$') end
    redis.call('HDEL', events, unpack(ids))
    redis.call('ZREM', order, unpack(old))
    for t = k + 9, k + ${8 + EVENT_TYPES.length} do redis.call('ZREM', KEYS[t], unpack(old)) end
  end
  local aged = redis.call('ZRANGE', age, '-inf', '(' .. cutoffMs, 'BYSCORE', 'LIMIT', 0, ${TRIM_BATCH})
  for _, did in ipairs(aged) do
    local raw = redis.call('HGET', deliveries, did)
    if raw then
      local delivery = decodeRecord(raw)
      redis.call('ZREM', dorder, delivery.endpointId .. '|' .. delivery.createdAt .. '|' .. did)
      redis.call('ZREM', pending, delivery.endpointId .. '|' .. did)
      if delivery.eventType == '${WEBHOOK_TEST_EVENT_TYPE}' then redis.call('HDEL', events, 'test:' .. delivery.eventId) end
    end
    redis.call('HDEL', deliveries, did)
    redis.call('ZREM', due, did)
    redis.call('HDEL', leases, did)
  end
  if #aged > 0 then redis.call('ZREM', age, unpack(aged)) end
end
`;
