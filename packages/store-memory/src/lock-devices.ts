/** LockDevices in memory: lock ids by provider device id, kept as fixture loads write locks. */
import { DEVICE_LOCKS_LIMIT, type LockDevices } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import type { MemoryState } from "./state/memory-state.js";

const byOrgThenId = (a: Lock, b: Lock) =>
  a.orgId < b.orgId ? -1 : a.orgId > b.orgId ? 1 : a.lockId < b.lockId ? -1 : a.lockId > b.lockId ? 1 : 0;

/** Files `lock` (just stored over `old`) under its device id, and out of the one `old` had. */
export function indexLockDevice(state: MemoryState, lock: Lock, old: Lock | undefined): void {
  const index = state.lockIdsByDevice;
  if (old !== undefined && old.providerDeviceId !== lock.providerDeviceId) {
    const ids = index.get(old.providerDeviceId);
    ids?.delete(old.lockId);
    if (ids?.size === 0) index.delete(old.providerDeviceId);
  }
  let ids = index.get(lock.providerDeviceId);
  if (ids === undefined) index.set(lock.providerDeviceId, (ids = new Set()));
  ids.add(lock.lockId);
}

export function createMemoryLockDevices(state: MemoryState): LockDevices {
  return {
    async activeByProviderDevice(deviceId) {
      const locks: Lock[] = [];
      for (const id of state.lockIdsByDevice.get(deviceId) ?? []) {
        const lock = state.locks.get(id);
        if (lock !== undefined && lock.status === "active" && lock.providerDeviceId === deviceId) locks.push(lock);
      }
      return locks.sort(byOrgThenId).slice(0, DEVICE_LOCKS_LIMIT);
    },
  };
}
