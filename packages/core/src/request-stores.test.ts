// One request's store deadline on its own: answers and errors in time pass through unchanged,
// calls share the deadline, a cut call's late failure is dropped, and past it nothing is called.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "node:test";
import { StoreUnavailableError } from "./ports.js";
import { racedStores, startStoreDeadline, type RequestStores } from "./request-stores.js";

const after = <T>(ms: number, settle: () => T | Promise<T>) => sleep(ms).then(settle);

describe("a request's store deadline", () => {
  it("answers and errors within it pass through unchanged", async () => {
    const within = startStoreDeadline(200);
    assert.equal(await within(() => after(5, () => "in time")), "in time");
    const wrong = new SyntaxError("a bug, not a timeout");
    await assert.rejects(
      within(() => Promise.reject(wrong)),
      (error) => error === wrong,
    );
  });

  it("two sequential calls share it: the second is cut when the first's wait is spent", async () => {
    const within = startStoreDeadline(100);
    assert.equal(await within(() => after(70, () => 1)), 1);
    await assert.rejects(
      within(() => after(70, () => 2)),
      StoreUnavailableError,
    );
  });

  it("a late failure of a cut call is dropped, not an unhandled rejection", async () => {
    const within = startStoreDeadline(20);
    const late = after(60, () => Promise.reject(new SyntaxError("too late to matter")));
    await assert.rejects(
      within(() => late),
      (error) => error instanceof StoreUnavailableError && /within the request's 20 ms/.test(error.message),
    );
    await late.catch(() => undefined);
  });

  it("past it a call through the request's stores is not made at all", async () => {
    const within = startStoreDeadline(10);
    let made = 0;
    const stores = racedStores(
      {
        ...({ apiKeys: {}, budget: {}, units: {}, locks: {}, events: {}, webhooks: {} } as unknown as RequestStores),
        templates: { get: async () => (made++, null), list: async () => (made++, []) },
      },
      within,
    );
    assert.equal(await stores.templates.get("org", "t"), null);
    await sleep(30);
    await assert.rejects(stores.templates.list("org", null, 10), StoreUnavailableError);
    assert.equal(made, 1);
  });
});
