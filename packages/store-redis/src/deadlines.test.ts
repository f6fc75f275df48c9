import assert from "node:assert/strict";
import { test } from "node:test";
import { withDeadline } from "./deadlines.js";

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const never = () => new Promise<never>(() => {});
const late = () => new Error("late");

test("withDeadline: only the calls still unsettled at their deadline are rejected, in any mix of order", async () => {
  const outcomes = await Promise.allSettled([
    withDeadline(after(5, "fast"), 40, late),
    withDeadline(never(), 40, late),
    withDeadline(after(10, "also fast"), 40, late),
    withDeadline(Promise.reject(new Error("own failure")), 40, late),
    withDeadline(after(80, "too slow"), 40, late),
  ]);
  assert.deepEqual(
    outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message)),
    ["fast", "late", "also fast", "own failure", "late"],
  );
});

test("withDeadline: a call made later keeps its own full time, and durations do not share a clock", async () => {
  const first = withDeadline(never(), 30, late);
  await after(20, null);
  const second = withDeadline(after(25, "in time"), 30, late); // due 50 ms from the start, answered at 45
  const longer = withDeadline(after(45, "long in time"), 100, late);
  await assert.rejects(first, /late/);
  assert.equal(await second, "in time");
  assert.equal(await longer, "long in time");
});
