/**
 * The request-budget law as a pure function: GCRA over a theoretical arrival time.
 * A policy of `requests` per `windowSeconds` lets a full budget of `requests` go at once and
 * then refills one request every `windowSeconds / requests` (in whole microseconds, see
 * {@link budgetIntervalMicros}). All arithmetic is on integer microseconds, exact in a double
 * (and so in Redis Lua). The memory store and the Redis Lua script implement exactly this.
 */
import type { RatePolicy } from "../records/records.js";

/** The only state a bucket keeps: the theoretical arrival time, ms since the epoch. */
export interface BudgetState {
  readonly tat: number;
}

/** What one request did to a budget: allowed or not, and what the RateLimit headers report. */
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

/** {@link consumeBudget}'s answer: the decision, and the state to keep for the next request. */
export interface BudgetStep {
  readonly decision: BudgetDecision;
  /** The state to keep: unchanged when not allowed. */
  readonly state: BudgetState | null;
}

const US_PER_MS = 1000;
const US_PER_SECOND = 1_000_000;

/**
 * The emission interval in whole microseconds, rounded down (7 per second → 142857 µs), at
 * least 1. Whole microseconds keep every sum exact in a double: epoch microseconds stay far
 * below 2^53, where fractional milliseconds near 1.7e12 would round (7 requests per second
 * then let only 6 through at once).
 */
export function budgetIntervalMicros(policy: RatePolicy): number {
  return Math.max(1, Math.floor((policy.windowSeconds * US_PER_SECOND) / policy.requests));
}

function toMicros(ms: number): number {
  return Math.round(ms * US_PER_MS);
}

/**
 * Judges one request at `nowMs`; with `take` false it only looks (for `peek`). A full bucket
 * holds `requests`; each request adds one interval of debt, which drains with time, and a
 * request is allowed while the debt it leaves is at most `requests` intervals.
 */
export function consumeBudget(state: BudgetState | null, nowMs: number, policy: RatePolicy, take = true): BudgetStep {
  const interval = budgetIntervalMicros(policy);
  const capacity = policy.requests * interval;
  const now = toMicros(nowMs);
  const debt = Math.max(0, (state === null ? now : toMicros(state.tat)) - now);
  if (debt + interval > capacity) {
    return {
      state,
      decision: {
        allowed: false,
        remaining: 0,
        resetSeconds: Math.ceil(debt / US_PER_SECOND),
        retryAfterSeconds: Math.max(1, Math.ceil((debt + interval - capacity) / US_PER_SECOND)),
        policy,
      },
    };
  }
  const left = take ? debt + interval : debt;
  return {
    state: take ? { tat: (now + left) / US_PER_MS } : state,
    decision: {
      allowed: true,
      remaining: Math.floor((capacity - left) / interval),
      resetSeconds: Math.ceil(left / US_PER_SECOND),
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
