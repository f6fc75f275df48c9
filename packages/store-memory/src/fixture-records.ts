/** The memory store's load steps of the records without API writes: add what the store lacks. */
import type { FixtureRecords } from "@lintel/core/adapters";
import { putApiKey } from "./api-key-store.js";
import { putLocks } from "./lock-directory.js";
import type { MemoryState } from "./state/memory-state.js";

export function createMemoryFixtureRecords(state: MemoryState): FixtureRecords {
  return {
    async loadOrg(org) {
      if (state.orgs.has(org.id)) return "kept";
      state.orgs.set(org.id, { ...org });
      return "added";
    },
    async loadLock(lock) {
      if (state.locks.has(lock.lockId)) return "kept";
      putLocks(state, [lock]);
      return "added";
    },
    async loadApiKey(key) {
      if (state.apiKeys.has(key.id) || state.keyIdByHash.has(key.hash)) return "kept";
      putApiKey(state, key);
      return "added";
    },
  };
}
