/**
 * Exact budgets at scale: two real server processes share one Redis; 1,000 concurrent
 * requests, split over both, spend one key's budget of 100 (100 per 3600 s, so nothing refills
 * while a round runs). Exactly 100 may be answered 200, each with its own RateLimit remaining
 * (99 … 0), and the rest 429. Three rounds, each with a fresh key; then the same on a 3-master
 * Redis Cluster. Prints the counts per round; exits 1 when a round is not exact.
 * Loopback only, bounded (2 × 3 rounds of 1,000 requests), stops every process it starts.
 *
 * Usage: node tools/dist/reliability/budgets.js [--requests 1000] [--budget 100] [--rounds 3]
 * Env: REDIS_CLUSTER_BASE_PORT (default 7101): the cluster's nodes use base … base+2 (and +10000).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateApiKey } from "@lintel/domain";
import { freePorts, spawnRedis, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../server-process.js";
import { testApiKey } from "@lintel/testkit/e2e";
import { startRedisCluster } from "./redis-cluster.js";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "1000" },
    budget: { type: "string", default: "100" },
    rounds: { type: "string", default: "3" },
  },
});
const REQUESTS = boundedInteger("requests", values.requests, 1, 5000);
const BUDGET = boundedInteger("budget", values.budget, 1, REQUESTS);
const ROUNDS = boundedInteger("rounds", values.rounds, 1, 10);

function boundedInteger(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer in ${min}..${max}`);
  return value;
}

function budgetFixture() {
  const p = `budgets_${Date.now().toString(36)}`;
  const orgId = `${p}_org`;
  const keys = Array.from({ length: ROUNDS }, () => generateApiKey());
  const at = "2026-01-01T00:00:00.000Z";
  const json = {
    orgs: [{ id: orgId, name: "Budgets" }],
    apiKeys: keys.map((key, round) =>
      testApiKey(p, `round${round}`, orgId, key, ["locks:read"], { rateLimit: { requests: BUDGET, windowSeconds: 3600 } }),
    ),
    locks: [
      {
        ...{ lockId: `${p}_lock`, orgId, name: "Door", provider: "simulated", providerDeviceId: "d1", model: null },
        ...{ timeZone: null, unitIds: [], status: "active", createdAt: at, updatedAt: at },
      },
    ],
  };
  return { json, keys };
}

interface Outcome {
  readonly status: number | "error";
  readonly remaining: number | undefined;
}

async function request(base: string, key: string): Promise<Outcome> {
  try {
    const response = await fetch(`${base}/v1/locks?limit=1`, { headers: { "x-api-key": key }, signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    const remaining = /;r=(\d+);/.exec(response.headers.get("ratelimit") ?? "")?.[1];
    return { status: response.status, remaining: remaining === undefined ? undefined : Number(remaining) };
  } catch {
    return { status: "error", remaining: undefined };
  }
}

/** One round on a fresh key; true when exact. */
async function round(instances: readonly ServerChild[], key: string, label: string): Promise<boolean> {
  const started = performance.now();
  const outcomes = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => request(instances[i % instances.length]!.url, key)));
  const took = performance.now() - started;
  const count = (status: Outcome["status"]) => outcomes.filter((o) => o.status === status).length;
  const allowed = outcomes.filter((o) => o.status === 200);
  const remaining = new Set(allowed.map((o) => o.remaining));
  const slotsExact = remaining.size === BUDGET && [...remaining].every((r) => r !== undefined && r < BUDGET);
  const others = REQUESTS - count(200) - count(429);
  const exact = count(200) === BUDGET && count(429) === REQUESTS - BUDGET && slotsExact;
  console.log(
    `${label}: 200×${count(200)} 429×${count(429)} other×${others}; remaining values ${remaining.size} distinct` +
      ` (${slotsExact ? `${BUDGET - 1} … 0, each once` : "NOT one per slot"}); ${Math.round(took)} ms → ${exact ? "exact" : "NOT EXACT"}`,
  );
  return exact;
}

async function runOn(storeLabel: string, storeEnv: Record<string, string>): Promise<boolean> {
  const { json, keys } = budgetFixture();
  const env = {
    STORE: "redis",
    ...storeEnv,
    CURSOR_SECRET: "budgets-cursor-secret-0123456789abcdefgh",
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
    FIXTURE: await writeFixture(json),
  };
  const instances: ServerChild[] = [];
  try {
    // One after the other: the second one's fixture load is over before the first round starts.
    for (const port of await freePorts(2)) instances.push(await spawnServer(port, env));
    console.log(
      `\n## ${storeLabel}: ${instances.length} server processes, ${REQUESTS} concurrent requests per round, budget ${BUDGET}/3600 s`,
    );
    let exact = true;
    for (let i = 0; i < ROUNDS; i++) exact = (await round(instances, keys[i]!, `round ${i + 1}`)) && exact;
    return exact;
  } finally {
    await Promise.all(instances.map((instance) => instance.stop("SIGTERM")));
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "lintel-budgets-"));
  const results: boolean[] = [];
  try {
    const [redisPort] = (await freePorts(1)) as [number];
    const redis = await spawnRedis(redisPort, dir);
    try {
      results.push(await runOn(`one redis-server (${redisPort})`, { REDIS_URL: `redis://127.0.0.1:${redisPort}` }));
    } finally {
      await redis.stop("SIGKILL");
    }
    const base = Number(process.env["REDIS_CLUSTER_BASE_PORT"] ?? 7101);
    const cluster = await startRedisCluster([base, base + 1, base + 2], dir);
    try {
      results.push(await runOn(`3-master Redis Cluster (${cluster.nodes})`, { REDIS_CLUSTER_NODES: cluster.nodes }));
    } finally {
      await cluster.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const exact = results.every(Boolean);
  console.log(`\n${exact ? "every round exact" : "SOME ROUND WAS NOT EXACT"}`);
  process.exitCode = exact ? 0 : 1;
}

await main();
