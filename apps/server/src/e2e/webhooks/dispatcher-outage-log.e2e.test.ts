// A store outage seen by the webhook dispatcher is logged once when it starts (with its error
// and stack) and once when the store answers again, not on every poll (an outside probe counted
// 92 error lines with stacks in 2 s of a Redis outage). The store's webhook lease is made to
// fail for a while; the dispatcher polls every 20 ms meanwhile.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestServer, type TestServer } from "../e2e.test-support.js";
import { createLogger } from "@lintel/api";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
let down = false;
const logLines: Record<string, unknown>[] = [];
before(async () => {
  server = await startTestServer(
    {},
    {
      webhookPollMs: 20,
      logger: createLogger("info", { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) }),
      wrapStore: (store) => ({
        ...store,
        webhooks: {
          ...store.webhooks,
          lease: (...args) => (down ? Promise.reject(new Error("store is down (test)")) : store.webhooks.lease(...args)),
        },
      }),
    },
  );
});
after(() => server.close());

const dispatcherLines = () => logLines.filter((line) => String(line["msg"]).startsWith("background work"));

describe("e2e: the webhook dispatcher's log during a store outage", () => {
  it("two outages of 600 ms: for each, one error line with the stack when it starts and one line when the store is back", async () => {
    await sleep(100);
    assert.deepEqual(dispatcherLines(), [], "nothing logged while the store answers");
    for (let outage = 1; outage <= 2; outage++) {
      down = true;
      await sleep(600);
      down = false;
      await sleep(200);
      const lines = dispatcherLines();
      assert.equal(lines.length, outage * 2, JSON.stringify(lines.map((line) => line["msg"])));
      const [failed, recovered] = lines.slice(-2);
      assert.equal(failed!["level"], 50);
      assert.match(String((failed!["err"] as { stack?: unknown }).stack), /store is down \(test\)/);
      assert.equal(recovered!["level"], 30);
      assert.match(String(recovered!["msg"]), /recovered/);
      assert.equal(recovered!["err"], undefined);
    }
  });
});
