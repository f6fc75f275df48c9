/**
 * Storing an event with its deliveries, as a Lua function that the script of the change it
 * describes (set_timezone, a lock observation) calls before it returns: the change, the event
 * and its deliveries are one atomic step, all in the org's slot. The same call drops what is
 * older than 30 days before the event (at most {@link TRIM_BATCH} events and deliveries a call,
 * so a script never runs long; the next append takes the rest).
 */
import {
  EVENT_RETENTION_MS,
  EVENT_TYPES,
  NAMED_ONLY_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  type LintelEvent,
} from "@lintel/domain/adapters";
import { redisKeys } from "../redis/keys.js";
import { arg, group, key, list, type ValueOf } from "./lua-frame.js";

/** The most events, and the most deliveries, one append drops. */
export const TRIM_BATCH = 500;

/** The keys `appendEvent` takes, a group of a script's frame: the org's event and delivery keys, then one per event type. */
export const EVENT_KEYS = group({
  events: key,
  order: key,
  endpoints: key,
  deliveries: key,
  deliveryOrder: key,
  deliveryAge: key,
  pending: key,
  due: key,
  leases: key,
  byType: list(EVENT_TYPES.length),
});

/** The org's {@link EVENT_KEYS}. */
export function eventKeys(orgId: string): ValueOf<typeof EVENT_KEYS> {
  return {
    events: redisKeys.events(orgId),
    order: redisKeys.eventOrder(orgId),
    endpoints: redisKeys.endpoints(orgId),
    deliveries: redisKeys.deliveries(orgId),
    deliveryOrder: redisKeys.deliveryOrder(orgId),
    deliveryAge: redisKeys.deliveryAge(orgId),
    pending: redisKeys.pendingDeliveries(orgId),
    due: redisKeys.dueDeliveries(orgId),
    leases: redisKeys.deliveryLeases(orgId),
    byType: EVENT_TYPES.map((type) => redisKeys.eventsOfType(orgId, type)),
  };
}

/** The arguments `appendEvent` takes, a group of a script's frame: the event and its retention cutoff. */
export const EVENT_ARGS = group({
  json: arg,
  id: arg,
  type: arg,
  typeAt: arg,
  createdAt: arg,
  createdMs: arg,
  cutoff: arg,
  cutoffMs: arg,
  orgId: arg,
});

/**
 * The {@link EVENT_ARGS} of `event` in `orgId`; `typeAt` is its type's place in `byType` of {@link EVENT_KEYS} (from 1).
 * `json` is the event as stored (default its JSON; a unit write gives the head the script ends with the version).
 */
export function eventArgs(orgId: string, event: LintelEvent, json: string = JSON.stringify(event)): ValueOf<typeof EVENT_ARGS> {
  const createdMs = Date.parse(event.createdAt);
  const cutoffMs = createdMs - EVENT_RETENTION_MS;
  return {
    json,
    id: event.id,
    type: event.type,
    typeAt: EVENT_TYPES.indexOf(event.type) + 1,
    createdAt: event.createdAt,
    createdMs,
    cutoff: new Date(cutoffMs).toISOString(),
    cutoffMs,
    orgId,
  };
}

/**
 * The Lua function `appendEvent(keys, event, exclude)`: `keys` as {@link EVENT_KEYS}, `event` as
 * {@link EVENT_ARGS} (the tables a frame's header reads them into). The event JSON is stored as
 * JSON.stringify wrote it, never decoded by a script (cjson would round its numbers past 14
 * digits, and it may hold any text); every stored endpoint of the org is read with
 * `decodeRecord`, so one endpoint's record can fail no append. A delivery's id is `dlv_` + 24 hex characters of
 * SHA-1(eventId:endpointId), the same as the memory store's. Members end in `|<id>`: the id is
 * what follows the last '|'. `exclude`, when given, is an endpoint id that gets no delivery (the
 * endpoint an event about its own failure is about). A test event (`send_test`) lives in the
 * events hash under `test:<id>`, never in the order ZSETs, and leaves with its delivery.
 * `wantsEvent` is the domain's: `'*'` takes every type but the named-only ones
 * (`NAMED_ONLY_EVENT_TYPES`, `message.due`), which go only to an endpoint that names them.
 */
export const APPEND_EVENT_LUA = `
local namedOnly = { ${NAMED_ONLY_EVENT_TYPES.map((type) => `['${type}'] = true`).join(", ")} }
local function wantsEvent(types, eventType)
  for _, t in ipairs(types) do
    if t == eventType or (t == '*' and not namedOnly[eventType]) then return true end
  end
  return false
end

local function appendEvent(keys, event, exclude)
  local events, order, endpoints, deliveries = keys.events, keys.order, keys.endpoints, keys.deliveries
  local dorder, age, pending, due, leases = keys.deliveryOrder, keys.deliveryAge, keys.pending, keys.due, keys.leases
  local id, eventType, createdAt, createdMs = event.id, event.type, event.createdAt, event.createdMs
  local cutoff, cutoffMs, orgId = event.cutoff, event.cutoffMs, event.orgId
  local position = createdAt .. '|' .. id
  redis.call('HSET', events, id, event.json)
  redis.call('ZADD', order, 0, position)
  redis.call('ZADD', keys.byType[tonumber(event.typeAt)], 0, position)
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
    for _, typeKey in ipairs(keys.byType) do redis.call('ZREM', typeKey, unpack(old)) end
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
