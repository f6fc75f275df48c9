import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { budgetIntervalMicros, consumeBudget, type BudgetDecision, type BudgetState } from "./budget.js";
import type { RatePolicy } from "../records/records.js";

const policy: fc.Arbitrary<RatePolicy> = fc.oneof(
  fc.record({ requests: fc.integer({ min: 1, max: 1000 }), windowSeconds: fc.integer({ min: 1, max: 3600 }) }),
  fc.constantFrom(
    { requests: 600, windowSeconds: 60 },
    { requests: 30, windowSeconds: 60 },
    { requests: 7, windowSeconds: 1 },
    { requests: 3, windowSeconds: 10 },
  ),
);
/** Epoch milliseconds as Date.now() gives them, so floating-point magnitudes are realistic. */
const start = fc.integer({ min: 1_600_000_000_000, max: 2_100_000_000_000 });
/** Gaps between requests: bursts (0), short and long pauses, whole milliseconds. */
const gaps = fc.array(
  fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 200_000 })),
  { maxLength: 300 },
);

interface Judged {
  readonly at: number;
  readonly decision: BudgetDecision;
}

function run(p: RatePolicy, times: readonly number[]): { judged: Judged[]; state: BudgetState | null } {
  let state: BudgetState | null = null;
  const judged: Judged[] = [];
  for (const at of times) {
    const step = consumeBudget(state, at, p);
    judged.push({ at, decision: step.decision });
    state = step.state;
  }
  return { judged, state };
}

function timesFrom(t0: number, deltas: readonly number[]): number[] {
  const times: number[] = [];
  let t = t0;
  for (const d of deltas) times.push((t += d));
  return times;
}

describe("request budget (GCRA)", () => {
  it("a fresh bucket allows exactly `requests` at one instant", () => {
    fc.assert(
      fc.property(policy, start, (p, t) => {
        const { judged } = run(
          p,
          Array.from({ length: p.requests + 3 }, () => t),
        );
        const allowed = judged.filter((j) => j.decision.allowed).length;
        assert.equal(allowed, p.requests);
        assert.deepEqual(
          judged.slice(0, p.requests).map((j) => j.decision.remaining),
          Array.from({ length: p.requests }, (_, i) => p.requests - 1 - i),
        );
      }),
    );
  });

  it("in any span [a, b] at most requests + floor((b - a) / interval) requests are allowed", () => {
    // GCRA's bound: a full burst, then one request per interval (windowSeconds / requests,
    // whole microseconds rounded down). A strict sliding window of `requests` per
    // `windowSeconds` is not the law: right after a burst the budget already refills.
    fc.assert(
      fc.property(policy, start, gaps, (p, t0, deltas) => {
        const interval = budgetIntervalMicros(p) / 1000;
        const allowedAt = run(p, timesFrom(t0, deltas))
          .judged.filter((j) => j.decision.allowed)
          .map((j) => j.at);
        for (let i = 0; i < allowedAt.length; i++) {
          for (let j = i; j < allowedAt.length; j++) {
            const span = (allowedAt[j] as number) - (allowedAt[i] as number);
            assert.ok(j - i + 1 <= p.requests + Math.floor(span / interval + 1e-9), `${j - i + 1} allowed in ${span} ms`);
          }
        }
      }),
    );
  });

  it("the interval is windowSeconds / requests in whole microseconds, rounded down, at least 1", () => {
    assert.equal(budgetIntervalMicros({ requests: 600, windowSeconds: 60 }), 100_000);
    assert.equal(budgetIntervalMicros({ requests: 7, windowSeconds: 1 }), 142_857);
    assert.equal(budgetIntervalMicros({ requests: 3, windowSeconds: 10 }), 3_333_333);
    assert.equal(budgetIntervalMicros({ requests: 999_999_999, windowSeconds: 1 }), 1);
    fc.assert(
      fc.property(policy, (p) => {
        const i = budgetIntervalMicros(p);
        assert.ok(Number.isInteger(i) && i >= 1 && p.requests * i <= Math.max(p.windowSeconds * 1e6, p.requests));
      }),
    );
  });

  it("fractional-millisecond clocks (Redis TIME) judge a burst the same way", () => {
    fc.assert(
      fc.property(policy, start, fc.integer({ min: 0, max: 999 }), (p, t, micros) => {
        const at = t + micros / 1000;
        const { judged } = run(
          p,
          Array.from({ length: p.requests + 2 }, () => at),
        );
        assert.equal(judged.filter((j) => j.decision.allowed).length, p.requests);
      }),
    );
  });

  it("after a full burst nothing more is allowed until one interval has passed", () => {
    fc.assert(
      fc.property(policy, start, (p, t) => {
        const interval = budgetIntervalMicros(p) / 1000;
        let state: BudgetState | null = null;
        for (let i = 0; i < p.requests; i++) state = consumeBudget(state, t, p).state;
        const early = Math.ceil(t + interval) - 1;
        if (early > t) assert.equal(consumeBudget(state, early, p).decision.allowed, false);
        assert.equal(consumeBudget(state, Math.ceil(t + interval), p).decision.allowed, true);
      }),
    );
  });

  it("after idling a full window the budget is full again", () => {
    fc.assert(
      fc.property(policy, start, gaps, (p, t0, deltas) => {
        const times = timesFrom(t0, deltas);
        const { state } = run(p, times);
        const idle = (times.at(-1) ?? t0) + p.windowSeconds * 1000;
        const step = consumeBudget(state, idle, p);
        assert.equal(step.decision.allowed, true);
        assert.equal(step.decision.remaining, p.requests - 1);
      }),
    );
  });

  it("retryAfterSeconds is honoured: waiting that long gets allowed", () => {
    fc.assert(
      fc.property(policy, start, gaps, (p, t0, deltas) => {
        let state: BudgetState | null = null;
        for (const at of timesFrom(t0, deltas)) {
          const step = consumeBudget(state, at, p);
          if (!step.decision.allowed) {
            assert.ok(step.decision.retryAfterSeconds >= 1);
            const later = consumeBudget(state, at + step.decision.retryAfterSeconds * 1000, p);
            assert.equal(later.decision.allowed, true, `retry after ${step.decision.retryAfterSeconds}s`);
          } else {
            assert.equal(step.decision.retryAfterSeconds, 0);
          }
          state = step.state;
        }
      }),
    );
  });

  it("remaining, resetSeconds and retryAfterSeconds are whole numbers in range", () => {
    fc.assert(
      fc.property(policy, start, gaps, (p, t0, deltas) => {
        for (const { decision } of run(p, timesFrom(t0, deltas)).judged) {
          assert.ok(Number.isInteger(decision.remaining) && decision.remaining >= 0 && decision.remaining < p.requests);
          assert.ok(Number.isInteger(decision.resetSeconds) && decision.resetSeconds >= 0);
          assert.ok(decision.resetSeconds <= p.windowSeconds);
          assert.ok(Number.isInteger(decision.retryAfterSeconds) && decision.retryAfterSeconds >= 0);
          if (!decision.allowed) assert.equal(decision.remaining, 0);
          assert.deepEqual(decision.policy, p);
        }
      }),
    );
  });

  it("peek does not change state and agrees with consume", () => {
    fc.assert(
      fc.property(policy, start, gaps, fc.integer({ min: 0, max: 100_000 }), (p, t0, deltas, wait) => {
        const times = timesFrom(t0, deltas);
        const { state } = run(p, times);
        const at = (times.at(-1) ?? t0) + wait;
        const peeked = consumeBudget(state, at, p, false);
        const consumed = consumeBudget(state, at, p);
        assert.equal(peeked.state, state);
        assert.equal(peeked.decision.allowed, consumed.decision.allowed);
        if (consumed.decision.allowed) assert.equal(peeked.decision.remaining, consumed.decision.remaining + 1);
      }),
    );
  });
});
