// Events and webhooks end to end (SPEC 5.10, issue 22): a real server and a real receiver on
// 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true), deliveries verified with the `standardwebhooks` npm
// package; retries, 410, enable, SSRF refusals, Seam's webhooks in, isolation across orgs and
// the scopes. Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import type { Lock } from "@lintel/domain";
import { signWebhook } from "@lintel/domain/adapters";
import type { FixtureData } from "@lintel/core";
import { createRedisClient, createRedisStore, whenReady, type RedisClient } from "@lintel/store-redis";
import { startFakeSeam, type FakeSeam } from "@lintel/testkit/seam";
import { assertProblem, call, startTestServer, TEST_REDIS_URL, testConfig, testFixture, type TestServer } from "../e2e.test-support.js";
import { createLogger, createWebhookSender } from "@lintel/api";
import { startServer, type RunningServer } from "../../server.js";

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook receiver on 127.0.0.1: records every POST and answers what `answer` says (default 204). */
async function startReceiver() {
  const received: Received[] = [];
  let answer: (n: number) => number = () => 204;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer(received.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith(next: (n: number) => number) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("e2e: events and webhooks", () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const logLines: string[] = [];
  const json = (body: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  before(async () => {
    receiver = await startReceiver();
    server = await startTestServer(
      { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1,1", METRICS_PORT: "0" },
      { webhookPollMs: 100, logger: createLogger("info", { write: (line: string) => void logLines.push(line) }) },
    );
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  const admin = () => server.fixture.keys.admin;
  async function createEndpoint(path: string, eventTypes: string[] = ["unit.timezone_changed"], key = admin()) {
    const created = await call(server.url, "/v1/webhook_endpoints", {
      method: "POST",
      key,
      ...json({ url: receiver.url(path), eventTypes }),
    });
    assert.equal(created.status, 201, created.text);
    return created.json as { webhookEndpoint: { id: string; status: string }; secret: string };
  }
  async function setZone(unitId: string, timeZone: string) {
    const unit = await call(server.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: admin() });
    const answer = await call(server.url, "/v1/units/set_timezone", {
      method: "POST",
      key: admin(),
      ...json({ unitIdOrKey: unitId, timeZone, expectedVersion: unit.json.unit.version, policy: "keep_wall_clock" }),
    });
    assert.equal(answer.status, 200, answer.text);
  }

  it("a set_timezone is delivered once and verifies with standardwebhooks", async () => {
    const { webhookEndpoint, secret } = await createEndpoint("/once");
    assert.match(webhookEndpoint.id, /^we_[0-9A-Za-z]{24}$/);
    assert.match(secret, /^whsec_/);
    const before = receiver.received.length;
    await setZone(server.fixture.units.york.id, "Europe/Lisbon");
    const delivery = await until("the delivery", () => receiver.received[before]);
    const event = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
      id: string;
      type: string;
      data: { unit: { id: string; timeZone: string }; previousTimeZone: string; policy: string; moved: unknown[] };
    };
    assert.equal(event.type, "unit.timezone_changed");
    assert.equal(delivery.headers["webhook-id"], event.id);
    assert.equal(delivery.headers["content-type"], "application/json");
    assert.deepEqual(
      [event.data.unit.id, event.data.unit.timeZone, event.data.previousTimeZone, event.data.policy],
      [server.fixture.units.york.id, "Europe/Lisbon", "America/New_York", "keep_wall_clock"],
    );
    // The body is the event exactly as GET /v1/events/{id} serves it.
    const served = await call(server.url, `/v1/events/${event.id}`, { key: admin() });
    assert.equal(served.status, 200);
    assert.equal(JSON.stringify(served.json.event), delivery.body);
    await sleep(600); // a second attempt would come within a poll or two
    assert.equal(receiver.received.filter((r) => r.headers["webhook-id"] === event.id).length, 1);
    const deliveries = await call(server.url, `/v1/webhook_endpoints/${webhookEndpoint.id}/deliveries`, { key: admin() });
    assert.equal(deliveries.status, 200);
    const [only] = deliveries.json.deliveries;
    assert.deepEqual(
      [only.eventId, only.status, only.attempts, only.lastResponseStatus, only.lastError, only.nextAttemptAt],
      [event.id, "delivered", 1, 204, null, null],
    );
    assert.equal((await call(server.url, `/v1/webhook_endpoints/${webhookEndpoint.id}`, { method: "DELETE", key: admin() })).status, 204);
  });

  it("500s are retried with the same webhook-id", async () => {
    const { webhookEndpoint, secret } = await createEndpoint("/retry");
    const before = receiver.received.length;
    receiver.answerWith((n) => (n - before <= 2 ? 500 : 200));
    await setZone(server.fixture.units.chicago.id, "America/Denver");
    await until("three attempts", () => (receiver.received.length - before >= 3 ? true : undefined));
    receiver.answerWith(() => 204);
    const attempts = receiver.received.slice(before);
    assert.equal(attempts.length, 3);
    assert.equal(new Set(attempts.map((a) => a.headers["webhook-id"])).size, 1);
    for (const attempt of attempts) new Webhook(secret).verify(attempt.body, attempt.headers as Record<string, string>);
    const page = await until("delivered", async () => {
      const answer = await call(server.url, `/v1/webhook_endpoints/${webhookEndpoint.id}/deliveries`, { key: admin() });
      return answer.json.deliveries[0]?.status === "delivered" ? answer.json : undefined;
    });
    assert.equal(page.deliveries[0].attempts, 3);
    await call(server.url, `/v1/webhook_endpoints/${webhookEndpoint.id}`, { method: "DELETE", key: admin() });
  });

  it("410 disables the endpoint and enable restores it", async () => {
    const { webhookEndpoint } = await createEndpoint("/gone");
    const id = webhookEndpoint.id;
    receiver.answerWith(() => 410);
    await setZone(server.fixture.units.none.id, "Asia/Tokyo");
    const disabled = await until("disabled", async () => {
      const answer = await call(server.url, `/v1/webhook_endpoints/${id}`, { key: admin() });
      return answer.json.webhookEndpoint.status === "disabled" ? answer.json.webhookEndpoint : undefined;
    });
    assert.equal(disabled.disabledReason, "gone");
    const failed = await call(server.url, `/v1/webhook_endpoints/${id}/deliveries`, { key: admin() });
    assert.deepEqual([failed.json.deliveries[0].status, failed.json.deliveries[0].lastResponseStatus], ["failed", 410]);
    receiver.answerWith(() => 204);
    const enabled = await call(server.url, `/v1/webhook_endpoints/${id}/enable`, { method: "POST", key: admin() });
    assert.equal(enabled.status, 200, enabled.text);
    assert.deepEqual([enabled.json.webhookEndpoint.status, enabled.json.webhookEndpoint.disabledReason], ["enabled", null]);
    const before = receiver.received.length;
    await setZone(server.fixture.units.none.id, "Asia/Seoul");
    await until("a delivery after enable", () => receiver.received[before]);
    await call(server.url, `/v1/webhook_endpoints/${id}`, { method: "DELETE", key: admin() });
  });

  it("one log line per attempt (ids, status, outcome, ms; never the secret nor the body) and the webhook metrics", async () => {
    const { webhookEndpoint, secret } = await createEndpoint("/logged");
    const before = receiver.received.length;
    await setZone(server.fixture.units.york.id, "Europe/Madrid");
    const delivery = await until("the delivery", () => receiver.received[before]);
    const eventId = String(delivery.headers["webhook-id"]);
    const line = await until("the attempt's log line", () => logLines.find((l) => l.includes(eventId) && l.includes("webhook attempt")));
    const logged = JSON.parse(line) as Record<string, unknown>;
    assert.deepEqual(
      [logged["endpointId"], logged["eventId"], logged["status"], logged["outcome"], logged["attempt"]],
      [webhookEndpoint.id, eventId, 204, "delivered", 1],
    );
    assert.equal(typeof logged["ms"], "number");
    const all = logLines.join("\n");
    assert.ok(!all.includes(secret.slice("whsec_".length)), "the secret reached a log line");
    assert.ok(!all.includes(delivery.body), "a body reached a log line");
    assert.ok(server.metricsUrl !== null);
    const metrics = await (await fetch(server.metricsUrl)).text();
    assert.match(metrics, /lintel_webhook_attempts_total\{outcome="delivered"\} [1-9]/);
    assert.match(metrics, /lintel_webhook_attempt_duration_seconds_count [1-9]/);
    assert.match(metrics, /lintel_webhook_deliveries_pending \d+/);
    assert.match(metrics, /lintel_webhook_deliveries_dropped_total 0/);
    assert.match(metrics, /lintel_webhook_oldest_pending_age_seconds \d+/);
    await call(server.url, `/v1/webhook_endpoints/${webhookEndpoint.id}`, { method: "DELETE", key: admin() });
  });

  it("create with an Idempotency-Key replays the 201 with its secret; the secret is in no other answer", async () => {
    const request = { method: "POST", key: admin(), headers: { "content-type": "application/json", "Idempotency-Key": "hook-create-1" } };
    const body = JSON.stringify({ url: receiver.url("/idem"), eventTypes: ["*"], description: "idem" });
    const first = await call(server.url, "/v1/webhook_endpoints", { ...request, body });
    const again = await call(server.url, "/v1/webhook_endpoints", { ...request, body });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(again.json, first.json);
    const id = first.json.webhookEndpoint.id;
    const got = await call(server.url, `/v1/webhook_endpoints/${id}`, { key: admin() });
    const list = await call(server.url, "/v1/webhook_endpoints?limit=100", { key: admin() });
    for (const answer of [got, list]) assert.ok(!answer.text.includes(first.json.secret) && !answer.text.includes("secret"));
    assert.equal(list.json.webhookEndpoints.filter((e: { id: string }) => e.id === id).length, 1);
    await call(server.url, `/v1/webhook_endpoints/${id}`, { method: "DELETE", key: admin() });
  });

  it("isolation across orgs: another org's events, endpoints and deliveries answer 404", async () => {
    const { webhookEndpoint } = await createEndpoint("/isolated", ["*"]);
    const events = await call(server.url, "/v1/events?limit=100", { key: admin() });
    const eventId = events.json.events[0]?.id as string;
    assert.ok(eventId);
    const other = server.fixture.keys.orgB;
    const id = webhookEndpoint.id;
    assertProblem(await call(server.url, `/v1/events/${eventId}`, { key: other }), 404, "not_found");
    assertProblem(await call(server.url, `/v1/webhook_endpoints/${id}`, { key: other }), 404, "not_found");
    assertProblem(await call(server.url, `/v1/webhook_endpoints/${id}/deliveries`, { key: other }), 404, "not_found");
    assertProblem(await call(server.url, `/v1/webhook_endpoints/${id}/enable`, { method: "POST", key: other }), 404, "not_found");
    assertProblem(await call(server.url, `/v1/webhook_endpoints/${id}`, { method: "DELETE", key: other }), 404, "not_found");
    assert.deepEqual((await call(server.url, "/v1/events", { key: other })).json.events, []);
    assert.deepEqual((await call(server.url, "/v1/webhook_endpoints", { key: other })).json.webhookEndpoints, []);
    const cursor = (await call(server.url, "/v1/events?limit=1", { key: admin() })).json.nextCursor as string;
    assertProblem(await call(server.url, `/v1/events?cursor=${encodeURIComponent(cursor)}`, { key: other }), 404, "invalid_cursor");
    assert.equal((await call(server.url, `/v1/webhook_endpoints/${id}`, { method: "DELETE", key: admin() })).status, 204);
    assertProblem(await call(server.url, `/v1/webhook_endpoints/${id}`, { key: admin() }), 404, "not_found");
  });

  it("the scopes: events:read and webhooks:write are needed, and a bad body or type is a 400", async () => {
    const locksOnly = server.fixture.keys.locksOnly;
    assertProblem(await call(server.url, "/v1/events", { key: locksOnly }), 403, "missing_scope");
    assertProblem(await call(server.url, "/v1/webhook_endpoints", { key: locksOnly }), 403, "missing_scope");
    assertProblem(await call(server.url, "/v1/events?type=lock.exploded", { key: admin() }), 400, "invalid_request");
    const bad = await call(server.url, "/v1/webhook_endpoints", {
      method: "POST",
      key: admin(),
      ...json({ url: receiver.url("/x"), eventTypes: ["*", "lock.state_changed"] }),
    });
    assertProblem(bad, 400, "invalid_request");
    assert.equal(bad.json.invalidParams[0].name, "eventTypes");
  });
});

describe("e2e: SSRF refusals without WEBHOOK_ALLOW_PRIVATE", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("SSRF: http:// and private destinations are refused without WEBHOOK_ALLOW_PRIVATE", async () => {
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://[::1]/hook",
      "https://[::ffff:7f00:1]/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://0.0.0.0/hook",
    ]) {
      const answer = await call(server.url, "/v1/webhook_endpoints", {
        method: "POST",
        key: server.fixture.keys.admin,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url, eventTypes: ["*"] }),
      });
      assertProblem(answer, 400, "invalid_request");
      assert.equal(answer.json.invalidParams[0].name, "url", url);
    }
  });

  it("a create whose host's DNS never answers is refused (400 naming the url) at the resolution deadline, not left hanging", async () => {
    const silent = await startTestServer(
      {},
      { webhookSender: createWebhookSender({ allowPrivate: false, lookup: () => undefined, resolveTimeoutMs: 300 }) },
    );
    try {
      const started = performance.now();
      const answer = await call(silent.url, "/v1/webhook_endpoints", {
        method: "POST",
        key: silent.fixture.keys.admin,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: "https://slow-dns.example/hook", eventTypes: ["*"] }),
      });
      assertProblem(answer, 400, "invalid_request");
      assert.equal(answer.json.invalidParams[0].name, "url");
      assert.match(answer.json.invalidParams[0].reason, /slow-dns\.example did not resolve in time/);
      assert.doesNotMatch(answer.text, /whsec_/);
      assert.ok(performance.now() - started < 5_000);
    } finally {
      await silent.close();
    }
  });

  it("SSRF: a host that resolves to a private address is refused at the attempt, and nothing reaches it", async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url("/")).port;
      // A name whose DNS answer is (now) loopback: the check is made in the connection's own lookup.
      const sender = createWebhookSender({
        allowPrivate: false,
        lookup: (_host, _options, callback) => callback(null, [{ address: "127.0.0.1", family: 4 }]),
      });
      const attempt = { headers: { "content-type": "application/json" }, body: "{}", signal: new AbortController().signal };
      const refused = await sender.send({ ...attempt, url: `https://rebinding.example:${port}/hook` });
      assert.equal(refused.ok ? "" : refused.kind, "refused_destination");
      const viaLocalhost = await sender.send({ ...attempt, url: `https://localhost:${port}/hook` });
      assert.equal(viaLocalhost.ok ? "" : viaLocalhost.kind, "refused_destination");
      const literal = await createWebhookSender({ allowPrivate: false }).send({ ...attempt, url: `https://127.0.0.1:${port}/hook` });
      assert.equal(literal.ok ? "" : literal.kind, "refused_destination");
      assert.equal(receiver.received.length, 0);
      const allowed = await createWebhookSender({ allowPrivate: true }).send({ ...attempt, url: `http://localhost:${port}/hook` });
      assert.deepEqual(allowed.ok ? allowed.status : allowed.error, 204);
      assert.equal(receiver.received.length, 1);
    } finally {
      await receiver.close();
    }
  });
});

/** An active August lock named Door, with Seam's device id `providerDeviceId`. */
function doorLock(lockId: string, orgId: string, providerDeviceId: string): Lock {
  return {
    lockId,
    orgId,
    name: "Door",
    provider: "august",
    providerDeviceId,
    model: null,
    timeZone: null,
    unitIds: [],
    status: "active",
    createdAt: "2026-05-01T00:00:00.000Z",
    updatedAt: "2026-05-01T00:00:00.000Z",
  };
}

describe("e2e: Seam's webhooks in", () => {
  let fake: FakeSeam;
  let server: RunningServer;
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const fixture = testFixture();
  let deviceId = "";
  const lockId = `${fixture.p}_seam_door`;

  before(async () => {
    fake = await startFakeSeam();
    deviceId = fake.addLock("Door", { locked: true, door_open: false, online: true });
    const lock = doorLock(lockId, fixture.orgA, deviceId);
    server = await startServer(testConfig({ SEAM_API_KEY: fake.apiKey, SEAM_ENDPOINT: fake.endpoint, SEAM_WEBHOOK_SECRET: secret }), {
      fixture: { ...fixture.json, locks: [...fixture.json.locks, lock] },
      webhookDeliveryGroup: fixture.p,
    });
  });
  after(async () => {
    await server.close();
    await fake.close();
  });

  function signed(body: string, key = secret, timestamp = Math.floor(Date.now() / 1000)) {
    const id = `msg_${Math.random().toString(36).slice(2)}`;
    return {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "svix-id": id,
        "svix-timestamp": String(timestamp),
        "svix-signature": `v1,bm90IGl0 ${signWebhook({ id, timestamp, body }, key)}`,
      },
      body,
    };
  }

  it("a Seam-signed webhook turns into lock.state_changed", async () => {
    const first = await call(server.url, `/v1/locks/${lockId}/state`, { key: fixture.keys.admin });
    assert.equal(first.json.state.lockState, "locked"); // the first observation: no event
    fake.updateLock(deviceId, { locked: false, door_open: true });
    const body = JSON.stringify({ event_id: "ev_1", event_type: "lock.unlocked", device_id: deviceId, workspace_id: "ws_1" });
    const answer = await call(server.url, "/webhooks/seam", signed(body));
    assert.equal(answer.status, 204, answer.text);
    const events = await call(server.url, "/v1/events?type=lock.state_changed", { key: fixture.keys.admin });
    assert.equal(events.json.events.length, 1);
    const [event] = events.json.events;
    assert.deepEqual(event.data.previous, { lockState: "locked", doorState: "closed", online: true });
    assert.deepEqual(
      [event.data.lockId, event.data.provider, event.data.state.lockState, event.data.state.doorState],
      [lockId, "august", "unlocked", "open"],
    );
    // The same state again (a second webhook): no event.
    assert.equal((await call(server.url, "/webhooks/seam", signed(body))).status, 204);
    const again = await call(server.url, "/v1/events?type=lock.state_changed", { key: fixture.keys.admin });
    assert.equal(again.json.events.length, 1);
  });

  it("a wrong signature, a stale timestamp or a body that is not JSON is a 400; an unknown device or no device_id a 204", async () => {
    const body = JSON.stringify({ event_type: "lock.locked", device_id: deviceId });
    assertProblem(await call(server.url, "/webhooks/seam", signed(body, "whsec_d3JvbmcgZ3Vlc3M=")), 400, "invalid_request");
    assertProblem(
      await call(server.url, "/webhooks/seam", signed(body, secret, Math.floor(Date.now() / 1000) - 400)),
      400,
      "invalid_request",
    );
    assertProblem(await call(server.url, "/webhooks/seam", { method: "POST", body }), 400, "invalid_request");
    assertProblem(await call(server.url, "/webhooks/seam", signed("not json")), 400, "invalid_request");
    assert.equal((await call(server.url, "/webhooks/seam", signed(JSON.stringify({ event_type: "lock.locked" })))).status, 204);
    const unknown = JSON.stringify({ event_type: "lock.locked", device_id: "no-such-device" });
    assert.equal((await call(server.url, "/webhooks/seam", signed(unknown))).status, 204);
  });

  it("without SEAM_WEBHOOK_SECRET the route is unknown (404)", async () => {
    const plain = await startTestServer();
    try {
      assertProblem(await call(plain.url, "/webhooks/seam", signed("{}")), 404, "not_found");
    } finally {
      await plain.close();
    }
  });
});

// Always on Redis, whatever STORE is: the lock enters the store after start, through the fixture
// sink the seed CLI loads with, so only the store's own device index can find it.
describe("e2e: Seam's webhooks in, for a lock seeded after start (Redis)", () => {
  let fake: FakeSeam;
  let server: RunningServer;
  let redis: RedisClient;
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const fixture = testFixture();
  const lockId = `${fixture.p}_seeded_door`;
  const only = (locks: Lock[]): FixtureData => ({ orgs: [], apiKeys: [], units: [], locks, items: [], templates: [] });

  before(async () => {
    fake = await startFakeSeam();
    redis = createRedisClient({ url: TEST_REDIS_URL });
    await whenReady(redis);
    server = await startServer(
      testConfig({
        STORE: "redis",
        REDIS_URL: TEST_REDIS_URL,
        SEAM_API_KEY: fake.apiKey,
        SEAM_ENDPOINT: fake.endpoint,
        SEAM_WEBHOOK_SECRET: secret,
      }),
      { fixture: fixture.json },
    );
  });
  after(async () => {
    await server.close();
    await redis.quit();
    await fake.close();
  });

  async function webhookFor(deviceId: string) {
    const id = `msg_${Math.random().toString(36).slice(2)}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ event_type: "lock.unlocked", device_id: deviceId });
    const headers = { "content-type": "application/json", "svix-id": id, "svix-timestamp": String(timestamp) };
    const signature = signWebhook({ id, timestamp, body }, secret);
    const answer = await call(server.url, "/webhooks/seam", {
      method: "POST",
      headers: { ...headers, "svix-signature": signature },
      body,
    });
    assert.equal(answer.status, 204, answer.text);
  }
  const stateEvents = async () =>
    (await call(server.url, "/v1/events?type=lock.state_changed", { key: fixture.keys.admin })).json.events as {
      data: { lockId: string };
    }[];

  it("finds the lock by its device id", async () => {
    const first = fake.addLock("Door", { locked: true, door_open: false, online: true });
    const lock = doorLock(lockId, fixture.orgA, first);
    const store = createRedisStore(redis);
    await store.fixtures.load(only([lock]));
    assert.equal((await call(server.url, `/v1/locks/${lockId}/state`, { key: fixture.keys.admin })).status, 200); // first observation
    fake.updateLock(first, { locked: false });
    await webhookFor(first);
    assert.deepEqual(
      (await stateEvents()).map((event) => event.data.lockId),
      [lockId],
    );
  });
});
