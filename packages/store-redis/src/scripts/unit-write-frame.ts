/**
 * What the unit write scripts (unit-writes.js) share: the unit read at the top of each (its
 * version checked only when the caller gave one), its basis (a group of their frames) and its
 * checks, and the event's JSON cut around the version the script gives the unit; and the Lua that
 * stores an item with its indexes.
 */
import { eventAtVersion, type UnitBasis } from "@lintel/core/adapters";
import type { LintelEvent } from "@lintel/domain/adapters";
import { arg, group, key, type ValueOf } from "./lua-frame.js";
import { recordJson } from "./record-json.js";

/**
 * Lua: `unitAt(units, unitId, expected)` answers the unit `unitId` of the hash `units`, or nil and
 * the script's refusal when it is gone or, when `expected` is not '', at another version (the
 * stale unit goes back as stored, so its version is read exactly in JS). `sameUnit(unit, basis)`
 * is true when the unit still has the urlKey, address and zone (null as '') of `basis` (a
 * {@link UNIT_BASIS}); `sameValue(a, b)` compares two decoded records whole.
 */
export const AT_VERSION_LUA = `
local function unitAt(units, unitId, expected)
  local raw = redis.call('HGET', units, unitId)
  if not raw then return nil, {'not_found'} end
  local unit = decodeRecord(raw)
  if expected ~= '' and unit.version ~= tonumber(expected) then return nil, {'version_conflict', raw} end
  return unit, nil
end

local function sameUnit(unit, basis)
  local zone = unit.timeZone
  if zone == cjson.null then zone = '' end
  return unit.urlKey == basis.urlKey and unit.address == basis.address and zone == basis.zone
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

/** The unit as a write read it, a group of a script's frame: its urlKey, address and zone ('' for none). */
export const UNIT_BASIS = group({ urlKey: arg, address: arg, zone: arg });

/** `basis` as {@link UNIT_BASIS}; null for none (a `maybe(UNIT_BASIS)` then goes as '0'). */
export function basisArgs(basis: UnitBasis): ValueOf<typeof UNIT_BASIS>;
export function basisArgs(basis: UnitBasis | undefined): ValueOf<typeof UNIT_BASIS> | null;
export function basisArgs(basis: UnitBasis | undefined): ValueOf<typeof UNIT_BASIS> | null {
  return basis === undefined ? null : { urlKey: basis.urlKey, address: basis.address, zone: basis.timeZone ?? "" };
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

/**
 * Lua that stores an item JSON under `field` in its unit's hash and every index it is in, a
 * message's (`messages`, as MESSAGE_KEYS) due at `dueMs` when it waits to be sent; the caller drops
 * an old item's entries first.
 */
export const PUT_ITEM_LUA = `
local function putItem(items, schedule, span, itemUnits, messages, unitId, field, json, spanMs, dueMs)
  redis.call('HSET', items, field, json)
  redis.call('ZADD', schedule, 0, scheduleMember(field, json))
  raiseSpan(span, spanMs)
  redis.call('HSET', itemUnits, field, unitId)
  addMessage(messages, field, json, dueMs)
end
`;

/** The keys every item write's frame starts with: the org's units, the unit's items, schedule and span, and the org's item → unit index. */
export const ITEM_KEYS = { units: key, items: key, schedule: key, span: key, itemUnits: key };
