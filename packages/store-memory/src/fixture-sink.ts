/**
 * Loads a validated fixture into the memory store: every record upserted by id; the sorted
 * unit, lock and template indexes and the schedules are merged once per load, not once per record.
 */
import type { FixtureSink } from "@lintel/core";
import { putApiKey } from "./api-key-store.js";
import { putLocks } from "./lock-directory.js";
import type { MemoryState } from "./memory-state.js";
import { putTemplates } from "./template-store.js";
import { putItems, putUnits } from "./unit-store.js";

export function createMemoryFixtureSink(state: MemoryState): FixtureSink {
  return {
    async load(data) {
      for (const org of data.orgs) state.orgs.set(org.id, { ...org });
      putUnits(state, data.units);
      putLocks(state, data.locks);
      putTemplates(state, data.templates);
      putItems(
        state,
        data.items.map((item) => ({ ...item })),
      );
      for (const key of data.apiKeys) putApiKey(state, key);
    },
  };
}
