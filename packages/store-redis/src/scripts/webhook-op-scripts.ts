/**
 * The Lua scripts of the webhook operations (update, rotate, retry, recover, send_test), each
 * over keys of one org's slot. A recover is paged: one call looks at a bounded number of
 * deliveries, so no script blocks Redis for long however many an endpoint has.
 */
import { ENDPOINT_LISTS_LUA } from "../endpoint-json.js";
import { FramedScript } from "./framed-script.js";
import { arg, key } from "./lua-frame.js";

// requeue(deliveries, pending, due, leases, did, delivery, atIso, atMs): the settled delivery is
// pending again, due at atMs, its attempts kept and the schedule starting over from them
// (attemptsBeforeRequeue, as core's requeuedDelivery); no lease holds it.
const REQUEUE_LUA = `
local function requeue(deliveries, pending, due, leases, did, delivery, atIso, atMs)
  delivery.status = 'pending'
  delivery.attemptsBeforeRequeue = delivery.attempts
  delivery.nextAttemptAt = atIso
  local encoded = encodeRecord(delivery)
  redis.call('HSET', deliveries, did, encoded)
  redis.call('ZADD', pending, 0, delivery.endpointId .. '|' .. did)
  redis.call('ZADD', due, atMs, did)
  redis.call('HDEL', leases, did)
  return encoded
end
`;

/** Applies the `patch` (JSON of url, eventTypes, description; absent ones stay) to the endpoint `id`: its new JSON, or nothing when unknown. */
export const UPDATE_ENDPOINT = new FramedScript({
  keys: { endpoints: key },
  args: { id: arg, patch: arg },
  body: `
local raw = redis.call('HGET', endpoints, id)
if not raw then return false end
local endpoint = decodeRecord(raw)
local fields = decodeRecord(patch)
for _, field in ipairs({ 'url', 'eventTypes', 'description' }) do
  if fields[field] ~= nil then endpoint[field] = fields[field] end
end
local encoded = encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA})
redis.call('HSET', endpoints, id, encoded)
return encoded
`,
});

/**
 * Gives the endpoint `id` the new `secret`; the one it replaces signs until `previousExpiresAt`,
 * and at most `kept` earlier secrets are kept. The endpoint's new JSON (previousSecret the one
 * replaced, earlierSecrets the previous one then the earlier ones), or nothing when unknown.
 */
export const ROTATE_SECRET = new FramedScript({
  keys: { endpoints: key },
  args: { id: arg, secret: arg, previousExpiresAt: arg, kept: arg },
  body: `
local raw = redis.call('HGET', endpoints, id)
if not raw then return false end
local endpoint = decodeRecord(raw)
local earlier = {}
if type(endpoint.previousSecret) == 'table' then earlier[1] = endpoint.previousSecret end
if type(endpoint.earlierSecrets) == 'table' then
  for _, older in ipairs(endpoint.earlierSecrets) do
    if #earlier < tonumber(kept) then earlier[#earlier + 1] = older end
  end
end
if #earlier > 0 then endpoint.earlierSecrets = earlier end
endpoint.previousSecret = { secret = endpoint.secret, expiresAt = previousExpiresAt }
endpoint.secret = secret
local encoded = encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA})
redis.call('HSET', endpoints, id, encoded)
return encoded
`,
});

/**
 * Rewrites the endpoint's secrets as resealed (`secret`, `previous`, `earlier`) only while it
 * still has the ones read (`secretRead`, `previousRead` '' for none, `earlierRead`: each list
 * joined by spaces, '' for none: sealed texts hold none); a rotation or a delete meanwhile wins.
 * 1 when it did.
 */
export const RESEAL_SECRETS = new FramedScript({
  keys: { endpoints: key },
  args: { id: arg, secretRead: arg, previousRead: arg, secret: arg, previous: arg, earlierRead: arg, earlier: arg },
  body: `
local raw = redis.call('HGET', endpoints, id)
if not raw then return 0 end
local endpoint = decodeRecord(raw)
local storedPrevious = ''
if type(endpoint.previousSecret) == 'table' then storedPrevious = endpoint.previousSecret.secret end
local storedEarlier = {}
if type(endpoint.earlierSecrets) == 'table' then
  for _, older in ipairs(endpoint.earlierSecrets) do storedEarlier[#storedEarlier + 1] = older.secret end
end
if endpoint.secret ~= secretRead or storedPrevious ~= previousRead or table.concat(storedEarlier, ' ') ~= earlierRead then return 0 end
endpoint.secret = secret
if storedPrevious ~= '' then endpoint.previousSecret.secret = previous end
local i = 1
for text in string.gmatch(earlier, '%S+') do
  endpoint.earlierSecrets[i].secret = text
  i = i + 1
end
redis.call('HSET', endpoints, id, encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA}))
return 1
`,
});

/**
 * Queues the delivery `id` of the endpoint again, due at `atIso` (`atMs`): {1, JSON} once queued;
 * {0, 'not_found'} for no such delivery of the endpoint, {0, 'pending'} for one still pending.
 */
export const RETRY_DELIVERY = new FramedScript({
  keys: { deliveries: key, pending: key, due: key, leases: key },
  args: { id: arg, endpointId: arg, atIso: arg, atMs: arg },
  uses: [REQUEUE_LUA],
  body: `
local raw = redis.call('HGET', deliveries, id)
if not raw then return {0, 'not_found'} end
local delivery = decodeRecord(raw)
if delivery.endpointId ~= endpointId then return {0, 'not_found'} end
if delivery.status == 'pending' then return {0, 'pending'} end
return {1, requeue(deliveries, pending, due, leases, id, delivery, atIso, atMs)}
`,
});

/**
 * Looks at up to `limit` of one endpoint's deliveries newest first, from `start` (exclusive) down
 * to `stop` (`[<endpointId>|<since>`), and queues the failed ones again, due at `atIso` (`atMs`).
 * {queued, last member looked at ('' when fewer than limit: the range is done)}.
 */
export const RECOVER_PAGE = new FramedScript({
  keys: { deliveryOrder: key, deliveries: key, pending: key, due: key, leases: key },
  args: { start: arg, stop: arg, limit: arg, atIso: arg, atMs: arg },
  uses: [REQUEUE_LUA],
  body: `
local members = redis.call('ZRANGE', deliveryOrder, start, stop, 'BYLEX', 'REV', 'LIMIT', 0, tonumber(limit))
local queued = 0
for _, member in ipairs(members) do
  local did = string.match(member, '^.*|(.*)$')
  local raw = redis.call('HGET', deliveries, did)
  if raw then
    local delivery = decodeRecord(raw)
    if delivery.status == 'failed' then
      requeue(deliveries, pending, due, leases, did, delivery, atIso, atMs)
      queued = queued + 1
    end
  end
end
if #members < tonumber(limit) then return {queued, ''} end
return {queued, members[#members]}
`,
});

/**
 * Stores the test event (`json`) under `test:<eventId>` (never in the event order) and its one
 * delivery to the endpoint, due at once. The delivery's JSON, or nothing when the endpoint is
 * unknown.
 */
export const SEND_TEST = new FramedScript({
  keys: { endpoints: key, events: key, deliveries: key, deliveryOrder: key, age: key, pending: key, due: key },
  args: { endpointId: arg, eventId: arg, json: arg, createdAt: arg, createdMs: arg, orgId: arg, eventType: arg },
  body: `
if redis.call('HEXISTS', endpoints, endpointId) == 0 then return false end
local did = 'dlv_' .. string.sub(redis.sha1hex(eventId .. ':' .. endpointId), 1, 24)
local delivery = cjson.encode({
  id = did, orgId = orgId, endpointId = endpointId, eventId = eventId, eventType = eventType,
  status = 'pending', attempts = 0, lastAttemptAt = cjson.null, lastResponseStatus = cjson.null,
  lastError = cjson.null, nextAttemptAt = createdAt, createdAt = createdAt })
redis.call('HSET', events, 'test:' .. eventId, json)
redis.call('HSET', deliveries, did, delivery)
redis.call('ZADD', deliveryOrder, 0, endpointId .. '|' .. createdAt .. '|' .. did)
redis.call('ZADD', age, createdMs, did)
redis.call('ZADD', pending, 0, endpointId .. '|' .. did)
redis.call('ZADD', due, createdMs, did)
return delivery
`,
});
