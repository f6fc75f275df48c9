import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { consumeBudget, type BudgetState, type RatePolicy } from "@lintel/domain";
import { redisKeys } from "./redis/keys.js";
import { createRedisRequestBudget } from "./request-budget.js";
import { randomId } from "@lintel/testkit";
import { useTestRedis } from "./redis.test-support.js";

describe("Redis request budget", () => {
  const redis = useTestRedis();

  test("a burst is judged as consumeBudget judges it at one instant", async () => {
    const budget = createRedisRequestBudget(redis());
    const policy: RatePolicy = { requests: 5, windowSeconds: 3600 };
    const bucket = randomId("bucket");
    let state: BudgetState | null = null;
    const now = Date.now();
    for (let i = 0; i < 8; i++) {
      const expected = consumeBudget(state, now, policy);
      state = expected.state;
      assert.deepEqual(await budget.consume(bucket, policy), expected.decision, `request ${i + 1}`);
    }
  });

  test("peek answers like consume but takes nothing", async () => {
    const budget = createRedisRequestBudget(redis());
    const policy: RatePolicy = { requests: 3, windowSeconds: 3600 };
    const bucket = randomId("bucket");
    await budget.consume(bucket, policy);
    const peeked = await budget.peek(bucket, policy);
    assert.equal(peeked.allowed, true);
    assert.equal(peeked.remaining, 2);
    assert.equal((await budget.peek(bucket, policy)).remaining, 2);
    assert.equal((await budget.consume(bucket, policy)).remaining, 1);
  });

  test("a peek at an unknown bucket writes no key", async () => {
    const budget = createRedisRequestBudget(redis());
    const bucket = randomId("bucket");
    await budget.peek(bucket, { requests: 3, windowSeconds: 60 });
    assert.equal(await redis().exists(redisKeys.budget(bucket)), 0);
  });

  test("the bucket key expires once the budget would be full again", async () => {
    const budget = createRedisRequestBudget(redis());
    const bucket = randomId("bucket");
    await budget.consume(bucket, { requests: 10, windowSeconds: 60 });
    const ttl = await redis().pttl(redisKeys.budget(bucket));
    assert.ok(ttl > 0 && ttl <= 6000, `ttl ${ttl}`);
  });

  test("a budget whose interval is not whole milliseconds still lets the full budget through at once", async () => {
    const budget = createRedisRequestBudget(redis());
    const policy: RatePolicy = { requests: 7, windowSeconds: 1 };
    const bucket = randomId("bucket");
    const decisions = await Promise.all(Array.from({ length: 7 }, () => budget.consume(bucket, policy)));
    assert.deepEqual(
      decisions.map((d) => d.allowed),
      Array(7).fill(true),
    );
  });

  test("concurrent requests never exceed the budget", async () => {
    const budget = createRedisRequestBudget(redis());
    const policy: RatePolicy = { requests: 20, windowSeconds: 3600 };
    const bucket = randomId("bucket");
    const decisions = await Promise.all(Array.from({ length: 60 }, () => budget.consume(bucket, policy)));
    assert.equal(decisions.filter((d) => d.allowed).length, 20);
    const denied = decisions.find((d) => !d.allowed);
    assert.ok(denied !== undefined && denied.retryAfterSeconds >= 1);
  });
});
