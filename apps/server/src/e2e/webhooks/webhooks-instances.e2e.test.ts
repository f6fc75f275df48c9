// Webhook delivery across real server processes on one Redis (SPEC 5.10, issue 22's must-shows):
// two instances deliver each event exactly once; a server killed with SIGKILL right after a
// set_timezone still has its event delivered after a restart; a dead instance's leased attempt
// is taken over by another within 30 s. Every delivery is verified with the `standardwebhooks`
// npm package. A delivery sent by an instance killed before it recorded it counts both attempts.
// Always on Redis, whatever STORE is (as restart and two-instances): only a store that outlives a
// process can tell. The Redis is a private redis-server of this file, and its servers share this
// file's WORK_GROUP too: a server's dispatcher leases the due deliveries of every org of its
// group, and on a shared Redis the servers of other test files (some without
// WEBHOOK_ALLOW_PRIVATE, which refuse 127.0.0.1) would lease these deliveries too.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { call, processStoreEnv, testFixture, type TestFixture } from "../e2e.test-support.js";
import { freePorts, spawnRedis, tempDir, writeFixture, type Child, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../e2e.test-support.js";
import { until } from "./webhook-receiver.test-support.js";

/** SPEC 5.10: the attempts of an instance that died are taken over by another within 30 s. */
const TAKEOVER_BOUND_MS = 30_000;

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** performance.now() when the request's body was in. */
  readonly at: number;
  /** Whether the receiver answered it (2xx) rather than holding it open. */
  readonly answered: boolean;
}

/**
 * A webhook receiver on 127.0.0.1: records every POST; answers 204 after `delayMs`, or, while
 * holding, never answers (the request stays open until the sender gives up or dies).
 */
async function startReceiver(delayMs = 0) {
  const received: Received[] = [];
  const held = new Set<ServerResponse>();
  let holding = false;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answered = !holding;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: performance.now(), answered });
      if (!answered) {
        held.add(res);
        res.on("close", () => held.delete(res));
        return;
      }
      setTimeout(() => res.writeHead(204).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    hold(on: boolean) {
      holding = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Event {
  readonly id: string;
  readonly type: string;
  readonly data: { readonly unit: { readonly id: string; readonly timeZone: string | null; readonly version: number } };
}

/** Verifies one received request with standardwebhooks and returns the event it carries. */
function verified(secret: string, request: Received): Event {
  const event = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Event;
  assert.equal(request.headers["webhook-id"], event.id);
  return event;
}

/** The "webhook attempt" log lines of a server's output (pino JSON on stdout). */
function attemptLines(server: Child): { eventId: string; outcome: string; attempt: number }[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"webhook attempt"'))
    .map((line) => JSON.parse(line) as { eventId: string; outcome: string; attempt: number });
}

describe("e2e: webhook delivery across server processes on one Redis", () => {
  let redis: Child;
  let redisDir = "";
  let redisUrl = "";
  const servers: ServerChild[] = [];

  before(async () => {
    const [redisPort = 0] = await freePorts(1);
    redisDir = await tempDir();
    redis = await spawnRedis(redisPort, redisDir);
    redisUrl = `redis://127.0.0.1:${redisPort}`;
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    await redis.stop("SIGKILL");
    await rm(redisDir, { recursive: true, force: true });
  });

  /** A server process on the private Redis with `fixturePath`, remembered so `after` stops it. */
  async function serve(port: number, fixturePath: string): Promise<ServerChild> {
    const server = await spawnServer(port, {
      STORE: "redis",
      REDIS_URL: redisUrl,
      CURSOR_SECRET: "webhooks-instances-secret-0123456789abcd",
      DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      FIXTURE: fixturePath,
      WORK_GROUP: processStoreEnv("redis")["WORK_GROUP"] ?? "webhooks-instances",
      WEBHOOK_ALLOW_PRIVATE: "true",
      LOG_LEVEL: "info",
    });
    servers.push(server);
    return server;
  }

  async function createEndpoint(base: string, fixture: TestFixture, url: string): Promise<{ id: string; secret: string }> {
    const created = await call(base, "/v1/webhook_endpoints", {
      method: "POST",
      key: fixture.keys.admin,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url, eventTypes: ["unit.timezone_changed"] }),
    });
    assert.equal(created.status, 201, created.text);
    return { id: created.json.webhookEndpoint.id as string, secret: created.json.secret as string };
  }

  async function setZone(base: string, fixture: TestFixture, unitId: string, timeZone: string, expectedVersion: number): Promise<number> {
    const answer = await call(base, "/v1/units/set_timezone", {
      method: "POST",
      key: fixture.keys.admin,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ unitIdOrKey: unitId, timeZone, expectedVersion, policy: "keep_instant" }),
    });
    assert.equal(answer.status, 200, answer.text);
    return answer.json.unit.version as number;
  }

  async function eventIds(base: string, fixture: TestFixture): Promise<string[]> {
    const answer = await call(base, "/v1/events?type=unit.timezone_changed&limit=100", { key: fixture.keys.admin });
    assert.equal(answer.status, 200, answer.text);
    return (answer.json.events as { id: string }[]).map((event) => event.id);
  }

  async function deliveries(base: string, fixture: TestFixture, endpointId: string) {
    const answer = await call(base, `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key: fixture.keys.admin });
    assert.equal(answer.status, 200, answer.text);
    return answer.json.deliveries as { eventId: string; status: string; attempts: number }[];
  }

  it("two instances on one Redis deliver each event exactly once", async (t) => {
    const CHANGES = 20;
    const receiver = await startReceiver(20);
    try {
      const fixture = testFixture();
      const fixturePath = await writeFixture(fixture.json);
      // One after the other: the second one's fixture load finds everything there already.
      const [portA = 0, portB = 0] = await freePorts(2);
      const instances = [await serve(portA, fixturePath), await serve(portB, fixturePath)];
      const endpoint = await createEndpoint(instances[0]!.url, fixture, receiver.url);

      // Three units changed side by side, each change through the other instance than the last.
      const units = [fixture.units.york, fixture.units.chicago, fixture.units.none];
      const zones = ["Europe/Lisbon", "Asia/Tokyo"];
      await Promise.all(
        units.map(async (unit, u) => {
          let version = unit.version;
          for (let i = u; i < CHANGES; i += units.length) {
            version = await setZone(instances[i % 2]!.url, fixture, unit.id, zones[Math.floor(i / units.length) % 2]!, version);
          }
        }),
      );

      const expected = await eventIds(instances[1]!.url, fixture);
      assert.equal(expected.length, CHANGES, "one event per set_timezone answered 200");
      const ids = () => new Set(receiver.received.map((r) => r.headers["webhook-id"]));
      await until("every event at the receiver", () => (expected.every((id) => ids().has(id)) ? true : undefined), 20_000);
      await sleep(2_000); // several polls of both instances: a second delivery would show by now

      const counts = new Map<string, number>();
      for (const request of receiver.received) {
        const event = verified(endpoint.secret, request);
        counts.set(event.id, (counts.get(event.id) ?? 0) + 1);
      }
      assert.deepEqual([...counts.keys()].sort(), [...expected].sort());
      assert.deepEqual(
        [...counts].filter(([, n]) => n !== 1),
        [],
        "an event delivered more than once",
      );
      const recorded = await deliveries(instances[0]!.url, fixture, endpoint.id);
      assert.equal(recorded.length, CHANGES);
      for (const delivery of recorded) assert.deepEqual([delivery.status, delivery.attempts], ["delivered", 1], delivery.eventId);
      const byInstance = instances.map((server) => attemptLines(server).filter((line) => expected.includes(line.eventId)));
      assert.equal(byInstance[0]!.length + byInstance[1]!.length, CHANGES, "one attempt logged per event over both instances");
      t.diagnostic(`attempts made by instance A: ${byInstance[0]!.length}, by instance B: ${byInstance[1]!.length}`);
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
      await receiver.close();
    }
  });

  it("a server killed with SIGKILL right after a set_timezone: the event is still delivered after restart", async (t) => {
    const receiver = await startReceiver();
    try {
      const fixture = testFixture();
      const fixturePath = await writeFixture(fixture.json);
      const [port = 0] = await freePorts(1);
      const first = await serve(port, fixturePath);
      const endpoint = await createEndpoint(first.url, fixture, receiver.url);
      // The receiver holds every request open: no attempt of the first process can finish.
      receiver.hold(true);
      await setZone(first.url, fixture, fixture.units.york.id, "Europe/Lisbon", fixture.units.york.version);
      await first.stop("SIGKILL");
      const killedAt = performance.now();
      const reachedBeforeKill = receiver.received.length;
      receiver.hold(false);

      const second = await serve(port, fixturePath);
      const restartedAt = performance.now();
      const [eventId] = await eventIds(second.url, fixture);
      assert.ok(eventId !== undefined, "the event was stored with the change");
      const delivered = await until(
        "the delivery after the restart",
        () => receiver.received.find((r) => r.answered && r.headers["webhook-id"] === eventId),
        TAKEOVER_BOUND_MS + 5_000,
      );
      const event = verified(endpoint.secret, delivered);
      assert.deepEqual(
        [event.type, event.data.unit.id, event.data.unit.timeZone],
        ["unit.timezone_changed", fixture.units.york.id, "Europe/Lisbon"],
      );
      assert.ok(
        delivered.at - restartedAt <= TAKEOVER_BOUND_MS,
        `delivered ${Math.round(delivered.at - restartedAt)} ms after the restart`,
      );
      assert.deepEqual(
        new Set(receiver.received.map((r) => r.headers["webhook-id"])),
        new Set([eventId]),
        "only this event, on every attempt",
      );
      const recorded = await until(
        "the delivery recorded",
        async () => (await deliveries(second.url, fixture, endpoint.id)).find((d) => d.status === "delivered"),
        5_000,
      );
      assert.equal(recorded.eventId, eventId);
      t.diagnostic(
        `attempts that reached the receiver before the kill: ${reachedBeforeKill}; ` +
          `delivered ${Math.round(delivered.at - killedAt)} ms after the kill, ${Math.round(delivered.at - restartedAt)} ms after the restart`,
      );
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
      await receiver.close();
    }
  });

  it("a dead instance's leased attempt is taken over within 30 s, and counted: sent twice, recorded as attempts 2", async (t) => {
    const receiver = await startReceiver();
    try {
      const fixture = testFixture();
      const fixturePath = await writeFixture(fixture.json);
      const [portA = 0, portB = 0] = await freePorts(2);
      const a = await serve(portA, fixturePath);
      const endpoint = await createEndpoint(a.url, fixture, receiver.url);
      // A alone: the attempt it leases reaches the receiver, which holds it open.
      receiver.hold(true);
      await setZone(a.url, fixture, fixture.units.chicago.id, "Asia/Tokyo", fixture.units.chicago.version);
      const leased = await until("A's attempt at the receiver", () => receiver.received[0], 10_000);
      const eventId = leased.headers["webhook-id"];
      // B is up and polling while A still holds the lease; then A dies in the middle of its attempt.
      const b = await serve(portB, fixturePath);
      receiver.hold(false);
      await a.stop("SIGKILL");
      const killedAt = performance.now();

      const delivered = await until(
        "B's delivery",
        () => receiver.received.find((r) => r.answered && r.headers["webhook-id"] === eventId),
        TAKEOVER_BOUND_MS + 5_000,
      );
      const takeoverMs = delivered.at - killedAt;
      t.diagnostic(
        `takeover: delivered ${Math.round(takeoverMs)} ms after A was killed, ${Math.round(delivered.at - leased.at)} ms after A's attempt reached the receiver`,
      );
      assert.ok(takeoverMs <= TAKEOVER_BOUND_MS, `taken over ${Math.round(takeoverMs)} ms after the kill`);
      const event = verified(endpoint.secret, delivered);
      assert.equal(event.data.unit.id, fixture.units.chicago.id);
      assert.equal(receiver.received.length, 2, "A's attempt and B's, nothing more");
      const line = await until(
        "B's log line for the attempt",
        () => attemptLines(b).find((l) => l.eventId === eventId && l.outcome === "delivered"),
        5_000,
      );
      assert.equal(line.attempt, 2, "B logs its attempt as the second");
      const [recorded] = await deliveries(b.url, fixture, endpoint.id);
      assert.deepEqual(
        [recorded?.eventId, recorded?.status, recorded?.attempts],
        [eventId, "delivered", 2],
        "A's attempt never finished, yet it went out: counted",
      );
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
      await receiver.close();
    }
  });
});
