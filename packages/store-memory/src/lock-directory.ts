/** Locks in memory; the active ones of each org also sit in a sorted index for paging. */
import { LIST_DIRECTION, lockPosition } from "@lintel/domain/adapters";
import type { Lock } from "@lintel/domain";
import type { LockDirectory } from "@lintel/core/adapters";
import { indexLockDevice } from "./lock-devices.js";
import { pageOrdered, pickMany, upsertIndexed, type MemoryState, type OrderedIndex } from "./state/memory-state.js";

function activeIndex(state: MemoryState): OrderedIndex<Lock> {
  return { rows: state.activeLocks, positionOf: lockPosition, direction: LIST_DIRECTION.locks };
}

/**
 * Stores or replaces locks by id (a later lock of the batch wins over an earlier one with the
 * same id); only active locks are in the list index, which is updated once for the batch. Every
 * lock is in the device index under the device id it has now.
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
    (lock, old) => indexLockDevice(state, lock, old),
  );
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
    async getActive(orgId, lockId) {
      const lock = ownLock(orgId, lockId);
      return lock !== undefined && lock.status === "active" ? lock : null;
    },
    async getMany(orgId, lockIds) {
      return pickMany(lockIds, (id) => ownLock(orgId, id));
    },
  };
}
