/**
 * Every port of `@lintel/core` in memory: the embedded default and the model the Redis adapter
 * is checked against. State lives in one process; nothing survives a restart.
 */
import { systemClock, type Clock, type LintelStore } from "@lintel/core";
import { createMemoryState } from "./memory-state.js";
import { memoryStoreOn } from "./memory-store.js";

/** Every port in one process's memory. */
export type MemoryStore = LintelStore;

/** A fresh, empty store; `clock` (default: the system clock) drives request budgets. */
export function createMemoryStore(options: { readonly clock?: Clock } = {}): MemoryStore {
  return memoryStoreOn(createMemoryState(options.clock ?? systemClock));
}

export * from "./simulated-lock-provider.js";
