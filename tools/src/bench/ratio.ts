/**
 * Lintel against the bare framework, in one run (issue 9's method): four servers, each its own
 * process, LOG_LEVEL=info (or `--log-level`) with logs to /dev/null — bare Koa 3 + @koa/router
 * serving the very bytes and headers Lintel answered, the floor (`floor-koa.ts`: the same stack
 * doing only what the SPEC asks of every answer, with the operation free), Lintel on memory and
 * Lintel on Redis — under autocannon (50 connections, in a worker thread), in alternating rounds
 * of 5 s; the median req/s and p99 of the rounds, and the ratios floor/bare, memory/bare,
 * memory/floor and Redis/memory.
 *
 * With `--before <checkout>` (another built checkout of Lintel, e.g. a `git worktree` of an
 * older commit) its server runs in the same rounds, so before → after comes from one run.
 *
 * Besides req/s it prints each server process's CPU time per request and, for the Redis rows,
 * redis-server's own (when Redis runs on this machine): on a shared machine, Redis's CPU is
 * throughput the server does not get.
 *
 *   node tools/dist/bench/ratio.js [--rounds 3] [--duration 5] [--connections 50] [--no-redis] [--before <dir>]
 *     [--log-level warn]   (Lintel and the floor without their access log line)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, openSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { freePorts, tempDir } from "@lintel/testkit/processes";
import { generateApiKey } from "@lintel/domain";
import { DEFAULT_REDIS_URL } from "@lintel/store-redis";
import type { RecordedAnswer } from "./bare-koa.js";
import { benchFixture, dropFromRedis } from "./bench-fixture.js";
import { machineLine } from "./measure.js";

const ENDPOINTS = [
  // No key, no store: what every answer's envelope costs (request id, log line, headers, error boundary).
  { name: "`GET /healthz`", path: "/healthz", route: "/healthz" },
  { name: "`GET /v1/locks?limit=20`", path: "/v1/locks?limit=20", route: "/v1/locks" },
  { name: "`GET /v1/locks/{id}`", path: "/v1/locks/lock_001", route: "/v1/locks/:lockId" },
  {
    name: "preview (demo unit → Asia/Tokyo)",
    path: "/v1/units/preview_timezone_change?unitIdOrKey=chicago-loft&proposedTimeZone=Asia/Tokyo",
    route: "/v1/units/preview_timezone_change",
  },
] as const;
/** Headers that belong to the connection or the moment, not to the answer. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    "no-redis": { type: "boolean", default: false },
    // warn: no access log line, in Lintel and in the floor (what the line costs, issue 9).
    "log-level": { type: "string", default: "info" },
    before: { type: "string" },
  },
});
const here = fileURLToPath(new URL(".", import.meta.url));
const devNull = openSync("/dev/null", "w");
const children: ChildProcess[] = [];

/**
 * CPU time (user + system, ms) the process `pid` has used so far, from /proc (Linux). Per request,
 * it is a figure that other work on a shared machine barely moves, unlike req/s.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** The pid of the Redis at `url` when it runs on this machine (its /proc entry is readable), else null. */
async function localRedisPid(url: string): Promise<number | null> {
  const redis = new Redis(url, { lazyConnect: true });
  try {
    await redis.connect();
    const pid = Number(/process_id:(\d+)/.exec(await redis.info("server"))?.[1]);
    return Number.isInteger(pid) && existsSync(`/proc/${pid}/stat`) ? pid : null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}

/** Starts `node script args` with `env`, stdout to /dev/null, and waits until it listens. */
async function serve(script: string, args: string[], env: Record<string, string>, port: number): Promise<{ url: string; pid: number }> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env["PATH"] ?? "", ...env, PORT: String(port) },
    stdio: ["ignore", devNull, "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr}`);
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      return { url, pid: child.pid ?? 0 };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${script} did not listen: ${stderr}`);
}

async function lintel(store: "memory" | "redis", key: string, port: number, checkout = join(here, "../../..")) {
  const suffix = store === "redis" ? `_ratio${port}` : "";
  // Only the scopes the benchmarked operations need, which every checkout since c6eb1e0 knows (--before).
  const { fixture, orgIds, keyId } = benchFixture(suffix, key, ["locks:read", "units:write"]);
  const path = join(await tempDir(), "fixture.json");
  await writeFile(path, JSON.stringify(fixture));
  const redisUrl = process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;
  const env = {
    FIXTURE: path,
    LOG_LEVEL: values["log-level"],
    CURSOR_SECRET: "ratio-bench-secret-0123456789abcdefgh",
    STORE: store,
    ...(store === "redis" ? { REDIS_URL: redisUrl } : {}),
  };
  const { url, pid } = await serve(join(checkout, "apps/api/dist/main.js"), [], env, port);
  return { url, pid, drop: () => (store === "redis" ? dropFromRedis(redisUrl, orgIds, key, keyId) : Promise.resolve()) };
}

async function record(url: string, key: string): Promise<RecordedAnswer[]> {
  return Promise.all(
    ENDPOINTS.map(async ({ path, route }) => {
      // As autocannon asks: no Accept-Encoding (fetch would send gzip and decode the body, and the
      // baselines then served the plain body under `content-encoding: gzip`).
      const answer = await fetch(`${url}${path}`, { headers: { "x-api-key": key, "accept-encoding": "identity" } });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
      const headers = Object.fromEntries([...answer.headers].filter(([name]) => !PER_RESPONSE.has(name)));
      return { route, status: answer.status, headers, body: await answer.text() };
    }),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const int = (n: number) => Math.round(n).toLocaleString("en-US");

const key = generateApiKey();
const withRedis = !values["no-redis"];
const [bp, fp, mp, rp, beforeMemoryPort, beforeRedisPort] = await freePorts(6);
const memory = await lintel("memory", key, mp!);
const answersPath = join(await tempDir(), "answers.json");
await writeFile(answersPath, JSON.stringify(await record(memory.url, key)));
const apps = [
  { name: "bare Koa", ...(await serve(join(here, "bare-koa.js"), [answersPath, String(bp)], {}, bp!)) },
  { name: "floor", ...(await serve(join(here, "floor-koa.js"), [answersPath, String(fp), key], { LOG_LEVEL: values["log-level"] }, fp!)) },
  { name: "Lintel memory", ...memory },
  ...(withRedis ? [{ name: "Lintel Redis", ...(await lintel("redis", key, rp!)) }] : []),
  ...(values.before === undefined
    ? []
    : [{ name: "before: Lintel memory", ...(await lintel("memory", key, beforeMemoryPort!, values.before)) }]),
  ...(values.before === undefined || !withRedis
    ? []
    : [{ name: "before: Lintel Redis", ...(await lintel("redis", key, beforeRedisPort!, values.before)) }]),
];
const redisPid = withRedis ? await localRedisPid(process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL) : null;
const figures = new Map<string, { rps: number[]; p99: number[]; cpu: number[]; redisCpu: number[] }>();
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const endpoint of ENDPOINTS) {
      for (const app of apps) {
        const cpuBefore = cpuMs(app.pid);
        const redisCpuBefore = redisPid === null ? NaN : cpuMs(redisPid);
        const result = await autocannon({
          url: `${app.url}${endpoint.path}`,
          connections: Number(values.connections),
          duration: Number(values.duration),
          workers: 1,
          headers: { "x-api-key": key },
        });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${app.name} ${endpoint.path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        const cell = figures.get(`${endpoint.name}|${app.name}`) ?? { rps: [], p99: [], cpu: [], redisCpu: [] };
        cell.rps.push(result.requests.average);
        cell.p99.push(result.latency.p99);
        cell.cpu.push(((cpuMs(app.pid) - cpuBefore) * 1000) / result.requests.total);
        if (redisPid !== null) cell.redisCpu.push(((cpuMs(redisPid) - redisCpuBefore) * 1000) / result.requests.total);
        figures.set(`${endpoint.name}|${app.name}`, cell);
      }
    }
  }
  const at = (endpoint: string, app: string) =>
    figures.get(`${endpoint}|${app}`) ?? { rps: [NaN], p99: [NaN], cpu: [NaN], redisCpu: [NaN] };
  console.log(`# Lintel vs bare Koa — ${machineLine()}`);
  console.log(
    `${values.connections} connections, ${values.rounds} alternating rounds of ${values.duration} s, LOG_LEVEL=${values["log-level"]}; median req/s (median p99 ms)\n`,
  );
  const cell = (f: { rps: number[]; p99: number[] }) => (Number.isNaN(median(f.rps)) ? "—" : `${int(median(f.rps))} (${median(f.p99)})`);
  const ratio = (a: { rps: number[] }, b: { rps: number[] }) => {
    const value = median(a.rps) / median(b.rps);
    return Number.isNaN(value) ? "—" : value.toFixed(2);
  };
  const before = values.before !== undefined;
  console.log(
    `| endpoint | bare Koa | floor | Lintel memory | Lintel Redis | floor/bare | memory/bare | memory/floor | Redis/memory |${before ? " before: memory | before: Redis | before: memory/bare | before: Redis/memory |" : ""}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|${before ? "---:|---:|---:|---:|" : ""}`);
  for (const { name } of ENDPOINTS) {
    const [bare, floor, mem, red, oldMem, oldRed] = [
      "bare Koa",
      "floor",
      "Lintel memory",
      "Lintel Redis",
      "before: Lintel memory",
      "before: Lintel Redis",
    ].map((app) => at(name, app)) as [
      ReturnType<typeof at>,
      ReturnType<typeof at>,
      ReturnType<typeof at>,
      ReturnType<typeof at>,
      ReturnType<typeof at>,
      ReturnType<typeof at>,
    ];
    const after = `| ${name} | ${cell(bare)} | ${cell(floor)} | ${cell(mem)} | ${cell(red)} | ${ratio(floor, bare)} | ${ratio(mem, bare)} | ${ratio(mem, floor)} | ${ratio(red, mem)} |`;
    console.log(before ? `${after} ${cell(oldMem)} | ${cell(oldRed)} | ${ratio(oldMem, bare)} | ${ratio(oldRed, oldMem)} |` : after);
  }
  // The same rounds as CPU time per request of each server process (Redis's own CPU not counted):
  // bare/Lintel is what the req/s ratio would be if each server had a core to itself.
  const names = [
    "bare Koa",
    "floor",
    "Lintel memory",
    "Lintel Redis",
    ...(before ? ["before: Lintel memory", "before: Lintel Redis"] : []),
  ];
  console.log(`\nServer CPU per request, µs (median of the rounds; each server's process, Redis's own below)\n`);
  console.log(`| endpoint | ${names.join(" | ")} | bare/floor | bare/memory | bare/Redis |${before ? " before: bare/memory |" : ""}`);
  console.log(`|---|${names.map(() => "---:|").join("")}---:|---:|---:|${before ? "---:|" : ""}`);
  for (const { name } of ENDPOINTS) {
    const cpu = names.map((app) => median(at(name, app).cpu));
    const share = (lintelCpu: number | undefined) =>
      lintelCpu === undefined || Number.isNaN(lintelCpu) ? "—" : ((cpu[0] ?? NaN) / lintelCpu).toFixed(2);
    const cells = cpu.map((value) => (Number.isNaN(value) ? "—" : value.toFixed(0)));
    console.log(
      `| ${name} | ${cells.join(" | ")} | ${share(cpu[1])} | ${share(cpu[2])} | ${share(cpu[3])} |${before ? ` ${share(cpu[4])} |` : ""}`,
    );
  }
  if (redisPid !== null) {
    const redisApps = ["Lintel Redis", ...(before ? ["before: Lintel Redis"] : [])];
    console.log(`\nredis-server's CPU per request, µs (median of the rounds, while each Redis-backed server ran)\n`);
    console.log(`| endpoint | ${redisApps.join(" | ")} |`);
    console.log(`|---|${redisApps.map(() => "---:|").join("")}`);
    for (const { name } of ENDPOINTS) {
      const cells = redisApps.map((app) => median(at(name, app).redisCpu)).map((value) => (Number.isNaN(value) ? "—" : value.toFixed(0)));
      console.log(`| ${name} | ${cells.join(" | ")} |`);
    }
  }
} finally {
  for (const child of children) child.kill();
  await Promise.all(children.map((child) => (child.exitCode === null ? once(child, "exit") : Promise.resolve())));
  for (const app of apps) if ("drop" in app) await app.drop();
}
