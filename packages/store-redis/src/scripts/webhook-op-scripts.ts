/**
 * The Lua scripts of the webhook operations (update, rotate, retry, recover, send_test), each
 * over keys of one org's slot. A recover is paged: one call looks at a bounded number of
 * deliveries, so no script blocks Redis for long however many an endpoint has.
 */
import { ENDPOINT_LISTS_LUA } from "../endpoint-json.js";
import { LuaScript } from "./lua-script.js";

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

/**
 * KEYS: endpoints. ARGV: id, the patch's JSON (fields url, eventTypes, description; absent ones
 * stay). The endpoint's new JSON, or nothing when unknown.
 */
export const UPDATE_ENDPOINT = new LuaScript(`
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return false end
local endpoint = decodeRecord(raw)
local patch = decodeRecord(ARGV[2])
for _, field in ipairs({ 'url', 'eventTypes', 'description' }) do
  if patch[field] ~= nil then endpoint[field] = patch[field] end
end
local encoded = encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA})
redis.call('HSET', KEYS[1], ARGV[1], encoded)
return encoded
`);

/**
 * KEYS: endpoints. ARGV: id, new secret, when the previous one stops signing, how many earlier
 * secrets are kept. The endpoint's new JSON (its secret is the new one, previousSecret the one it
 * replaces, earlierSecrets the previous one then the earlier ones, at most that many), or nothing
 * when unknown.
 */
export const ROTATE_SECRET = new LuaScript(`
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return false end
local endpoint = decodeRecord(raw)
local earlier = {}
if type(endpoint.previousSecret) == 'table' then earlier[1] = endpoint.previousSecret end
if type(endpoint.earlierSecrets) == 'table' then
  for _, older in ipairs(endpoint.earlierSecrets) do
    if #earlier < tonumber(ARGV[4]) then earlier[#earlier + 1] = older end
  end
end
if #earlier > 0 then endpoint.earlierSecrets = earlier end
endpoint.previousSecret = { secret = endpoint.secret, expiresAt = ARGV[3] }
endpoint.secret = ARGV[2]
local encoded = encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA})
redis.call('HSET', KEYS[1], ARGV[1], encoded)
return encoded
`);

/**
 * KEYS: endpoints. ARGV: endpoint id, the secret read, the previous secret read ('' for none), the
 * new secret, the new previous secret, the earlier secrets read and their new texts (each list
 * joined by spaces, '' for none: sealed texts hold none). Rewrites them only while the endpoint
 * still has the ones read (a rotation or a delete meanwhile wins); 1 when it did.
 */
export const RESEAL_SECRETS = new LuaScript(`
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local endpoint = decodeRecord(raw)
local previous = ''
if type(endpoint.previousSecret) == 'table' then previous = endpoint.previousSecret.secret end
local earlier = {}
if type(endpoint.earlierSecrets) == 'table' then
  for _, older in ipairs(endpoint.earlierSecrets) do earlier[#earlier + 1] = older.secret end
end
if endpoint.secret ~= ARGV[2] or previous ~= ARGV[3] or table.concat(earlier, ' ') ~= ARGV[6] then return 0 end
endpoint.secret = ARGV[4]
if previous ~= '' then endpoint.previousSecret.secret = ARGV[5] end
local i = 1
for text in string.gmatch(ARGV[7], '%S+') do
  endpoint.earlierSecrets[i].secret = text
  i = i + 1
end
redis.call('HSET', KEYS[1], ARGV[1], encodeRecord(endpoint, ${ENDPOINT_LISTS_LUA}))
return 1
`);

/**
 * KEYS: deliveries, pending, due, leases. ARGV: delivery id, endpoint id, at (ISO), at (ms).
 * {1, JSON} once queued again; {0, 'not_found'} for no such delivery of the endpoint, {0,
 * 'pending'} for one still pending.
 */
export const RETRY_DELIVERY = new LuaScript(
  REQUEUE_LUA +
    `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return {0, 'not_found'} end
local delivery = decodeRecord(raw)
if delivery.endpointId ~= ARGV[2] then return {0, 'not_found'} end
if delivery.status == 'pending' then return {0, 'pending'} end
return {1, requeue(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1], delivery, ARGV[3], ARGV[4])}
`,
);

/**
 * KEYS: deliveries order, deliveries, pending, due, leases. ARGV: range start (exclusive), range
 * end (`[<endpointId>|<since>`), limit, at (ISO), at (ms). Looks at up to `limit` of one
 * endpoint's deliveries newest first within the range and queues the failed ones again.
 * {queued, last member looked at ('' when fewer than limit: the range is done)}.
 */
export const RECOVER_PAGE = new LuaScript(
  REQUEUE_LUA +
    `
local members = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYLEX', 'REV', 'LIMIT', 0, tonumber(ARGV[3]))
local queued = 0
for _, member in ipairs(members) do
  local did = string.match(member, '^.*|(.*)$')
  local raw = redis.call('HGET', KEYS[2], did)
  if raw then
    local delivery = decodeRecord(raw)
    if delivery.status == 'failed' then
      requeue(KEYS[2], KEYS[3], KEYS[4], KEYS[5], did, delivery, ARGV[4], ARGV[5])
      queued = queued + 1
    end
  end
end
if #members < tonumber(ARGV[3]) then return {queued, ''} end
return {queued, members[#members]}
`,
);

/**
 * KEYS: endpoints, events, deliveries, deliveries order, age, pending, due. ARGV: endpoint id,
 * test event id, its JSON, created at (ISO), created at (ms), org id, event type. Stores the test
 * event under `test:<id>` (never in the event order) and its one delivery, due at once. The
 * delivery's JSON, or nothing when the endpoint is unknown.
 */
export const SEND_TEST = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return false end
local did = 'dlv_' .. string.sub(redis.sha1hex(ARGV[2] .. ':' .. ARGV[1]), 1, 24)
local delivery = cjson.encode({
  id = did, orgId = ARGV[6], endpointId = ARGV[1], eventId = ARGV[2], eventType = ARGV[7],
  status = 'pending', attempts = 0, lastAttemptAt = cjson.null, lastResponseStatus = cjson.null,
  lastError = cjson.null, nextAttemptAt = ARGV[4], createdAt = ARGV[4] })
redis.call('HSET', KEYS[2], 'test:' .. ARGV[2], ARGV[3])
redis.call('HSET', KEYS[3], did, delivery)
redis.call('ZADD', KEYS[4], 0, ARGV[1] .. '|' .. ARGV[4] .. '|' .. did)
redis.call('ZADD', KEYS[5], ARGV[5], did)
redis.call('ZADD', KEYS[6], 0, ARGV[1] .. '|' .. did)
redis.call('ZADD', KEYS[7], ARGV[5], did)
return delivery
`);
