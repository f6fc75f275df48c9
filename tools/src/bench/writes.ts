/**
 * Writes under load: POST /v1/units/create_schedule_item (a new tour each request, no
 * expectedVersion, spread over many units so version races stay rare) against Lintel on memory
 * and on Redis, each its own process in the same run, under wrk (one thread, the same number of
 * connections for both) with a Lua script that makes the bodies and counts the answers that are
 * not 201. Servers are pinned to one core (`taskset`), wrk to the other, as ratio.js does;
 * redis-server is left where it runs (it may be shared). Figures only: nothing is asserted.
 *
 * Per store: req/s, p50 and p99 latency (ms, wrk's), the share of answers that are not 201, and
 * the server's CPU time per request (µs, from /proc).
 *
 *   node tools/dist/bench/writes.js [--duration 5] [--warmup 1] [--connections 16] [--units 256]
 *     [--no-redis] [--log-level info] [--server-cpu 0] [--load-cpu 1]
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { openSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePorts, tempDir } from "@lintel/testkit/processes";
import { generateApiKey } from "@lintel/domain";
import { DEFAULT_REDIS_URL } from "@lintel/store-redis";
import { benchFixture, dropFromRedis } from "./bench-fixture.js";
import { machineLine } from "./measure.js";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "16" },
    units: { type: "string", default: "256" },
    "no-redis": { type: "boolean", default: false },
    "log-level": { type: "string", default: "info" },
    "server-cpu": { type: "string", default: "0" },
    "load-cpu": { type: "string", default: "1" },
  },
});
const PATH = "/v1/units/create_schedule_item";
const UNITS = Number(values.units);
const here = fileURLToPath(new URL(".", import.meta.url));
const devNull = openSync("/dev/null", "w");
const children: ChildProcess[] = [];
const drops: (() => Promise<void>)[] = [];
const redisUrl = process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;

// wrk's script: request n goes to unit (n × 97) mod count (97 is prime to the count unless it
// divides it: consecutive requests, the ones in flight together, land on different units), a
// tour one hour long starting n hours after 2027-01-01. Each thread counts its answers and the
// ones that are not 201 (the first kept to show); `done` prints one BENCH line of JSON.
const WRK_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  prefix = args[1]; count = tonumber(args[2]); n = 0; answers = 0; refused = 0; first = ""
  wrk.method = "POST"
  wrk.headers["content-type"] = "application/json"
  wrk.headers["x-api-key"] = args[3]
end
local base = os.time({year = 2027, month = 1, day = 1, hour = 0})
function request()
  n = n + 1
  local at = base + n * 3600
  local body = string.format(
    '{"unitIdOrKey":"%s%d","kind":"tour","title":"Bench tour %d","startAt":"%s","endAt":"%s"}',
    prefix, (n * 97) % count, n, os.date("!%Y-%m-%dT%H:%M:%SZ", at), os.date("!%Y-%m-%dT%H:%M:%SZ", at + 3600))
  return wrk.format(nil, "${PATH}", nil, body)
end
function response(status, headers, body)
  answers = answers + 1
  if status ~= 201 then
    refused = refused + 1
    if first == "" then first = status .. " " .. string.sub(body, 1, 200) end
  end
end
function done(summary, latency, requests)
  local answered, notCreated, sample = 0, 0, ""
  for _, thread in ipairs(threads) do
    answered = answered + thread:get("answers")
    notCreated = notCreated + thread:get("refused")
    if sample == "" then sample = thread:get("first") end
  end
  local e = summary.errors
  sample = string.gsub(string.gsub(sample, "%c", " "), '["\\\\]', "'")
  io.write(string.format('BENCH {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"answered":%d,"notCreated":%d,"socketErrors":%d,"sample":"%s"}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), answered, notCreated,
    e.connect + e.read + e.write + e.timeout, sample))
end
`;

/** CPU time (user + system, ms) the process `pid` has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** Starts Lintel on `store` on the server core with the bench fixture plus {@link UNITS} units, and waits until it listens. */
async function lintel(store: "memory" | "redis", key: string, port: number): Promise<{ url: string; pid: number; unitPrefix: string }> {
  // Redis is shared: the orgs and units of this run get names no other run has.
  const suffix = store === "redis" ? `_writes${process.pid}_${port}` : "";
  const { fixture, orgIds, keyId } = benchFixture(suffix, key, ["units:write"]);
  const unitPrefix = `wbench${suffix.replaceAll("_", "-")}-`;
  const units = fixture["units"] as unknown[];
  for (let i = 0; i < UNITS; i++) {
    units.push({
      id: `unit_wbench${suffix}_${i}`,
      orgId: orgIds[0],
      urlKey: `${unitPrefix}${i}`,
      address: `${i} Bench St`,
      timeZone: "America/Chicago",
      version: 1,
    });
  }
  const path = join(await tempDir(), "fixture.json");
  await writeFile(path, JSON.stringify(fixture));
  const env = {
    PATH: process.env["PATH"] ?? "",
    FIXTURE: path,
    LOG_LEVEL: values["log-level"],
    CURSOR_SECRET: "writes-bench-secret-0123456789abcdefgh",
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
    STORE: store,
    PORT: String(port),
    ...(store === "redis" ? { REDIS_URL: redisUrl } : {}),
  };
  // Dropped at the end even when the server never listens: it may have loaded its fixture first.
  if (store === "redis") drops.push(() => dropFromRedis(redisUrl, orgIds, key, keyId));
  const child = spawn("taskset", ["-c", values["server-cpu"], process.execPath, join(here, "../../../apps/server/dist/main.js")], {
    env,
    stdio: ["ignore", devNull, "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`Lintel on ${store} exited: ${stderr}`);
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) return { url, pid: child.pid ?? 0, unitPrefix }; // taskset execs node: the same pid
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Lintel on ${store} did not listen: ${stderr}`);
}

interface WrkResult {
  readonly requests: number;
  readonly durationUs: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly answered: number;
  readonly notCreated: number;
  readonly socketErrors: number;
  readonly sample: string;
}

/** One wrk run of `seconds` against `url` on the load core with the write script. */
function wrk(url: string, scriptPath: string, seconds: string, args: string[]): WrkResult {
  const out = execFileSync(
    "taskset",
    [
      "-c",
      values["load-cpu"],
      "wrk",
      "-t1",
      `-c${values.connections}`,
      `-d${seconds}s`,
      "--timeout",
      "10s",
      "-s",
      scriptPath,
      `${url}${PATH}`,
      "--",
      ...args,
    ],
    { encoding: "utf8" },
  );
  const line = /^BENCH (.*)$/m.exec(out)?.[1];
  if (line === undefined) throw new Error(`wrk printed no BENCH line:\n${out}`);
  return JSON.parse(line) as WrkResult;
}

const key = generateApiKey();
const stores: ("memory" | "redis")[] = values["no-redis"] ? ["memory"] : ["memory", "redis"];
const ports = await freePorts(stores.length);
const scriptPath = join(await tempDir(), "writes.lua");
await writeFile(scriptPath, WRK_SCRIPT);
const rows: string[] = [];
const loads: number[] = [];
const samples: string[] = [];
try {
  for (const [i, store] of stores.entries()) {
    const server = await lintel(store, key, ports[i]!);
    const args = [server.unitPrefix, String(UNITS), key];
    if (Number(values.warmup) > 0) wrk(server.url, scriptPath, values.warmup, args);
    const cpuBefore = cpuMs(server.pid);
    loads.push(loadavg()[0] ?? NaN);
    const result = wrk(server.url, scriptPath, values.duration, args);
    loads.push(loadavg()[0] ?? NaN);
    const cpuUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests;
    const rps = result.requests / (result.durationUs / 1e6);
    const share = result.answered === 0 ? NaN : (100 * result.notCreated) / result.answered;
    rows.push(
      `| ${store} | ${Math.round(rps).toLocaleString("en-US")} | ${(result.p50Us / 1000).toFixed(2)} | ${(result.p99Us / 1000).toFixed(2)} | ` +
        `${share.toFixed(2)} % (${result.notCreated} of ${result.answered}) | ${cpuUs.toFixed(0)} |`,
    );
    if (result.sample !== "") samples.push(`${store}: first non-201 answer: ${result.sample}`);
    if (result.socketErrors > 0) samples.push(`${store}: ${result.socketErrors} socket errors`);
    // Each store has the machine alone: its server stops before the next one starts.
    const child = children.pop();
    child?.kill();
    if (child !== undefined && child.exitCode === null) await once(child, "exit");
  }
  console.log(`# create_schedule_item writes — ${machineLine()}`);
  console.log(
    `wrk -t1 -c${values.connections}, ${values.duration} s after ${values.warmup} s of warm-up, a new tour per request on one of ${UNITS} units ` +
      `(no expectedVersion), LOG_LEVEL=${values["log-level"]}; server on CPU ${values["server-cpu"]}, wrk on CPU ${values["load-cpu"]}, ` +
      `redis-server unpinned; load average (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}\n`,
  );
  console.log("| store | req/s | p50 ms | p99 ms | not 201 | server CPU µs/req |\n|---|---:|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
  for (const sample of samples) console.log(sample);
} finally {
  for (const child of children) child.kill();
  await Promise.all(children.map((child) => (child.exitCode === null ? once(child, "exit") : Promise.resolve())));
  for (const drop of drops) await drop();
}
