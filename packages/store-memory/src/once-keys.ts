/**
 * OnceKeys in memory: key → when it is forgotten, on the store's clock. Each call runs to the end
 * without awaiting, so of simultaneous calls for one key the first is true. A flood of fresh keys
 * (a webhook's message ids) must not grow the map without end: it holds at most
 * {@link MAX_ONCE_KEYS}, the oldest forgotten first, and expired keys are swept now and then.
 */
import type { OnceKeys } from "@lintel/core/adapters";
import type { MemoryState } from "./state/memory-state.js";

/** The most keys remembered at once (a few dozen bytes each). */
export const MAX_ONCE_KEYS = 100_000;

/** After this many calls, expired keys are swept. */
const SWEEP_EVERY = 1_000;

export function createMemoryOnceKeys(state: Pick<MemoryState, "clock" | "onceKeys">): OnceKeys {
  const forgetAt = state.onceKeys;
  let calls = 0;
  return {
    async rememberOnce(key, ttlMs) {
      const nowMs = state.clock.now();
      if (++calls % SWEEP_EVERY === 0) for (const [at, until] of forgetAt) if (until <= nowMs) forgetAt.delete(at);
      const until = forgetAt.get(key);
      if (until !== undefined && until > nowMs) return false;
      forgetAt.delete(key); // re-inserted last: the map stays oldest first
      forgetAt.set(key, nowMs + ttlMs);
      for (const at of forgetAt.keys()) {
        if (forgetAt.size <= MAX_ONCE_KEYS) break;
        forgetAt.delete(at);
      }
      return true;
    },
  };
}
