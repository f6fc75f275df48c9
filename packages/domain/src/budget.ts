/**
 * The request-budget law (SPEC 3) as a pure function: GCRA over a theoretical arrival time.
 * A policy of `requests` per `windowSeconds` lets a full budget of `requests` go at once and
 * then refills one request every `windowSeconds / requests`. The memory store and the Redis
 * Lua script implement exactly this function.
 */
import type { RatePolicy } from "./records.js";

/** The only state a bucket keeps: the theoretical arrival time, ms since the epoch. */
export interface BudgetState {
  readonly tat: number;
}

export interface BudgetDecision {
  readonly allowed: boolean;
  /** Requests left right after this one. */
  readonly remaining: number;
  /** Whole seconds until the whole budget is back (`RateLimit: t=`). */
  readonly resetSeconds: number;
  /** Whole seconds to wait before a request can be allowed (0 when allowed). */
  readonly retryAfterSeconds: number;
  readonly policy: RatePolicy;
}

export interface BudgetStep {
  readonly decision: BudgetDecision;
  /** The state to keep: unchanged when not allowed. */
  readonly state: BudgetState | null;
}

function intervalMs(policy: RatePolicy): number {
  return (policy.windowSeconds * 1000) / policy.requests;
}

/** Judges one request at `nowMs`; with `take` false it only looks (for `peek`). */
export function consumeBudget(
  state: BudgetState | null,
  nowMs: number,
  policy: RatePolicy,
  take = true,
): BudgetStep {
  const windowMs = policy.windowSeconds * 1000;
  const interval = intervalMs(policy);
  const tat = Math.max(state?.tat ?? nowMs, nowMs);
  const nextTat = tat + interval;
  const allowed = nextTat - nowMs <= windowMs + 1e-9;
  if (!allowed) {
    return {
      state,
      decision: {
        allowed: false,
        remaining: 0,
        resetSeconds: Math.ceil((tat - nowMs) / 1000),
        retryAfterSeconds: Math.max(1, Math.ceil((nextTat - windowMs - nowMs) / 1000)),
        policy,
      },
    };
  }
  const used = take ? nextTat : tat;
  return {
    state: take ? { tat: nextTat } : state,
    decision: {
      allowed: true,
      remaining: Math.max(0, Math.floor((windowMs - (used - nowMs)) / interval + 1e-9)),
      resetSeconds: Math.ceil((used - nowMs) / 1000),
      retryAfterSeconds: 0,
      policy,
    },
  };
}

/** How long a bucket's state matters: after this it equals a fresh bucket (for store TTLs). */
export function budgetStateTtlMs(state: BudgetState, nowMs: number): number {
  return Math.max(0, Math.ceil(state.tat - nowMs));
}

/** Parses `RATE_LIMIT`-style text `requests/seconds`; null when malformed. */
export function parseRatePolicy(text: string): RatePolicy | null {
  const match = /^([1-9][0-9]{0,8})\/([1-9][0-9]{0,6})$/.exec(text.trim());
  if (!match) return null;
  return { requests: Number(match[1]), windowSeconds: Number(match[2]) };
}
