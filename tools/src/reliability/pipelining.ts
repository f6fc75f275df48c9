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
 * Usage: npm run -s reliability:pipelining [-- /healthz,/v1/openapi.json]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
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

/**
 * The bare server: node:http answering every request at once with a fixed body, the OpenAPI
 * document's bytes for its path; `/__handled` tells how many requests it answered.
 */
const BARE_SERVER = `
const http = require("node:http");
const doc = require("node:fs").readFileSync(process.argv[1]);
const health = Buffer.from('{"status":"ok"}');
let handled = 0;
http.createServer((req, res) => {
  if (req.url === "/__handled") return res.end(String(handled));
  handled++;
  const body = req.url === "/v1/openapi.json" ? doc : health;
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
}).listen(Number(process.argv[2]), "127.0.0.1", () => console.log("listening"));
`;

interface Target {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** How many requests for `path` the server ran so far. */
  handled(path: string): Promise<number>;
  stop(): Promise<void>;
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  return response.text();
}

async function startLintel(): Promise<Target> {
  const [metricsPort] = (await freePorts(1)) as [number];
  const rig = await startRig("memory", { METRICS_PORT: String(metricsPort) });
  return {
    name: "Lintel",
    url: rig.server.url,
    pid: rig.server.child.pid!,
    async handled(path) {
      const scrape = await text(`http://127.0.0.1:${metricsPort}/metrics`);
      return scrape
        .split("\n")
        .filter((line) => line.startsWith("lintel_http_requests_total{") && line.includes(`route="${path}"`))
        .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
    },
    stop: () => rig.stop(),
  };
}

async function startBare(docPath: string): Promise<Target> {
  const [port] = (await freePorts(1)) as [number];
  const child: ChildProcess = spawn(process.execPath, ["-e", BARE_SERVER, docPath, String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  await once(child.stdout!, "data");
  const url = `http://127.0.0.1:${port}`;
  return {
    name: "bare node:http",
    url,
    pid: child.pid!,
    handled: async () => Number(await text(`${url}/__handled`)),
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

const paths = (process.argv[2] ?? "/healthz,/v1/openapi.json").split(",");
console.log(`# Pipelining: ${CONNECTIONS} connections × ${PIPELINED} pipelined GETs, gone after ${ATTACK_MS / 1000} s`);
console.log(machineLine());
const dir = await mkdtemp(join(tmpdir(), "lintel-pipelining-"));
let held = true;
try {
  for (const path of paths) {
    const lintel = await startLintel();
    let document: string;
    try {
      document = await text(`${lintel.url}/v1/openapi.json`);
      const figures = await measure(lintel, path);
      print(figures);
      held = held && figures.serving && Object.values(figures.phases).every((phase) => phase.every((o) => o.status === 200));
    } finally {
      await lintel.stop();
    }
    const docPath = join(dir, "openapi.json");
    await writeFile(docPath, document);
    const bare = await startBare(docPath);
    try {
      print(await measure(bare, path));
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
