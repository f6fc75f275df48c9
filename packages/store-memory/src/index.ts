/**
 * Every port of `@lintel/core` in memory: the embedded default and the model the Redis adapter
 * is checked against. State lives in one process; nothing survives a restart.
 */
import { randomBytes } from "node:crypto";
import { createLintel, systemClock, type Clock, type FixtureData, type Lintel, type LintelSetup } from "@lintel/core";
import type { LintelStore } from "@lintel/core/adapters";
import { createMemoryState } from "./state/memory-state.js";
import { memoryStoreOn } from "./memory-store.js";
import { createSimulatedLockProvider } from "./simulated/simulated-lock-provider.js";
import { createSimulatedLockCodeProgrammer } from "./simulated/simulated-lock-code-programmer.js";

/** Every port in one process's memory. */
export type MemoryStore = LintelStore;

/** A fresh, empty store; `clock` (default: the system clock) drives request budgets. */
export function createMemoryStore(options: { readonly clock?: Clock } = {}): MemoryStore {
  return memoryStoreOn(createMemoryState(options.clock ?? systemClock));
}

/** Options of {@link createMemoryLintel}: those of `LintelSetup` but the store, all optional. */
export interface MemoryLintelOptions extends Partial<Omit<LintelSetup, "store">> {
  /** Records to start with (`parseFixture` makes them from fixture JSON). */
  readonly fixture?: FixtureData;
}

/** A working Lintel on a fresh memory store, and that store (to add records or keys). */
export interface MemoryLintel {
  readonly lintel: Lintel;
  readonly store: MemoryStore;
}

/**
 * A working Lintel in one call: a fresh memory store (loaded with `fixture`), the simulated
 * lock provider and code programmer unless `lockProvider` / `lockCodeProgrammer` are given, and a random cursor secret unless
 * `cursorSecrets` is given (cursors then stop working when the process ends).
 */
export async function createMemoryLintel(options: MemoryLintelOptions = {}): Promise<MemoryLintel> {
  const clock = options.clock ?? systemClock;
  const store = createMemoryStore({ clock });
  const lintel = createLintel({
    ...options,
    clock,
    store,
    lockProvider: options.lockProvider ?? createSimulatedLockProvider({ clock }),
    lockCodeProgrammer: options.lockCodeProgrammer ?? createSimulatedLockCodeProgrammer(),
    cursorSecrets: options.cursorSecrets ?? [randomBytes(32).toString("hex")],
  });
  if (options.fixture !== undefined) await lintel.loadFixture(options.fixture);
  return { lintel, store };
}

export {
  createSimulatedLockProvider,
  simulatedLockState,
  type SimulatedLockProvider,
  type SimulatedLockProviderOptions,
} from "./simulated/simulated-lock-provider.js";
export {
  createSimulatedLockCodeProgrammer,
  type SimulatedLockCodeProgrammer,
  type SimulatedLockCodeProgrammerOptions,
} from "./simulated/simulated-lock-code-programmer.js";
