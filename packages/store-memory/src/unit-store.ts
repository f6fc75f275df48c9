/** Units and their schedule items in memory. */
import type { ScheduleItem, Unit } from "@lintel/domain";
import type { FixtureItem, UnitStore } from "@lintel/core";
import { itemKey, pickMany, urlKeySlot, type MemoryState } from "./memory-state.js";

/** Stores or replaces a unit by id, keeping the urlKey index right. */
export function putUnit(state: MemoryState, unit: Unit): void {
  const old = state.units.get(unit.id);
  if (old !== undefined) {
    const slot = urlKeySlot(old.orgId, old.urlKey);
    if (state.unitIdByUrlKey.get(slot) === old.id) state.unitIdByUrlKey.delete(slot);
  }
  state.units.set(unit.id, { id: unit.id, orgId: unit.orgId, urlKey: unit.urlKey, address: unit.address, timeZone: unit.timeZone, version: unit.version });
  state.unitIdByUrlKey.set(urlKeySlot(unit.orgId, unit.urlKey), unit.id);
}

/** Stores or replaces an item by kind and id, moving it if its unit changed. */
export function putItem(state: MemoryState, item: FixtureItem): void {
  const key = itemKey(item.kind, item.id);
  const old = state.items.get(key);
  if (old !== undefined) state.itemKeysByUnit.get(old.unitId)?.delete(key);
  state.items.set(key, item);
  let keys = state.itemKeysByUnit.get(item.unitId);
  if (keys === undefined) state.itemKeysByUnit.set(item.unitId, (keys = new Set()));
  keys.add(key);
}

function scheduleItem({ orgId: _orgId, ...item }: FixtureItem): ScheduleItem {
  return item;
}

export function createMemoryUnitStore(state: MemoryState): UnitStore {
  const ownUnit = (orgId: string, unitId: string) => {
    const unit = state.units.get(unitId);
    return unit !== undefined && unit.orgId === orgId ? unit : undefined;
  };

  return {
    async findByIdOrKey(orgId, idOrKey) {
      const byKey = state.unitIdByUrlKey.get(urlKeySlot(orgId, idOrKey));
      return ownUnit(orgId, idOrKey) ?? (byKey === undefined ? undefined : ownUnit(orgId, byKey)) ?? null;
    },
    async getMany(orgId, unitIds) {
      return pickMany(unitIds, (id) => ownUnit(orgId, id));
    },
    async itemsOf(orgId, unitId) {
      if (ownUnit(orgId, unitId) === undefined) return [];
      const keys = state.itemKeysByUnit.get(unitId) ?? new Set<string>();
      return pickMany([...keys], (key) => state.items.get(key)).map(scheduleItem);
    },
    async setTimeZone(orgId, unitId, change) {
      const unit = ownUnit(orgId, unitId);
      if (unit === undefined) return { ok: false, reason: "not_found" };
      if (unit.version !== change.expectedVersion) return { ok: false, reason: "version_conflict" };
      const own = state.itemKeysByUnit.get(unitId);
      for (const rewrite of change.rewrites) {
        const key = itemKey(rewrite.kind, rewrite.id);
        const item = state.items.get(key);
        if (item === undefined || !own?.has(key)) continue;
        state.items.set(key, { ...item, startAt: rewrite.startAt, endAt: rewrite.endAt });
      }
      const updated = { ...unit, timeZone: change.timeZone, version: unit.version + 1 };
      state.units.set(unitId, updated);
      return { ok: true, unit: updated };
    },
  };
}
