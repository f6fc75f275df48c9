/**
 * Idempotency keys in memory: one entry per (scope, key), dropped when its lease or its kept
 * answer expires on the store's clock. Each call runs to the end without awaiting, so
 * concurrent `begin`s for one key are judged one after another: one claims it.
 */
import { randomUUID } from "node:crypto";
import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from "@lintel/core";
import type { MemoryState } from "./memory-state.js";

interface Entry {
  readonly fingerprint: string;
  /** Set while the first request runs; absent once answered. */
  readonly token?: string;
  readonly answer?: StoredAnswer;
  readonly expiresAtMs: number;
}

/** After this many claims, expired entries are swept. */
const SWEEP_EVERY = 1_000;

export function createMemoryIdempotencyStore(state: Pick<MemoryState, "clock">): IdempotencyStore {
  const entries = new Map<string, Entry>();
  const id = (scope: string, key: string) => `${scope}\u0000${key}`;
  let claims = 0;

  function live(at: string, nowMs: number): Entry | undefined {
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

  return {
    async begin(scope, key, fingerprint, leaseMs): Promise<IdempotencyClaim> {
      const nowMs = state.clock.now();
      const at = id(scope, key);
      const entry = live(at, nowMs);
      if (entry?.answer !== undefined) return { state: "done", fingerprint: entry.fingerprint, answer: entry.answer };
      if (entry !== undefined) return { state: "running", fingerprint: entry.fingerprint };
      const token = randomUUID();
      entries.set(at, { fingerprint, token, expiresAtMs: nowMs + leaseMs });
      if (++claims % SWEEP_EVERY === 0) sweep(nowMs);
      return { state: "claimed", token };
    },

    async complete(scope, key, token, answer, ttlMs) {
      const nowMs = state.clock.now();
      const at = id(scope, key);
      const entry = live(at, nowMs);
      if (entry?.token !== token) return false;
      entries.set(at, { fingerprint: entry.fingerprint, answer, expiresAtMs: nowMs + ttlMs });
      return true;
    },

    async release(scope, key, token) {
      const at = id(scope, key);
      if (entries.get(at)?.token === token) entries.delete(at);
    },
  };
}
