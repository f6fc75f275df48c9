/**
 * Every port of `@lintel/core` in memory: the embedded default and the model the Redis adapter
 * is checked against. State lives in one process; nothing survives a restart.
 */
import type { Clock, LintelStore } from "@lintel/core";
import { createMemoryApiKeyStore } from "./api-key-store.js";
import { createMemoryFixtureSink } from "./fixture-sink.js";
import { createMemoryLockDirectory } from "./lock-directory.js";
import { createMemoryState } from "./memory-state.js";
import { createMemoryRequestBudget } from "./request-budget.js";
import { createMemoryTemplateStore } from "./template-store.js";
import { createMemoryUnitStore } from "./unit-store.js";

/** Every port in one process's memory. */
export type MemoryStore = LintelStore;

const systemClock: Clock = { now: () => Date.now() };

/** A fresh, empty store; `clock` (default: the system clock) drives request budgets. */
export function createMemoryStore(options: { readonly clock?: Clock } = {}): MemoryStore {
  const state = createMemoryState(options.clock ?? systemClock);
  return {
    apiKeys: createMemoryApiKeyStore(state),
    budget: createMemoryRequestBudget(state),
    units: createMemoryUnitStore(state),
    locks: createMemoryLockDirectory(state),
    templates: createMemoryTemplateStore(state),
    fixtures: createMemoryFixtureSink(state),
    health: { async ping() {} },
  };
}

export * from "./simulated-lock-provider.js";
