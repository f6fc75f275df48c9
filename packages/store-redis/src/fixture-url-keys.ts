/**
 * The urlKey check of a Redis fixture load, before it writes anything: a unit the load would
 * write must not take a urlKey that another stored unit of its org holds and keeps. The unit's
 * script checks again in `add` mode (fixture-scripts.ts), for a holder that appears meanwhile.
 */
import type { FixtureLoadMode, UrlKeyConflict } from "@lintel/core";
import type { Unit } from "@lintel/domain";
import type { RedisClient } from "./client.js";
import { redisKeys } from "./keys.js";

const BATCH = 256;

/** Whether the store holds `unit`'s id in any org (an `add` load then keeps it and writes nothing). */
async function stored(redis: RedisClient, unit: Unit): Promise<boolean> {
  if ((await redis.get(redisKeys.owner("unit", unit.id))) !== null) return true;
  return (await redis.hexists(redisKeys.units(unit.orgId), unit.id)) === 1; // stored before the owner index
}

/** The units of the load that would take a urlKey another stored unit of their org holds. */
export async function urlKeyConflicts(redis: RedisClient, units: readonly Unit[], mode: FixtureLoadMode): Promise<UrlKeyConflict[]> {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const conflicts: UrlKeyConflict[] = [];
  for (let start = 0; start < units.length; start += BATCH) {
    const batch = units.slice(start, start + BATCH);
    const found = await Promise.all(
      batch.map(async (unit): Promise<UrlKeyConflict | null> => {
        const heldBy = await redis.hget(redisKeys.unitKeys(unit.orgId), unit.urlKey);
        if (heldBy === null || heldBy === unit.id) return null;
        const holder = byId.get(heldBy);
        // An update may give the holder another urlKey or org in the same load (a swap).
        if (mode === "update" && holder !== undefined && (holder.orgId !== unit.orgId || holder.urlKey !== unit.urlKey)) return null;
        if (mode === "add" && (await stored(redis, unit))) return null;
        return { unitId: unit.id, orgId: unit.orgId, urlKey: unit.urlKey, heldBy };
      }),
    );
    for (const conflict of found) if (conflict !== null) conflicts.push(conflict);
  }
  return conflicts;
}
