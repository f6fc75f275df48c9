/**
 * Locks in memory; the active ones of each org also sit in a sorted index for paging, and by
 * each unit they serve. An update
 * runs to its end without awaiting, so it is one atomic step with its checks, the clears of the
 * items ahead at the units the lock leaves, and the events.
 */
import { isDeepStrictEqual } from "node:util";
import type { Lock } from "@lintel/domain";
import { comparePositions, LIST_DIRECTION, lockPosition, schedulePosition } from "@lintel/domain/adapters";
import { eventAtVersion, SERVING_LOCKS_LIMIT, type LockChange, type LockDirectory, type LockWriteOutcome } from "@lintel/core/adapters";
import type { FixtureItem } from "@lintel/core/adapters";
import { indexLockDevice } from "./lock-devices.js";
import { appendEvent } from "./state/event-state.js";
import { pageOrdered, pickMany, servingSlot, upsertIndexed, type MemoryState, type OrderedIndex } from "./state/memory-state.js";
import { putItem, replaceUnit, sameBasis, scheduleItem } from "./unit-store.js";

function activeIndex(state: MemoryState): OrderedIndex<Lock> {
  return { rows: state.activeLocks, positionOf: lockPosition, direction: LIST_DIRECTION.locks };
}

/** The units `lock` is filed under in the serving index: its own while active, none otherwise. */
const servedBy = (lock: Lock): readonly string[] => (lock.status === "active" ? lock.unitIds : []);

/** Files `lock` (just stored over `old`) under each unit it serves now, and out of those `old` served. */
function indexLockUnits(state: MemoryState, lock: Lock, old: Lock | undefined): void {
  const index = state.activeLocksByUnit;
  if (old !== undefined) {
    for (const unitId of servedBy(old)) {
      const slot = servingSlot(old.orgId, unitId);
      const ids = index.get(slot);
      ids?.delete(old.lockId);
      if (ids?.size === 0) index.delete(slot);
    }
  }
  for (const unitId of servedBy(lock)) {
    const slot = servingSlot(lock.orgId, unitId);
    let ids = index.get(slot);
    if (ids === undefined) index.set(slot, (ids = new Set()));
    ids.add(lock.lockId);
  }
}

/**
 * Stores or replaces locks by id (a later lock of the batch wins over an earlier one with the
 * same id); only active locks are in the list index, which is updated once for the batch, and
 * in the serving index under each of their units. Every lock is in the device index under the
 * device id it has now.
 */
export function putLocks(state: MemoryState, locks: readonly Lock[]): void {
  const how = {
    records: state.locks,
    index: activeIndex(state),
    idOf: (lock: Lock) => lock.lockId,
    orgOf: (lock: Lock) => lock.orgId,
    listed: (lock: Lock) => lock.status === "active",
  };
  upsertIndexed(
    how,
    locks,
    (lock) => ({ ...lock, unitIds: [...lock.unitIds] }),
    (lock, old) => {
      indexLockDevice(state, lock, old);
      indexLockUnits(state, lock, old);
    },
  );
}

/** The unit's items ending after `nowIso` that name `lockId`, in schedule order. */
function aheadNaming(state: MemoryState, unitId: string, lockId: string, nowIso: string): FixtureItem[] {
  const ahead = pickMany([...(state.itemKeysByUnit.get(unitId) ?? [])], (key) => state.items.get(key)).filter(
    (item) => item.lockId === lockId && item.endAt > nowIso,
  );
  return ahead.sort((a, b) => (schedulePosition(a) < schedulePosition(b) ? -1 : 1));
}

/** {@link LockDirectory.update} on the state: checks everything, then writes everything. */
function updateLock(state: MemoryState, orgId: string, change: LockChange): LockWriteOutcome {
  const { lockId } = change.lock;
  const stored = state.locks.get(lockId);
  if (stored === undefined || stored.orgId !== orgId) return { ok: false, reason: "not_found" };
  if (stored.updatedAt !== change.expectedUpdatedAt) return { ok: false, reason: "changed" };
  const codes: FixtureItem[] = [];
  let changed = false;
  for (const left of change.left) {
    const unit = state.units.get(left.unitId);
    if (unit === undefined || unit.orgId !== orgId) continue;
    const ahead = aheadNaming(state, unit.id, lockId, change.nowIso);
    codes.push(...ahead.filter((item) => item.kind === "code"));
    const others = ahead.filter((item) => item.kind !== "code").map(scheduleItem);
    const read = (item: FixtureItem) => left.clears.find((clear) => isDeepStrictEqual(clear.item, scheduleItem(item)));
    const asRead = others.length === left.clears.length && ahead.every((item) => item.kind === "code" || read(item) !== undefined);
    if (!asRead || (left.clears.length > 0 && !sameBasis(unit, left.basis))) changed = true;
  }
  const first = codes.sort((a, b) => (schedulePosition(a) < schedulePosition(b) ? -1 : 1))[0];
  if (first !== undefined) return { ok: false, reason: "codes_ahead", codes: codes.length, firstKey: `${first.kind}:${first.id}` };
  if (changed) return { ok: false, reason: "changed" };
  putLocks(state, [change.lock]);
  appendEvent(state.events, orgId, change.event);
  for (const left of change.left) {
    const unit = state.units.get(left.unitId);
    if (unit === undefined || left.clears.length === 0) continue;
    const updated = { ...unit, version: unit.version + 1 };
    for (const { item } of left.clears) {
      const stored = state.items.get(`${item.kind}:${item.id}`);
      if (stored !== undefined) putItem(state, { ...stored, lockId: null });
    }
    replaceUnit(state, updated);
    for (const clear of left.clears) appendEvent(state.events, orgId, eventAtVersion(clear.event, updated.version));
  }
  return { ok: true };
}

export function createMemoryLockDirectory(state: MemoryState): LockDirectory {
  const ownLock = (orgId: string, lockId: string) => {
    const lock = state.locks.get(lockId);
    return lock !== undefined && lock.orgId === orgId ? lock : undefined;
  };
  const index = activeIndex(state);

  return {
    async listActive(orgId, after, limit) {
      return pageOrdered(index, orgId, after, limit);
    },
    async activeServing(orgId, unitId) {
      const ids = state.activeLocksByUnit.get(servingSlot(orgId, unitId)) ?? [];
      const serving = pickMany([...ids], (id) => ownLock(orgId, id));
      const inOrder = (a: Lock, b: Lock) => comparePositions(lockPosition(a), lockPosition(b), LIST_DIRECTION.locks);
      return serving.sort(inOrder).slice(0, SERVING_LOCKS_LIMIT);
    },
    async getActive(orgId, lockId) {
      const lock = ownLock(orgId, lockId);
      return lock !== undefined && lock.status === "active" ? lock : null;
    },
    async getMany(orgId, lockIds) {
      return pickMany(lockIds, (id) => ownLock(orgId, id));
    },
    async update(orgId, change) {
      return updateLock(state, orgId, change);
    },
  };
}
