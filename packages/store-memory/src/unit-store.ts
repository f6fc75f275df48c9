/** Units and their schedule items in memory. */
import { isDeepStrictEqual } from "node:util";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { firstIndexAfter, LIST_DIRECTION, unitPosition } from "@lintel/domain/adapters";
import type { LockSync } from "@lintel/domain/schemas";

import {
  eventAtVersion,
  type UnitBasis,
  type UnitStore,
  type UnitWriteOutcome,
  MAX_ITEMS_PER_UNIT,
  type FixtureItem,
} from "@lintel/core/adapters";
import {
  deletedSlot,
  itemKey,
  pageOrdered,
  pickMany,
  upsertIndexed,
  urlKeySlot,
  type MemoryState,
  type OrderedIndex,
} from "./state/memory-state.js";
import { appendEvent } from "./state/event-state.js";
import { writeCodeWork } from "./state/lock-code-state.js";
import { setTourDue, storeTour } from "./state/tour-state.js";
import { messageDropped, messageStored } from "./state/message-state.js";
import { addScheduled, pageSchedule, rebuildSchedule, removeScheduled } from "./state/schedule-index.js";
import { pinDeleted, pinStored } from "./state/pin-state.js";

function orderIndex(state: MemoryState): OrderedIndex<Unit> {
  return { rows: state.unitOrder, positionOf: unitPosition, direction: LIST_DIRECTION.units };
}

/**
 * Stores or replaces units by id (a later one of the batch wins), keeping the urlKey index and
 * each org's urlKey order right; the order is merged once for the batch.
 */
export function putUnits(state: MemoryState, units: readonly Unit[]): void {
  const how = { records: state.units, index: orderIndex(state), idOf: (unit: Unit) => unit.id, orgOf: (unit: Unit) => unit.orgId };
  const copy = ({ id, orgId, urlKey, address, timeZone, version, showingRules }: Unit): Unit =>
    showingRules === undefined
      ? { id, orgId, urlKey, address, timeZone, version }
      : { id, orgId, urlKey, address, timeZone, version, showingRules };
  upsertIndexed(how, units, copy, (unit, old) => {
    const slot = old === undefined ? undefined : urlKeySlot(old.orgId, old.urlKey);
    if (slot !== undefined && state.unitIdByUrlKey.get(slot) === unit.id) state.unitIdByUrlKey.delete(slot);
    state.unitIdByUrlKey.set(urlKeySlot(unit.orgId, unit.urlKey), unit.id);
  });
}

/** Replaces a unit whose urlKey and org stay the same, in place in its org's order. */
export function replaceUnit(state: MemoryState, updated: Unit): void {
  state.units.set(updated.id, updated);
  const rows = state.unitOrder.get(updated.orgId) ?? [];
  const at = firstIndexAfter(rows, unitPosition, unitPosition(updated), "asc") - 1;
  if (rows[at]?.id === updated.id) rows[at] = updated;
}

/**
 * Stores or replaces an item by kind and id in the item maps, the message outbox's index (a
 * message's outbox state starts afresh) and, a code, the PIN index under `pinTag` (none: the tag
 * it was filed under); answers the item it replaced.
 */
function storeItem(state: MemoryState, item: FixtureItem, pinTag?: string): FixtureItem | undefined {
  const key = itemKey(item.kind, item.id);
  const old = state.items.get(key);
  if (old !== undefined) state.itemKeysByUnit.get(old.unitId)?.delete(key);
  state.items.set(key, item);
  let keys = state.itemKeysByUnit.get(item.unitId);
  if (keys === undefined) state.itemKeysByUnit.set(item.unitId, (keys = new Set()));
  keys.add(key);
  messageStored(state.messages, item);
  pinStored(state.pins, item, pinTag);
  return old;
}

/**
 * Deletes the org's item under `key` (`<kind>:<id>`) from the maps, its schedule and the message
 * outbox's index, and remembers the delete (no fixture load adds it back).
 */
export function deleteItem(state: MemoryState, orgId: string, key: string): void {
  const old = state.items.get(key);
  state.deleted.add(deletedSlot(orgId, `item:${key}`));
  if (old === undefined) return;
  state.items.delete(key);
  state.itemKeysByUnit.get(old.unitId)?.delete(key);
  removeScheduled(state.schedules, old);
  messageDropped(state.messages, old);
  pinDeleted(state.pins, old);
}

/** Stores or replaces one item, moving it in the schedules (an insert, O(n) at worst); a code's `pinTag` as `storeItem` says. */
export function putItem(state: MemoryState, item: FixtureItem, pinTag?: string): void {
  const old = storeItem(state, item, pinTag);
  if (old !== undefined) removeScheduled(state.schedules, old);
  addScheduled(state.schedules, item);
}

/**
 * Stores or replaces items (a later one of the batch wins), moving those whose unit changed;
 * each touched unit's schedule is sorted once for the batch, not once per item.
 */
export function putItems(state: MemoryState, items: readonly FixtureItem[]): void {
  const touched = new Set<string>();
  for (const item of items) {
    touched.add(item.unitId);
    const old = storeItem(state, item);
    if (old !== undefined) touched.add(old.unitId);
  }
  for (const unitId of touched) {
    const keys = [...(state.itemKeysByUnit.get(unitId) ?? [])];
    rebuildSchedule(
      state.schedules,
      unitId,
      pickMany(keys, (key) => state.items.get(key)),
    );
  }
}

/**
 * Sets the `lockSync` of the org's code `codeId` at `unitId` (its schedule position stays; no
 * version bump); false when the unit has no such code.
 */
export function setCodeLockSync(state: MemoryState, orgId: string, unitId: string, codeId: string, lockSync: LockSync): boolean {
  const item = state.items.get(itemKey("code", codeId));
  if (item === undefined || item.unitId !== unitId || item.orgId !== orgId) return false;
  putItem(state, { ...item, lockSync: { ...lockSync } });
  return true;
}

/**
 * Rewrites the PIN of every code item (of any org) as `reseal` says (null: leave it), filed under
 * `pinTag` of the new PIN when given; answers how many changed.
 */
export function resealItemPins(state: MemoryState, reseal: (sealed: string) => string | null, pinTag?: (sealed: string) => string): number {
  let changed = 0;
  for (const item of [...state.items.values()]) {
    if (item.kind !== "code" || item.code === undefined || item.code === "") continue;
    const code = reseal(item.code);
    if (code === null) continue;
    putItem(state, { ...item, code }, pinTag?.(code));
    changed += 1;
  }
  return changed;
}

/** An item as the port answers it: without its org. */
export function scheduleItem({ orgId: _orgId, ...item }: FixtureItem): ScheduleItem {
  return item;
}

/** True when `unit` still has the fields a write was made from. */
export function sameBasis(unit: Unit, basis: UnitBasis): boolean {
  return unit.urlKey === basis.urlKey && unit.address === basis.address && unit.timeZone === basis.timeZone;
}

const CHANGED = { ok: false, reason: "changed" } as const;

/** True when `lockId` is an active lock of the org whose `unitIds` include the unit. */
export function servesUnit(state: MemoryState, orgId: string, lockId: string, unitId: string): boolean {
  const lock = state.locks.get(lockId);
  return lock !== undefined && lock.orgId === orgId && lock.status === "active" && lock.unitIds.includes(unitId);
}

export function createMemoryUnitStore(state: MemoryState): UnitStore {
  const ownUnit = (orgId: string, unitId: string) => {
    const unit = state.units.get(unitId);
    return unit !== undefined && unit.orgId === orgId ? unit : undefined;
  };
  const order = orderIndex(state);
  /** Stores a new unit, the step createUnit and loadUnit share; false, storing nothing, when its urlKey is taken. */
  const addUnit = (unit: Unit): boolean => {
    if (state.unitIdByUrlKey.has(urlKeySlot(unit.orgId, unit.urlKey))) return false;
    putUnits(state, [unit]);
    return true;
  };

  return {
    async findByIdOrKey(orgId, idOrKey) {
      const byKey = state.unitIdByUrlKey.get(urlKeySlot(orgId, idOrKey));
      return ownUnit(orgId, idOrKey) ?? (byKey === undefined ? undefined : ownUnit(orgId, byKey)) ?? null;
    },
    async getMany(orgId, unitIds) {
      return pickMany(unitIds, (id) => ownUnit(orgId, id));
    },
    async listUnits(orgId, after, limit) {
      return pageOrdered(order, orgId, after, limit);
    },
    async scheduleAfter(orgId, unitId, fromMs, after, limit) {
      if (ownUnit(orgId, unitId) === undefined) return [];
      return pageSchedule(state.schedules, unitId, fromMs, after, limit).map(scheduleItem);
    },
    async itemsOf(orgId, unitId) {
      if (ownUnit(orgId, unitId) === undefined) return [];
      const keys = state.itemKeysByUnit.get(unitId) ?? new Set<string>();
      return pickMany([...keys], (key) => state.items.get(key)).map(scheduleItem);
    },
    async getItem(orgId, unitId, kind, id) {
      const item = state.items.get(itemKey(kind, id));
      return item !== undefined && item.unitId === unitId && ownUnit(orgId, unitId) !== undefined ? scheduleItem(item) : null;
    },
    async createUnit(unit, event) {
      if (!addUnit(unit)) return { ok: false, reason: "url_key_taken" };
      appendEvent(state.events, unit.orgId, event);
      return { ok: true, unit: state.units.get(unit.id) ?? unit };
    },
    async loadUnit(unit) {
      if (state.units.has(unit.id)) return "kept";
      return addUnit(unit) ? "added" : "url_key_taken";
    },
    async updateUnit(orgId, unitId, change): Promise<UnitWriteOutcome> {
      const unit = ownUnit(orgId, unitId);
      if (unit === undefined) return { ok: false, reason: "not_found" };
      if (change.expectedVersion !== null && unit.version !== change.expectedVersion) {
        return { ok: false, reason: "version_conflict", currentVersion: unit.version };
      }
      if (change.basis !== undefined && !sameBasis(unit, change.basis)) return CHANGED;
      const holder = state.unitIdByUrlKey.get(urlKeySlot(orgId, change.urlKey));
      if (holder !== undefined && holder !== unitId) return { ok: false, reason: "url_key_taken" };
      const updated = { ...unit, urlKey: change.urlKey, address: change.address, version: unit.version + 1 };
      putUnits(state, [updated]);
      appendEvent(state.events, orgId, eventAtVersion(change.event, updated.version));
      return { ok: true, unit: state.units.get(unitId) ?? updated };
    },
    async writeItem(orgId, unitId, change): Promise<UnitWriteOutcome> {
      const unit = ownUnit(orgId, unitId);
      if (unit === undefined) return { ok: false, reason: "not_found" };
      if (change.expectedVersion !== null && unit.version !== change.expectedVersion) {
        return { ok: false, reason: "version_conflict", currentVersion: unit.version };
      }
      const key = itemKey(change.item.kind, change.item.id);
      const old = state.items.get(key);
      const own = old?.unitId === unitId ? old : undefined;
      if (change.op === "delete" && !own) return { ok: false, reason: "not_found" }; // nothing to delete: no version, no event
      const { basis } = change;
      if (basis !== undefined && !(sameBasis(unit, basis.unit) && isDeepStrictEqual(own ? scheduleItem(own) : null, basis.item))) {
        return CHANGED;
      }
      if (change.op === "put") {
        if (!own && (state.itemKeysByUnit.get(unitId)?.size ?? 0) >= MAX_ITEMS_PER_UNIT) return { ok: false, reason: "too_many_items" };
        const templateId = change.item.templateId ?? null;
        const template = templateId === null ? undefined : state.templates.get(templateId);
        if (templateId !== null && template?.orgId !== orgId) return { ok: false, reason: "template_missing" };
        if (change.lockServing !== undefined && !servesUnit(state, orgId, change.lockServing, unitId))
          return { ok: false, reason: "lock_missing" };
        putItem(state, { ...change.item, unitId, orgId }, change.pinTag);
      } else deleteItem(state, orgId, key);
      if (change.work) writeCodeWork(state.codes, change.work);
      const updated = { ...unit, version: unit.version + 1 };
      replaceUnit(state, updated);
      appendEvent(state.events, orgId, eventAtVersion(change.event, updated.version));
      return { ok: true, unit: updated };
    },
    async setShowingRules(orgId, unitId, change): Promise<UnitWriteOutcome> {
      const unit = ownUnit(orgId, unitId);
      if (unit === undefined) return { ok: false, reason: "not_found" };
      if (change.expectedVersion !== null && unit.version !== change.expectedVersion) {
        return { ok: false, reason: "version_conflict", currentVersion: unit.version };
      }
      if (!sameBasis(unit, change.basis.unit) || !isDeepStrictEqual(unit.showingRules ?? null, change.basis.rules)) return CHANGED;
      const updated: Unit = {
        ...unit,
        showingRules: change.rules === null ? null : structuredClone(change.rules),
        version: unit.version + 1,
      };
      replaceUnit(state, updated);
      appendEvent(state.events, orgId, eventAtVersion(change.event, updated.version));
      return { ok: true, unit: updated };
    },
    async loadItem(orgId, item, work, pinTag) {
      const key = itemKey(item.kind, item.id);
      if (state.items.has(key) || state.deleted.has(deletedSlot(orgId, `item:${key}`))) return "kept";
      if (ownUnit(orgId, item.unitId) === undefined) return "kept"; // its unit stayed in the org that had it
      putItem(state, { ...item, orgId }, pinTag);
      if (work) writeCodeWork(state.codes, work);
      return "added";
    },
    async setTimeZone(orgId, unitId, change) {
      const unit = ownUnit(orgId, unitId);
      if (unit === undefined) return { ok: false, reason: "not_found" };
      if (unit.version !== change.expectedVersion) return { ok: false, reason: "version_conflict", currentVersion: unit.version };
      const moves = change.tours ?? [];
      for (const { read } of moves) {
        const stored = state.tours.get(read.id);
        if (stored?.orgId !== orgId || !isDeepStrictEqual(stored, read)) return { ok: false, reason: "changed" };
      }
      const own = state.itemKeysByUnit.get(unitId);
      for (const rewrite of change.rewrites) {
        const key = itemKey(rewrite.kind, rewrite.id);
        const item = state.items.get(key);
        if (item === undefined || !own?.has(key)) continue;
        putItem(state, { ...item, startAt: rewrite.startAt, endAt: rewrite.endAt });
      }
      for (const work of change.codeWork ?? []) {
        writeCodeWork(state.codes, work);
        if (change.codeLockSync !== undefined) setCodeLockSync(state, orgId, unitId, work.codeId, change.codeLockSync);
      }
      for (const { tour, dueAtMs } of moves) {
        storeTour(state, tour);
        setTourDue(state, orgId, tour.id, dueAtMs);
      }
      const updated = { ...unit, timeZone: change.timeZone, version: unit.version + 1 };
      replaceUnit(state, updated);
      appendEvent(state.events, orgId, change.event);
      return { ok: true, unit: updated };
    },
  };
}
