/**
 * bench:tours: POST /v1/tours/book_tour against POST /v1/units/create_schedule_item in the same
 * run, on memory and on Redis, each store its own server process. A booking makes the tour item,
 * a code with a fresh PIN on the unit's lock (each unit has its own simulated lock, so the code
 * work goes through the outbox as in production) and seals the prospect's email and phone; the
 * schedule write stores one tour item. Both under wrk (one thread, the same connections) with a
 * Lua script that makes the bodies (request n → unit (n × 97) mod count, a new one-hour slot)
 * and counts the answers that are not 201. Server on one core (`taskset`), wrk on the other, as
 * writes.js does. Figures only: nothing is asserted; the aim is book_tour ≥ 0.5× the req/s of
 * create_schedule_item.
 *
 *   npm run -s bench:tours [-- --duration 5 --warmup 1 --connections 16 --units 256 --no-redis
 *     --log-level info --server-cpu 0 --load-cpu 1]
 *   a smoke run: npm run -s bench:tours -- --duration 1 --warmup 0 --units 8
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { openSync } from "node:fs";
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
const UNITS = Number(values.units);
const OPS = {
  create_schedule_item: "/v1/units/create_schedule_item",
  book_tour: "/v1/tours/book_tour",
} as const;
type Op = keyof typeof OPS;
const here = fileURLToPath(new URL(".", import.meta.url));
const devNull = openSync("/dev/null", "w");
const children: ChildProcess[] = [];
const drops: (() => Promise<void>)[] = [];
const redisUrl = process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;

// wrk's script: args are the unit urlKey prefix, the unit count, the key, the operation and where
// its slots start (hours after 2027-01-01: each measured run books slots no other run took). Each
// thread counts its answers and the ones that are not 201; `done` prints one BENCH line of JSON.
const WRK_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  prefix = args[1]; count = tonumber(args[2]); op = args[4]; n = tonumber(args[5]); answers = 0; refused = 0; first = ""
  wrk.method = "POST"
  wrk.headers["content-type"] = "application/json"
  wrk.headers["x-api-key"] = args[3]
end
local base = os.time({year = 2027, month = 1, day = 1, hour = 0})
function request()
  n = n + 1
  local at = base + n * 3600
  local unit = prefix .. ((n * 97) % count)
  local startAt, endAt = os.date("!%Y-%m-%dT%H:%M:%SZ", at), os.date("!%Y-%m-%dT%H:%M:%SZ", at + 3600)
  local body
  if op == "book_tour" then
    body = string.format(
      '{"unitIdOrKey":"%s","startAt":"%s","endAt":"%s","prospect":{"name":"Bench %d","email":"bench%d@example.com","phone":"+1312555%04d"}}',
      unit, startAt, endAt, n, n, n % 10000)
    return wrk.format(nil, "${OPS.book_tour}", nil, body)
  end
  body = string.format('{"unitIdOrKey":"%s","kind":"tour","title":"Bench tour %d","startAt":"%s","endAt":"%s"}', unit, n, startAt, endAt)
  return wrk.format(nil, "${OPS.create_schedule_item}", nil, body)
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

/** Lintel on `store` (server core) with the bench fixture plus {@link UNITS} units, each with a simulated lock of its own. */
async function lintel(store: "memory" | "redis", key: string, port: number): Promise<{ url: string; unitPrefix: string }> {
  // Redis is shared: the orgs, units and locks of this run get names no other run has.
  const suffix = store === "redis" ? `_tours${process.pid}_${port}` : "";
  const { fixture, orgIds, keyId } = benchFixture(suffix, key, ["units:write", "tours:write"]);
  const unitPrefix = `tbench${suffix.replaceAll("_", "-")}-`;
  const units = fixture["units"] as unknown[];
  const locks = fixture["locks"] as unknown[];
  for (let i = 0; i < UNITS; i++) {
    const unitId = `unit_tbench${suffix}_${i}`;
    units.push({
      id: unitId,
      orgId: orgIds[0],
      urlKey: `${unitPrefix}${i}`,
      address: `${i} Bench St`,
      timeZone: "America/Chicago",
      version: 1,
    });
    locks.push({
      lockId: `lock_tbench${suffix}_${i}`,
      orgId: orgIds[0],
      name: `Bench door ${i}`,
      provider: "simulated",
      providerDeviceId: `tbench${suffix}_${i}`,
      model: null,
      timeZone: "America/Chicago",
      unitIds: [unitId],
      status: "active",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
  }
  const path = join(await tempDir(), "fixture.json");
  await writeFile(path, JSON.stringify(fixture));
  const env = {
    PATH: process.env["PATH"] ?? "",
    FIXTURE: path,
    LOG_LEVEL: values["log-level"],
    CURSOR_SECRET: "tours-bench-secret-0123456789abcdefghi",
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
    STORE: store,
    PORT: String(port),
    ...(store === "redis" ? { REDIS_URL: redisUrl } : {}),
    // A profile of the server when asked (NODE_OPTIONS=--cpu-prof --cpu-prof-dir=<dir>).
    ...(process.env["NODE_OPTIONS"] === undefined ? {} : { NODE_OPTIONS: process.env["NODE_OPTIONS"] }),
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
    if (up) return { url, unitPrefix };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Lintel on ${store} did not listen: ${stderr}`);
}

interface WrkResult {
  readonly requests: number;
  readonly durationUs: number;
  readonly p99Us: number;
  readonly answered: number;
  readonly notCreated: number;
  readonly socketErrors: number;
  readonly sample: string;
}

/** One wrk run of `seconds` of `op` against `url` on the load core. */
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
      url,
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
const scriptPath = join(await tempDir(), "tours.lua");
await writeFile(scriptPath, WRK_SCRIPT);
const rows: string[] = [];
const ratios: string[] = [];
const notes: string[] = [];
const loads: number[] = [];
try {
  for (const [i, store] of stores.entries()) {
    const server = await lintel(store, key, ports[i]!);
    // Slots: each wrk run starts 100,000 hours after the previous one's start, so no two runs book the same hour of a unit.
    let slot = 0;
    const run = (op: Op, seconds: string) =>
      wrk(server.url, scriptPath, seconds, [server.unitPrefix, String(UNITS), key, op, String(slot++ * 100_000)]);
    if (Number(values.warmup) > 0) for (const op of Object.keys(OPS) as Op[]) run(op, values.warmup);
    const figures = {} as Record<Op, { rps: number; p99Ms: number }>;
    for (const op of Object.keys(OPS) as Op[]) {
      loads.push(loadavg()[0] ?? NaN);
      const result = run(op, values.duration);
      const rps = result.requests / (result.durationUs / 1e6);
      figures[op] = { rps, p99Ms: result.p99Us / 1000 };
      rows.push(
        `| ${store} | ${op} | ${Math.round(rps).toLocaleString("en-US")} | ${(result.p99Us / 1000).toFixed(2)} | ` +
          `${result.notCreated} of ${result.answered} |`,
      );
      if (result.sample !== "") notes.push(`${store} ${op}: first non-201 answer: ${result.sample}`);
      if (result.socketErrors > 0) notes.push(`${store} ${op}: ${result.socketErrors} socket errors`);
    }
    const { book_tour: book, create_schedule_item: create } = figures;
    ratios.push(
      `${store}: book_tour / create_schedule_item = ${(book.rps / create.rps).toFixed(2)}× req/s (aim ≥ 0.5×), ` +
        `p99 ${(book.p99Ms / create.p99Ms).toFixed(2)}× (${book.p99Ms.toFixed(2)} ms against ${create.p99Ms.toFixed(2)} ms)`,
    );
    // Each store has the machine alone: its server stops before the next one starts.
    const child = children.pop();
    child?.kill();
    if (child !== undefined && child.exitCode === null) await once(child, "exit");
  }
  console.log(`# book_tour against create_schedule_item — ${machineLine()}`);
  console.log(
    `wrk -t1 -c${values.connections}, ${values.duration} s per operation after ${values.warmup} s of warm-up each, a new one-hour slot per ` +
      `request on one of ${UNITS} units (each with its own simulated lock: a booking makes a code), LOG_LEVEL=${values["log-level"]}; ` +
      `server on CPU ${values["server-cpu"]}, wrk on CPU ${values["load-cpu"]}, redis-server unpinned; ` +
      `load average (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}\n`,
  );
  console.log("| store | operation | req/s | p99 ms | not 201 |\n|---|---|---:|---:|---:|");
  for (const row of rows) console.log(row);
  console.log("");
  for (const ratio of ratios) console.log(ratio);
  for (const note of notes) console.log(note);
} finally {
  for (const child of children) child.kill();
  await Promise.all(children.map((child) => (child.exitCode === null ? once(child, "exit") : Promise.resolve())));
  for (const drop of drops) await drop();
}
