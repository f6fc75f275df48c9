import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { BudgetDecision, RatePolicy } from "@lintel/domain";
import { createAdmission } from "./admission.js";
import { systemClock, type ApiKeyStore, type RequestBudget } from "./ports.js";

/** A budget of `policy.requests` per bucket that never refills; every call yields first, as a network store would. */
function slowCountingBudget(): RequestBudget {
  const used = new Map<string, number>();
  const decision = (policy: RatePolicy, left: number, allowed: boolean): BudgetDecision => ({
    allowed,
    remaining: Math.max(0, left),
    resetSeconds: 60,
    retryAfterSeconds: allowed ? 0 : 2,
    policy,
  });
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return {
    async peek(bucket, policy) {
      await tick();
      const count = used.get(bucket) ?? 0;
      return decision(policy, policy.requests - count - 1, count < policy.requests);
    },
    async consume(bucket, policy) {
      await tick();
      const count = used.get(bucket) ?? 0;
      if (count >= policy.requests) return decision(policy, 0, false);
      used.set(bucket, count + 1);
      return decision(policy, policy.requests - count - 1, true);
    },
  };
}

const noKeys: ApiKeyStore = {
  findByHash: async () => null,
  put: async () => {},
  revoke: async () => false,
  listByOrg: async () => [],
};

describe("admission: the failed-key budget per address", () => {
  it("is exact under concurrency: of 45 simultaneous bad keys from one address, exactly 30 are 401, the rest 429", async () => {
    const admit = createAdmission(
      { apiKeys: noKeys, budget: slowCountingBudget(), clock: systemClock },
      { defaultRateLimit: { requests: 600, windowSeconds: 60 }, failedAuthLimit: { requests: 30, windowSeconds: 60 } },
    );
    const outcomes = await Promise.all(
      Array.from({ length: 45 }, () => admit({ apiKey: "lnt_bad", clientAddress: "203.0.113.9", scope: "locks:read" })),
    );
    const codes = outcomes.map((outcome) => (outcome.ok ? "ok" : outcome.problem.code));
    assert.equal(codes.filter((code) => code === "invalid_api_key").length, 30);
    assert.equal(codes.filter((code) => code === "rate_limited").length, 15);
    const limited = outcomes.find((outcome) => !outcome.ok && outcome.problem.code === "rate_limited");
    assert.ok(limited && !limited.ok && limited.problem.retryAfterSeconds === 2 && limited.budget === undefined);
  });
});
