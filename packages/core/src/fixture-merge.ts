/**
 * What an `update` load writes over a record the store already has: the fixture's
 * record, except that a unit's `version` never goes back and a key's `revokedAt` stays set.
 * The memory store calls these; the Redis scripts (store-redis/src/fixture-scripts.ts) do the
 * same in Lua. A merge answers `null` when the stored record is already what it would write.
 */
import type { ApiKeyRecord, Unit } from "@lintel/domain";

/** Deep equality of plain JSON data (records as a fixture or a store holds them). */
export function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameRecord(left[key], right[key]));
}

/**
 * The unit an update writes over `stored`: the fixture's fields; the version is the stored one
 * when no other field differs, else `max(fixture version, stored version + 1)`, so a client
 * holding the stored version (an `expectedVersion`) sees the change as a conflict.
 */
export function mergeUnit(stored: Unit, incoming: Unit): Unit | null {
  if (sameRecord({ ...stored, version: 0 }, { ...incoming, version: 0 })) return null;
  return { ...incoming, version: Math.max(incoming.version, stored.version + 1) };
}

/** The key an update writes over `stored`: the fixture's fields, a stored `revokedAt` kept. */
export function mergeApiKey(stored: ApiKeyRecord, incoming: ApiKeyRecord): ApiKeyRecord | null {
  const merged = stored.revokedAt === null ? incoming : { ...incoming, revokedAt: stored.revokedAt };
  return sameRecord(stored, merged) ? null : merged;
}
