// A store read starts while the key's budget is consumed (v1-routes `read`, issue 9): it must
// overlap the budget, be answered only to an admitted request, and, when the request is refused,
// be dropped without an unhandled rejection, whatever the read did.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { StoreUnavailableError, type LintelStore } from "@lintel/core";
import { assertProblem, call, startTestServer, type TestServer } from "./e2e.test-support.js";

const calls: string[] = [];
let failReads = false;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let server: TestServer;

/** The memory store, with its budget's consume and the lock list's read recorded (and failing on demand). */
function recorded(store: LintelStore): LintelStore {
  return {
    ...store,
    budget: {
      peek: (bucket, policy) => store.budget.peek(bucket, policy),
      consume: (bucket, policy) => {
        if (bucket.startsWith("key:")) calls.push("consume");
        return store.budget.consume(bucket, policy);
      },
    },
    locks: {
      ...store.locks,
      listActive: async (orgId, position, limit) => {
        calls.push("listActive");
        if (failReads) throw new StoreUnavailableError("the test store's reads fail");
        return store.locks.listActive(orgId, position, limit);
      },
    },
  };
}

before(async () => {
  process.on("unhandledRejection", onUnhandled);
  server = await startTestServer({}, { wrapStore: recorded });
});
after(async () => {
  process.off("unhandledRejection", onUnhandled);
  await server.close();
});

describe("e2e: reads that start while the budget is consumed", () => {
  it("the lock list is read before the key's budget is judged, and answered once it admits", async () => {
    calls.length = 0;
    const answer = await call(server.url, "/v1/locks?limit=2", { key: server.fixture.keys.admin });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.locks.length, 2);
    assert.deepEqual(calls, ["listActive", "consume"]);
  });

  it("a refused request gets its 429 and never the data; a failing read of a refused request is dropped quietly", async () => {
    const key = server.fixture.keys.limited; // 3 per 60 s
    for (let i = 0; i < 3; i++) assert.equal((await call(server.url, "/v1/locks?limit=1", { key })).status, 200);
    const refused = await call(server.url, "/v1/locks?limit=1", { key });
    assertProblem(refused, 429, "rate_limited");
    assert.equal(refused.json.locks, undefined);
    failReads = true;
    try {
      assertProblem(await call(server.url, "/v1/locks?limit=1", { key }), 429, "rate_limited");
      assertProblem(await call(server.url, "/v1/locks?limit=1", { key: server.fixture.keys.admin }), 503, "unavailable");
    } finally {
      failReads = false;
    }
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
  });

  it("the order of answers holds: a bad parameter is 400 after admission, and the read is not started for it", async () => {
    calls.length = 0;
    assertProblem(await call(server.url, "/v1/locks?limit=0", { key: server.fixture.keys.admin }), 400, "invalid_request");
    assert.deepEqual(calls, ["consume"]);
  });
});
