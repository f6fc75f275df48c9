/**
 * Every port of `@lintel/core` in memory: the embedded default and the model the Redis adapter
 * is checked against. State lives in one process; nothing survives a restart.
 */
import type { ApiKeyStore, Clock, FixtureSink, Health, LockDirectory, RequestBudget, TemplateStore, UnitStore } from "@lintel/core";
import { createMemoryApiKeyStore } from "./api-key-store.js";
import { createMemoryFixtureSink } from "./fixture-sink.js";
import { createMemoryLockDirectory } from "./lock-directory.js";
import { createMemoryState } from "./memory-state.js";
import { createMemoryRequestBudget } from "./request-budget.js";
import { createMemoryTemplateStore } from "./template-store.js";
import { createMemoryUnitStore } from "./unit-store.js";

export interface MemoryStore {
  readonly apiKeys: ApiKeyStore;
  readonly budget: RequestBudget;
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly templates: TemplateStore;
  readonly fixtures: FixtureSink;
  readonly health: Health;
}

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
