/**
 * Request budgets in memory: the domain's GCRA law on the store's clock. Each call runs to the
 * end without awaiting, so concurrent calls are judged one after another (exact).
 */
import { consumeBudget, type RatePolicy } from "@lintel/domain";
import { budgetStateTtlMs } from "@lintel/domain/adapters";
import type { RequestBudget } from "@lintel/core/adapters";
import type { MemoryState } from "./state/memory-state.js";

/** After this many writes, buckets that are full again are dropped (they equal fresh ones). */
const SWEEP_EVERY = 10_000;

export function createMemoryRequestBudget(state: MemoryState): RequestBudget {
  let writes = 0;

  function sweep(nowMs: number): void {
    for (const [bucket, bucketState] of state.budgets) {
      if (budgetStateTtlMs(bucketState, nowMs) === 0) state.budgets.delete(bucket);
    }
  }

  function judge(bucket: string, policy: RatePolicy, take: boolean) {
    const nowMs = state.clock.now();
    const step = consumeBudget(state.budgets.get(bucket) ?? null, nowMs, policy, take);
    if (take && step.decision.allowed && step.state !== null) {
      state.budgets.set(bucket, step.state);
      if (++writes % SWEEP_EVERY === 0) sweep(nowMs);
    }
    return step.decision;
  }

  return {
    async consume(bucket, policy) {
      return judge(bucket, policy, true);
    },
    async peek(bucket, policy) {
      return judge(bucket, policy, false);
    },
  };
}
