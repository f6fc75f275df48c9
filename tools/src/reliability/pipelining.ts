/**
 * Reliability script (issue 18): clients that pipeline many requests and leave. Against the real
 * server process (memory store) and, in the same run, a bare node:http server answering the same
 * paths with bodies of the same size: 300 connections each write 1,000 pipelined `GET <path>`
 * at once, read nothing, and are destroyed after 1 s. A normal client opens a new connection for
 * a `GET /healthz` every 50 ms before, during and after the attack. Prints for each server and
 * path: RSS (before, peak during the attack, peak after it, at the end), the normal client's
 * p50/p99/max latency before, during and after, how long after the attacker left until every
 * answer took under 50 ms again, and how many of the 300,000 attack requests the server ran.
 * Exits 1 when a normal request failed or the server was not serving at the end.
 * Loopback only, about 10 s per server and path; it stops every process it starts.
 *
 * `--rounds N` (default 1) floods each server N times in a row (8 reproduces the outside probe of
 * memory kept after floods): the first round as above, every later one the same attack without
 * the normal client. Before the first and after each round (the attacker gone, then a settle pause
 * of SETTLE_MS, `--settle S` for another) it prints the server process's memory: RSS, heapTotal, heapUsed and external (Lintel:
 * its Prometheus default metrics on METRICS_PORT=0; bare: its own `/__memory`, which also gives
 * arrayBuffers) and how many connections the server still holds. MALLOC_*, GLIBC_TUNABLES and
 * NODE_OPTIONS set for the script are passed on to both servers (glibc's allocator, e.g.
 * MALLOC_ARENA_MAX=2; V8's heap, e.g. --max-old-space-size=256). `--gc` reads the memory after a
 * full garbage collection (the servers run with the inspector on a loopback port for it): what is
 * still reachable, apart from garbage not yet collected.
 *
 * Usage: npm run -s reliability:pipelining [-- [--rounds N] [--settle S] [--servers lintel,bare] [/healthz,/v1/openapi.json]]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePorts } from "@lintel/testkit/processes";
import { machineLine } from "../bench/measure.js";
import { send, startRig, type Outcome } from "./edge-rig.js";
import { ms, pause, percentile } from "./figures.js";

const CONNECTIONS = 300;
const PIPELINED = 1_000;
const ATTACK_MS = 1_000;
const BASELINE_MS = 1_000;
const AFTER_MS = 6_000;
const NORMAL_EVERY_MS = 50;
const NORMAL_TIMEOUT_MS = 30_000;
const RSS_EVERY_MS = 50;
/** A normal answer, on loopback: under this the server counts as recovered. */
const RECOVERED_MS = 50;
/** After a later round's attacker left: the pause before the server's memory is read (`--settle S`). */
const SETTLE_MS = 2_000;

/**
 * The bare server: node:http answering every request at once with a fixed body, the OpenAPI
 * document's bytes for its path; `/__handled` tells how many requests it answered.
 */
const BARE_SERVER = `
const http = require("node:http");
const doc = require("node:fs").readFileSync(process.argv[1]);
const health = Buffer.from('{"status":"ok"}');
let handled = 0;
const server = http.createServer((req, res) => {
  if (req.url === "/__handled") return res.end(String(handled));
  if (req.url === "/__memory") return res.end(JSON.stringify(process.memoryUsage()));
  handled++;
  const body = req.url === "/v1/openapi.json" ? doc : health;
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
});
server.listen(Number(process.argv[2]), "127.0.0.1", () => console.log("listening"));
`;

interface Target {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** How many requests for `path` the server ran so far. */
  handled(path: string): Promise<number>;
  /**
   * The server process's memory (bytes; arrayBuffers null when the server does not tell) and its
   * open connections; with `--gc` after a full garbage collection (the inspector's, on both servers).
   */
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  return response.text();
}

interface Memory {
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number | null;
  readonly connections: number;
}

/** glibc's allocator settings and NODE_OPTIONS (e.g. --max-old-space-size) of this process's environment, passed on to both servers. */
const allocatorEnv: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      (entry[0].startsWith("MALLOC_") || entry[0] === "GLIBC_TUNABLES" || entry[0] === "NODE_OPTIONS") && entry[1] !== undefined,
  ),
);

/** The value of the unlabelled sample `name` in a Prometheus scrape. */
function sample(scrape: string, name: string): number {
  const line = scrape.split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? NaN);
}

/** `--gc`: the servers run with the inspector on a free loopback port, which the script asks for a full collection. */
const INSPECT = { NODE_OPTIONS: `${process.env["NODE_OPTIONS"] ?? ""} --inspect=127.0.0.1:0`.trim() };

/** Runs a full garbage collection in the process whose inspector is at `wsUrl`. */
async function collectGarbage(wsUrl: string): Promise<void> {
  const socket = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", reject);
  });
  const done = new Promise<void>((resolve) =>
    socket.addEventListener("message", (event) => {
      if ((JSON.parse(String(event.data)) as { id?: number }).id === 1) resolve();
    }),
  );
  socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
  await done;
  socket.close();
}

/** The inspector's address in a process's output, once it is there. */
async function inspectorUrl(output: () => string, waitFor: (text: string) => Promise<void>): Promise<string> {
  await waitFor("Debugger listening on ");
  return /Debugger listening on (ws:\/\/\S+)/.exec(output())![1]!;
}

async function startLintel(gc: boolean): Promise<Target> {
  const rig = await startRig("memory", { METRICS_PORT: "0", ...allocatorEnv, ...(gc ? INSPECT : {}) });
  await rig.server.waitFor("Prometheus metrics: ");
  const metricsUrl = /Prometheus metrics: (\S+)/.exec(rig.server.output())![1]!;
  const inspector = gc ? await inspectorUrl(rig.server.output, rig.server.waitFor) : null;
  const pid = rig.server.child.pid!;
  return {
    name: "Lintel",
    url: rig.server.url,
    pid,
    async handled(path) {
      const scrape = await text(metricsUrl);
      return scrape
        .split("\n")
        .filter((line) => line.startsWith("lintel_http_requests_total{") && line.includes(`route="${path}"`))
        .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
    },
    async memory() {
      if (inspector !== null) await collectGarbage(inspector);
      const scrape = await text(metricsUrl);
      return {
        rss: sample(scrape, "process_resident_memory_bytes"),
        heapTotal: sample(scrape, "nodejs_heap_size_total_bytes"),
        heapUsed: sample(scrape, "nodejs_heap_size_used_bytes"),
        external: sample(scrape, "nodejs_external_memory_bytes"),
        arrayBuffers: null,
        connections: tcpConnections(pid, new URL(rig.server.url).port),
      };
    },
    stop: () => rig.stop(),
  };
}

/** Established TCP connections to local port `port` held by process `pid` (its sockets in /proc/net/tcp). */
function tcpConnections(pid: number, port: string): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (link.startsWith("socket:[")) inodes.add(link.slice(8, -1));
    } catch {
      // closed meanwhile
    }
  }
  const hexPort = Number(port).toString(16).toUpperCase().padStart(4, "0");
  return ["tcp", "tcp6"]
    .flatMap((file) => readFileSync(`/proc/${pid}/net/${file}`, "utf8").split("\n").slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length > 9 && f[1]!.endsWith(`:${hexPort}`) && f[3] !== "0A" && inodes.has(f[9]!)).length;
}

async function startBare(docPath: string, gc: boolean): Promise<Target> {
  const [port] = (await freePorts(1)) as [number];
  const child: ChildProcess = spawn(process.execPath, ["-e", BARE_SERVER, docPath, String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env["PATH"] ?? "", ...allocatorEnv, ...(gc ? INSPECT : {}) },
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (!gc) process.stderr.write(chunk);
  });
  await once(child.stdout!, "data");
  const inspector = gc
    ? await inspectorUrl(
        () => stderr,
        async (text) => {
          while (!stderr.includes(text)) await pause(25);
        },
      )
    : null;
  const url = `http://127.0.0.1:${port}`;
  return {
    name: "bare node:http",
    url,
    pid: child.pid!,
    handled: async () => Number(await text(`${url}/__handled`)),
    async memory() {
      if (inspector !== null) await collectGarbage(inspector);
      const m = JSON.parse(await text(`${url}/__memory`)) as NodeJS.MemoryUsage;
      return {
        rss: m.rss,
        heapTotal: m.heapTotal,
        heapUsed: m.heapUsed,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        connections: tcpConnections(child.pid!, String(port)),
      };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Resident memory of process `pid`, MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? NaN) / 1024;
}

/** 300 connections, each writing 1,000 pipelined requests and reading nothing; the returned function destroys them. */
function attack(url: string, path: string): () => void {
  const { port } = new URL(url);
  const bytes = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(PIPELINED));
  const sockets: Socket[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const socket = connect(Number(port), "127.0.0.1");
    socket.on("error", () => {});
    socket.on("connect", () => {
      socket.write(bytes);
      socket.pause();
    });
    sockets.push(socket);
  }
  return () => {
    for (const socket of sockets) socket.destroy();
  };
}

interface Figures {
  readonly target: string;
  readonly path: string;
  readonly rss: { before: number; during: number; after: number; end: number };
  readonly phases: { before: Outcome[]; during: Outcome[]; after: Outcome[] };
  /** Seconds from the attacker's departure until every later normal answer took under RECOVERED_MS. */
  readonly recoveredS: number;
  readonly handled: number;
  readonly serving: boolean;
}

async function measure(target: Target, path: string): Promise<Figures> {
  const agent = new Agent({ keepAlive: false });
  const normal: Promise<Outcome>[] = [];
  const rss: { at: number; mb: number }[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      rss.push({ at: performance.now(), mb: rssMb(target.pid) });
      await pause(RSS_EVERY_MS);
    }
  })();
  const client = (async () => {
    while (running) {
      normal.push(send(agent, target.url, { path: "/healthz", timeoutMs: NORMAL_TIMEOUT_MS }));
      await pause(NORMAL_EVERY_MS);
    }
  })();
  const handledBefore = await target.handled(path);
  await pause(BASELINE_MS);
  const start = performance.now();
  const leave = attack(target.url, path);
  await pause(ATTACK_MS);
  leave();
  const left = performance.now();
  await pause(AFTER_MS);
  running = false;
  await Promise.all([sampler, client]);
  const outcomes = await Promise.all(normal);
  agent.destroy();
  // The normal client's requests are counted too when the attack is on /healthz.
  const normalRun = path === "/healthz" ? outcomes.filter((o) => o.status !== null).length : 0;
  const handled = (await target.handled(path)) - handledBefore - normalRun;
  const peak = (from: number, to: number) => Math.max(...rss.filter((s) => s.at >= from && s.at < to).map((s) => s.mb));
  const slowAfter = outcomes.filter((o) => o.sentAt >= left && (o.status !== 200 || o.doneAt - o.sentAt >= RECOVERED_MS));
  const serving = (await send(new Agent(), target.url, { path: "/healthz" })).status === 200;
  return {
    target: target.name,
    path,
    rss: { before: peak(0, start), during: peak(start, left), after: peak(left, Infinity), end: rss.at(-1)?.mb ?? NaN },
    phases: {
      before: outcomes.filter((o) => o.sentAt < start),
      during: outcomes.filter((o) => o.sentAt >= start && o.sentAt < left),
      after: outcomes.filter((o) => o.sentAt >= left),
    },
    recoveredS: Math.max(0, ...slowAfter.map((o) => (o.sentAt - left) / 1000)),
    handled,
    serving,
  };
}

function latencies(outcomes: readonly Outcome[]): string {
  const values = outcomes.filter((o) => o.status !== null).map((o) => o.doneAt - o.sentAt);
  const failed = outcomes.filter((o) => o.status !== 200).length;
  return `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))}${failed > 0 ? `, ${failed} failed` : ""}`;
}

function print(figures: Figures): void {
  const { rss, phases } = figures;
  const mb = (value: number) => `${Math.round(value)} MB`;
  console.log(`\n## ${figures.target}, attack on ${figures.path}`);
  console.log(`RSS: before ${mb(rss.before)}, peak during ${mb(rss.during)}, peak after ${mb(rss.after)}, at the end ${mb(rss.end)}`);
  console.log(`normal GET /healthz before (${phases.before.length}):  ${latencies(phases.before)}`);
  console.log(`normal GET /healthz during (${phases.during.length}):  ${latencies(phases.during)}`);
  console.log(`normal GET /healthz after (${phases.after.length}):  ${latencies(phases.after)}`);
  console.log(`every answer under ${RECOVERED_MS} ms again: ${figures.recoveredS.toFixed(2)} s after the attacker left`);
  console.log(`attack requests run: ${figures.handled.toLocaleString("en")} of ${(CONNECTIONS * PIPELINED).toLocaleString("en")}`);
  console.log(`server still serving afterwards: ${figures.serving ? "yes" : "no"}`);
}

/** `--rounds N` and the comma list of paths, from the command line. */
function parseArgs(args: readonly string[]): { rounds: number; settleMs: number; gc: boolean; servers: string[]; paths: string[] } {
  let rounds = 1;
  let gc = false;
  let servers = ["lintel", "bare"];
  let settleMs = SETTLE_MS;
  let paths = ["/healthz", "/v1/openapi.json"];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--rounds" || arg.startsWith("--rounds=")) {
      const value = arg === "--rounds" ? args[++i] : arg.slice("--rounds=".length);
      rounds = Number(value);
      if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds takes a whole number ≥ 1, not "${value}"`);
    } else if (arg === "--settle" || arg.startsWith("--settle=")) {
      const value = arg === "--settle" ? args[++i] : arg.slice("--settle=".length);
      settleMs = Number(value) * 1000;
      if (!(settleMs >= 0)) throw new Error(`--settle takes seconds ≥ 0, not "${value}"`);
    } else if (arg === "--servers" || arg.startsWith("--servers=")) {
      const value = arg === "--servers" ? args[++i] : arg.slice("--servers=".length);
      servers = (value ?? "").split(",");
      if (servers.some((s) => s !== "lintel" && s !== "bare")) throw new Error(`--servers takes lintel, bare or both, not "${value}"`);
    } else if (arg === "--gc") gc = true;
    else paths = arg.split(",");
  }
  return { rounds, settleMs, gc, servers, paths };
}

function printMemory(label: string, memory: Memory): void {
  const mb = (bytes: number | null) => (bytes === null ? "—" : `${(bytes / 2 ** 20).toFixed(1)} MB`);
  console.log(
    `${label.padEnd(16)} RSS ${mb(memory.rss).padStart(9)}, heapTotal ${mb(memory.heapTotal).padStart(8)}, heapUsed ${mb(memory.heapUsed).padStart(8)}, external ${mb(memory.external).padStart(8)}, arrayBuffers ${mb(memory.arrayBuffers).padStart(8)}, connections ${memory.connections}`,
  );
}

/** Round 1 with the normal client (figures as before), then rounds 2..N of the bare attack; memory after each. */
async function rounds(target: Target, path: string, count: number): Promise<boolean> {
  const before = count > 1 ? await target.memory() : undefined;
  const figures = await measure(target, path);
  print(figures);
  let held = figures.serving && Object.values(figures.phases).every((phase) => phase.every((o) => o.status === 200));
  if (count === 1) return held;
  console.log(
    `memory of the server process (round 1 read ${AFTER_MS / 1000} s after the attacker left, later ones ${settleMs / 1000} s after${gc ? "; each after a full GC" : ""}):`,
  );
  printMemory("before", before!);
  printMemory("after round 1", await target.memory());
  for (let round = 2; round <= count; round++) {
    const leave = attack(target.url, path);
    await pause(ATTACK_MS);
    leave();
    await pause(settleMs);
    const memory = await target.memory().catch(() => null);
    if (memory === null) {
      console.log(`after round ${round}: the server process is gone (out of memory? its output is above)`);
      return false;
    }
    printMemory(`after round ${round}`, memory);
    held = held && (await send(new Agent(), target.url, { path: "/healthz" })).status === 200;
  }
  return held;
}

const { rounds: roundCount, settleMs, gc, servers, paths } = parseArgs(process.argv.slice(2));
console.log(
  `# Pipelining: ${CONNECTIONS} connections × ${PIPELINED} pipelined GETs, gone after ${ATTACK_MS / 1000} s` +
    (roundCount > 1 ? `, ${roundCount} rounds` : ""),
);
console.log(machineLine());
if (Object.keys(allocatorEnv).length > 0)
  console.log(
    `settings of both servers: ${Object.entries(allocatorEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
const dir = await mkdtemp(join(tmpdir(), "lintel-pipelining-"));
let held = true;
try {
  for (const path of paths) {
    const lintel = await startLintel(gc);
    let document: string;
    try {
      document = await text(`${lintel.url}/v1/openapi.json`);
      if (servers.includes("lintel")) held = (await rounds(lintel, path, roundCount)) && held;
    } finally {
      await lintel.stop();
    }
    if (!servers.includes("bare")) continue;
    const docPath = join(dir, "openapi.json");
    await writeFile(docPath, document);
    const bare = await startBare(docPath, gc);
    try {
      await rounds(bare, path, roundCount);
    } finally {
      await bare.stop();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
if (!held) {
  console.log("\nA promise was broken: a normal request failed or Lintel stopped serving (see above).");
  process.exitCode = 1;
}
