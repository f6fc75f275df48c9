/**
 * Taking fixture records out of the org that held them before a reload under another org.
 * Each step is one script on one org's slot; a move as a whole spans two slots, so it is not
 * atomic: the loader takes the record out of the old org first, then writes it under the new
 * one, then points the owner index at the new org. A crash midway leaves the record in neither
 * org (never visible to both), and the owner index still naming the old org makes the next
 * load of the record finish the move.
 */
import { type ScheduleItem } from "@lintel/domain";
import { itemSpanMs } from "@lintel/domain/adapters";
import type { RedisClient } from "./client.js";
import { redisKeys } from "./keys.js";
import { LuaScript } from "./lua-script.js";
import { SCHEDULE_LUA } from "./schedule-index.js";

// KEYS: records hash, position zset, positions hash. ARGV: id. A lock or a template.
const LEAVE_LISTED_SCRIPT = new LuaScript(`
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old then redis.call('ZREM', KEYS[2], old) end
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
`);

// KEYS: units hash, urlKey index, the unit's items hash, urlKey order. ARGV: unit id. Drops the
// unit and its urlKey; answers its items (field, json, …), which stay until they are copied to
// the new org.
const LEAVE_UNIT_SCRIPT = new LuaScript(`
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then
  local key = cjson.decode(old).urlKey
  if redis.call('HGET', KEYS[2], key) == ARGV[1] then
    redis.call('HDEL', KEYS[2], key)
    redis.call('ZREM', KEYS[4], key)
  end
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return redis.call('HGETALL', KEYS[3])
`);

// KEYS: the unit's items hash, item → unit index, the unit's schedule, its span, the template
// uses (all of the new org). ARGV: unit id, the items' longest span in ms, then (field, json)
// per item.
const ADOPT_ITEMS_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    `
for i = 3, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[1])
  redis.call('ZADD', KEYS[3], 0, scheduleMember(ARGV[i], ARGV[i + 1]))
  addUse(KEYS[5], ARGV[i], ARGV[i + 1])
end
raiseSpan(KEYS[4], ARGV[2])
return 1
`,
);

// KEYS: the unit's items hash, item → unit index, the unit's schedule, the template uses (all
// of the old org). ARGV: unit id, fields.
const DROP_ITEMS_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    `
for i = 2, #ARGV do
  local old = redis.call('HGET', KEYS[1], ARGV[i])
  if old then redis.call('ZREM', KEYS[3], scheduleMember(ARGV[i], old)) end
  dropUse(KEYS[4], ARGV[i], old)
  redis.call('HDEL', KEYS[1], ARGV[i])
  if redis.call('HGET', KEYS[2], ARGV[i]) == ARGV[1] then redis.call('HDEL', KEYS[2], ARGV[i]) end
end
return 1
`,
);

// KEYS: item → unit index, the unit's items hash (as read just before), its schedule, the
// template uses, of the old org. ARGV: field, unit id. Answers 0, removing nothing, when the item changed unit meanwhile.
const LEAVE_ITEM_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then redis.call('ZREM', KEYS[3], scheduleMember(ARGV[1], old)) end
dropUse(KEYS[4], ARGV[1], old)
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
`,
);

/** Takes a lock out of `orgId`: its record and its place in the active list. */
export async function lockLeavesOrg(redis: RedisClient, orgId: string, lockId: string): Promise<void> {
  const keys = [redisKeys.locks(orgId), redisKeys.activeLocks(orgId), redisKeys.lockPositions(orgId)];
  await LEAVE_LISTED_SCRIPT.run(redis, keys, [lockId]);
}

/** Takes a template out of `orgId`: its record and its place in the order. */
export async function templateLeavesOrg(redis: RedisClient, orgId: string, templateId: string): Promise<void> {
  const keys = [redisKeys.templates(orgId), redisKeys.templateOrder(orgId), redisKeys.templatePositions(orgId)];
  await LEAVE_LISTED_SCRIPT.run(redis, keys, [templateId]);
}

/**
 * Takes a unit out of `fromOrg` and carries its schedule items to `toOrg` (items follow their
 * unit, as in the memory store). The unit goes first, so no reader of the old org finds it; the
 * items are copied before they are dropped, so a crash never loses one (a rerun copies again).
 * The unit record itself is written under `toOrg` by the caller.
 */
export async function unitLeavesOrg(redis: RedisClient, fromOrg: string, toOrg: string, unitId: string): Promise<void> {
  const from = [
    redisKeys.items(fromOrg, unitId),
    redisKeys.itemUnits(fromOrg),
    redisKeys.schedule(fromOrg, unitId),
    redisKeys.templateUses(fromOrg),
  ] as const;
  const items = (await LEAVE_UNIT_SCRIPT.run(
    redis,
    [redisKeys.units(fromOrg), redisKeys.unitKeys(fromOrg), from[0], redisKeys.unitOrder(fromOrg)],
    [unitId],
  )) as string[];
  if (items.length === 0) return;
  const fields = items.filter((_, i) => i % 2 === 0);
  const jsons = items.filter((_, i) => i % 2 === 1);
  const spanMs = jsons.reduce((longest, json) => Math.max(longest, itemSpanMs(JSON.parse(json) as ScheduleItem)), 0);
  const to = [
    redisKeys.items(toOrg, unitId),
    redisKeys.itemUnits(toOrg),
    redisKeys.schedule(toOrg, unitId),
    redisKeys.scheduleSpan(toOrg, unitId),
    redisKeys.templateUses(toOrg),
  ];
  await ADOPT_ITEMS_SCRIPT.run(redis, to, [unitId, spanMs, ...items]);
  await DROP_ITEMS_SCRIPT.run(redis, from, [unitId, ...fields]);
  await Promise.all(fields.map((field) => redis.set(redisKeys.owner("item", field), toOrg)));
}

/** Takes a schedule item (`<kind>:<id>`) out of whichever unit of `orgId` holds it. */
export async function itemLeavesOrg(redis: RedisClient, orgId: string, field: string): Promise<void> {
  const index = redisKeys.itemUnits(orgId);
  for (let attempt = 0; attempt < 5; attempt++) {
    const unitId = await redis.hget(index, field);
    if (unitId === null) return;
    const keys = [index, redisKeys.items(orgId, unitId), redisKeys.schedule(orgId, unitId), redisKeys.templateUses(orgId)];
    if ((await LEAVE_ITEM_SCRIPT.run(redis, keys, [field, unitId])) === 1) return;
  }
  throw new Error(`Fixture item ${field} of org ${orgId} keeps moving between units; gave up.`);
}
