/**
 * Webhook delivery figures (issue 22): events per second delivered to a local receiver by two
 * instances sharing one Redis, the time from a change's answer to its delivery (p50, p99), and
 * the memory of one memory-store instance whose receiver always fails (heap after GC, before and
 * after a burst of events and minutes' worth of retries compressed into a short schedule).
 *
 *   node --expose-gc tools/dist/bench/webhooks.js [redis] [memory]    (both when none is named; REDIS_URL as the tools)
 *
 * Figures only, never a test. Every run uses fresh orgs and its own delivery group, so nothing
 * else on the Redis leases its attempts.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig, startServer, type RunningServer } from "@lintel/api";
import { generateApiKey, SCOPES } from "@lintel/domain";
import { DEFAULT_REDIS_URL } from "@lintel/store-redis";
import { machineLine } from "./measure.js";

const UNITS = 40;
const CHANGES_PER_UNIT = 10;
const ZONES = ["Europe/Lisbon", "Europe/Paris", "Asia/Tokyo", "America/Denver", "America/Chicago", "Asia/Dubai"];

function fixture(p: string, key: string) {
  return {
    orgs: [{ id: `${p}_org`, name: "Bench" }],
    apiKeys: [{ id: `${p}_key`, orgId: `${p}_org`, name: "bench", key, scopes: [...SCOPES], createdAt: "2026-01-01T00:00:00.000Z" }],
    units: Array.from({ length: UNITS }, (_, i) => ({
      id: `${p}_u${i}`,
      orgId: `${p}_org`,
      urlKey: `${p}-u${i}`,
      address: `${i} Bench St`,
      timeZone: "UTC",
      version: 1,
    })),
  };
}

/** A receiver on 127.0.0.1 that answers `status` and notes when each webhook-id first arrived. */
async function receiver(status: number): Promise<{ server: Server; url: string; arrivals: Map<string, number>; attempts: () => number }> {
  const arrivals = new Map<string, number>();
  let attempts = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      attempts++;
      const id = String(req.headers["webhook-id"]);
      if (!arrivals.has(id)) arrivals.set(id, performance.now());
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, arrivals, attempts: () => attempts };
}

async function start(env: Record<string, string>, fixtureJson: unknown, group: string): Promise<RunningServer> {
  const loading = loadConfig({
    LOG_LEVEL: "silent",
    WEBHOOK_ALLOW_PRIVATE: "true",
    CURSOR_SECRET: "bench-webhooks-secret-0123456789abcdef",
    ...env,
  });
  if (!loading.ok) throw new Error(loading.errors.join("\n"));
  return startServer({ ...loading.config, port: 0 }, { fixture: fixtureJson, webhookDeliveryGroup: group, webhookPollMs: 100 });
}

async function post(base: string, path: string, key: string, body: unknown): Promise<Response> {
  return fetch(base + path, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Every unit changes CHANGES_PER_UNIT times, units in parallel, alternating instances; returns each change's answer time by event order. */
async function changeAll(bases: readonly string[], p: string, key: string): Promise<number[]> {
  const answered: number[] = [];
  await Promise.all(
    Array.from({ length: UNITS }, async (_, i) => {
      for (let n = 0; n < CHANGES_PER_UNIT; n++) {
        const base = bases[(i + n) % bases.length] ?? "";
        const timeZone = ZONES[(i + n) % ZONES.length] ?? "UTC";
        const answer = await post(base, "/v1/units/set_timezone", key, {
          unitIdOrKey: `${p}_u${i}`,
          timeZone,
          expectedVersion: n + 1,
          policy: "keep_instant",
        });
        if (answer.status !== 200) throw new Error(`set_timezone answered ${answer.status}: ${await answer.text()}`);
        answered.push(performance.now());
      }
    }),
  );
  return answered;
}

const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function eventTimes(base: string, key: string): Promise<Map<string, string>> {
  const byId = new Map<string, string>();
  let cursor: string | null = null;
  do {
    const query: string = `/v1/events?limit=100${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`;
    const page = (await (await fetch(base + query, { headers: { "x-api-key": key } })).json()) as {
      events: { id: string; createdAt: string }[];
      nextCursor: string | null;
    };
    for (const event of page.events) byId.set(event.id, event.createdAt);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return byId;
}

async function twoInstancesOnRedis(): Promise<void> {
  const p = `bw${randomBytes(3).toString("hex")}`;
  const key = generateApiKey();
  const sink = await receiver(204);
  const env = { STORE: "redis", REDIS_URL: process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL };
  const servers = [await start(env, fixture(p, key), p), await start(env, fixture(p, key), p)];
  try {
    await post(servers[0]?.url ?? "", "/v1/webhook_endpoints", key, { url: sink.url, eventTypes: ["*"] });
    const wallStart = Date.now();
    const started = performance.now();
    await changeAll(
      servers.map((s) => s.url),
      p,
      key,
    );
    const total = UNITS * CHANGES_PER_UNIT;
    const deadline = performance.now() + 60_000;
    while (sink.arrivals.size < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const last = Math.max(...sink.arrivals.values());
    // Change → delivery: each event's createdAt (the server's clock at the change) to its arrival here.
    const created = await eventTimes(servers[0]?.url ?? "", key);
    const offset = wallStart - started; // performance.now() → epoch ms
    const latencies = [...sink.arrivals]
      .map(([id, at]) => at + offset - Date.parse(created.get(id) ?? ""))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    console.log(`\nTwo instances on one Redis, ${total} set_timezone (${UNITS} units in parallel), one endpoint`);
    console.log(
      `  delivered ${sink.arrivals.size} of ${total} events, ${sink.attempts()} attempts (duplicates: ${sink.attempts() - sink.arrivals.size})`,
    );
    console.log(`  ${((sink.arrivals.size / (last - started)) * 1000).toFixed(0)} events/s delivered (first change to last delivery)`);
    console.log(
      `  change → delivery: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms`,
    );
  } finally {
    for (const server of servers) await server.close();
    sink.server.close();
  }
}

async function memoryUnderFailingReceiver(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const heapMb = () => {
    gc?.();
    return process.memoryUsage().heapUsed / 1024 / 1024;
  };
  const p = `bm${randomBytes(3).toString("hex")}`;
  const key = generateApiKey();
  const sink = await receiver(500);
  const server = await start({ STORE: "memory", WEBHOOK_RETRY_SCHEDULE: "1,1,1,1,1" }, fixture(p, key), p);
  try {
    for (let i = 0; i < 4; i++) await post(server.url, "/v1/webhook_endpoints", key, { url: sink.url, eventTypes: ["*"] });
    const before = heapMb();
    for (let round = 1; round <= 3; round++) {
      await Promise.all(
        Array.from({ length: UNITS }, async (_, i) => {
          for (let n = 0; n < CHANGES_PER_UNIT; n++) {
            const version = (round - 1) * CHANGES_PER_UNIT + n + 1;
            const timeZone = ZONES[(i + version) % ZONES.length] ?? "UTC";
            await post(server.url, "/v1/units/set_timezone", key, {
              unitIdOrKey: `${p}_u${i}`,
              timeZone,
              expectedVersion: version,
              policy: "keep_instant",
            });
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 7000)); // the 6 attempts of each delivery, all failing
      console.log(
        `  round ${round}: ${round * UNITS * CHANGES_PER_UNIT} events × 4 endpoints, ${sink.attempts()} failed attempts so far, heap ${heapMb().toFixed(1)} MB (before: ${before.toFixed(1)} MB)`,
      );
    }
  } finally {
    await server.close();
    sink.server.close();
  }
  if (gc === undefined) console.log("  (run with --expose-gc for heap figures after a collection)");
}

const chosen = process.argv.slice(2);
console.log(machineLine());
if (chosen.length === 0 || chosen.includes("redis")) await twoInstancesOnRedis();
if (chosen.length === 0 || chosen.includes("memory")) {
  console.log("\nOne memory-store instance, a receiver that always answers 500 (schedule 1,1,1,1,1)");
  await memoryUnderFailingReceiver();
}
