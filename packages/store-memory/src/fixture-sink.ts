/** Loads a validated fixture into the memory store: every record upserted by id. */
import type { FixtureSink } from "@lintel/core";
import { putApiKey } from "./api-key-store.js";
import { putLock } from "./lock-directory.js";
import type { MemoryState } from "./memory-state.js";
import { putTemplate } from "./template-store.js";
import { putItem, putUnit } from "./unit-store.js";

export function createMemoryFixtureSink(state: MemoryState): FixtureSink {
  return {
    async load(data) {
      for (const org of data.orgs) state.orgs.set(org.id, { ...org });
      for (const unit of data.units) putUnit(state, unit);
      for (const lock of data.locks) putLock(state, lock);
      for (const template of data.templates) putTemplate(state, template);
      for (const item of data.items) putItem(state, { ...item });
      for (const key of data.apiKeys) putApiKey(state, key);
    },
  };
}
