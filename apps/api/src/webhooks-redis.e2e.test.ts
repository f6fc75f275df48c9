// Webhook delivery across instances and crashes (SPEC 5.10, issue 22's "must show"), always on
// Redis whatever STORE is: only a shared store that outlives a process can show it. Two
// instances on one Redis deliver each event exactly once; a server killed with SIGKILL right
// after a set_timezone still delivers its event once restarted.
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { freePorts, spawnServer, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { call, processStoreEnv, TEST_REDIS_URL, testConfig, testFixture } from "./e2e.test-support.js";
import { startServer, type RunningServer } from "./server.js";

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

function receiverOn(port: number, received: Received[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

async function until(what: string, probe: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const redisEnv = {
  STORE: "redis",
  REDIS_URL: TEST_REDIS_URL,
  WEBHOOK_ALLOW_PRIVATE: "true",
  WEBHOOK_RETRY_SCHEDULE: "1,1,1,1,1,1,1,1,1,1",
};
const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("e2e: webhooks on Redis across instances", () => {
  const fixture = testFixture();
  const received: Received[] = [];
  let receiver: Server;
  let receiverPort = 0;
  const servers: RunningServer[] = [];

  before(async () => {
    [receiverPort = 0] = await freePorts(1);
    receiver = await receiverOn(receiverPort, received);
    // One delivery group for both instances (and no other server's): they share the attempts.
    for (let i = 0; i < 2; i++) {
      servers.push(await startServer(testConfig(redisEnv), { fixture: fixture.json, webhookDeliveryGroup: fixture.p, webhookPollMs: 50 }));
    }
  });
  after(async () => {
    for (const server of servers) await server.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("exactly one delivery per event with two instances on one Redis", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const created = await call(a.url, "/v1/webhook_endpoints", {
      key: fixture.keys.admin,
      ...json({ url: `http://127.0.0.1:${receiverPort}/hooks`, eventTypes: ["unit.timezone_changed"] }),
    });
    assert.equal(created.status, 201, created.text);
    const secret = created.json.secret as string;
    const unit = fixture.units.york.id;
    const zones = [
      "Europe/Lisbon",
      "Europe/Paris",
      "Asia/Tokyo",
      "Asia/Seoul",
      "America/Denver",
      "America/Chicago",
      "Europe/Oslo",
      "Asia/Dubai",
    ];
    let version = 1;
    for (const [i, timeZone] of zones.entries()) {
      const answer = await call((i % 2 === 0 ? a : b).url, "/v1/units/set_timezone", {
        key: fixture.keys.admin,
        ...json({ unitIdOrKey: unit, timeZone, expectedVersion: version, policy: "keep_instant" }),
      });
      assert.equal(answer.status, 200, answer.text);
      version = answer.json.unit.version as number;
    }
    await until("every event delivered", () => new Set(received.map((r) => r.headers["webhook-id"])).size >= zones.length, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // time for a duplicate to show up
    const ids = received.map((r) => String(r.headers["webhook-id"]));
    assert.equal(ids.length, zones.length, "one delivery per event");
    assert.equal(new Set(ids).size, zones.length);
    for (const r of received) new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    const events = await call(b.url, "/v1/events?type=unit.timezone_changed&limit=100", { key: fixture.keys.admin });
    assert.deepEqual(events.json.events.map((e: { id: string }) => e.id).sort(), [...ids].sort());
  });
});

describe("e2e: a server killed with SIGKILL right after a set_timezone", () => {
  const fixture = testFixture();
  const received: Received[] = [];
  let server: ServerChild | undefined;
  let receiver: Server | undefined;

  after(async () => {
    await server?.stop("SIGKILL");
    if (receiver !== undefined) await new Promise((resolve) => receiver?.close(resolve));
  });

  it("the event is still delivered after a restart", async () => {
    const [port = 0, receiverPort = 0] = await freePorts(2);
    const env = { ...processStoreEnv("redis"), ...redisEnv, FIXTURE: await writeFixture(fixture.json) };
    server = await spawnServer(port, env);
    const created = await call(server.url, "/v1/webhook_endpoints", {
      key: fixture.keys.admin,
      // Nothing listens there yet: no attempt before the kill can succeed.
      ...json({ url: `http://127.0.0.1:${receiverPort}/hooks`, eventTypes: ["unit.timezone_changed"] }),
    });
    assert.equal(created.status, 201, created.text);
    const changed = await call(server.url, "/v1/units/set_timezone", {
      key: fixture.keys.admin,
      ...json({ unitIdOrKey: fixture.units.none.id, timeZone: "Asia/Tokyo", expectedVersion: 1, policy: "keep_wall_clock" }),
    });
    assert.equal(changed.status, 200, changed.text);
    await server.stop("SIGKILL");
    receiver = await receiverOn(receiverPort, received);
    server = await spawnServer(port, env);
    const events = await call(server.url, "/v1/events?type=unit.timezone_changed", { key: fixture.keys.admin });
    const eventId = events.json.events[0]?.id as string;
    assert.match(eventId, /^evt_/);
    // Taken over once the dead instance's lease (20 s) ran out, or at its next retry.
    await until("the delivery after the restart", () => received.some((r) => r.headers["webhook-id"] === eventId), 35_000);
    new Webhook(created.json.secret as string).verify(received[0]?.body ?? "", received[0]?.headers as Record<string, string>);
  });
});
