/**
 * UnitStore on Redis. Units of an org live in one hash (id → JSON) with a urlKey → id index,
 * and each unit's schedule items in a hash of their own; all under the org's hash tag, so
 * set_timezone (here) and the unit and item writes (unit-writes.js) are each one Lua script over
 * keys of one slot, their event and deliveries included: nothing or everything changes.
 */
import type { SetTimeZoneOutcome, UnitStore } from "@lintel/core/adapters";
import { itemSpanMs } from "@lintel/domain/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { APPEND_ARG_COUNT, APPEND_EVENT_LUA, appendArgs, appendKeys } from "./scripts/event-append.js";
import { readRecords } from "./redis/hash-records.js";
import { redisKeys } from "./redis/keys.js";
import { LuaScript } from "./scripts/lua-script.js";
import { codeWorkArgs, codeWorkKeys, SET_LOCK_SYNC_LUA, WRITE_WORK_LUA } from "./scripts/lock-code-scripts.js";
import { recordDecoder } from "./redis/record-decoder.js";
import { recordJson } from "./scripts/record-json.js";
import { readSchedulePage, readUnitsPage, SCHEDULE_LUA } from "./schedule-index.js";
import { redisUnitWrites } from "./unit-writes.js";

const FIND_SCRIPT = new LuaScript(`
local unit = redis.call('HGET', KEYS[1], ARGV[1])
if unit then return unit end
local id = redis.call('HGET', KEYS[2], ARGV[1])
if id then return redis.call('HGET', KEYS[1], id) end
return false
`);

// KEYS: units hash, the unit's items hash, its schedule zset, its span, the org's template
// uses, then codeWorkKeys, then appendKeys. ARGV: unitId, expectedVersion, timeZone, appendArgs
// (the event), the codes' lockSync JSON ('' for none), how many code works, then codeWorkArgs
// of each (without the leading '1'), then (item field, startAt, endAt, span ms) per rewrite. Each
// code work is stored and its moved code gets the lockSync, after the rewrites. The event and its deliveries are stored by
// the same script, only when the change applies. A rewrite naming an item this unit doesn't
// have is skipped (the contract: another unit's item is never touched). Checks come before
// writes; a moved item moves in the schedule (and a message in the template uses) in the same
// script. A stale version is answered with the unit as stored, so the caller learns its version.
const LOCK_SYNC_AT = 4 + APPEND_ARG_COUNT;
const SET_TIME_ZONE_SCRIPT = new LuaScript(
  SCHEDULE_LUA +
    APPEND_EVENT_LUA +
    WRITE_WORK_LUA +
    SET_LOCK_SYNC_LUA +
    `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return {'not_found'} end
local unit = decodeRecord(raw)
if unit.version ~= tonumber(ARGV[2]) then return {'version_conflict', raw} end
unit.timeZone = ARGV[3]
unit.version = unit.version + 1
local encoded = encodeRecord(unit)
redis.call('HSET', KEYS[1], ARGV[1], encoded)
local works = tonumber(ARGV[${LOCK_SYNC_AT} + 1])
local worksFrom = ${LOCK_SYNC_AT} + 2
for i = worksFrom + 4 * works, #ARGV, 4 do
  local old = redis.call('HGET', KEYS[2], ARGV[i])
  if old then
    local item = decodeRecord(old)
    item.startAt = ARGV[i + 1]
    item.endAt = ARGV[i + 2]
    local json = encodeRecord(item)
    redis.call('HSET', KEYS[2], ARGV[i], json)
    redis.call('ZREM', KEYS[3], scheduleMember(ARGV[i], old))
    redis.call('ZADD', KEYS[3], 0, ARGV[i + 1] .. '|' .. ARGV[i])
    raiseSpan(KEYS[4], ARGV[i + 3])
    -- A message's use of its template is keyed by its sendAt, which the rewrite moves.
    dropUse(KEYS[5], ARGV[i], old)
    addUse(KEYS[5], ARGV[i], json)
  end
end
for i = worksFrom, worksFrom + 4 * works - 1, 4 do
  writeWork(6, ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3])
  if ARGV[${LOCK_SYNC_AT}] ~= '' then setLockSync(KEYS[2], 'code:' .. ARGV[i], ARGV[${LOCK_SYNC_AT}]) end
end
appendEvent(11, 4)
return {'ok', encoded}
`,
);

/** The field of an item in its unit's items hash. */
export function itemField(item: Pick<ScheduleItem, "kind" | "id">): string {
  return `${item.kind}:${item.id}`;
}

/**
 * Units and their schedule items in Redis. `workWritten` is told of an org before a write that
 * stores code work for it runs (the store's lock code outbox then leases that org's work at once).
 */
export function createRedisUnitStore(redis: RedisClient, workWritten: (orgId: string) => void = () => undefined): UnitStore {
  const parseUnit = recordDecoder<Unit>();
  const writes = redisUnitWrites(redis, (json) => parseUnit(json));
  return {
    findByIdOrKey: (orgId, idOrKey) =>
      guard(async () => {
        const json = await FIND_SCRIPT.run(redis, [redisKeys.units(orgId), redisKeys.unitKeys(orgId)], [idOrKey]);
        return typeof json === "string" ? parseUnit(json) : null;
      }),

    getMany: (orgId, unitIds) =>
      guard(() => readRecords(redis, redisKeys.units(orgId), unitIds, (json, unitId) => parseUnit(json, unitId, orgId))),

    listUnits: (orgId, after, limit) => guard(async () => (await readUnitsPage(redis, orgId, after, limit)).map((json) => parseUnit(json))),

    scheduleAfter: (orgId, unitId, fromMs, after, limit) =>
      guard(async () => {
        // The items hash is the unit's own: a foreign or unknown unit has none, so nothing is read.
        const page = await readSchedulePage(redis, orgId, unitId, { fromMs, after, limit });
        return page.map((json) => JSON.parse(json) as ScheduleItem);
      }),

    itemsOf: (orgId, unitId) =>
      guard(async () => {
        const found = await redis.hvals(redisKeys.items(orgId, unitId));
        return found.map((json) => JSON.parse(json) as ScheduleItem);
      }),

    setTimeZone: (orgId, unitId, change) =>
      guard(async (): Promise<SetTimeZoneOutcome> => {
        const args: (string | number)[] = [unitId, change.expectedVersion, change.timeZone, ...appendArgs(orgId, change.event)];
        const codeWork = change.codeWork ?? [];
        if (codeWork.length > 0) workWritten(orgId);
        args.push(change.codeLockSync === undefined ? "" : recordJson(change.codeLockSync), codeWork.length);
        for (const work of codeWork) args.push(...codeWorkArgs(work).slice(1));
        for (const rewrite of change.rewrites) {
          args.push(itemField(rewrite), rewrite.startAt, rewrite.endAt, itemSpanMs(rewrite));
        }
        const reply = (await SET_TIME_ZONE_SCRIPT.run(
          redis,
          [
            redisKeys.units(orgId),
            redisKeys.items(orgId, unitId),
            redisKeys.schedule(orgId, unitId),
            redisKeys.scheduleSpan(orgId, unitId),
            redisKeys.templateUses(orgId),
            ...codeWorkKeys(orgId),
            ...appendKeys(orgId),
          ],
          args,
        )) as [string, string?];
        if (reply[0] === "not_found") return { ok: false, reason: "not_found" };
        // The refused unit comes back as stored: its version read in JS, exact to 2^53−1.
        const unit = parseUnit(reply[1] as string);
        return reply[0] === "version_conflict"
          ? { ok: false, reason: "version_conflict", currentVersion: unit.version }
          : { ok: true, unit };
      }),

    getItem: (orgId, unitId, kind, id) =>
      guard(async () => {
        // The items hash is the unit's own: another unit's item, or a foreign unit's, is not in it.
        const json = await redis.hget(redisKeys.items(orgId, unitId), itemField({ kind, id }));
        return json === null ? null : (JSON.parse(json) as ScheduleItem);
      }),

    createUnit: (unit, event) => guard(() => writes.createUnit(unit, event)),
    updateUnit: (orgId, unitId, change) => guard(() => writes.updateUnit(orgId, unitId, change)),
    writeItem: (orgId, unitId, change) =>
      guard(() => {
        if (change.work) workWritten(orgId);
        return writes.writeItem(orgId, unitId, change);
      }),
    loadUnit: (unit) => guard(() => writes.loadUnit(unit)),
    loadItem: (orgId, item, work) =>
      guard(() => {
        if (work) workWritten(orgId);
        return writes.loadItem(orgId, item, work);
      }),
  };
}
