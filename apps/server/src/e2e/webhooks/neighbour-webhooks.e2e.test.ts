// Fair delivery end to end (SPEC 5.10): one org's endpoints never delay another org's webhooks.
// In process, with real HTTP: org A's 16 endpoints point at a TCP server that accepts and never
// answers, and A changes a unit twice a second; org B's one endpoint answers 200 at once and B
// changes a unit once a second. Every B event must reach B's receiver within 2 s of its
// createdAt (the same process's clock). On the memory store one server; with STORE=redis two
// servers on the shared Redis, in a delivery group of their own (no other test's server leases
// these attempts, nor they another's).
import assert from "node:assert/strict";
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import { call, TEST_REDIS_URL, testConfig, testFixture } from "../e2e.test-support.js";
import { createWebhookSender } from "@lintel/api";
import { startServer, type RunningServer } from "../../server.js";

const ON_REDIS = process.env["STORE"] === "redis";
const CHANGES_S = 24;
/** The contract: another org's deliveries leave within 2 s of being due (an event's are due at its createdAt). */
const BOUND_MS = 2_000;

/** Accepts every connection and never answers (what an unroutable address looks like to the sender, without the wait to connect). */
async function startSilentReceiver() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    socket.resume(); // reads the request, answers nothing
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers 200 at once; keeps how late each event arrived (ms after its createdAt). */
async function startPromptReceiver() {
  const lateness = new Map<string, number>();
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; createdAt: string };
      if (!lateness.has(event.id)) lateness.set(event.id, Date.now() - Date.parse(event.createdAt));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    lateness,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`e2e: fair webhook delivery (${ON_REDIS ? "Redis, two instances" : "memory"})`, () => {
  const fixture = testFixture();
  const servers: RunningServer[] = [];
  let silent: Awaited<ReturnType<typeof startSilentReceiver>>;
  let prompt: Awaited<ReturnType<typeof startPromptReceiver>>;

  before(async () => {
    [silent, prompt] = await Promise.all([startSilentReceiver(), startPromptReceiver()]);
    const env = {
      STORE: ON_REDIS ? "redis" : "memory",
      ...(ON_REDIS ? { REDIS_URL: TEST_REDIS_URL } : {}),
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "1,2,4",
    };
    for (let i = 0; i < (ON_REDIS ? 2 : 1); i++) {
      // A short sender bound (3 s, not 15) keeps the run short; the hopeless attempts still outlast every bound here.
      const webhookSender = createWebhookSender({ allowPrivate: true, timeoutMs: 3_000 });
      servers.push(await startServer(testConfig(env), { fixture: fixture.json, webhookDeliveryGroup: fixture.p, webhookSender }));
    }
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all([silent.close(), prompt.close()]);
  });

  const base = (n: number) => servers[n % servers.length]!.url;

  async function createEndpoint(key: string, url: string): Promise<void> {
    const created = await call(base(0), "/v1/webhook_endpoints", {
      method: "POST",
      key,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url, eventTypes: ["unit.timezone_changed"] }),
    });
    assert.equal(created.status, 201, created.text);
  }

  /** Flips the unit's zone every `everyMs` until `untilMs` (performance.now()), through the servers in turn. */
  async function keepChanging(key: string, unitId: string, everyMs: number, untilMs: number): Promise<number> {
    let version = 1;
    let changes = 0;
    while (performance.now() < untilMs) {
      const next = performance.now() + everyMs;
      const answer = await call(base(changes), "/v1/units/set_timezone", {
        method: "POST",
        key,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          unitIdOrKey: unitId,
          timeZone: changes % 2 === 0 ? "Asia/Tokyo" : "Europe/Lisbon",
          expectedVersion: version,
          policy: "keep_instant",
        }),
      });
      assert.equal(answer.status, 200, answer.text);
      version = answer.json.unit.version as number;
      changes += 1;
      await sleep(Math.max(0, next - performance.now()));
    }
    return changes;
  }

  it("one org's 16 endpoints that never answer do not delay another org's deliveries", { timeout: 90_000 }, async (t) => {
    for (let i = 0; i < 16; i++) await createEndpoint(fixture.keys.admin, silent.url(`/a${i}`));
    await createEndpoint(fixture.keys.orgB, prompt.url);
    const untilMs = performance.now() + CHANGES_S * 1000;
    const [, changesOfB] = await Promise.all([
      keepChanging(fixture.keys.admin, fixture.units.chicago.id, 500, untilMs),
      keepChanging(fixture.keys.orgB, fixture.units.foreign.id, 1000, untilMs),
    ]);
    // Every B event arrives (a late one still counts, against the bound below), or 15 s pass.
    for (let waited = 0; prompt.lateness.size < changesOfB && waited < 15_000; waited += 100) await sleep(100);

    assert.ok(silent.connections() >= 16, `A's endpoints were attempted (${silent.connections()} connections)`);
    const lateness = [...prompt.lateness.values()].sort((a, b) => a - b);
    const p99 = lateness[Math.ceil(lateness.length * 0.99) - 1] ?? Infinity;
    const summary = `B: ${lateness.length}/${changesOfB} delivered, p50 ${lateness[Math.floor(lateness.length / 2)]} ms, p99 ${p99} ms, max ${lateness.at(-1)} ms`;
    t.diagnostic(summary);
    assert.equal(lateness.length, changesOfB, summary);
    assert.ok(p99 < BOUND_MS, summary);
  });
});
