/**
 * EventLog and LockObservations on Redis: events in the org's `events` hash, their positions in
 * `events:order` (and one ZSET per type, for the filter) read newest first with BYLEX REV; the
 * last observed state of each lock in the org's `observations` hash, swapped by one script that
 * also stores the event with its deliveries (exactly one event per change, whatever the
 * number of instances observing it).
 */
import type { EventLog, LockObservation, LockObservations, ObservationSwap } from "@lintel/core/adapters";
import type { LintelEvent } from "@lintel/domain";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { APPEND_EVENT_LUA, appendArgs, appendKeys } from "./scripts/event-append.js";
import { redisKeys } from "./redis/keys.js";
import { LuaScript } from "./scripts/lua-script.js";
import { readOrderedRows } from "./redis/ordered-page.js";
import { recordDecoder } from "./redis/record-decoder.js";
import { recordJson } from "./scripts/record-json.js";

// KEYS: observations hash, then appendKeys. ARGV: lockId, the expected observation's JSON ('' for
// none), the next one's JSON, '1' when an event comes, then appendArgs, then the next one's
// fetchedAt. Observations are compared as the canonical JSON `canonical` writes (the only writer
// of the hash); fetchedAt values are ISO instants of one width, so string order is time order (an
// observation stored before fetchedAt was kept has none: older than any).
const SWAP_SCRIPT = new LuaScript(
  APPEND_EVENT_LUA +
    `
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[2] then return {0, current} end
if current ~= '' then
  local fetchedAt = decodeRecord(current).fetchedAt
  if type(fetchedAt) == 'string' and fetchedAt >= ARGV[#ARGV] then return {0, current} end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
if ARGV[4] == '1' then appendEvent(2, 5) end
return {1}
`,
);

/** An observation as the hash holds it: its four fields, in one order. */
function canonical(state: LockObservation): string {
  const { lockState, doorState, online, fetchedAt } = state;
  return recordJson({ lockState, doorState, online, fetchedAt });
}

/** Events in Redis. */
export function createRedisEventLog(redis: RedisClient): EventLog {
  const parseEvent = recordDecoder<LintelEvent>();
  return {
    list: (orgId, type, after, limit) =>
      guard(async () => {
        const positions = type === null ? redisKeys.eventOrder(orgId) : redisKeys.eventsOfType(orgId, type);
        return readOrderedRows(redis, { positions, records: redisKeys.events(orgId) }, after, limit, "desc", (json, id) =>
          parseEvent(json, id, orgId),
        );
      }),
    get: (orgId, eventId) =>
      guard(async () => {
        const json = await redis.hget(redisKeys.events(orgId), eventId);
        return json === null ? null : parseEvent(json, eventId, orgId);
      }),
  };
}

/** Last observed lock states in Redis. */
export function createRedisLockObservations(redis: RedisClient): LockObservations {
  return {
    last: (orgId, lockId) =>
      guard(async () => {
        const json = await redis.hget(redisKeys.observations(orgId), lockId);
        return json === null ? null : (JSON.parse(json) as LockObservation);
      }),
    swap: (orgId, lockId, expected, next, event) =>
      guard(async (): Promise<ObservationSwap> => {
        const args = [lockId, expected === null ? "" : canonical(expected), canonical(next), event === null ? "0" : "1"];
        if (event !== null) args.push(...appendArgs(orgId, event).map(String));
        args.push(next.fetchedAt);
        const keys = [redisKeys.observations(orgId), ...appendKeys(orgId)];
        const [swapped, current] = (await SWAP_SCRIPT.run(redis, keys, args)) as [number, string?];
        if (swapped === 1) return { swapped: true };
        return { swapped: false, current: current === undefined || current === "" ? null : (JSON.parse(current) as LockObservation) };
      }),
  };
}
