import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import type { RequestBudget } from "@lintel/core/adapters";
import { eachTestStore, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

/**
 * The contract of {@link RequestBudget}: the GCRA law of the domain's `consumeBudget`, exact
 * under concurrency. Buckets are fresh random names; no test asserts a duration.
 */
export function describeRequestBudgetContract(
  name: string,
  makeStore: () => Promise<{ budget: RequestBudget } & Closable>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: RequestBudget contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("a fresh bucket allows exactly `requests` of many concurrent consumes", async () => {
      const policy = { requests: 5, windowSeconds: 3600 };
      const bucket = randomId("bucket");
      const decisions = await Promise.all(Array.from({ length: 20 }, () => store().budget.consume(bucket, policy)));
      const allowed = decisions.filter((d) => d.allowed);
      assert.equal(allowed.length, 5);
      assert.deepEqual(allowed.map((d) => d.remaining).sort(), [0, 1, 2, 3, 4]);
      for (const denied of decisions.filter((d) => !d.allowed)) {
        assert.equal(denied.remaining, 0);
        assert.ok(denied.retryAfterSeconds >= 1, `retryAfterSeconds ${denied.retryAfterSeconds}`);
      }
    });

    it("a decision carries the policy, the remaining requests and a reset time", async () => {
      const policy = { requests: 10, windowSeconds: 60 };
      const decision = await store().budget.consume(randomId("bucket"), policy);
      assert.deepEqual(decision.policy, policy);
      assert.equal(decision.allowed, true);
      assert.equal(decision.remaining, 9);
      assert.equal(decision.retryAfterSeconds, 0);
      assert.ok(decision.resetSeconds >= 1 && decision.resetSeconds <= 60, `resetSeconds ${decision.resetSeconds}`);
    });

    it("peek answers like consume but takes nothing", async () => {
      const policy = { requests: 3, windowSeconds: 3600 };
      const bucket = randomId("bucket");
      for (let i = 0; i < 10; i++) {
        const peeked = await store().budget.peek(bucket, policy);
        assert.equal(peeked.allowed, true);
        assert.equal(peeked.remaining, 3);
      }
      for (let i = 0; i < 3; i++) assert.equal((await store().budget.consume(bucket, policy)).allowed, true);
      const afterAll = await store().budget.peek(bucket, policy);
      assert.equal(afterAll.allowed, false);
      assert.ok(afterAll.retryAfterSeconds >= 1);
      assert.equal((await store().budget.consume(bucket, policy)).allowed, false);
    });

    it("a fresh bucket's peek is the whole budget, and a bucket in debt shows its debt", async () => {
      const policy = { requests: 5, windowSeconds: 60 };
      const bucket = randomId("bucket");
      assert.deepEqual(await store().budget.peek(bucket, policy), {
        allowed: true,
        remaining: 5,
        resetSeconds: 0,
        retryAfterSeconds: 0,
        policy,
      });
      await store().budget.consume(bucket, policy);
      const inDebt = await store().budget.peek(bucket, policy);
      assert.equal(inDebt.allowed, true);
      assert.equal(inDebt.remaining, 4);
      assert.ok(inDebt.resetSeconds >= 1 && inDebt.resetSeconds <= 12, `resetSeconds ${inDebt.resetSeconds}`);
    });

    it("buckets are independent", async () => {
      const policy = { requests: 2, windowSeconds: 3600 };
      const spent = randomId("bucket");
      await store().budget.consume(spent, policy);
      await store().budget.consume(spent, policy);
      assert.equal((await store().budget.consume(spent, policy)).allowed, false);
      const other = await store().budget.consume(randomId("bucket"), policy);
      assert.equal(other.allowed, true);
      assert.equal(other.remaining, 1);
    });

    it("a spent bucket refills over its window", async () => {
      const policy = { requests: 2, windowSeconds: 1 };
      const bucket = randomId("bucket");
      assert.equal((await store().budget.consume(bucket, policy)).allowed, true);
      assert.equal((await store().budget.consume(bucket, policy)).allowed, true);
      assert.equal((await store().budget.consume(bucket, policy)).allowed, false);
      await sleep(1100);
      assert.equal((await store().budget.consume(bucket, policy)).allowed, true);
    });
  });
}
