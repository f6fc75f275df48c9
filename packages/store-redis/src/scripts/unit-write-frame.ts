/**
 * What the unit write scripts (unit-writes.js) share: the unit read at the top of each (its
 * version checked only when the caller gave one), its basis checks, and the event's JSON cut
 * around the version the script gives the unit; and the Lua that stores an item with its indexes.
 */
import { eventAtVersion, type UnitBasis } from "@lintel/core/adapters";
import type { LintelEvent } from "@lintel/domain";
import { recordJson } from "./record-json.js";

/**
 * Lua that reads the unit `unitId` of KEYS[1] into `unit` (and `raw`), refusing when it is gone
 * or, when `expected` is not '', at another version (the stale unit goes back as stored, so its
 * version is read exactly in JS). `sameUnit(unit, basisAt)` is true when the unit still has the
 * urlKey, address and zone (null as '') of ARGV[basisAt..basisAt + 2]; `sameValue(a, b)`
 * compares two decoded records whole.
 */
export const AT_VERSION_LUA = `
local raw = redis.call('HGET', KEYS[1], unitId)
if not raw then return {'not_found'} end
local unit = decodeRecord(raw)
if expected ~= '' and unit.version ~= tonumber(expected) then return {'version_conflict', raw} end

local function sameUnit(basisAt)
  local zone = unit.timeZone
  if zone == cjson.null then zone = '' end
  return unit.urlKey == ARGV[basisAt] and unit.address == ARGV[basisAt + 1] and zone == ARGV[basisAt + 2]
end

local function sameValue(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= 'table' then return a == b end
  for k, v in pairs(a) do
    if not sameValue(v, b[k]) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end
`;

/** The arguments a basis takes in a script: '1', urlKey, address, zone ('' for none); '0' and three blanks when none. */
export function basisArgs(basis: UnitBasis | undefined): string[] {
  return basis === undefined ? ["0", "", "", ""] : ["1", basis.urlKey, basis.address, basis.timeZone ?? ""];
}

/** A version no unit has, marking where the script writes the version it gives. */
const VERSION_MARK = -1;

/**
 * The event's JSON cut around its `data.unit.version` (head ends with `"version":`, tail follows
 * the number): the script joins them around the version it gives the unit. A JSON key can't
 * occur inside a string (every quote in one is escaped), so the mark is found only where it is.
 * An event without `data.unit` is kept as given: its whole JSON is the head, the tail ''.
 */
export function eventAroundVersion(event: LintelEvent): { readonly head: string; readonly tail: string } {
  if ((event.data as { unit?: unknown }).unit === undefined) return { head: JSON.stringify(event), tail: "" };
  const json = recordJson(eventAtVersion(event, VERSION_MARK));
  const mark = `"version":${VERSION_MARK}`;
  const at = json.indexOf(mark);
  const after = json[at + mark.length];
  if (at < 0 || (after !== "," && after !== "}") || json.includes(mark, at + 1)) {
    throw new Error(`event ${event.id} (${event.type}) carries no unit whose version a write could give`);
  }
  return { head: json.slice(0, at + mark.length - String(VERSION_MARK).length), tail: json.slice(at + mark.length) };
}

/** `appendArgs` with the event's JSON replaced by `head` (the script appends the version and the tail). */
export function withHead(args: (string | number)[], head: string): (string | number)[] {
  return [head, ...args.slice(1)];
}

/** Lua that stores an item JSON under `field` in its unit's hash and every index it is in (the caller drops an old item's entries first). */
export const PUT_ITEM_LUA = `
local function putItem(items, schedule, span, itemUnits, uses, unitId, field, json, spanMs)
  redis.call('HSET', items, field, json)
  redis.call('ZADD', schedule, 0, scheduleMember(field, json))
  raiseSpan(span, spanMs)
  redis.call('HSET', itemUnits, field, unitId)
  addUse(uses, field, json)
end
`;
