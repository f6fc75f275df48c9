/** Locks in memory; the active ones of each org also sit in a sorted index for paging. */
import { LIST_DIRECTION, lockPosition } from "@lintel/domain";
import type { Lock } from "@lintel/domain";
import type { LockDirectory } from "@lintel/core";
import { mergeOrdered, pageOrdered, pickMany, type MemoryState, type OrderedIndex, type OrderedRow } from "./memory-state.js";

function activeIndex(state: MemoryState): OrderedIndex<Lock> {
  return { rows: state.activeLocks, positionOf: lockPosition, direction: LIST_DIRECTION.locks };
}

/**
 * Stores or replaces locks by id (a later lock of the batch wins over an earlier one with the
 * same id); only active locks are in the list index, which is updated once for the batch.
 */
export function putLocks(state: MemoryState, locks: readonly Lock[]): void {
  const touchedOrgs = new Set<string>();
  const batch: OrderedRow<Lock>[] = [];
  for (const lock of locks) {
    const old = state.locks.get(lock.lockId);
    if (old !== undefined && old.status === "active") touchedOrgs.add(old.orgId);
    const stored: Lock = { ...lock, unitIds: [...lock.unitIds] };
    state.locks.set(lock.lockId, stored);
    if (stored.status === "active") batch.push({ orgId: stored.orgId, row: stored });
  }
  const isCurrent = (row: Lock) => row.status === "active" && state.locks.get(row.lockId) === row;
  mergeOrdered(activeIndex(state), touchedOrgs, batch, isCurrent);
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
