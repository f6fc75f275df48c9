// Graceful shutdown (issue 12): from close() (what SIGTERM calls) /readyz answers 503, requests
// on kept-alive connections are answered with `Connection: close` (in Redis mode too: Redis is
// closed only after HTTP drained), the answer in flight is delivered, idle connections get a
// clean close, and no new connection is taken. Then the real process on SIGTERM.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { once } from "node:events";
import { connect } from "node:net";
import { assertProblem, TEST_REDIS_URL, testConfig, testFixture } from "../e2e.test-support.js";
import { freePorts, writeFixture } from "@lintel/testkit/processes";
import { spawnServer } from "../e2e.test-support.js";
import { rawGet, RawConnection } from "@lintel/testkit/raw-http";
import { startServer } from "../../server.js";

/** A fixture with a lock whose provider never answers: its state request stays in flight until LOCK_PROVIDER_TIMEOUT_MS. */
function slowFixture() {
  const fixture = testFixture();
  const slow = { ...fixture.shared, lockId: `${fixture.p}_lk_slow`, providerDeviceId: "simulate-timeout", unitIds: [] };
  return { fixture, slow, json: { ...fixture.json, locks: [...fixture.json.locks, slow] } };
}

const refused = async (url: string) => {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const [error] = (await once(socket, "error")) as [NodeJS.ErrnoException];
  return error.code;
};

describe("e2e: draining on close()", () => {
  it("readyz 503, Connection: close on every answer, the in-flight answer delivered, no new connections", async () => {
    const { fixture, slow, json } = slowFixture();
    const server = await startServer(testConfig({ LOCK_PROVIDER_TIMEOUT_MS: "500" }), {
      fixture: json,
      httpLimits: { drainIdleGraceMs: 5_000 },
    });
    const key = { "x-api-key": fixture.keys.admin };
    const busy = await RawConnection.open(server.url);
    const kept = await RawConnection.open(server.url);
    const prober = await RawConnection.open(server.url);
    assert.equal((await kept.exchange(rawGet("/healthz"))).status, 200);
    assert.equal((await prober.exchange(rawGet("/readyz"))).status, 200);
    busy.send(rawGet(`/v1/locks/${slow.lockId}/state`, key));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the request is with the server by now

    const closing = server.close();
    const ready = await prober.exchange(rawGet("/readyz"));
    assertProblem(ready, 503, "unavailable");
    assert.equal(ready.headers.get("connection"), "close");
    const locks = await kept.exchange(rawGet("/v1/locks?limit=3", key)); // served from the store, still open in Redis mode
    assert.equal(locks.status, 200, locks.text);
    assert.equal(locks.json.locks.length, 3);
    assert.equal(locks.headers.get("connection"), "close");
    const inFlight = await busy.answer();
    assertProblem(inFlight, 503, "unavailable"); // the provider's timeout, answered, not cut off
    assert.equal(inFlight.headers.get("connection"), "close");
    assert.equal(await refused(server.url), "ECONNREFUSED");
    for (const connection of [busy, kept, prober]) assert.equal(await connection.closed, true);
    await closing;
  });

  it("an idle keep-alive connection is closed cleanly at once, and close() resolves", async () => {
    const server = await startServer(testConfig(), { fixture: testFixture().json, httpLimits: { drainIdleGraceMs: 0 } });
    const idle = await RawConnection.open(server.url);
    assert.equal((await idle.exchange(rawGet("/healthz"))).status, 200);
    const closing = server.close();
    assert.equal(await idle.closed, true, "a FIN, not a reset");
    await closing;
  });
});

describe("e2e: SIGTERM to the server process", () => {
  it("answers the request in flight with Connection: close, closes idle connections, exits 0", async () => {
    const { fixture, slow, json } = slowFixture();
    const [port] = (await freePorts(1)) as [number];
    const store =
      process.env["STORE"] === "redis"
        ? {
            STORE: "redis",
            REDIS_URL: TEST_REDIS_URL,
            CURSOR_SECRET: "shutdown-e2e-secret-0123456789abcdefgh",
            DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
          }
        : {};
    const server = await spawnServer(port, {
      ...store,
      FIXTURE: await writeFixture(json),
      LOCK_PROVIDER_TIMEOUT_MS: "1000",
      PUBLIC_BASE_URL: "http://localhost:3000",
    });
    try {
      const idle = await RawConnection.open(server.url);
      assert.equal((await idle.exchange(rawGet("/healthz"))).status, 200);
      const busy = await RawConnection.open(server.url);
      busy.send(rawGet(`/v1/locks/${slow.lockId}/state`, { "x-api-key": fixture.keys.admin }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const exit = once(server.child, "exit");
      server.child.kill("SIGTERM");
      const inFlight = await busy.answer();
      assertProblem(inFlight, 503, "unavailable");
      assert.equal(inFlight.headers.get("connection"), "close");
      assert.equal(await idle.closed, true);
      assert.equal(await busy.closed, true);
      assert.deepEqual(await exit, [0, null], server.output());
    } finally {
      await server.stop("SIGKILL");
    }
  });
});
