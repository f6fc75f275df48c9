/**
 * Bounded memory: one real server process under a steady mix of traffic built to grow every
 * in-memory map it has: failed keys from ever new client addresses (TRUST_PROXY=1,
 * X-Forwarded-For rotating through valid IPs), live state of 2,000 distinct locks, set_timezone
 * with a fresh Idempotency-Key each, previews across zones, unknown paths and bad parameters.
 * Samples the process's RSS and heap (its own /metrics) every 30 s and prints them; the growth
 * after the warm-up (the first sample) must stay within 5 %. Exits 1 otherwise.
 * Loopback only, bounded in time and count, stops everything it starts.
 *
 * Usage: node tools/dist/reliability/soak.js [--duration 180] [--rate 300] [--store memory|redis]
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePorts, spawnRedis, writeFixture, type Child, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../server-process.js";
import { generateApiKey } from "@lintel/domain";
import { countStatuses, latencies, pause } from "./figures.js";
import { startLoad, type Plan } from "./load.js";
import { soakFixture, type SoakFixture } from "./soak-fixture.js";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "180" },
    rate: { type: "string", default: "300" },
    store: { type: "string", default: "memory" },
  },
});
const DURATION_S = Math.min(Math.max(Number(values.duration) || 180, 12), 1800);
const RATE = Math.min(Math.max(Number(values.rate) || 300, 10), 1000);
const STORE = values.store === "redis" ? "redis" : "memory";
const SAMPLE_EVERY_S = Math.min(30, DURATION_S / 6);
const ZONES = ["Asia/Tokyo", "Europe/Berlin", "America/Denver", "Australia/Sydney", "America/Sao_Paulo", "Africa/Cairo"];

const randomByte = () => Math.floor(Math.random() * 256);
const randomAddress = () =>
  Math.random() < 0.8 ? `${randomByte()}.${randomByte()}.${randomByte()}.${randomByte()}` : `2001:db8::${randomUUID().slice(0, 4)}`;

/** The n-th request of the mix. */
function soakPlan(fixture: SoakFixture) {
  const versions = new Map(fixture.units.map((unit) => [unit.id, unit.version]));
  return (n: number): Plan => {
    const unit = fixture.units[n % fixture.units.length]!;
    const lock = fixture.locks[(n * 7919) % fixture.locks.length]!;
    switch (n % 10) {
      case 0:
        return {
          kind: "set_timezone",
          path: "/v1/units/set_timezone",
          method: "POST",
          headers: { "Idempotency-Key": randomUUID() },
          body: {
            unitIdOrKey: unit.id,
            timeZone: ZONES[n % ZONES.length],
            expectedVersion: versions.get(unit.id),
            policy: "keep_wall_clock",
          },
          answered(_status, json) {
            const body = json as { unit?: { version: number }; currentVersion?: number } | undefined;
            const version = body?.unit?.version ?? body?.currentVersion;
            if (version !== undefined) versions.set(unit.id, Math.max(version, versions.get(unit.id) ?? 0));
          },
        };
      case 1:
        return { kind: "failed_key", path: "/v1/locks", headers: { "x-api-key": generateApiKey(), "x-forwarded-for": randomAddress() } };
      case 2:
      case 7:
        return { kind: "lock_state", path: `/v1/locks/${lock.lockId}/state` };
      case 3:
        return { kind: "list_locks", path: "/v1/locks?limit=20" };
      case 4:
        return { kind: "get_lock", path: `/v1/locks/${lock.lockId}` };
      case 5:
        return { kind: "preview", path: `/v1/units/preview_timezone_change?unitIdOrKey=${unit.urlKey}&proposedTimeZone=${ZONES[n % 6]}` };
      case 6:
        return { kind: "list_schedule", path: `/v1/units/list_schedule?unitIdOrKey=${unit.id}&limit=10` };
      case 8:
        return { kind: "unknown_path", path: `/v1/nothing/${randomUUID()}` };
      default:
        return { kind: "bad_parameter", path: `/v1/locks?limit=0&${randomUUID().slice(0, 8)}=1` };
    }
  };
}

interface Memory {
  readonly atS: number;
  readonly rssMiB: number;
  readonly heapMiB: number;
  readonly series: number;
}

async function memoryOf(metricsUrl: string, atS: number): Promise<Memory> {
  const text = await (await fetch(metricsUrl)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN) / 2 ** 20;
  const series = text.split("\n").filter((line) => line.startsWith("lintel_")).length;
  return { atS, rssMiB: gauge("process_resident_memory_bytes"), heapMiB: gauge("nodejs_heap_size_used_bytes"), series };
}

const mib = (value: number) => `${value.toFixed(1)} MiB`;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "lintel-soak-"));
  const fixture = soakFixture();
  const [port, metricsPort, redisPort] = (await freePorts(3)) as [number, number, number];
  let redis: Child | undefined;
  let server: ServerChild | undefined;
  try {
    if (STORE === "redis") redis = await spawnRedis(redisPort, dir);
    server = await spawnServer(port, {
      ...(STORE === "redis" ? { STORE, REDIS_URL: `redis://127.0.0.1:${redisPort}` } : { STORE }),
      ...{
        CURSOR_SECRET: "soak-cursor-secret-0123456789abcdefghijk",
        DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
        FIXTURE: await writeFixture(fixture.json),
      },
      ...{ TRUST_PROXY: "1", METRICS_PORT: String(metricsPort) },
    });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    console.log(
      `# Soak: STORE=${STORE}, ~${RATE} requests/s for ${DURATION_S} s, node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}`,
    );
    const samples: Memory[] = [await memoryOf(metricsUrl, 0)];
    console.log(`before traffic: RSS ${mib(samples[0]!.rssMiB)}, heap used ${mib(samples[0]!.heapMiB)}`);
    const started = performance.now();
    const load = startLoad({
      bases: [server.url],
      apiKey: fixture.key,
      ratePerSecond: RATE,
      plan: soakPlan(fixture),
      maxRequests: RATE * DURATION_S,
    });
    for (let i = 1; i * SAMPLE_EVERY_S <= DURATION_S; i++) {
      await pause(started + i * SAMPLE_EVERY_S * 1000 - performance.now());
      const sample = await memoryOf(metricsUrl, Math.round((performance.now() - started) / 1000));
      samples.push(sample);
      console.log(
        `${String(sample.atS).padStart(4)} s: RSS ${mib(sample.rssMiB)}, heap used ${mib(sample.heapMiB)}, metric series ${sample.series}, answers ${load.shots.length}`,
      );
    }
    await load.stop();
    const warm = samples[1]!;
    const last = samples[samples.length - 1]!;
    const growth = ((last.rssMiB - warm.rssMiB) / warm.rssMiB) * 100;
    const peak = Math.max(...samples.slice(1).map((s) => s.rssMiB));
    console.log(`\nrequests: ${load.shots.length}; statuses: ${countStatuses(load.shots)}; ${latencies(load.shots)}`);
    console.log(`connection errors: ${load.shots.filter((s) => s.status === "error").length}`);
    console.log(
      `RSS before ${mib(samples[0]!.rssMiB)}, after warm-up (${warm.atS} s) ${mib(warm.rssMiB)}, at the end ${mib(last.rssMiB)}, peak ${mib(peak)}`,
    );
    console.log(`heap used after warm-up ${mib(warm.heapMiB)}, at the end ${mib(last.heapMiB)}`);
    const ok = growth <= 5;
    console.log(
      `RSS growth after warm-up: ${growth.toFixed(1)} % (${ok ? "ok, ≤ 5 %" : "OVER 5 %"}); load average ${loadavg()[0]!.toFixed(2)}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server?.stop("SIGTERM");
    await redis?.stop("SIGKILL");
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
