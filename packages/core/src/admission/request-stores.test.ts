// One request's store deadline on its own: answers and errors in time pass through unchanged,
// calls share the deadline, a cut call's late failure is dropped, and past it nothing is called.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "node:test";
import { StoreUnavailableError } from "../ports/ports.js";
import { racedStores, requestScope, startStoreDeadline, type RequestStores } from "./request-stores.js";

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

  it("past it a call through the request's stores is not made at all; outside any request a call just runs", async () => {
    const scope = requestScope();
    let made = 0;
    const stores = racedStores(
      {
        ...({
          apiKeys: {},
          budget: {},
          units: {},
          locks: {},
          events: {},
          webhooks: {},
          lockCodes: {},
          tours: {},
          observations: {},
          devices: {},
        } as unknown as RequestStores),
        templates: { get: async () => (made++, null), list: async () => (made++, []) } as unknown as RequestStores["templates"],
      },
      scope,
    );
    await scope.run(startStoreDeadline(10), async () => {
      assert.equal(await stores.templates.get("org", "t"), null);
      await sleep(30);
      await assert.rejects(stores.templates.list("org", null, 10), StoreUnavailableError);
    });
    assert.equal(made, 1);
    await sleep(30);
    assert.deepEqual(await stores.templates.list("org", null, 10), []);
    assert.equal(made, 2);
  });

  it("two requests in one scope keep their own deadlines", async () => {
    const scope = requestScope();
    const slow = raced(scope, () => after(40, () => "answered"));
    const [short, long] = await Promise.allSettled([
      scope.run(startStoreDeadline(10), () => slow()),
      scope.run(startStoreDeadline(500), () => slow()),
    ]);
    assert.ok(short.status === "rejected" && short.reason instanceof StoreUnavailableError);
    assert.deepEqual(long, { status: "fulfilled", value: "answered" });
  });
});

/** A template store's `get` through a view over `scope`, answering with `answer`. */
function raced(scope: ReturnType<typeof requestScope>, answer: () => Promise<string>) {
  const stores = racedStores(
    {
      ...({
        apiKeys: {},
        budget: {},
        units: {},
        locks: {},
        events: {},
        webhooks: {},
        lockCodes: {},
        tours: {},
        observations: {},
        devices: {},
      } as unknown as RequestStores),
      templates: { get: answer, list: async () => [] } as unknown as RequestStores["templates"],
    },
    scope,
  );
  return () => stores.templates.get("org", "t") as unknown as Promise<string>;
}
