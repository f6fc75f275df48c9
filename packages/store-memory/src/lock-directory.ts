/** Locks in memory; the active ones of each org also sit in a sorted index for paging. */
import { LIST_DIRECTION, lockPosition } from "@lintel/domain";
import type { Lock } from "@lintel/domain";
import type { LockDirectory } from "@lintel/core";
import { insertOrdered, pageOrdered, pickMany, removeOrdered, type MemoryState, type OrderedIndex } from "./memory-state.js";

function activeIndex(state: MemoryState): OrderedIndex<Lock> {
  return { rows: state.activeLocks, positionOf: lockPosition, direction: LIST_DIRECTION.locks };
}

/** Stores or replaces a lock by id; only active locks enter the list index. */
export function putLock(state: MemoryState, lock: Lock): void {
  const index = activeIndex(state);
  const old = state.locks.get(lock.lockId);
  if (old !== undefined && old.status === "active") removeOrdered(index, old.orgId, lockPosition(old));
  const stored: Lock = { ...lock, unitIds: [...lock.unitIds] };
  state.locks.set(lock.lockId, stored);
  if (stored.status === "active") insertOrdered(index, stored.orgId, stored);
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
