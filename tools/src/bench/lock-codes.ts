/**
 * bench:codes: codes on locks through Seam, end to end. Two server processes share a private
 * redis-server (the code worker of every server leases the code work of every org of its group,
 * `default`: on a shared Redis other servers would lease these codes) and program codes on
 * August locks of Seam's own fake, started in this process. Figures only: nothing is asserted.
 *
 * 1. Throughput: `--codes` codes created through the API (`--connections` writers, alternating
 *    between the instances, each code on one of `--locks` locks). Prints codes programmed per
 *    second (first write sent → last code seen at the fake, which this process polls every
 *    10 ms), and p50/p99 from a code's 201 to its code being at the fake; then checks through
 *    list_schedule that every code reads `set`.
 * 2. Memory bounded while the provider is down: two fresh instances with SEAM_ENDPOINT at a
 *    proxy that answers 503, ACCESS_CODE_SYNC_RETRY_SCHEDULE=3600 (nothing is retried during the
 *    measure; a lock whose attempt was refused rests, up to 60 s, so most changes stay pending
 *    untried). After a warm-up of 200 tour and 200 code writes each, each instance takes `--pending`/2
 *    tour writes (half creates, half updates: no lock work; the baseline), then as many code
 *    writes (half creates, half updates of those codes' PINs: pending lock work). RSS and heap
 *    used of each instance (process_resident_memory_bytes, nodejs_heap_size_used_bytes on its
 *    METRICS_PORT) at the start, after the tours and after the codes, each read after 2 s idle and a
 *    full GC (asked of the instance's inspector: each server runs with `--inspect` on loopback).
 *
 *   npm run -s bench:codes [-- --codes 400 --connections 4 --locks 16 --pending 10000 --units 64 --log-level info]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rm, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateApiKey } from "@lintel/domain";
import { freePorts, spawnRedis, tempDir, type Child } from "@lintel/testkit/processes";
import { startFakeSeam, startSeamProxy, type FakeSeam } from "@lintel/testkit/seam";
import { benchFixture } from "./bench-fixture.js";
import { machineLine } from "./measure.js";

const { values } = parseArgs({
  options: {
    codes: { type: "string", default: "400" },
    connections: { type: "string", default: "4" },
    locks: { type: "string", default: "16" },
    pending: { type: "string", default: "10000" },
    units: { type: "string", default: "64" },
    "log-level": { type: "string", default: "info" },
  },
});
const CODES = Number(values.codes);
const CONNECTIONS = Number(values.connections);
const LOCKS = Number(values.locks);
const PENDING = Number(values.pending);
const UNITS = Number(values.units);
/** Writes of each kind through each instance before the memory is first read. */
const WARMUP = 200;
const MAIN = fileURLToPath(new URL("../../../apps/server/dist/main.js", import.meta.url));
const children: ChildProcess[] = [];
const loads: number[] = [];
const sampleLoad = () => loads.push(loadavg()[0] ?? NaN);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (0–100) of `samples`. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)}`;
const signed = (bytes: number) => `${bytes >= 0 ? "+" : "−"}${mib(Math.abs(bytes))}`;

interface Instance {
  readonly url: string;
  readonly metrics: string;
  /** The process's inspector (`--inspect` on a loopback port of its own): the memory phase asks it for a full GC before reading the heap. */
  readonly inspector: string;
  readonly child: ChildProcess;
}

/** A server process on `redisUrl` with the fixture at `fixturePath` and Seam at `seamEndpoint`, once it answers /healthz. */
async function lintel(
  redisUrl: string,
  fixturePath: string,
  seamEndpoint: string,
  apiKey: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const [port = 0, metricsPort = 0, inspectPort = 0] = await freePorts(3);
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, MAIN], {
    env: {
      PATH: process.env["PATH"] ?? "",
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      STORE: "redis",
      REDIS_URL: redisUrl,
      FIXTURE: fixturePath,
      LOG_LEVEL: values["log-level"],
      CURSOR_SECRET: "codes-bench-secret-0123456789abcdefghij",
      DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      SEAM_API_KEY: apiKey,
      SEAM_ENDPOINT: seamEndpoint,
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`Lintel exited: ${stderr}`);
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) return { url, metrics: `http://127.0.0.1:${metricsPort}/metrics`, inspector: `http://127.0.0.1:${inspectPort}`, child };
    await sleep(50);
  }
  throw new Error(`Lintel did not listen: ${stderr}`);
}

async function stop(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exit = once(instance.child, "exit");
  instance.child.kill("SIGTERM");
  await exit;
}

/** A metric of the instance's /metrics (the first sample of `name`, labels ignored). */
async function metric(instance: Instance, name: string): Promise<number> {
  const text = await (await fetch(instance.metrics)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return Number(line?.split(" ").at(-1) ?? NaN);
}

interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
}
/** A full garbage collection in the instance, through its inspector (Chrome DevTools Protocol over the WebSocket it lists). */
async function collectGarbage(instance: Instance): Promise<void> {
  const [target] = (await (await fetch(`${instance.inspector}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  if (target === undefined) throw new Error("the inspector lists no target");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
    socket.onmessage = (message) => {
      if ((JSON.parse(String(message.data)) as { id?: number }).id === 1) resolve();
    };
    socket.onerror = () => reject(new Error("the inspector's WebSocket failed"));
  });
  socket.close();
}

async function memoryOf(instance: Instance): Promise<Memory> {
  await collectGarbage(instance);
  return { rss: await metric(instance, "process_resident_memory_bytes"), heapUsed: await metric(instance, "nodejs_heap_size_used_bytes") };
}

/** POSTs `body` to `path` of `base` with the bench key; throws unless `status` answers. */
async function post(base: string, key: string, path: string, body: unknown, status = 201): Promise<Record<string, unknown>> {
  const answer = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`${path} answered ${answer.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Runs `count` jobs, `connections` at a time (job `i` gets its index). */
async function pool(count: number, connections: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

/** The bench fixture plus {@link UNITS} units and `locks` August locks (devices of the fake, each serving every unit). */
async function fixtureFile(
  key: string,
  fake: FakeSeam,
  tag: string,
): Promise<{ path: string; unitIds: string[]; locks: { lockId: string; deviceId: string }[] }> {
  const { fixture, orgIds } = benchFixture("", key);
  const orgId = orgIds[0];
  const unitIds = Array.from({ length: UNITS }, (_, i) => `unit_codes_${tag}_${i}`);
  (fixture["units"] as unknown[]).push(
    ...unitIds.map((id, i) => ({
      id,
      orgId,
      urlKey: `codes-${tag}-${i}`,
      address: `${i} Code St`,
      timeZone: "America/Chicago",
      version: 1,
    })),
  );
  const locks = Array.from({ length: LOCKS }, (_, i) => ({
    lockId: `lock_codes_${tag}_${i}`,
    deviceId: fake.addLock(`${tag} door ${i}`, { locked: true, online: true }),
  }));
  (fixture["locks"] as unknown[]).push(
    ...locks.map(({ lockId, deviceId }, i) => ({
      lockId,
      orgId,
      name: `Code door ${i}`,
      provider: "august",
      providerDeviceId: deviceId,
      model: null,
      timeZone: null,
      unitIds,
      status: "active",
      createdAt: "2026-05-01T00:00:00.000Z",
      updatedAt: "2026-05-01T00:00:00.000Z",
    })),
  );
  const path = join(await tempDir(), "fixture.json");
  await writeFile(path, JSON.stringify(fixture));
  return { path, unitIds, locks };
}

/** An hour-long window `n` hours after 2027-01-01. */
function window(n: number): { startAt: string; endAt: string } {
  const start = Date.UTC(2027, 0, 1) + n * 3_600_000;
  return { startAt: new Date(start).toISOString(), endAt: new Date(start + 3_600_000).toISOString() };
}
const pinOf = (n: number) => String((n * 7919) % 1_000_000).padStart(6, "0");

/** Phase 1; prints its lines. */
async function throughput(redisUrl: string, fake: FakeSeam, key: string): Promise<string[]> {
  const { path, unitIds, locks } = await fixtureFile(key, fake, "t");
  const a = await lintel(redisUrl, path, fake.endpoint, fake.apiKey);
  const b = await lintel(redisUrl, path, fake.endpoint, fake.apiKey);
  const instances = [a, b];
  const answeredAt = new Map<string, number>();
  const seenAt = new Map<string, number>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const now = performance.now();
      for (const lock of locks)
        for (const code of fake.accessCodesOn(lock.deviceId)) if (!seenAt.has(code.name)) seenAt.set(code.name, now);
      await sleep(10);
    }
  })();
  const items: { unitId: string; key: string; name: string }[] = [];
  sampleLoad();
  const firstSentAt = performance.now();
  await pool(CODES, CONNECTIONS, async (i) => {
    const name = `Bench code ${i}`;
    const unitId = unitIds[i % unitIds.length]!;
    const lockId = locks[i % locks.length]!.lockId;
    const answer = await post(instances[i % 2]!.url, key, "/v1/units/create_schedule_item", {
      unitIdOrKey: unitId,
      kind: "code",
      title: name,
      ...window(i),
      lockId,
      code: pinOf(i),
    });
    answeredAt.set(name, performance.now());
    items.push({ unitId, key: (answer["item"] as { key: string }).key, name });
  });
  const writesDoneAt = performance.now();
  const deadline = performance.now() + 120_000;
  while (seenAt.size < CODES && performance.now() < deadline) await sleep(20);
  polling = false;
  await poller;
  const lastSeen = Math.max(...seenAt.values());
  sampleLoad();
  // Every code reads `set` through the API (the fake holding it comes first: the answer is recorded after).
  const apiDeadline = performance.now() + 30_000;
  let notSet = CODES;
  while (performance.now() < apiDeadline) {
    notSet = 0;
    for (const unitId of unitIds) {
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? `from=2027-01-01T00:00:00Z` : `cursor=${encodeURIComponent(cursor)}`;
        const answer = await fetch(`${a.url}/v1/units/list_schedule?unitIdOrKey=${unitId}&limit=100&${query}`, {
          headers: { "x-api-key": key },
        });
        const page = (await answer.json()) as { items: { kind: string; lockSync: { status: string } | null }[]; nextCursor: string | null };
        notSet += page.items.filter((item) => item.kind === "code" && item.lockSync?.status !== "set").length;
        cursor = page.nextCursor;
      } while (cursor !== null);
    }
    if (notSet === 0) break;
    await sleep(250);
  }
  const apiAllSetAt = performance.now();
  const atFake = locks.reduce((sum, lock) => sum + fake.accessCodesOn(lock.deviceId).length, 0);
  const latencies = [...seenAt].map(([name, at]) => at - (answeredAt.get(name) ?? NaN)).filter((ms) => Number.isFinite(ms));
  await Promise.all(instances.map(stop));
  const seconds = (lastSeen - firstSentAt) / 1000;
  return [
    `${CODES} codes on ${LOCKS} locks (one org, ${UNITS} units), ${CONNECTIONS} writers over 2 instances: ` +
      `writes answered in ${((writesDoneAt - firstSentAt) / 1000).toFixed(2)} s (${Math.round(CODES / ((writesDoneAt - firstSentAt) / 1000))} writes/s)`,
    `| codes programmed/s | first write → last at the fake | 201 → at the fake p50 | p99 | max | at the fake | read \`set\` through the API |`,
    `|---:|---:|---:|---:|---:|---:|---:|`,
    `| ${(seenAt.size / seconds).toFixed(0)} | ${seconds.toFixed(2)} s | ${percentile(latencies, 50).toFixed(0)} ms | ${percentile(latencies, 99).toFixed(0)} ms | ` +
      `${Math.max(...latencies).toFixed(0)} ms | ${atFake} of ${CODES} | ${CODES - notSet} of ${CODES} (all by ${((apiAllSetAt - firstSentAt) / 1000).toFixed(2)} s) |`,
  ];
}

/** Phase 2; prints its lines. */
async function memory(redisUrl: string, fake: FakeSeam, key: string): Promise<string[]> {
  const proxy = await startSeamProxy(fake.endpoint);
  proxy.failWith(503);
  const { path, unitIds, locks } = await fixtureFile(key, fake, "m");
  const env = { ACCESS_CODE_SYNC_RETRY_SCHEDULE: "3600" };
  const instances = [
    await lintel(redisUrl, path, proxy.endpoint, fake.apiKey, env),
    await lintel(redisUrl, path, proxy.endpoint, fake.apiKey, env),
  ];
  const perInstance = Math.floor(PENDING / 2);
  const creates = Math.ceil(perInstance / 2);
  /** `perInstance` writes through each instance: `creates` items, then updates of them. */
  async function writes(kind: "tour" | "code", offset: number, total = perInstance): Promise<number> {
    const started = performance.now();
    const creates = Math.ceil(total / 2);
    await Promise.all(
      instances.map(async (instance, which) => {
        const keys: { unitId: string; key: string }[] = [];
        await pool(creates, Math.max(1, CONNECTIONS / 2), async (i) => {
          const n = offset + which * total + i;
          const unitId = unitIds[n % unitIds.length]!;
          const body =
            kind === "tour" ? { title: `Tour ${n}` } : { title: `Code ${n}`, lockId: locks[n % locks.length]!.lockId, code: pinOf(n) };
          const answer = await post(instance.url, key, "/v1/units/create_schedule_item", {
            unitIdOrKey: unitId,
            kind,
            ...window(n),
            ...body,
          });
          keys[i] = { unitId, key: (answer["item"] as { key: string }).key };
        });
        await pool(total - creates, Math.max(1, CONNECTIONS / 2), async (i) => {
          const { unitId, key: itemKey } = keys[i % keys.length]!;
          const change = kind === "tour" ? { title: `Tour updated ${i}` } : { code: pinOf(offset + i + 1) };
          await post(instance.url, key, "/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: itemKey, ...change }, 200);
        });
      }),
    );
    return performance.now() - started;
  }
  const settle = async () => {
    await sleep(2_000);
    return Promise.all(instances.map(memoryOf));
  };
  // Warm-up (JIT, connections, caches), so the baseline's growth is the tours', not the first requests'.
  await writes("tour", 200_000, WARMUP);
  await writes("code", 300_000, WARMUP);
  sampleLoad();
  const start = await settle();
  const tourMs = await writes("tour", 0);
  const afterTours = await settle();
  const codeMs = await writes("code", 100_000);
  const afterCodes = await settle();
  sampleLoad();
  await sleep(4_000); // the pending gauge is counted every 5 s: this reading is one taken after the last write
  const pending = await metric(instances[0]!, "lintel_access_code_sync_pending");
  const refused = proxy.requests.length;
  await Promise.all(instances.map(stop));
  await proxy.close();
  const lines = [
    `\nMemory while Seam answers 503 (ACCESS_CODE_SYNC_RETRY_SCHEDULE=3600): per instance ${perInstance.toLocaleString("en-US")} tour writes ` +
      `(${creates.toLocaleString("en-US")} creates, then updates; ${((2 * perInstance) / (tourMs / 1000)).toFixed(0)} writes/s over both), then as many code writes ` +
      `(${((2 * perInstance) / (codeMs / 1000)).toFixed(0)} writes/s); ${refused.toLocaleString("en-US")} refused requests at the proxy; ` +
      `lintel_access_code_sync_pending ${pending.toLocaleString("en-US")} at the end. MiB, read after 2 s idle and a full GC.`,
    `| instance | RSS start | after tours (Δ) | after codes (Δ vs tours) | heap used start | after tours (Δ) | after codes (Δ vs tours) |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const [i, name] of ["A", "B"].entries()) {
    const [s, t, c] = [start[i]!, afterTours[i]!, afterCodes[i]!];
    lines.push(
      `| ${name} | ${mib(s.rss)} | ${mib(t.rss)} (${signed(t.rss - s.rss)}) | ${mib(c.rss)} (${signed(c.rss - t.rss)}) | ` +
        `${mib(s.heapUsed)} | ${mib(t.heapUsed)} (${signed(t.heapUsed - s.heapUsed)}) | ${mib(c.heapUsed)} (${signed(c.heapUsed - t.heapUsed)}) |`,
    );
  }
  return lines;
}

const [redisPort = 0] = await freePorts(1);
const redisDir = await tempDir();
let redis: Child | undefined;
let fake: FakeSeam | undefined;
try {
  redis = await spawnRedis(redisPort, redisDir, ["--appendfsync", "everysec"]);
  fake = await startFakeSeam();
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const key = generateApiKey();
  const first = await throughput(redisUrl, fake, key);
  const second = PENDING > 0 ? await memory(redisUrl, fake, key) : [];
  console.log(`# codes on locks — ${machineLine()}`);
  console.log(
    `2 Lintel processes (LOG_LEVEL=${values["log-level"]}), a private redis-server (AOF, fsync every second), Seam's fake in this process; ` +
      `load average (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}\n`,
  );
  for (const line of [...first, ...second]) console.log(line);
} finally {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await fake?.close();
  await redis?.stop("SIGKILL");
  await rm(redisDir, { recursive: true, force: true });
}
