/**
 * Lintel against the bare framework, in one run: bare Koa 3 + @koa/router serving the very bytes
 * and headers Lintel answered, Lintel on memory and Lintel on Redis, each its own process with
 * LOG_LEVEL=info (or `--log-level`) and logs to /dev/null, under wrk (C, one thread, so the load
 * generator is not the bottleneck), in alternating rounds of 5 s. Every server is pinned to one
 * core (`taskset`), wrk and redis-server (when it runs on this machine) to the other, so a server
 * gets a core to itself and Redis's CPU is not taken from it.
 *
 * Per endpoint and server: the median req/s of the rounds, the median server CPU time per
 * request (µs, from /proc: what other work on a shared machine barely moves), and the ratios
 * memory/bare and Redis/memory (req/s). With `--before <checkout>` (another built checkout of
 * Lintel, e.g. a `git worktree` of an older commit) its servers run in the same rounds, so
 * before → after comes from one run.
 *
 *   node tools/dist/bench/ratio.js [--rounds 3] [--duration 5] [--connections 32] [--no-redis] [--before <dir>]
 *     [--log-level warn] [--server-cpu 0] [--load-cpu 1] [--cpu-prof <dir>] [--only "lock list"]
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, openSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { freePorts, tempDir } from "@lintel/testkit/processes";
import { generateApiKey } from "@lintel/domain";
import { DEFAULT_REDIS_URL } from "@lintel/store-redis";
import type { RecordedAnswer } from "./bare-koa.js";
import { benchFixture, dropFromRedis } from "./bench-fixture.js";
import { machineLine } from "./measure.js";

const ALL_ENDPOINTS = [
  { name: "lock list (20)", path: "/v1/locks?limit=20", route: "/v1/locks" },
  { name: "one lock", path: "/v1/locks/lock_001", route: "/v1/locks/:lockId" },
  {
    name: "preview → Tokyo",
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
    connections: { type: "string", default: "32" },
    "no-redis": { type: "boolean", default: false },
    "log-level": { type: "string", default: "info" },
    before: { type: "string" },
    "server-cpu": { type: "string", default: "0" },
    "load-cpu": { type: "string", default: "1" },
    // Only the endpoints whose name contains this text (e.g. "lock list"); all three by default.
    only: { type: "string" },
    // A directory: each Lintel server writes a V8 CPU profile of its run there (node --cpu-prof).
    "cpu-prof": { type: "string" },
  },
});
const ENDPOINTS = ALL_ENDPOINTS.filter(({ name }) => values.only === undefined || name.includes(values.only));
const here = fileURLToPath(new URL(".", import.meta.url));
const devNull = openSync("/dev/null", "w");
const children: ChildProcess[] = [];
/** What each Lintel on Redis wrote there, taken out again at the end. */
const drops: (() => Promise<void>)[] = [];
const redisUrl = process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;

/** CPU time (user + system, ms) the process `pid` has used so far, from /proc (Linux). */
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

/** Starts `node script args` on the server core with `env`, stdout to /dev/null, and waits until it listens. */
async function serve(
  script: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  nodeFlags: string[] = [],
): Promise<{ url: string; pid: number }> {
  const child = spawn("taskset", ["-c", values["server-cpu"], process.execPath, ...nodeFlags, script, ...args], {
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
      return { url, pid: child.pid ?? 0 }; // taskset execs node: the same pid
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
  const env = {
    FIXTURE: path,
    LOG_LEVEL: values["log-level"],
    CURSOR_SECRET: "ratio-bench-secret-0123456789abcdefgh",
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
    STORE: store,
    ...(store === "redis" ? { REDIS_URL: redisUrl } : {}),
  };
  const profile = values["cpu-prof"] === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", values["cpu-prof"]];
  // Dropped at the end even when the server never listens: it may have loaded its fixture first.
  if (store === "redis") drops.push(() => dropFromRedis(redisUrl, orgIds, key, keyId));
  // A checkout from before the server package (apps/server) had its server in apps/api.
  const main = ["apps/server/dist/main.js", "apps/api/dist/main.js"].map((path) => join(checkout, path)).find((path) => existsSync(path));
  if (main === undefined) throw new Error(`${checkout} has no built server (apps/server/dist/main.js)`);
  return serve(main, [], env, port, profile);
}

async function record(url: string, key: string): Promise<RecordedAnswer[]> {
  return Promise.all(
    ENDPOINTS.map(async ({ path, route }) => {
      // As wrk asks: no Accept-Encoding (fetch would send gzip and decode the body).
      const answer = await fetch(`${url}${path}`, { headers: { "x-api-key": key, "accept-encoding": "identity" } });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
      const headers = Object.fromEntries([...answer.headers].filter(([name]) => !PER_RESPONSE.has(name)));
      return { route, status: answer.status, headers, body: await answer.text() };
    }),
  );
}

/** One wrk round against `url` on the load core: requests and req/s; throws on any error or non-2xx answer. */
function wrk(url: string, key: string): { requests: number; rps: number } {
  const out = execFileSync(
    "taskset",
    ["-c", values["load-cpu"], "wrk", "-t1", `-c${values.connections}`, `-d${values.duration}s`, "-H", `x-api-key: ${key}`, url],
    { encoding: "utf8" },
  );
  if (/Non-2xx|Socket errors/.test(out)) throw new Error(`wrk ${url}:\n${out}`);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  return { requests, rps };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;
const int = (n: number) => Math.round(n).toLocaleString("en-US");

const key = generateApiKey();
const withRedis = !values["no-redis"];
const [bp, mp, rp, beforeMemoryPort, beforeRedisPort] = await freePorts(5);
const before = values.before;
const figures = new Map<string, { rps: number[]; cpu: number[] }>();
const loads: number[] = [];
let redisPid: number | null = null;
let redisAffinity: string | undefined;
// From the first server on, a failure still stops every server and drops what was written to Redis.
try {
  const memory = await lintel("memory", key, mp!);
  const answersPath = join(await tempDir(), "answers.json");
  await writeFile(answersPath, JSON.stringify(await record(memory.url, key)));
  const apps = [
    { name: "bare Koa", ...(await serve(join(here, "bare-koa.js"), [answersPath, String(bp)], {}, bp!)) },
    { name: "memory", ...memory },
    ...(withRedis ? [{ name: "Redis", ...(await lintel("redis", key, rp!)) }] : []),
    ...(before === undefined ? [] : [{ name: "before memory", ...(await lintel("memory", key, beforeMemoryPort!, before)) }]),
    ...(before === undefined || !withRedis ? [] : [{ name: "before Redis", ...(await lintel("redis", key, beforeRedisPort!, before)) }]),
  ];
  redisPid = withRedis ? await localRedisPid(redisUrl) : null;
  // Redis joins wrk on the load core for the run, then gets its own affinity back.
  redisAffinity =
    redisPid === null ? undefined : /: (\w+)\s*$/.exec(execFileSync("taskset", ["-p", String(redisPid)], { encoding: "utf8" }))?.[1];
  if (redisPid !== null) execFileSync("taskset", ["-pc", values["load-cpu"], String(redisPid)], { stdio: "ignore" });
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const endpoint of ENDPOINTS) {
      for (const app of apps) {
        const cpuBefore = cpuMs(app.pid);
        const { requests, rps } = wrk(`${app.url}${endpoint.path}`, key);
        const cell = figures.get(`${endpoint.name}|${app.name}`) ?? { rps: [], cpu: [] };
        cell.rps.push(rps);
        cell.cpu.push(((cpuMs(app.pid) - cpuBefore) * 1000) / requests);
        figures.set(`${endpoint.name}|${app.name}`, cell);
        loads.push(loadavg()[0] ?? NaN);
      }
    }
  }
  const at = (endpoint: string, app: string) => figures.get(`${endpoint}|${app}`) ?? { rps: [NaN], cpu: [NaN] };
  const cell = (f: { rps: number[]; cpu: number[] }) =>
    Number.isNaN(median(f.rps)) ? "—" : `${int(median(f.rps))} · ${median(f.cpu).toFixed(0)} µs`;
  const ratio = (a: { rps: number[] }, b: { rps: number[] }) => {
    const value = median(a.rps) / median(b.rps);
    return Number.isNaN(value) ? "—" : value.toFixed(2);
  };
  console.log(`# Lintel vs bare Koa — ${machineLine()}`);
  console.log(
    `wrk -t1 -c${values.connections}, ${values.rounds} alternating rounds of ${values.duration} s, LOG_LEVEL=${values["log-level"]}; ` +
      `servers on CPU ${values["server-cpu"]}, wrk and redis-server on CPU ${values["load-cpu"]}; ` +
      `load average (1 min) during the rounds ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}; ` +
      `median req/s · server CPU per request\n`,
  );
  const head = ["endpoint", "bare Koa", "memory", "Redis", "memory/bare", "Redis/memory"];
  if (before !== undefined) head.push("before memory", "before Redis", "before memory/bare", "before Redis/memory");
  console.log(
    `| ${head.join(" | ")} |\n|---|${head
      .slice(1)
      .map(() => "---:|")
      .join("")}`,
  );
  for (const { name } of ENDPOINTS) {
    const [bare, mem, red, oldMem, oldRed] = ["bare Koa", "memory", "Redis", "before memory", "before Redis"].map((app) => at(name, app));
    const row = [name, cell(bare!), cell(mem!), cell(red!), ratio(mem!, bare!), ratio(red!, mem!)];
    if (before !== undefined) row.push(cell(oldMem!), cell(oldRed!), ratio(oldMem!, bare!), ratio(oldRed!, oldMem!));
    console.log(`| ${row.join(" | ")} |`);
  }
} finally {
  if (redisPid !== null && redisAffinity !== undefined)
    execFileSync("taskset", ["-p", redisAffinity, String(redisPid)], { stdio: "ignore" });
  for (const child of children) child.kill();
  await Promise.all(children.map((child) => (child.exitCode === null ? once(child, "exit") : Promise.resolve())));
  for (const drop of drops) await drop();
}
