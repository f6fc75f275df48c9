/** Orgs in memory: the records a fixture loaded. */
import type { OrgDirectory } from "@lintel/core/adapters";
import type { MemoryState } from "./state/memory-state.js";

export function createMemoryOrgDirectory(state: MemoryState): OrgDirectory {
  return {
    exists: async (orgId) => state.orgs.has(orgId),
  };
}
