/**
 * The lanes of failing webhook endpoints on Redis: the core's webhook-lanes.js steps in Lua, for
 * the lease and finish scripts to take in the org's slot, and the script that says when a lane
 * reaches each of its waiting deliveries. A lane is one field of the org's `webhooks:lanes` hash,
 * `failures freeAtMs nextAtMs paceMs` (integers, no JSON: nothing of it passes through cjson).
 */
import { LuaScript } from "./lua-script.js";

/** How many of the org's deliveries, in due order, `PACED_ATTEMPTS` looks at, at most. */
export const PACED_SCAN = 2_000;

/**
 * Lua: `laneTakes(lanes, endpointId, now)`, `leaseLane(lanes, endpointId, now, leaseEnd)` (holds
 * a failing lane; answers its failures in a row) and `finishLane(lanes, endpointId, kind, atMs,
 * restMs, paceMs)` (rests it after a `retry` or `failed` with a rest, else ends it).
 */
export const LANE_LUA = `
local function readLane(lanes, endpointId)
  local raw = redis.call('HGET', lanes, endpointId)
  if not raw then return nil end
  local failures, freeAt, nextAt, pace = string.match(raw, '^(%d+) (%d+) (%d+) (%d+)$')
  if not failures then return nil end
  return { failures = tonumber(failures), freeAt = tonumber(freeAt), nextAt = tonumber(nextAt), pace = tonumber(pace) }
end

local function writeLane(lanes, endpointId, failures, freeAt, nextAt, pace)
  redis.call('HSET', lanes, endpointId, string.format('%d %d %d %d', failures, freeAt, nextAt, pace))
end

local function laneTakes(lanes, endpointId, now)
  local lane = readLane(lanes, endpointId)
  return not lane or lane.freeAt <= now
end

local function leaseLane(lanes, endpointId, now, leaseEnd)
  local lane = readLane(lanes, endpointId)
  if not lane then return 0 end
  writeLane(lanes, endpointId, lane.failures, leaseEnd, now + lane.pace, lane.pace)
  return lane.failures
end

local function finishLane(lanes, endpointId, kind, atMs, restMs, paceMs)
  if (kind ~= 'retry' and kind ~= 'failed') or restMs == '' then
    redis.call('HDEL', lanes, endpointId)
    return
  end
  local lane = readLane(lanes, endpointId)
  local nextAt = tonumber(atMs) + tonumber(restMs)
  writeLane(lanes, endpointId, (lane and lane.failures or 0) + 1, nextAt, nextAt, tonumber(paceMs))
end
`;

/**
 * KEYS: lanes, due, pending, leases. ARGV: endpoint id, now ms, how many due deliveries to look
 * at, then the delivery ids asked about. When the endpoint has a lane: `id, ms` pairs, the time
 * its lane takes each asked delivery that waits (pending, no lease running), as the core's
 * `pacedTimes` over its waiting deliveries in due order (ties by id, as the lease takes them).
 * An asked one past the deliveries looked at gets the earliest the lane could reach it.
 */
export const PACED_ATTEMPTS = new LuaScript(
  LANE_LUA +
    `
local lanes, due, pending, leases = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local endpointId, now, scan = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local lane = readLane(lanes, endpointId)
if not lane then return {} end
local asked, left = {}, 0
for i = 4, #ARGV do
  if not asked[ARGV[i]] then left = left + 1 end
  asked[ARGV[i]] = true
end
local out = {}
local at, first = math.max(lane.nextAt, now), true
local rows = redis.call('ZRANGE', due, '-inf', '+inf', 'BYSCORE', 'LIMIT', 0, scan, 'WITHSCORES')
for i = 1, #rows, 2 do
  local did, dueMs = rows[i], tonumber(rows[i + 1])
  local running = dueMs > now and redis.call('HEXISTS', leases, did) == 1
  if not running and redis.call('ZSCORE', pending, endpointId .. '|' .. did) then
    if first then at = math.max(dueMs, at) else at = math.max(dueMs, at + lane.pace) end
    first = false
    if asked[did] then
      out[#out + 1] = did
      out[#out + 1] = string.format('%d', at)
      asked[did] = nil
      left = left - 1
      if left == 0 then return out end
    end
  end
end
if #rows < 2 * scan then return out end
if not first then at = at + lane.pace end
for did in pairs(asked) do
  out[#out + 1] = did
  out[#out + 1] = string.format('%d', at)
end
return out
`,
);
