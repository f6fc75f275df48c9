/**
 * Reliability script (issue 12): slow clients do not stop others being served. Against the real
 * server process: a normal client's latency alone, then again while 200 slowloris connections
 * (a header line every second, never the end of the headers), 100 silent ones (not a byte) and
 * 1,000 idle keep-alive connections (one request each, then silence) are open; then how long the
 * server held each kind and what it answered them. Exits 1 when a normal request failed or a
 * slow connection was never closed. Loopback only, bounded (≤ ~90 s); it stops what it starts.
 *
 * Usage: npm run -s reliability:slow-clients [-- memory|redis]
 */
import { once } from "node:events";
import { Agent } from "node:http";
import { connect, type Socket } from "node:net";
import { runStores, send, startRig, type Outcome, type Rig, type Store } from "./edge-rig.js";
import { countStatuses, pause, percentile } from "./figures.js";

const SLOWLORIS = 200;
const SILENT = 100;
const IDLE = 1_000;
const OPEN_BATCH = 100;
const DRIP_MS = 1_000;
const WARM_MS = 1_000;
const BASELINE_MS = 3_000;
/** The loaded phase ends when every slowloris and silent connection is closed, or after this. */
const LOADED_BOUND_MS = 30_000;
/** How long to wait for the server to close the idle connections (its keep-alive timeout is 65 s). */
const IDLE_BOUND_MS = 80_000;

interface Held {
  /** When the connection began to idle or drip. */
  readonly from: number;
  closedAt: number | undefined;
  /** The status line the server answered, if any. */
  answer: string;
  reset: boolean;
  readonly socket: Socket;
}

function watch(socket: Socket, from: number): Held {
  const held: Held = { from, closedAt: undefined, answer: "", reset: false, socket };
  socket.on("data", (chunk: Buffer) => {
    if (held.answer === "") held.answer = chunk.toString("latin1").split("\r\n")[0] ?? "";
  });
  socket.on("error", () => (held.reset = true));
  socket.on("end", () => socket.end());
  socket.once("close", () => (held.closedAt = performance.now()));
  return held;
}

async function open(port: number): Promise<Socket> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  return socket;
}

/** One request, its answer read, then silence on a kept-alive connection. */
async function idleConnection(port: number): Promise<Held> {
  const socket = await open(port);
  const answered = once(socket, "data");
  socket.write("GET /healthz HTTP/1.1\r\nHost: lintel.test\r\n\r\n");
  await answered;
  return watch(socket, performance.now());
}

/** A connection that never sends a byte. */
async function silent(port: number): Promise<Held> {
  return watch(await open(port), performance.now());
}

/** A request line and then one header line every DRIP_MS, never the blank line that ends them. */
async function slowloris(port: number): Promise<Held> {
  const socket = await open(port);
  socket.write("GET /healthz HTTP/1.1\r\nHost: lintel.test\r\n");
  const held = watch(socket, performance.now());
  const drip = setInterval(() => socket.write(`x-drip-${Math.floor(Math.random() * 1e6)}: 1\r\n`), DRIP_MS);
  socket.once("close", () => clearInterval(drip));
  return held;
}

async function openMany(count: number, make: () => Promise<Held>): Promise<Held[]> {
  const all: Held[] = [];
  for (let i = 0; i < count; i += OPEN_BATCH)
    all.push(...(await Promise.all(Array.from({ length: Math.min(OPEN_BATCH, count - i) }, make))));
  return all;
}

/** A normal client, one request at a time, while `until()` is false. */
async function normalClient(rig: Rig, keepAlive: boolean, until: () => boolean): Promise<Outcome[]> {
  const agent = new Agent({ keepAlive, maxSockets: 1 });
  const outcomes: Outcome[] = [];
  try {
    while (!until()) outcomes.push(await send(agent, rig.server.url, { path: "/v1/locks?limit=10", key: rig.key, timeoutMs: 10_000 }));
  } finally {
    agent.destroy();
  }
  return outcomes;
}

/** Like figures' `ms`, with two decimals below 10 ms (loopback answers take well under one). */
const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "—" : `${value < 10 ? value.toFixed(2) : Math.round(value)} ms`;

function latencyLine(label: string, outcomes: readonly Outcome[]): string {
  const latencies = outcomes.filter((o) => o.status !== null).map((o) => o.doneAt - o.sentAt);
  const errors = outcomes.filter((o) => o.error !== null);
  return (
    `${label.padEnd(44)} ${String(outcomes.length).padStart(6)} requests, p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, ` +
    `max ${ms(Math.max(...latencies))}; statuses ${countStatuses(outcomes.map((o) => ({ status: o.status ?? "error" })))}; errors ${errors.length}`
  );
}

function heldLine(label: string, held: readonly Held[]): string {
  const closed = held.filter((h) => h.closedAt !== undefined);
  const times = closed.map((h) => (h.closedAt! - h.from) / 1000);
  const s = (value: number) => (Number.isNaN(value) ? "—" : `${value.toFixed(1)} s`);
  return (
    `${label.padEnd(44)} closed by the server ${closed.length}/${held.length}, held min ${s(Math.min(...times))}, ` +
    `p50 ${s(percentile(times, 50))}, max ${s(Math.max(...times))}; answered ${countStatuses(held.map((h) => ({ status: h.answer || "(nothing)" })))}; resets ${held.filter((h) => h.reset).length}`
  );
}

/** Prints the figures; false when a normal request failed, a slow connection was not closed, or the server stopped serving. */
async function runStore(store: Store): Promise<boolean> {
  const rig = await startRig(store);
  const port = Number(new URL(rig.server.url).port);
  const sockets: Socket[] = [];
  try {
    const warmEnd = performance.now() + WARM_MS;
    await normalClient(rig, true, () => performance.now() > warmEnd); // JIT and caches, not measured
    const baselineEnd = performance.now() + BASELINE_MS;
    const baseline = await normalClient(rig, true, () => performance.now() > baselineEnd);
    const idle = await openMany(IDLE, () => idleConnection(port));
    const loris = await openMany(SLOWLORIS, () => slowloris(port));
    const quiet = await openMany(SILENT, () => silent(port));
    sockets.push(...[...idle, ...loris, ...quiet].map((h) => h.socket));
    const loadedEnd = performance.now() + LOADED_BOUND_MS;
    const lorisGone = () => [...loris, ...quiet].every((h) => h.closedAt !== undefined) || performance.now() > loadedEnd;
    const [kept, fresh] = await Promise.all([normalClient(rig, true, lorisGone), normalClient(rig, false, lorisGone)]);
    const idleEnd = performance.now() + IDLE_BOUND_MS;
    while (idle.some((h) => h.closedAt === undefined) && performance.now() < idleEnd) await pause(250);
    const alive = await send(new Agent(), rig.server.url, { path: "/healthz" });
    console.log(`\n## ${store}`);
    console.log(latencyLine("normal client alone (keep-alive)", baseline));
    console.log(latencyLine("normal client under slow clients (keep-alive)", kept));
    console.log(latencyLine("  … on a new connection per request", fresh));
    console.log(heldLine(`${SLOWLORIS} slowloris connections`, loris));
    console.log(heldLine(`${SILENT} silent connections`, quiet));
    console.log(heldLine(`${IDLE} idle keep-alive connections`, idle));
    console.log(`server still serving afterwards:            ${alive.status === 200 ? "yes" : `no (${alive.status ?? alive.error})`}`);
    const normal = [...baseline, ...kept, ...fresh];
    return (
      normal.every((o) => o.status === 200) && [...loris, ...quiet, ...idle].every((h) => h.closedAt !== undefined) && alive.status === 200
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    await rig.stop();
  }
}

await runStores(
  `# Slow clients: ${SLOWLORIS} slowloris, ${SILENT} silent and ${IDLE} idle keep-alive connections while a normal client is measured`,
  "memory",
  runStore,
);
