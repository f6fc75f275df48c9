// A pipelining client (issue 18) has only a few of its requests running at once, none once it
// is gone, and past maxRequestsWaitingPerSocket waiting its connection is closed after the
// answers in progress. The store's ping behind /readyz is held until the test lets it go.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rawGet, RawConnection } from "@lintel/testkit/raw-http";
import { call, startTestServer, type TestServer } from "../e2e.test-support.js";
import { HTTP_LIMITS } from "@lintel/api";

describe("e2e: pipelined requests (issue 18)", () => {
  // Every /readyz pings the store; these pings wait until the test lets them go.
  let pinged = 0;
  let running = 0;
  let mostRunning = 0;
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise((resolve) => (release = resolve));
  };
  let gated: TestServer;
  before(async () => {
    gated = await startTestServer(
      {},
      {
        wrapStore: (store) => ({
          ...store,
          health: {
            ping: async () => {
              pinged++;
              mostRunning = Math.max(mostRunning, ++running);
              await gate;
              running--;
            },
          },
        }),
      },
    );
  });
  after(() => gated.close());
  const limit = HTTP_LIMITS.maxRequestsInProgressPerSocket;
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it("40 pipelined requests run at most maxRequestsInProgressPerSocket at a time, and each is answered in order", async () => {
    pinged = mostRunning = 0;
    hold();
    const connection = await RawConnection.open(gated.url);
    connection.send(
      Array.from({ length: 40 }, (_, i) => rawGet("/readyz", { "x-request-id": `pipelined-${String(i).padStart(4, "0")}` })).join(""),
    );
    await until(() => pinged >= limit);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(pinged, limit, "only the first few are started while their answers wait");
    release();
    for (let i = 0; i < 40; i++) {
      const answer = await connection.answer();
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.headers.get("x-request-id"), `pipelined-${String(i).padStart(4, "0")}`);
    }
    assert.equal(pinged, 40);
    assert.ok(mostRunning <= limit, `at most ${limit} at once, saw ${mostRunning}`);
    connection.destroy();
  });

  it("a client that pipelines more than maxRequestsWaitingPerSocket: the answers in progress are its last, then the connection closes", async () => {
    pinged = 0;
    hold();
    const connection = await RawConnection.open(gated.url);
    connection.send(rawGet("/readyz").repeat(HTTP_LIMITS.maxRequestsWaitingPerSocket + 200));
    await until(() => pinged >= limit);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    for (let i = 0; i < limit; i++) {
      const answer = await connection.answer();
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.headers.get("connection"), i === limit - 1 ? "close" : "keep-alive");
    }
    await connection.closed;
    await assert.rejects(connection.answer(), /closed with no further answer/);
    assert.equal(pinged, limit, "none of the waiting requests ran");
    assert.equal((await call(gated.url, "/readyz")).status, 200);
  });

  it("a client that pipelines 1,000 requests and goes away: only the few started ever run", async () => {
    pinged = 0;
    hold();
    const connection = await RawConnection.open(gated.url);
    connection.send(rawGet("/readyz").repeat(1_000));
    await until(() => pinged >= limit);
    connection.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(pinged, limit);
    assert.equal((await call(gated.url, "/readyz")).status, 200);
  });
});
