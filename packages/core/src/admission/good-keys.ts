/**
 * The keys this instance has found good lately: a request whose key is remembered here
 * is not refused for its address's spent failed-key budget, so one client's bad keys never lock
 * out the other tenants behind the same address (a load balancer, a NAT). Being remembered only
 * skips that refusal: the key is still looked up and judged on every request.
 */
import { boundedMap } from "@lintel/domain/adapters";
import type { Clock } from "../ports/ports.js";

/** How long a key found good stays exempt from its address's failed-key refusal: 10 minutes. */
export const GOOD_KEY_MEMORY_MS = 10 * 60_000;

/** How many keys are remembered at most (see {@link rememberGoodKeys}). */
export const GOOD_KEYS_KEPT = 10_000;

export interface GoodKeys {
  /** True when the key with this hash was found good within the memory's span. */
  has(hash: string): boolean;
  /** The key with this hash was just found good (valid, not expired, not revoked). */
  foundGood(hash: string): void;
  /** The key with this hash was just found bad (unknown, expired, revoked): no longer exempt. */
  foundBad(hash: string): void;
}

/**
 * Invariant: holds only SHA-256 hashes of keys found good (never a key, never a bad one), each
 * with the last moment it was found good, ordered by that moment; `has` is true only within
 * `memoryMs` of it. Bound: at most `capacity` entries (10,000 hashes of 64 characters and a
 * number: about 2 MiB); when full, the key confirmed longest ago is forgotten first. Only keys
 * the store vouched for enter, so no stream of bad keys can fill it or push a good one out.
 */
export function rememberGoodKeys(clock: Clock, capacity = GOOD_KEYS_KEPT, memoryMs = GOOD_KEY_MEMORY_MS): GoodKeys {
  const lastFoundGood = boundedMap<string, number>(capacity);
  return {
    has(hash) {
      const at = lastFoundGood.get(hash);
      if (at === undefined) return false;
      if (clock.now() - at < memoryMs) return true;
      lastFoundGood.delete(hash);
      return false;
    },
    foundGood(hash) {
      // Deleted first, so the key set again is the newest (the map drops the oldest-set first).
      lastFoundGood.delete(hash);
      lastFoundGood.set(hash, clock.now());
    },
    foundBad(hash) {
      lastFoundGood.delete(hash);
    },
  };
}
