/**
 * bench:slots: showing availability (issue 40), figures only, in two parts.
 *
 * HTTP: GET /v1/units/list_available_slots for 31 days on a unit in America/Chicago with 7
 * windows a week (09:00–18:00 each day, slotMinutes 30: 558 slots) and 200 tours booked in the
 * range (create_schedule_item, spread over the slots, so 358 are served), against GET
 * /v1/locks/{lockId} (one lock) in the same run, on memory and on Redis, each store its own server
 * process, as writes.js and tours.js start them: server on one core (`taskset`), wrk (one thread,
 * the same connections for both reads) on the other; req/s, p99 and the ratios slots / one lock.
 *
 * Domain: `availableSlots` against the straightforward Temporal-polyfill reading of the same
 * rules (`slots-reference.ts`) over the same shape of query (31 days across the 2027-03-14 spring
 * forward, with 200 tours and with none: both check each slot against every tour), after checking
 * that both give the same slots (exit 1 on a difference); µs per 1,000 slots served and the ratio
 * (aim ≥ 10×). Each side is timed in a fresh process of its own, in alternating rounds, medians
 * compared, as preview.js does (neither pays for the other's garbage or JIT).
 *
 *   npm run -s bench:slots [-- --part all|http|domain --duration 5 --warmup 1 --rounds 3 --connections 16
 *     --tours 200 --no-redis --log-level info --server-cpu 0 --load-cpu 1]
 *   a smoke run: npm run -s bench:slots -- --duration 1 --warmup 0 --rounds 1
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { openSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { freePorts, tempDir } from "@lintel/testkit/processes";
import { generateApiKey, type ShowingRules } from "@lintel/domain";
import { availableSlots, WEEKDAYS, type SlotQuery } from "@lintel/domain/adapters";
import { DEFAULT_REDIS_URL } from "@lintel/store-redis";
import { benchFixture, dropFromRedis } from "./bench-fixture.js";
import { machineLine, measure, printFigures, type Figure } from "./measure.js";

const { values } = parseArgs({
  options: {
    part: { type: "string", default: "all" },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    tours: { type: "string", default: "200" },
    "no-redis": { type: "boolean", default: false },
    "log-level": { type: "string", default: "info" },
    "server-cpu": { type: "string", default: "0" },
    "load-cpu": { type: "string", default: "1" },
    // Internal: time one side of the domain part in this process and print its figure as JSON.
    side: { type: "string" },
  },
});
const TOURS = Number(values.tours);
const DAYS = 31;
const DAY = 86_400_000;
const ZONE = "America/Chicago";
/** The rules of both parts: one window a day, 09:00–18:00, 30-minute slots, no notice, a horizon past the range. */
const RULES: ShowingRules = {
  weekly: WEEKDAYS.map((day) => ({ day, opens: "09:00", closes: "18:00" })),
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeMinutes: 0,
  maxDaysAhead: 60,
  maxConcurrent: 1,
  blackouts: [],
};
/** `count` of `items`, evenly spread (the tours the bench books among the slots). */
const spread = <T>(items: readonly T[], count: number): T[] =>
  Array.from(
    { length: Math.min(count, items.length) },
    (_, i) => items[Math.floor((i * items.length) / Math.min(count, items.length))] as T,
  );
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

// ---- Domain ----

/** 31 days in Chicago from 2027-03-01 (across the spring forward), seen on 2027-01-01, with `tours` tours on its slots. */
function domainQuery(tours: number): SlotQuery {
  const fromMs = Date.parse("2027-03-01T06:00:00Z");
  const open: SlotQuery = {
    rules: { ...RULES, maxDaysAhead: 366 },
    timeZone: ZONE,
    fromMs,
    toMs: fromMs + DAYS * DAY,
    nowMs: Date.parse("2027-01-01T00:00:00Z"),
    tours: [],
    openHouses: [],
  };
  return { ...open, tours: spread(availableSlots(open), tours).map(({ startMs, endMs }) => ({ startMs, endMs })) };
}

type Side = "domain" | "reference";
const SIDES: readonly Side[] = ["domain", "reference"];
type Timed = Figure & { readonly slots: number };

/** One side timed in this process (`--side`, over `--tours` tours); the parent reads the figure, with the slots per call, from stdout. */
async function timeSide(side: Side): Promise<Timed> {
  const query = domainQuery(TOURS);
  const options = { durationMs: Number(values.duration) * 1000, warmupMs: Number(values.warmup) * 1000 };
  const name = `${query.tours.length} tours`;
  if (side === "domain") {
    const slots = availableSlots(query).length;
    return { ...(await measure(`domain availableSlots, ${name}`, () => availableSlots(query), options)), slots };
  }
  const { referenceSlots } = await import("./slots-reference.js");
  const slots = referenceSlots(query).length;
  return { ...(await measure(`Temporal-polyfill reference, ${name}`, () => referenceSlots(query), options)), slots };
}

function timeInChild(side: Side, tours: number): Timed {
  const args = ["--side", side, "--duration", values.duration, "--warmup", values.warmup, "--tours", String(tours)];
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`--side ${side} exited ${run.status ?? run.signal}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Timed;
}

async function domainPart(): Promise<void> {
  const { referenceSlots } = await import("./slots-reference.js");
  // The same slots from both, on this query and on the same rules in other zones (gaps, overlaps, half-hour offsets).
  let compared = 0;
  for (const timeZone of [ZONE, "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "America/Santiago"]) {
    const variant = { ...domainQuery(TOURS), timeZone };
    const ours = availableSlots(variant);
    const reference = referenceSlots(variant);
    if (!isDeepStrictEqual(ours, reference)) {
      const at = ours.findIndex((slot, i) => !isDeepStrictEqual(slot, reference[i]));
      console.error(`availableSlots and the reference disagree in ${timeZone} at slot ${at}:`, ours[at], reference[at]);
      process.exit(1);
    }
    compared += ours.length;
  }
  console.log(`# Slot generation: availableSlots against a Temporal-polyfill reference — ${machineLine()}`);
  console.log(
    `\nBoth give the same ${compared} slots over 6 zones. Timed: ${DAYS} days in ${ZONE} from 2027-03-01 (across the spring ` +
      `forward), 7 windows a week 09:00–18:00, slotMinutes 30 (${availableSlots(domainQuery(0)).length} slots), with ${TOURS} tours ` +
      `on its slots and with none (what the tours' overlap checks cost); ${values.duration} s after ${values.warmup} s of warm-up ` +
      `per side, each side in a fresh process, ${values.rounds} alternating rounds, medians.`,
  );
  // Per scenario (tours booked), per side, every round's figure.
  const scenarios = TOURS > 0 ? [TOURS, 0] : [0];
  const figures = new Map<string, Timed[]>();
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 === 0 ? SIDES : [...SIDES].reverse();
    for (const tours of scenarios)
      for (const side of order) figures.set(`${side} ${tours}`, [...(figures.get(`${side} ${tours}`) ?? []), timeInChild(side, tours)]);
  }
  printFigures("Per call, every round", [...figures.values()].flat());
  const perThousand = (side: Side, tours: number) => {
    const list = figures.get(`${side} ${tours}`) ?? [];
    return {
      slots: list[0]?.slots ?? NaN,
      us: median(list.map((f) => (f.msPerCall * 1e6) / f.slots)),
      cpuUs: median(list.map((f) => ((f.cpuMsPerCall ?? NaN) * 1e6) / f.slots)),
    };
  };
  console.log("\n| tours | slots a call | domain µs / 1,000 slots | reference µs / 1,000 slots | reference / domain (wall) | (CPU) |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  for (const tours of scenarios) {
    const domain = perThousand("domain", tours);
    const reference = perThousand("reference", tours);
    console.log(
      `| ${tours} | ${domain.slots} | ${domain.us.toFixed(1)} | ${reference.us.toFixed(1)} | ` +
        `${(reference.us / domain.us).toFixed(1)}× | ${(reference.cpuUs / domain.cpuUs).toFixed(1)}× |`,
    );
  }
  console.log("\nAim: the reference ≥ 10× the domain's time per 1,000 slots.");
}

// ---- HTTP ----

const here = fileURLToPath(new URL(".", import.meta.url));
const devNull = openSync("/dev/null", "w");
const children: ChildProcess[] = [];
const drops: (() => Promise<void>)[] = [];
const redisUrl = process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;
/** The demo fixture's lock of the bench key's org that the one-lock read asks for (ratio.js's "one lock"). */
const LOCK_PATH = "/v1/locks/lock_001";

// wrk's script: one GET (args: path, key); each thread counts its answers and the ones that are not
// 200; `done` prints one BENCH line of JSON.
const WRK_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  answers = 0; refused = 0; first = ""
  wrk.method = "GET"
  wrk.path = args[1]
  wrk.headers["x-api-key"] = args[2]
end
function response(status, headers, body)
  answers = answers + 1
  if status ~= 200 then
    refused = refused + 1
    if first == "" then first = status .. " " .. string.sub(body, 1, 200) end
  end
end
function done(summary, latency, requests)
  local answered, notOk, sample = 0, 0, ""
  for _, thread in ipairs(threads) do
    answered = answered + thread:get("answers")
    notOk = notOk + thread:get("refused")
    if sample == "" then sample = thread:get("first") end
  end
  local e = summary.errors
  sample = string.gsub(string.gsub(sample, "%c", " "), '["\\\\]', "'")
  io.write(string.format('BENCH {"requests":%d,"durationUs":%d,"bytes":%d,"p99Us":%d,"answered":%d,"notOk":%d,"socketErrors":%d,"sample":"%s"}\\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(99), answered, notOk, e.connect + e.read + e.write + e.timeout, sample))
end
`;

interface WrkResult {
  readonly requests: number;
  readonly durationUs: number;
  readonly bytes: number;
  readonly p99Us: number;
  readonly answered: number;
  readonly notOk: number;
  readonly socketErrors: number;
  readonly sample: string;
}

/** Lintel on `store` (server core) with the bench fixture plus one unit in Chicago; answers its url and the unit's id. */
async function lintel(store: "memory" | "redis", key: string, port: number): Promise<{ url: string; unitId: string }> {
  // Redis is shared: the orgs and the unit of this run get names no other run has.
  const suffix = store === "redis" ? `_slots${process.pid}_${port}` : "";
  const { fixture, orgIds, keyId } = benchFixture(suffix, key);
  const unitId = `unit_sbench${suffix}`;
  (fixture["units"] as unknown[]).push({
    id: unitId,
    orgId: orgIds[0],
    urlKey: `sbench${suffix.replaceAll("_", "-")}`,
    address: "1 Slot St",
    timeZone: ZONE,
    version: 1,
  });
  const path = join(await tempDir(), "fixture.json");
  await writeFile(path, JSON.stringify(fixture));
  const env = {
    PATH: process.env["PATH"] ?? "",
    FIXTURE: path,
    LOG_LEVEL: values["log-level"],
    CURSOR_SECRET: "slots-bench-secret-0123456789abcdefghi",
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
    if (up) return { url, unitId };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Lintel on ${store} did not listen: ${stderr}`);
}

/** One request of the set-up; throws unless it answers `status`. */
async function api(url: string, key: string, path: string, status: number, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`${path}: ${answer.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Sets the unit's rules and books {@link TOURS} tours spread over its 31 days of slots; answers the slots path and how many it serves. */
async function prepareUnit(url: string, key: string, unitId: string): Promise<{ path: string; offered: number; served: number }> {
  const { weekly, slotMinutes, bufferMinutes, minNoticeMinutes, maxDaysAhead, maxConcurrent } = RULES;
  const rules = { weekly, slotMinutes, bufferMinutes, minNoticeMinutes, maxDaysAhead, maxConcurrent };
  await api(url, key, "/v1/units/set_showing_rules", 200, { unitIdOrKey: unitId, rules });
  // From the UTC midnight after tomorrow, 31 days: every slot of the range is in the future for the whole run.
  const fromMs = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
  const from = new Date(fromMs).toISOString();
  const to = new Date(fromMs + DAYS * DAY).toISOString();
  const path = `/v1/units/list_available_slots?unitIdOrKey=${unitId}&from=${from}&to=${to}`;
  const slots = (await api(url, key, path, 200))["slots"] as { startAt: string; endAt: string }[];
  for (const [n, slot] of spread(slots, TOURS).entries()) {
    const item = { unitIdOrKey: unitId, kind: "tour", title: `Bench tour ${n}`, startAt: slot.startAt, endAt: slot.endAt };
    await api(url, key, "/v1/units/create_schedule_item", 201, item);
  }
  const served = ((await api(url, key, path, 200))["slots"] as unknown[]).length;
  return { path, offered: slots.length, served };
}

/** One wrk run of `seconds` of GET `path` against `url` on the load core. */
function wrk(url: string, scriptPath: string, seconds: string, path: string, key: string): WrkResult {
  const args = ["-c", values["load-cpu"], "wrk", "-t1", `-c${values.connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", scriptPath];
  const out = execFileSync("taskset", [...args, url, "--", path, key], { encoding: "utf8" });
  const line = /^BENCH (.*)$/m.exec(out)?.[1];
  if (line === undefined) throw new Error(`wrk printed no BENCH line:\n${out}`);
  return JSON.parse(line) as WrkResult;
}

async function httpPart(): Promise<void> {
  const key = generateApiKey();
  const stores: ("memory" | "redis")[] = values["no-redis"] ? ["memory"] : ["memory", "redis"];
  const ports = await freePorts(stores.length);
  const scriptPath = join(await tempDir(), "slots.lua");
  await writeFile(scriptPath, WRK_SCRIPT);
  const rows: string[] = [];
  const ratios: string[] = [];
  const notes: string[] = [];
  const loads: number[] = [];
  try {
    for (const [i, store] of stores.entries()) {
      const server = await lintel(store, key, ports[i]!);
      const unit = await prepareUnit(server.url, key, server.unitId);
      notes.push(`${store}: ${unit.offered} slots in the range before the tours, ${unit.served} served after ${TOURS} tours`);
      const reads = { "list_available_slots, 31 days": unit.path, "one lock": LOCK_PATH };
      if (Number(values.warmup) > 0) for (const path of Object.values(reads)) wrk(server.url, scriptPath, values.warmup, path, key);
      const figures: { rps: number; p99Ms: number }[] = [];
      for (const [name, path] of Object.entries(reads)) {
        loads.push(loadavg()[0] ?? NaN);
        const result = wrk(server.url, scriptPath, values.duration, path, key);
        const rps = result.requests / (result.durationUs / 1e6);
        figures.push({ rps, p99Ms: result.p99Us / 1000 });
        rows.push(
          `| ${store} | ${name} | ${Math.round(rps).toLocaleString("en-US")} | ${(result.p99Us / 1000).toFixed(2)} | ` +
            `${(result.bytes / Math.max(result.requests, 1) / 1024).toFixed(1)} | ${result.notOk} of ${result.answered} |`,
        );
        if (result.sample !== "") notes.push(`${store} ${name}: first non-200 answer: ${result.sample}`);
        if (result.socketErrors > 0) notes.push(`${store} ${name}: ${result.socketErrors} socket errors`);
      }
      const [slots, lock] = figures as [{ rps: number; p99Ms: number }, { rps: number; p99Ms: number }];
      ratios.push(
        `${store}: list_available_slots / one lock = ${(slots.rps / lock.rps).toFixed(2)}× req/s, ` +
          `p99 ${(slots.p99Ms / lock.p99Ms).toFixed(2)}× (${slots.p99Ms.toFixed(2)} ms against ${lock.p99Ms.toFixed(2)} ms)`,
      );
      // Each store has the machine alone: its server stops before the next one starts.
      const child = children.pop();
      child?.kill();
      if (child !== undefined && child.exitCode === null) await once(child, "exit");
    }
    console.log(`# list_available_slots against one lock — ${machineLine()}`);
    console.log(
      `wrk -t1 -c${values.connections}, ${values.duration} s per read after ${values.warmup} s of warm-up each; a unit in ${ZONE}, ` +
        `7 windows a week 09:00–18:00, slotMinutes 30, ${DAYS} days asked, ${TOURS} tours booked (create_schedule_item) in the range; ` +
        `LOG_LEVEL=${values["log-level"]}; server on CPU ${values["server-cpu"]}, wrk on CPU ${values["load-cpu"]}, redis-server unpinned; ` +
        `load average (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}\n`,
    );
    console.log("| store | read | req/s | p99 ms | KiB/answer | not 200 |\n|---|---|---:|---:|---:|---:|");
    for (const row of rows) console.log(row);
    console.log("");
    for (const ratio of ratios) console.log(ratio);
    for (const note of notes) console.log(note);
  } finally {
    for (const child of children) child.kill();
    await Promise.all(children.map((child) => (child.exitCode === null ? once(child, "exit") : Promise.resolve())));
    for (const drop of drops) await drop();
  }
}

if (values.side !== undefined) {
  const side = values.side as Side;
  if (!SIDES.includes(side)) throw new Error(`--side ${side}: expected one of ${SIDES.join(", ")}`);
  console.log(JSON.stringify(await timeSide(side)));
} else {
  if (!["all", "http", "domain"].includes(values.part)) throw new Error(`--part ${values.part}: expected all, http or domain`);
  if (values.part !== "domain") await httpPart();
  if (values.part === "all") console.log("");
  if (values.part !== "http") await domainPart();
}
