// One request's store deadline: every call of the request races the same moment; a late answer
// is dropped, a call not yet made past it is never made, and answers in time pass through.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "node:test";
import { StoreUnavailableError } from "./ports.js";
import { createStoreDeadlines, storeCall } from "./store-deadline.js";

/** A store call answering `value` (or failing with it) after `ms`, noting when it settled. */
function slowCall<T>(ms: number, value: T, settled: string[], name: string, fails = false): () => Promise<T> {
  return async () => {
    await sleep(ms);
    settled.push(name);
    if (fails) throw value;
    return value;
  };
}

describe("store deadline", () => {
  it("answers and errors within the deadline pass through unchanged", async () => {
    const deadline = createStoreDeadlines(200).start();
    const settled: string[] = [];
    assert.equal(await deadline.within(slowCall(10, "first", settled, "a")), "first");
    const own = new Error("a reply error, not unavailability");
    await assert.rejects(deadline.within(slowCall(10, own, settled, "b", true)), (error) => error === own);
  });

  it("two sequential calls share one deadline: the second is cut when the first's wait is spent", async () => {
    const deadline = createStoreDeadlines(150).start();
    const settled: string[] = [];
    assert.equal(await deadline.within(slowCall(100, 1, settled, "first")), 1);
    // 100 + 100 ms is past 150 ms, though each call alone is well within it.
    await assert.rejects(deadline.within(slowCall(100, 2, settled, "second")), StoreUnavailableError);
    assert.deepEqual(settled, ["first"], "answered before the second call's late answer");
    await sleep(80);
    assert.deepEqual(settled, ["first", "second"], "the late answer came and was dropped");
  });

  it("a late failure of a cut call is dropped, not an unhandled rejection", async () => {
    const deadline = createStoreDeadlines(30).start();
    await assert.rejects(deadline.within(slowCall(80, new Error("late"), [], "x", true)), StoreUnavailableError);
    await sleep(100); // an unhandled rejection would fail the test run here
  });

  it("past the deadline a call is not made at all", async () => {
    const deadline = createStoreDeadlines(20).start();
    await sleep(40);
    let made = 0;
    await assert.rejects(
      deadline.within(async () => ++made),
      StoreUnavailableError,
    );
    assert.equal(made, 0);
  });

  it("deadlines of many requests share one timer yet each expires at its own moment", async () => {
    const deadlines = createStoreDeadlines(120);
    const older = deadlines.start();
    await sleep(60);
    const younger = deadlines.start();
    const cut: string[] = [];
    const forever = () => new Promise<never>(() => undefined);
    const alive = setTimeout(() => undefined, 2000); // the deadline's timer is unref'd, as a server's event loop never idles
    // The younger call is watched first; the older one must still be cut at its own, earlier moment.
    const youngerCall = younger
      .within(forever)
      .catch((error: unknown) => cut.push(error instanceof StoreUnavailableError ? "younger" : "?"));
    const olderCall = older.within(forever).catch((error: unknown) => cut.push(error instanceof StoreUnavailableError ? "older" : "?"));
    await olderCall;
    assert.deepEqual(cut, ["older"], "the younger deadline still runs when the older one expires");
    await youngerCall;
    assert.deepEqual(cut, ["older", "younger"]);
    clearTimeout(alive);
  });

  it("without a deadline (an embedder's own caller) a call takes as long as the store does", async () => {
    const settled: string[] = [];
    assert.equal(await storeCall(undefined, slowCall(60, "slow", settled, "a")), "slow");
  });
});
