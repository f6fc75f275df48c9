/**
 * Chaos script: the real Lintel server on a private redis-server, under a steady trickle of
 * /v1 traffic, while Redis is killed (SIGKILL, then restarted with its data) or frozen
 * (SIGSTOP, then SIGCONT). Prints, per scenario: time to the first 503, the statuses and
 * latencies during the outage, and the time until /v1 and /readyz answer 200 again.
 * Loopback only, bounded in requests and time; every process it starts it also stops.
 *
 * Usage: node tools/dist/chaos/redis-outage.js [kill:1000,kill:5000,freeze:3000]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateApiKey } from "@lintel/domain";
import { freePorts, spawnRedis, type Child } from "@lintel/testkit/processes";
import { spawnServer } from "../server-process.js";
import { countStatuses, ms, pause, percentile, type Sample } from "../reliability/figures.js";

type Fault = "kill" | "freeze";
interface Scenario {
  readonly fault: Fault;
  readonly outageMs: number;
}

const LOOPS = 2; // concurrent request loops, each one request at a time
const PAUSE_MS = 20;
const HANG_MS = 3000; // a request slower than this is aborted and counted as a hang
const RECOVERY_BOUND_MS = 20_000;
const MAX_REQUESTS_PER_SCENARIO = 4000;

async function sample(url: string, key?: string): Promise<Sample> {
  const sentAt = performance.now();
  try {
    const response = await fetch(url, { headers: key === undefined ? {} : { "x-api-key": key }, signal: AbortSignal.timeout(HANG_MS) });
    await response.arrayBuffer();
    return { sentAt, doneAt: performance.now(), status: response.status };
  } catch (error) {
    return { sentAt, doneAt: performance.now(), status: (error as Error).name === "TimeoutError" ? "hang" : "error" };
  }
}

function demoData() {
  const key = generateApiKey();
  const at = "2026-01-01T00:00:00.000Z";
  const locks = Array.from({ length: 30 }, (_, i) => ({
    lockId: `chaos_lk_${i}`,
    orgId: "chaos_org",
    name: `Door ${i}`,
    provider: "simulated",
    providerDeviceId: `d${i}`,
    model: null,
    timeZone: "America/Chicago",
    unitIds: ["chaos_unit"],
    status: "active",
    createdAt: at,
    updatedAt: at,
  }));
  const json = {
    orgs: [{ id: "chaos_org", name: "Chaos" }],
    apiKeys: [
      {
        id: "chaos_key",
        orgId: "chaos_org",
        name: "chaos",
        key,
        scopes: ["locks:read", "messages:read"],
        expiresAt: null,
        revokedAt: null,
        rateLimit: { requests: 100_000, windowSeconds: 60 },
        createdAt: at,
      },
    ],
    units: [{ id: "chaos_unit", orgId: "chaos_org", urlKey: "chaos", address: "1 Chaos St", timeZone: "America/Chicago", version: 1 }],
    locks,
  };
  return { key, json };
}

interface Rig {
  redis: Child;
  readonly redisPort: number;
  readonly dir: string;
  readonly base: string;
  readonly key: string;
}

async function runScenario(rig: Rig, scenario: Scenario): Promise<void> {
  const v1 = [`${rig.base}/v1/locks?limit=10`, `${rig.base}/v1/locks/chaos_lk_3`];
  const traffic: Sample[] = [];
  const readiness: Sample[] = [];
  let running = true;
  const loops = Array.from({ length: LOOPS }, async (_, loop) => {
    for (let i = loop; running && traffic.length < MAX_REQUESTS_PER_SCENARIO; i++) {
      traffic.push(await sample(v1[i % v1.length]!, rig.key));
      await pause(PAUSE_MS);
    }
  });
  const probe = (async () => {
    while (running) {
      readiness.push(await sample(`${rig.base}/readyz`));
      await pause(100);
    }
  })();

  await pause(500);
  const faultAt = performance.now();
  if (scenario.fault === "kill") await rig.redis.stop("SIGKILL");
  else rig.redis.child.kill("SIGSTOP");
  await pause(scenario.outageMs);
  const restoreAt = performance.now();
  if (scenario.fault === "kill") rig.redis = await spawnRedis(rig.redisPort, rig.dir);
  else rig.redis.child.kill("SIGCONT");
  const restoredAt = performance.now();
  const upAfter = (list: Sample[]) => list.find((s) => s.sentAt >= restoredAt && s.status === 200);
  while ((!upAfter(traffic) || !upAfter(readiness)) && performance.now() - restoreAt < RECOVERY_BOUND_MS) await pause(50);
  await pause(300);
  running = false;
  await Promise.all([...loops, probe]);

  const before = traffic.filter((s) => s.doneAt < faultAt);
  const outage = traffic.filter((s) => s.sentAt >= faultAt && s.doneAt < restoreAt);
  const firstDown = traffic.find((s) => s.doneAt >= faultAt && s.status !== 200);
  const firstUp = upAfter(traffic);
  const readyUp = upAfter(readiness);
  const latencies = outage.map((s) => s.doneAt - s.sentAt);
  console.log(`\n## ${scenario.fault} Redis for ${scenario.outageMs} ms`);
  console.log(`before the fault:        ${countStatuses(before)}`);
  console.log(
    `first non-200 answer:    ${ms(firstDown && firstDown.doneAt - faultAt)} after the fault (status ${firstDown?.status ?? "—"})`,
  );
  console.log(`during the outage:       ${countStatuses(outage)}`);
  console.log(
    `  latency:               p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.length > 0 ? Math.max(...latencies) : undefined)}`,
  );
  console.log(`/readyz during outage:   ${countStatuses(readiness.filter((s) => s.sentAt >= faultAt && s.doneAt < restoreAt))}`);
  if (scenario.fault === "kill") console.log(`redis restart took:      ${ms(restoredAt - restoreAt)}`);
  console.log(
    `after the restore until the first 200: ${countStatuses(traffic.filter((s) => s.sentAt >= restoreAt && (!firstUp || s.sentAt <= firstUp.sentAt)))}`,
  );
  console.log(`time to recover (/v1):   ${ms(firstUp && firstUp.doneAt - restoredAt)} after Redis was back`);
  console.log(`time to recover (/readyz): ${ms(readyUp && readyUp.doneAt - restoredAt)} after Redis was back`);
  console.log(
    `hangs (> ${HANG_MS} ms) / errors over the whole run: ${traffic.filter((s) => s.status === "hang").length} / ${traffic.filter((s) => s.status === "error").length}; requests: ${traffic.length}`,
  );
}

function parseScenarios(text: string | undefined): Scenario[] {
  const spec = text ?? "kill:1000,kill:5000,freeze:3000";
  return spec.split(",").map((part) => {
    const [fault, outage] = part.split(":");
    const outageMs = Number(outage);
    if ((fault !== "kill" && fault !== "freeze") || !Number.isInteger(outageMs) || outageMs < 100 || outageMs > 30_000) {
      throw new Error(`Bad scenario "${part}": expected kill:<ms> or freeze:<ms>, 100..30000 ms`);
    }
    return { fault, outageMs };
  });
}

async function main(): Promise<void> {
  const scenarios = parseScenarios(process.argv[2]);
  const dir = await mkdtemp(join(tmpdir(), "lintel-chaos-"));
  const [redisPort, serverPort] = (await freePorts(2)) as [number, number];
  const data = demoData();
  const fixturePath = join(dir, "fixture.json");
  await writeFile(fixturePath, JSON.stringify(data.json));
  const rig: Rig = { redis: await spawnRedis(redisPort, dir), redisPort, dir, base: `http://127.0.0.1:${serverPort}`, key: data.key };
  let server: Child | undefined;
  try {
    server = await spawnServer(serverPort, {
      STORE: "redis",
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      CURSOR_SECRET: "chaos-cursor-secret-0123456789abcdefghij",
      DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      FIXTURE: fixturePath,
    });
    console.log(`# Redis outage chaos run (node ${process.version}, ${LOOPS} loops, one request each every ~${PAUSE_MS} ms)`);
    for (const scenario of scenarios) await runScenario(rig, scenario);
    const alive = await sample(`${rig.base}/healthz`);
    console.log(`\nserver process still alive at the end: ${alive.status === 200 ? "yes" : `no (${alive.status})`}`);
  } finally {
    await server?.stop("SIGTERM");
    rig.redis.child.kill("SIGCONT");
    await rig.redis.stop("SIGKILL");
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
