/**
 * The Lua scripts of a fixture load. Each decides on one record and writes it in the same
 * script, so the decision is atomic with the write: a set_timezone or a revocation that lands
 * between two loads is seen by the second, never overwritten by what a read before it saw.
 * Every script takes a mode ('add' | 'update') and a dry flag ('1': decide, write nothing) and
 * answers the outcome: 'added', 'updated' or 'kept'. The rules are core's fixture-merge.ts.
 */
import { LuaScript } from "./lua-script.js";
import { SCHEDULE_LUA } from "./schedule-index.js";

/** What a load did (or would do) with one record. */
export type LoadOutcome = "added" | "updated" | "kept";

/** Lua helpers: deep equality of decoded JSON, and the outcome of loading `json` over `old`. */
const DECIDE_LUA = `
local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= 'table' then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end
local function outcomeOf(old, json, mode)
  if not old then return 'added' end
  if mode ~= 'update' or same(cjson.decode(old), cjson.decode(json)) then return 'kept' end
  return 'updated'
end
`;

// KEYS: the org's record. ARGV: json, mode, dry.
export const LOAD_ORG_SCRIPT = new LuaScript(
  DECIDE_LUA +
    `
local outcome = outcomeOf(redis.call('GET', KEYS[1]), ARGV[1], ARGV[2])
if outcome == 'kept' or ARGV[3] == '1' then return outcome end
redis.call('SET', KEYS[1], ARGV[1])
return outcome
`,
);

// KEYS: records hash, position zset, positions hash, the org's deleted set. ARGV: id, json,
// position, '1' when listed, mode, dry, the record's member of the deleted set ('' for none). A
// lock or a template; a rewrite drops its old list position; one the API deleted stays deleted.
export const LOAD_LISTED_SCRIPT = new LuaScript(
  DECIDE_LUA +
    `
if ARGV[7] ~= '' and redis.call('SISMEMBER', KEYS[4], ARGV[7]) == 1 then return 'kept' end
local outcome = outcomeOf(redis.call('HGET', KEYS[1], ARGV[1]), ARGV[2], ARGV[5])
if outcome == 'kept' or ARGV[6] == '1' then return outcome end
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old then
  redis.call('ZREM', KEYS[2], old)
  redis.call('HDEL', KEYS[3], ARGV[1])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[2], 0, ARGV[3])
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
end
return outcome
`,
);

// KEYS: units hash, urlKey index, urlKey order. ARGV: id, json, urlKey, mode, dry, and the
// version the unit had in the org it is moving from ('' when not moving). The order holds
// exactly the urlKeys of the index. An update never moves the version back: a changed unit
// gets max(fixture version, stored version + 1), an unchanged one keeps its own. An add of a
// unit whose urlKey another unit holds writes nothing and answers 'conflict:<holder id>'.
export const LOAD_UNIT_SCRIPT = new LuaScript(
  DECIDE_LUA +
    `
local old = redis.call('HGET', KEYS[1], ARGV[1])
local unit = cjson.decode(ARGV[2])
local floor = nil
local outcome = 'added'
if old then
  if ARGV[4] ~= 'update' then return 'kept' end
  local stored = cjson.decode(old)
  floor = stored.version
  stored.version = unit.version
  if same(stored, unit) then return 'kept' end
  outcome = 'updated'
elseif ARGV[6] ~= '' then
  floor = tonumber(ARGV[6])
  outcome = 'updated'
end
if ARGV[4] ~= 'update' then
  local holder = redis.call('HGET', KEYS[2], ARGV[3])
  if holder and holder ~= ARGV[1] then return 'conflict:' .. holder end
end
if ARGV[5] == '1' then return outcome end
local json = ARGV[2]
if floor and floor + 1 > unit.version then
  unit.version = floor + 1
  json = cjson.encode(unit)
end
if old then
  local oldKey = cjson.decode(old).urlKey
  if oldKey ~= ARGV[3] and redis.call('HGET', KEYS[2], oldKey) == ARGV[1] then
    redis.call('HDEL', KEYS[2], oldKey)
    redis.call('ZREM', KEYS[3], oldKey)
  end
end
redis.call('HSET', KEYS[1], ARGV[1], json)
redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
redis.call('ZADD', KEYS[3], 0, ARGV[3])
return outcome
`,
);

// KEYS: item → unit index, new unit's items, previous unit's items (as read just before), new
// unit's schedule, previous unit's schedule, new unit's span, the org's template uses, the org's
// deleted set. ARGV: field, unitId, json, previous unitId ('' = none), span ms, mode, dry.
// Answers 0, writing nothing, when the item moved meanwhile (the caller reads again and
// retries); 'kept' for an item the API deleted (a load never adds it back).
export const LOAD_ITEM_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    DECIDE_LUA +
    `
if redis.call('SISMEMBER', KEYS[8], 'item:' .. ARGV[1]) == 1 then return 'kept' end
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[4] then return 0 end
local old = redis.call('HGET', KEYS[3], ARGV[1])
local outcome = outcomeOf(old, ARGV[3], ARGV[6])
-- A kept message still gets the entry its stored JSON names (ZADD: a no-op when present), so a
-- load fills in \`templates:uses\` for messages stored before that index existed.
if outcome == 'kept' and ARGV[7] ~= '1' then addUse(KEYS[7], ARGV[1], old) end
if outcome == 'kept' or ARGV[7] == '1' then return outcome end
if old then redis.call('ZREM', KEYS[5], scheduleMember(ARGV[1], old)) end
dropUse(KEYS[7], ARGV[1], old)
if current ~= '' and current ~= ARGV[2] then redis.call('HDEL', KEYS[3], ARGV[1]) end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[4], 0, scheduleMember(ARGV[1], ARGV[3]))
addUse(KEYS[7], ARGV[1], ARGV[3])
raiseSpan(KEYS[6], ARGV[5])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return outcome
`,
);

// KEYS: an API key's record hash (by the key's SHA-256). ARGV: mode, dry, then (field, JSON)
// pairs. An update keeps a stored revokedAt; each field compares as decoded JSON.
export const LOAD_API_KEY_SCRIPT = new LuaScript(
  DECIDE_LUA +
    `
local fields = {}
for i = 3, #ARGV, 2 do fields[ARGV[i]] = ARGV[i + 1] end
local outcome = 'added'
if redis.call('EXISTS', KEYS[1]) == 1 then
  if ARGV[1] ~= 'update' then return 'kept' end
  local revoked = redis.call('HGET', KEYS[1], 'revokedAt')
  if revoked and revoked ~= 'null' then fields.revokedAt = revoked end
  outcome = 'kept'
  for field, json in pairs(fields) do
    local old = redis.call('HGET', KEYS[1], field)
    if not old or not same(cjson.decode('[' .. old .. ']'), cjson.decode('[' .. json .. ']')) then outcome = 'updated' end
  end
  if outcome == 'kept' then return outcome end
end
if ARGV[2] == '1' then return outcome end
for field, json in pairs(fields) do redis.call('HSET', KEYS[1], field, json) end
return outcome
`,
);

// KEYS: an API key's record hash the key no longer has. Drops it and answers its revokedAt
// (JSON), so a revocation that reached the old hash carries over to the new one.
export const TAKE_OLD_API_KEY_SCRIPT = new LuaScript(`
local revoked = redis.call('HGET', KEYS[1], 'revokedAt')
redis.call('DEL', KEYS[1])
return revoked or 'null'
`);
