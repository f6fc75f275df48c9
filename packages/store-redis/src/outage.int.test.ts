/**
 * Outage behaviour on a private redis-server (never the shared one): killed or frozen, every
 * adapter call rejects with StoreUnavailableError instead of hanging, and the same client
 * recovers on its own once Redis is back; frozen, a Lintel on it answers every operation, and
 * `ready()`, unavailable within its store deadline, and is ready again after. Measured times go
 * to the test's diagnostics.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import { after, before, describe, test } from "node:test";
import { StoreUnavailableError, type Caller } from "@lintel/core";
import type { LockProvider } from "@lintel/core/adapters";
import { randomDataKey } from "@lintel/domain/adapters";
import { randomId } from "@lintel/testkit";
import { createRedisClient, whenReady, type RedisClient } from "./redis/client.js";
import { createRedisLintel, createRedisStore, type RedisStore } from "./index.js";

/** A free loopback port below Linux's ephemeral range, so no parallel test's connection takes it first. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + randomInt(12000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 100 && !output.includes("Ready to accept connections"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGKILL");
  await once(child, "exit");
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; outcome: PromiseSettledResult<T> }> {
  const started = performance.now();
  const [outcome] = await Promise.allSettled([run()]);
  return { ms: Math.round(performance.now() - started), outcome: outcome! };
}

describe("Redis outage", () => {
  let port: number;
  let server: ChildProcess;
  let redis: RedisClient;
  let store: RedisStore;
  const orgId = randomId("org");
  const policy = { requests: 100, windowSeconds: 60 };
  const calls: [string, () => Promise<unknown>][] = [
    ["budget.consume", () => store.budget.consume(orgId, policy)],
    ["locks.listActive", () => store.locks.listActive(orgId, null, 20)],
    ["units.findByIdOrKey", () => store.units.findByIdOrKey(orgId, "u")],
    ["apiKeys.findByHash", () => store.apiKeys.findByHash("0".repeat(64))],
    ["apiKeys.findAndConsume", () => store.apiKeys.findAndConsume("0".repeat(64), policy)],
    ["health.ping", () => store.health.ping()],
  ];

  before(async () => {
    port = await freePort();
    server = await startRedis(port);
    redis = createRedisClient({ url: `redis://127.0.0.1:${port}` });
    await whenReady(redis, 5000);
    store = createRedisStore(redis);
  });
  after(async () => {
    redis.disconnect();
    await stop(server);
  });

  test("with Redis killed, every call rejects with StoreUnavailableError; after a restart it answers again", async (t) => {
    for (const [, call] of calls) await call();
    await stop(server);
    for (const [name, call] of calls) {
      const { ms, outcome } = await timed(call);
      t.diagnostic(`down: ${name} failed after ${ms} ms`);
      assert.equal(outcome.status, "rejected", name);
      assert.ok(outcome.status === "rejected" && outcome.reason instanceof StoreUnavailableError, name);
    }
    const restartedAt = performance.now();
    server = await startRedis(port);
    await whenReady(redis, 10_000);
    for (const [name, call] of calls) await assert.doesNotReject(call(), name);
    t.diagnostic(`recovered ${Math.round(performance.now() - restartedAt)} ms after the restart began`);
  });

  test("with Redis frozen (SIGSTOP), calls time out with StoreUnavailableError instead of hanging", async (t) => {
    server.kill("SIGSTOP");
    try {
      const { ms, outcome } = await timed(() => store.locks.listActive(orgId, null, 20));
      t.diagnostic(`frozen: locks.listActive failed after ${ms} ms`);
      assert.ok(outcome.status === "rejected" && outcome.reason instanceof StoreUnavailableError);
    } finally {
      server.kill("SIGCONT");
    }
    await whenReady(redis, 10_000);
    await assert.doesNotReject(store.health.ping());
  });

  test("with Redis frozen, overlapping operations of a Lintel on it all answer unavailable within its deadline; ready() is false, then true once thawed", async (t) => {
    const lockProvider: LockProvider = { readState: () => Promise.reject(new Error("not asked")) };
    const { lintel } = createRedisLintel({
      redis,
      lockProvider,
      cursorSecrets: ["s".repeat(32)],
      dataKeys: [randomDataKey()],
      storeDeadlineMs: 1000,
    });
    const caller: Caller = { keyId: randomId("key"), orgId, scopes: ["units:read", "locks:read"] };
    server.kill("SIGSTOP");
    try {
      // Two waves 300 ms apart, so the second's commands are sent while the first's still wait.
      const wave = () =>
        Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            timed<unknown>(() => (i % 2 === 0 ? lintel.getUnit(caller, "u") : lintel.listLocks(caller, { limit: 10 }))),
          ),
        );
      const first = wave();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const outcomes = [...(await first), ...(await wave())];
      const slowest = Math.max(...outcomes.map(({ ms }) => ms));
      t.diagnostic(`frozen: ${outcomes.length} operations, the slowest answered after ${slowest} ms`);
      assert.ok(outcomes.every(({ outcome }) => outcome.status === "rejected" && outcome.reason instanceof StoreUnavailableError));
      // The request's deadline from each operation's start (its lower layer, the command timeout, from each write).
      assert.ok(slowest < 1500, `the slowest answered after ${slowest} ms`);
      assert.equal(await lintel.ready(), false);
    } finally {
      server.kill("SIGCONT");
    }
    await whenReady(redis, 10_000);
    assert.equal(await lintel.ready(), true);
  });
});
