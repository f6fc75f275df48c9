/**
 * UnitStore on Redis. Units of an org live in one hash (id → JSON) with a urlKey → id index,
 * and each unit's schedule items in a hash of their own; all under the org's hash tag, so
 * set_timezone (here) and the unit and item writes (unit-writes.js) are each one Lua script over
 * keys of one slot, their event and deliveries included: nothing or everything changes.
 */
import type { SetTimeZoneOutcome, UnitStore } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { itemSpanMs, tourPosition } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS, eventArgs, eventKeys } from "./scripts/event-append.js";
import { FramedScript } from "./scripts/framed-script.js";
import { arg, counted, group, key, rest } from "./scripts/lua-frame.js";
import { readRecords } from "./redis/hash-records.js";
import { redisKeys } from "./redis/keys.js";
import { SET_LOCK_SYNC_LUA, WORK, WORK_KEYS, workArgs, workKeys, WRITE_WORK_LUA } from "./scripts/lock-code-scripts.js";
import { recordDecoder } from "./redis/record-decoder.js";
import { recordJson } from "./scripts/record-json.js";
import { readSchedulePage, readUnitsPage, SCHEDULE_LUA } from "./schedule-index.js";
import { MESSAGE_INDEX_LUA, MESSAGE_KEYS, messageKeys, waitsToBeSent, type MessageWritten } from "./scripts/message-index.js";
import { redisUnitWrites, withRules } from "./unit-writes.js";
import { AT_VERSION_LUA } from "./scripts/unit-write-frame.js";

const FIND_SCRIPT = new FramedScript({
  keys: { units: key, urlKeys: key },
  args: { idOrKey: arg },
  body: `
local unit = redis.call('HGET', units, idOrKey)
if unit then return unit end
local id = redis.call('HGET', urlKeys, idOrKey)
if id then return redis.call('HGET', units, id) end
return false
`,
});

/** A schedule item's new times in a set_timezone (a group of its frame), its startAt also in ms (when a message is due). */
const REWRITE = group({ field: arg, startAt: arg, endAt: arg, spanMs: arg, dueMs: arg });

/**
 * A booked tour a set_timezone moves (a group of its frame): the record read (JSON), the record
 * after, their positions in the tour lists, and its due time in ms ('' for none).
 */
const TOUR_MOVE = group({ tourId: arg, read: arg, json: arg, readPosition: arg, position: arg, dueMs: arg });

// The unit at `expected` gets `timeZone` and its next version; each rewrite of an item the unit
// has is applied, each code work is stored and its moved code gets `codeLockSync` ('' for none)
// after the rewrites, each moved tour is stored with its list positions and due time, and the
// event and its deliveries are stored: by one script, only when the change applies (a moved tour
// no longer as read answers 'changed'). A rewrite naming an item this unit doesn't have is skipped (the contract:
// another unit's item is never touched). Checks come before writes; a moved item moves in the
// schedule (and a message in its template use and due set, its outbox state ended) in the same
// script. A stale version is answered
// with the unit as stored, so the caller learns its version.
const SET_TIME_ZONE_SCRIPT = new FramedScript({
  keys: {
    units: key,
    items: key,
    schedule: key,
    span: key,
    messages: MESSAGE_KEYS,
    workKeys: WORK_KEYS,
    tours: key,
    tourOrder: key,
    unitTourOrder: key,
    tourDue: key,
    eventKeys: EVENT_KEYS,
  },
  args: {
    unitId: arg,
    expected: arg,
    timeZone: arg,
    eventArgs: EVENT_ARGS,
    codeLockSync: arg,
    works: counted(WORK),
    tourMoves: counted(TOUR_MOVE),
    rewrites: rest(REWRITE),
  },
  uses: [SCHEDULE_LUA, MESSAGE_INDEX_LUA, APPEND_EVENT_LUA, WRITE_WORK_LUA, SET_LOCK_SYNC_LUA, AT_VERSION_LUA],
  body: `
local raw = redis.call('HGET', units, unitId)
if not raw then return {'not_found'} end
local unit = decodeRecord(raw)
if unit.version ~= tonumber(expected) then return {'version_conflict', raw} end
for _, move in ipairs(tourMoves) do
  local stored = redis.call('HGET', tours, move.tourId)
  if not stored or not sameValue(decodeRecord(stored), decodeRecord(move.read)) then return {'changed'} end
end
unit.timeZone = timeZone
unit.version = unit.version + 1
local encoded = encodeRecord(unit)
redis.call('HSET', units, unitId, encoded)
for _, rewrite in ipairs(rewrites) do
  local field = rewrite.field
  local old = redis.call('HGET', items, field)
  if old then
    local item = decodeRecord(old)
    item.startAt = rewrite.startAt
    item.endAt = rewrite.endAt
    local json = encodeRecord(item)
    redis.call('HSET', items, field, json)
    redis.call('ZREM', schedule, scheduleMember(field, old))
    redis.call('ZADD', schedule, 0, rewrite.startAt .. '|' .. field)
    raiseSpan(span, rewrite.spanMs)
    -- A message's use of its template and its due time are its sendAt, which the rewrite moves.
    dropMessage(messages, field, old)
    addMessage(messages, field, json, rewrite.dueMs)
  end
end
for _, work in ipairs(works) do
  writeWork(workKeys, work)
  if codeLockSync ~= '' then setLockSync(items, 'code:' .. work.codeId, codeLockSync) end
end
for _, move in ipairs(tourMoves) do
  redis.call('HSET', tours, move.tourId, move.json)
  if move.readPosition ~= move.position then
    redis.call('ZREM', tourOrder, move.readPosition)
    redis.call('ZREM', unitTourOrder, move.readPosition)
    redis.call('ZADD', tourOrder, 0, move.position)
    redis.call('ZADD', unitTourOrder, 0, move.position)
  end
  if move.dueMs == '' then redis.call('ZREM', tourDue, move.tourId) else redis.call('ZADD', tourDue, move.dueMs, move.tourId) end
end
appendEvent(eventKeys, eventArgs)
return {'ok', encoded}
`,
});

/** The field of an item in its unit's items hash. */
export function itemField(item: Pick<ScheduleItem, "kind" | "id">): string {
  return `${item.kind}:${item.id}`;
}

/**
 * Units and their schedule items in Redis. `workWritten` is told of an org before a write that
 * stores code work for it runs (the store's lock code outbox then leases that org's work at once),
 * `messageWritten` before a write that puts a message to be sent (as the message outbox's), and
 * `tourDueWritten` before a zone change that moves a tour's due time (the tour store's poll).
 */
export function createRedisUnitStore(
  redis: RedisClient,
  workWritten: (orgId: string) => void = () => undefined,
  messageWritten: MessageWritten = async () => undefined,
  tourDueWritten: (orgId: string) => void = () => undefined,
): UnitStore {
  const decodeUnit = recordDecoder<Unit>();
  const parseUnit = (text: string | Buffer, key?: string, scope?: string) => withRules(decodeUnit(text, key, scope));
  const writes = redisUnitWrites(redis, (json) => parseUnit(json));
  return {
    findByIdOrKey: (orgId, idOrKey) =>
      guard(async () => {
        const json = await FIND_SCRIPT.run(redis, { units: redisKeys.units(orgId), urlKeys: redisKeys.unitKeys(orgId) }, { idOrKey });
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
        const codeWork = change.codeWork ?? [];
        if (codeWork.length > 0) workWritten(orgId);
        if ((change.tours ?? []).some(({ dueAtMs }) => dueAtMs !== null)) tourDueWritten(orgId);
        const keys = {
          units: redisKeys.units(orgId),
          items: redisKeys.items(orgId, unitId),
          schedule: redisKeys.schedule(orgId, unitId),
          span: redisKeys.scheduleSpan(orgId, unitId),
          messages: messageKeys(orgId),
          workKeys: workKeys(orgId),
          tours: redisKeys.tours(orgId),
          tourOrder: redisKeys.tourOrder(orgId),
          unitTourOrder: redisKeys.unitTourOrder(orgId, unitId),
          tourDue: redisKeys.tourDue(orgId),
          eventKeys: eventKeys(orgId),
        };
        const args = {
          unitId,
          expected: change.expectedVersion,
          timeZone: change.timeZone,
          eventArgs: eventArgs(orgId, change.event),
          codeLockSync: change.codeLockSync === undefined ? "" : recordJson(change.codeLockSync),
          works: codeWork.map((work) => workArgs(work)),
          // A moved tour was booked with a due time, so its org is in the group's tour orgs already.
          tourMoves: (change.tours ?? []).map(({ read, tour, dueAtMs }) => ({
            tourId: tour.id,
            read: recordJson(read),
            json: recordJson(tour),
            readPosition: tourPosition(read),
            position: tourPosition(tour),
            dueMs: dueAtMs ?? "",
          })),
          rewrites: change.rewrites.map((rewrite) => ({
            field: itemField(rewrite),
            startAt: rewrite.startAt,
            endAt: rewrite.endAt,
            spanMs: itemSpanMs(rewrite),
            dueMs: Date.parse(rewrite.startAt),
          })),
        };
        // A moved message may fall due at once: the org joins the message orgs before the script.
        const joining = change.rewrites.some((rewrite) => rewrite.kind === "scheduled_message") ? messageWritten(orgId) : null;
        const [reply] = (await Promise.all([SET_TIME_ZONE_SCRIPT.run(redis, keys, args), joining])) as [[string, string?], unknown];
        if (reply[0] === "not_found") return { ok: false, reason: "not_found" };
        if (reply[0] === "changed") return { ok: false, reason: "changed" };
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
      guard(async () => {
        if (change.work) workWritten(orgId);
        const joining = change.op === "put" && waitsToBeSent(change.item) ? messageWritten(orgId) : null;
        const [outcome] = await Promise.all([writes.writeItem(orgId, unitId, change), joining]);
        return outcome;
      }),
    setShowingRules: (orgId, unitId, change) => guard(() => writes.setShowingRules(orgId, unitId, change)),
    loadUnit: (unit) => guard(() => writes.loadUnit(unit)),
    loadItem: (orgId, item, work) =>
      guard(async () => {
        if (work) workWritten(orgId);
        const joining = waitsToBeSent(item) ? messageWritten(orgId) : null;
        const [outcome] = await Promise.all([writes.loadItem(orgId, item, work), joining]);
        return outcome;
      }),
  };
}
