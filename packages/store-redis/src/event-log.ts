/**
 * EventLog and LockObservations on Redis: events in the org's `events` hash, their positions in
 * `events:order` (and one ZSET per type, for the filter) read newest first with BYLEX REV; the
 * last observed state of each lock in the org's `observations` hash, swapped by one script that
 * also stores the event with its deliveries (exactly one event per change, whatever the
 * number of instances observing it).
 */
import type { EventLog, LockObservation, LockObservations, ObservationSwap } from "@lintel/core/adapters";
import type { LintelEvent } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { APPEND_EVENT_LUA, EVENT_ARGS, EVENT_KEYS, eventArgs, eventKeys } from "./scripts/event-append.js";
import { redisKeys } from "./redis/keys.js";
import { FramedScript } from "./scripts/framed-script.js";
import { arg, key, maybe } from "./scripts/lua-frame.js";
import { readOrderedRows } from "./redis/ordered-page.js";
import { recordDecoder } from "./redis/record-decoder.js";
import { recordJson } from "./scripts/record-json.js";

// Swaps the lock's observation from `expected` ('' for none) to `observed` (fetched at
// `fetchedAt`) and stores the event, if one comes. Observations are compared as the canonical
// JSON `canonical` writes (the only writer of the hash); fetchedAt values are ISO instants of one
// width, so string order is time order (an observation stored before fetchedAt was kept has none:
// older than any).
const SWAP_SCRIPT = new FramedScript({
  keys: { observations: key, eventKeys: EVENT_KEYS },
  args: { lockId: arg, expected: arg, observed: arg, fetchedAt: arg, eventArgs: maybe(EVENT_ARGS) },
  uses: [APPEND_EVENT_LUA],
  body: `
local current = redis.call('HGET', observations, lockId) or ''
if current ~= expected then return {0, current} end
if current ~= '' then
  local storedAt = decodeRecord(current).fetchedAt
  if type(storedAt) == 'string' and storedAt >= fetchedAt then return {0, current} end
end
redis.call('HSET', observations, lockId, observed)
if eventArgs then appendEvent(eventKeys, eventArgs) end
return {1}
`,
});

/** An observation as the hash holds it: its four fields, in one order, then the device's code rules and outside tags when known. */
function canonical(state: LockObservation): string {
  const { lockState, doorState, online, fetchedAt, codeRules, outsideTags } = state;
  const rules = codeRules === undefined ? {} : { codeRules: { lengths: codeRules.lengths, constraints: codeRules.constraints } };
  return recordJson({ lockState, doorState, online, fetchedAt, ...rules, ...(outsideTags === undefined ? {} : { outsideTags }) });
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
        const args = {
          lockId,
          expected: expected === null ? "" : canonical(expected),
          observed: canonical(next),
          fetchedAt: next.fetchedAt,
          eventArgs: event === null ? null : eventArgs(orgId, event),
        };
        const keys = { observations: redisKeys.observations(orgId), eventKeys: eventKeys(orgId) };
        const [swapped, current] = (await SWAP_SCRIPT.run(redis, keys, args)) as [number, string?];
        if (swapped === 1) return { swapped: true };
        return { swapped: false, current: current === undefined || current === "" ? null : (JSON.parse(current) as LockObservation) };
      }),
  };
}
