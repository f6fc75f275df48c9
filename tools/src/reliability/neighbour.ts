/**
 * Reliability script: how much one org's hopeless webhook endpoints delay another org's.
 *
 * Real server processes with their production delivery settings (the sender's 15 s bound, the
 * default retry schedule), WEBHOOK_ALLOW_PRIVATE for the loopback receivers. Org A has 16
 * endpoints at a TCP server that accepts and never answers and changes a unit twice a second;
 * org B has one endpoint at a receiver that answers 200 at once and changes a unit once a second.
 * Against a baseline where A has no endpoints, prints B's delivered count and its lateness
 * (receipt − the event's createdAt) p50/p99/max, on the memory store (one server) and on a
 * private redis-server with two servers (changes through both in turn).
 *
 * No timing is asserted (the e2e test neighbour-webhooks does). Loopback only; every process it
 * starts it also stops.
 *
 * Usage: npm run -s reliability:neighbour [-- <seconds of changes, default 60>]
 */
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { generateApiKey, SCOPES } from "@lintel/domain";
import { testApiKey } from "@lintel/testkit/e2e";
import { freePorts, spawnRedis, tempDir, writeFixture, type Child, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../server-process.js";
import { machineLine } from "../bench/measure.js";
import { ms, pause, percentile } from "./figures.js";

const SECONDS = Number(process.argv[2] ?? 60);
/** How long B's last events may take to arrive after the changes stop. */
const DRAIN_MS = 30_000;

/** Two orgs, a key with every scope and one unit each. */
function neighbourFixture() {
  const p = `nb_${Date.now().toString(36)}`;
  const org = (name: string) => {
    const orgId = `${p}_${name}`;
    const key = generateApiKey();
    const unit = { id: `${p}_u_${name}`, orgId, urlKey: `nb-${name}`, address: "1 Near St", timeZone: "America/Chicago", version: 1 };
    const apiKey = testApiKey(p, name, orgId, key, [...SCOPES], { rateLimit: { requests: 1_000_000, windowSeconds: 60 } });
    return { orgId, key, unit, apiKey };
  };
  const a = org("a");
  const b = org("b");
  const json = {
    orgs: [a, b].map((o) => ({ id: o.orgId, name: o.orgId })),
    apiKeys: [a.apiKey, b.apiKey],
    units: [a.unit, b.unit],
  };
  return { json, a, b };
}

/** Accepts and never answers; counts connections. */
async function silentReceiver() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { url: (path: string) => `http://127.0.0.1:${port}${path}`, connections: () => connections, close };
}

/** Answers 200 at once; keeps each event's lateness (ms after its createdAt). */
async function promptReceiver() {
  const lateness = new Map<string, number>();
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; createdAt: string };
      if (!lateness.has(event.id)) lateness.set(event.id, Date.now() - Date.parse(event.createdAt));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}/hooks`, lateness, close };
}

async function post(base: string, path: string, key: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Flips the unit's zone every `everyMs` until `untilMs`, through `bases` in turn; the number of changes. */
async function keepChanging(bases: readonly string[], key: string, unitId: string, everyMs: number, untilMs: number): Promise<number> {
  let version = 1;
  let changes = 0;
  while (performance.now() < untilMs) {
    const next = performance.now() + everyMs;
    const timeZone = changes % 2 === 0 ? "Asia/Tokyo" : "Europe/Lisbon";
    const body = { unitIdOrKey: unitId, timeZone, expectedVersion: version, policy: "keep_instant" };
    const answer = await post(bases[changes % bases.length]!, "/v1/units/set_timezone", key, body);
    version = (answer["unit"] as { version: number }).version;
    changes += 1;
    await pause(Math.max(0, next - performance.now()));
  }
  return changes;
}

/** One run: B's figures with A's 16 endpoints never answering (`hostile`) or A without endpoints. */
async function run(store: "memory" | "redis", hostile: boolean): Promise<string> {
  const fixture = neighbourFixture();
  const [silent, prompt] = await Promise.all([silentReceiver(), promptReceiver()]);
  const servers: ServerChild[] = [];
  let redis: Child | undefined;
  try {
    const [redisPort, ...ports] = await freePorts(3);
    const env: Record<string, string> = { FIXTURE: await writeFixture(fixture.json), WEBHOOK_ALLOW_PRIVATE: "true" };
    if (store === "redis") {
      redis = await spawnRedis(redisPort!, await tempDir());
      Object.assign(env, {
        STORE: "redis",
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        CURSOR_SECRET: "neighbour-secret-0123456789abcdefghij",
      });
    }
    for (const port of ports.slice(0, store === "redis" ? 2 : 1)) servers.push(await spawnServer(port!, env));
    const bases = servers.map((server) => server.url);
    if (hostile) {
      for (let i = 0; i < 16; i++) {
        await post(bases[0]!, "/v1/webhook_endpoints", fixture.a.key, { url: silent.url(`/a${i}`), eventTypes: ["unit.timezone_changed"] });
      }
    }
    await post(bases[0]!, "/v1/webhook_endpoints", fixture.b.key, { url: prompt.url, eventTypes: ["unit.timezone_changed"] });
    const untilMs = performance.now() + SECONDS * 1000;
    const [, changesOfB] = await Promise.all([
      keepChanging(bases, fixture.a.key, fixture.a.unit.id, 500, untilMs),
      keepChanging(bases, fixture.b.key, fixture.b.unit.id, 1000, untilMs),
    ]);
    for (let waited = 0; prompt.lateness.size < changesOfB && waited < DRAIN_MS; waited += 100) await pause(100);
    const lateness = [...prompt.lateness.values()];
    const label = `${store === "redis" ? "redis, 2 instances" : "memory"}, ${hostile ? "A: 16 never answering" : "baseline (A: none)"}`;
    return (
      `${label.padEnd(44)} B delivered ${lateness.length}/${changesOfB}, p50 ${ms(percentile(lateness, 50))}, ` +
      `p99 ${ms(percentile(lateness, 99))}, max ${ms(Math.max(...lateness))}; A's connections ${silent.connections()}`
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    await redis?.stop("SIGKILL");
    await Promise.all([silent.close(), prompt.close()]);
  }
}

console.log(`neighbour: ${SECONDS} s of changes per run (A twice a second, B once); B's lateness = receipt − createdAt`);
console.log(machineLine());
for (const store of ["memory", "redis"] as const) {
  for (const hostile of [false, true]) console.log(await run(store, hostile));
}
