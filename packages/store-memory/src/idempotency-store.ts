/**
 * Idempotency keys in memory: one entry per (scope, key), dropped when its lease or its kept
 * kept result expires on the store's clock. Each call runs to the end without awaiting, so
 * concurrent `begin`s for one key are judged one after another: one claims it.
 *
 * Answers are kept 24 h, so a steady stream of fresh keys would grow the map all day: it holds
 * at most {@link MAX_IDEMPOTENCY_KEYS}; past that the oldest claims are forgotten first (a
 * forgotten key runs again when retried). The Redis store keeps every key its full time.
 */
import { randomUUID } from "node:crypto";
import type { IdempotencyClaim, IdempotencyStore } from "@lintel/core/adapters";
import type { MemoryState } from "./state/memory-state.js";

/** After this many claims, expired entries are swept. */
const SWEEP_EVERY = 1_000;

/** The most keys kept at once (about 1 KB each with its kept result). */
export const MAX_IDEMPOTENCY_KEYS = 50_000;

export function createMemoryIdempotencyStore(state: Pick<MemoryState, "clock" | "idempotency">): IdempotencyStore {
  const entries = state.idempotency;
  const id = (scope: string, key: string) => `${scope}\u0000${key}`;
  let claims = 0;

  function live(at: string, nowMs: number) {
    const entry = entries.get(at);
    if (entry !== undefined && entry.expiresAtMs <= nowMs) {
      entries.delete(at);
      return undefined;
    }
    return entry;
  }

  function sweep(nowMs: number): void {
    for (const [at, entry] of entries) if (entry.expiresAtMs <= nowMs) entries.delete(at);
  }

  /** Keeps the map within its bound by forgetting the oldest claims (O(1) per claim, unlike a sweep). */
  function bound(): void {
    for (const at of entries.keys()) {
      if (entries.size <= MAX_IDEMPOTENCY_KEYS) break;
      entries.delete(at);
    }
  }

  return {
    async begin(scope, key, fingerprint, leaseMs): Promise<IdempotencyClaim> {
      const nowMs = state.clock.now();
      const at = id(scope, key);
      const entry = live(at, nowMs);
      if (entry?.kept !== undefined) return { state: "done", fingerprint: entry.fingerprint, kept: entry.kept };
      if (entry !== undefined) return { state: "running", fingerprint: entry.fingerprint };
      const token = randomUUID();
      entries.set(at, { fingerprint, token, expiresAtMs: nowMs + leaseMs });
      if (++claims % SWEEP_EVERY === 0) sweep(nowMs);
      bound();
      return { state: "claimed", token };
    },

    async complete(scope, key, token, kept, ttlMs) {
      const nowMs = state.clock.now();
      const at = id(scope, key);
      const entry = live(at, nowMs);
      if (entry?.token !== token) return false;
      entries.set(at, { fingerprint: entry.fingerprint, kept, expiresAtMs: nowMs + ttlMs });
      return true;
    },

    async release(scope, key, token) {
      const at = id(scope, key);
      if (entries.get(at)?.token === token) entries.delete(at);
    },
  };
}
