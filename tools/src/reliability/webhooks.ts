/**
 * Reliability script (issue 22): webhook delivery figures.
 *
 * 1. Throughput and latency: two server processes on one private redis-server (AOF,
 *    `appendfsync everysec` as docs/operating.md recommends), one endpoint of one org pointing
 *    at a receiver on 127.0.0.1 that answers 204 and verifies every signature (the client's
 *    `verifyWebhook`). Writers flip the zones of 64 units with set_timezone (keep_instant),
 *    alternating instances, until N changes were answered 200. Prints events delivered per
 *    second, change (the set_timezone 200) → receipt p50/p99/max, duplicates, missing events,
 *    bad signatures, and the attempts each instance made (from its /metrics).
 * 2. Memory under a receiver that always fails: one server on the memory store, the receiver
 *    answering 500, WEBHOOK_RETRY_SCHEDULE=1,1,1,1,1, writers creating events as fast as they
 *    can for a while, then a quiet spell. Prints over time: events created, attempts made,
 *    deliveries pending (the server's gauge, refreshed every 5 s), RSS and heap used.
 *
 * No timing is asserted. Exits 1 when an event was never delivered or a signature failed.
 * Loopback only, bounded in events and time; every process it starts it also stops.
 *
 * Usage: npm run -s reliability:webhooks [-- <events, default 1000> [<failing seconds, default 90>]]
 */
import { createServer, Agent, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { verifyWebhook } from "@lintel/client";
import { generateApiKey, SCOPES } from "@lintel/domain";
import { testApiKey } from "@lintel/testkit/e2e";
import { freePorts, spawnRedis, tempDir, writeFixture, type Child, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../server-process.js";
import { machineLine } from "../bench/measure.js";
import { send } from "./edge-rig.js";
import { ms, pause, percentile } from "./figures.js";

const EVENTS = Number(process.argv[2] ?? 1000);
const FAILING_S = Number(process.argv[3] ?? 90);
const UNITS = 64;
const WRITERS = 16;
const FAILING_WRITERS = 4;
const SAMPLE_EVERY_S = 10;
const QUIET_S = 30;
/** With no new receipt for this long, the events not received count as missing. */
const STALL_MS = 45_000;
const ZONES = ["Europe/Lisbon", "Asia/Tokyo"];

/** One org with `UNITS` units and no schedule, under a key with every scope and a budget that never runs out. */
function webhookFixture() {
  const p = `wh_${Date.now().toString(36)}`;
  const orgId = `${p}_org`;
  const key = generateApiKey();
  const units = Array.from({ length: UNITS }, (_, i) => ({
    ...{ id: `${p}_u${i}`, orgId, urlKey: `wh-u${i}`, address: `${i} Hook St` },
    ...{ timeZone: "America/Chicago", version: 1 },
  }));
  const json = {
    orgs: [{ id: orgId, name: "Webhooks" }],
    apiKeys: [testApiKey(p, "hooks", orgId, key, [...SCOPES], { rateLimit: { requests: 100_000_000, windowSeconds: 60 } })],
    units,
  };
  return { json, key, unitIds: units.map((u) => u.id) };
}

interface Receipt {
  readonly at: number;
  readonly id: string;
  /** `unitId@version`: the change the event describes. */
  readonly change: string;
}

/** A receiver on 127.0.0.1 answering `status`; checks every signature once `secret` is set. */
async function startReceiver(status: number) {
  const receipts: Receipt[] = [];
  let secret: string | undefined;
  let badSignatures = 0;
  const checks: Promise<void>[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const at = performance.now();
      res.writeHead(status).end();
      const body = Buffer.concat(chunks).toString("utf8");
      const event = JSON.parse(body) as { id: string; data: { unit: { id: string; version: number } } };
      receipts.push({ at, id: event.id, change: `${event.data.unit.id}@${event.data.unit.version}` });
      if (secret !== undefined) checks.push(check(body, req.headers, secret));
    });
  });
  const check = (body: string, headers: IncomingHttpHeaders, key: string) =>
    verifyWebhook(body, headers, key).then(
      () => undefined,
      () => void badSignatures++,
    );
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    receipts,
    verify(key: string) {
      secret = key;
    },
    async badSignatures() {
      await Promise.all(checks);
      return badSignatures;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function createEndpoint(base: string, key: string, url: string): Promise<string> {
  const agent = new Agent();
  const body = JSON.stringify({ url, eventTypes: ["unit.timezone_changed"] });
  const answer = await send(agent, base, { method: "POST", path: "/v1/webhook_endpoints", key, body });
  agent.destroy();
  if (answer.status !== 201) throw new Error(`creating the endpoint answered ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { secret: string }).secret;
}

interface Changes {
  /** `unitId@version` → when its 200 came. */
  readonly answeredAt: Map<string, number>;
  readonly failures: Map<string, number>;
  firstSentAt: number;
  lastAnsweredAt: number;
}

/**
 * `writers` loops, each owning every `writers`-th unit, flip zones with set_timezone, the k-th
 * change of a loop through `bases[k % bases.length]`, until `shouldGo()` says stop.
 */
async function drive(
  bases: readonly string[],
  key: string,
  unitIds: readonly string[],
  writers: number,
  shouldGo: () => boolean,
): Promise<Changes> {
  const changes: Changes = { answeredAt: new Map(), failures: new Map(), firstSentAt: performance.now(), lastAnsweredAt: 0 };
  const agents = bases.map(() => new Agent({ keepAlive: true, maxSockets: writers }));
  const versions = new Map(unitIds.map((id) => [id, 1]));
  const flips = new Map(unitIds.map((id) => [id, 0]));
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const own = unitIds.filter((_, i) => i % writers === w);
      for (let k = 0; shouldGo(); k++) {
        const unitId = own[k % own.length]!;
        const flip = flips.get(unitId)!;
        const body = JSON.stringify({
          unitIdOrKey: unitId,
          timeZone: ZONES[flip % 2],
          expectedVersion: versions.get(unitId),
          policy: "keep_instant",
        });
        const at = k % bases.length;
        const outcome = await send(agents[at]!, bases[at]!, { method: "POST", path: "/v1/units/set_timezone", key, body });
        if (outcome.status === 200) {
          const version = (JSON.parse(outcome.body) as { unit: { version: number } }).unit.version;
          changes.answeredAt.set(`${unitId}@${version}`, outcome.doneAt);
          changes.lastAnsweredAt = Math.max(changes.lastAnsweredAt, outcome.doneAt);
          versions.set(unitId, version);
          flips.set(unitId, flip + 1);
        } else {
          const what = String(outcome.status ?? outcome.error);
          changes.failures.set(what, (changes.failures.get(what) ?? 0) + 1);
          if (outcome.status === 409) versions.set(unitId, (JSON.parse(outcome.body) as { currentVersion: number }).currentVersion);
        }
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  return changes;
}

/** The value of a metric line `name` (with `labels` exactly, e.g. `{outcome="delivered"}`), 0 when absent. */
async function metric(metricsUrl: string, name: string, labels = ""): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const escaped = `${name}${labels}`.replace(/[{}"]/g, "\\$&");
  return Number(new RegExp(`^${escaped} (\\S+)`, "m").exec(text)?.[1] ?? 0);
}

async function sumOfAttempts(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return [...text.matchAll(/^lintel_webhook_attempts_total\{[^}]*\} (\S+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const pad = (text: string | number, width: number) => String(text).padStart(width);

/** Part 1. True when every event came, each signature verified. */
async function throughput(): Promise<boolean> {
  console.log(
    `\n## Two instances on one Redis: ${EVENTS} set_timezone changes, ${WRITERS} writers over ${UNITS} units, receiver answers 204`,
  );
  const dir = await tempDir();
  const fixture = webhookFixture();
  const [redisPort, portA, portB, metricsA, metricsB] = (await freePorts(5)) as [number, number, number, number, number];
  const receiver = await startReceiver(204);
  let redis: Child | undefined;
  const servers: ServerChild[] = [];
  try {
    redis = await spawnRedis(redisPort, dir, ["--appendfsync", "everysec"]);
    const env = {
      ...{
        STORE: "redis",
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        CURSOR_SECRET: "webhook-figures-secret-0123456789abcdef",
        DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      },
      ...{ FIXTURE: await writeFixture(fixture.json), WEBHOOK_ALLOW_PRIVATE: "true" },
    };
    // One after the other: the second one's fixture load finds everything there already.
    servers.push(await spawnServer(portA, { ...env, METRICS_PORT: String(metricsA) }));
    servers.push(await spawnServer(portB, { ...env, METRICS_PORT: String(metricsB) }));
    const secret = await createEndpoint(servers[0]!.url, fixture.key, receiver.url);
    receiver.verify(secret);

    let issued = 0;
    const changes = await drive(
      servers.map((s) => s.url),
      fixture.key,
      fixture.unitIds,
      WRITERS,
      () => issued++ < EVENTS,
    );
    const answered = changes.answeredAt.size;
    // Wait for every event (or a stall), then a while longer for late duplicates.
    let seen = 0;
    let progressAt = performance.now();
    while (new Set(receiver.receipts.map((r) => r.change)).size < answered && performance.now() - progressAt < STALL_MS) {
      await pause(100);
      if (receiver.receipts.length !== seen) [seen, progressAt] = [receiver.receipts.length, performance.now()];
    }
    await pause(2_000);

    const first = new Map<string, Receipt>();
    for (const receipt of receiver.receipts) if (!first.has(receipt.change)) first.set(receipt.change, receipt);
    const latencies = [...changes.answeredAt].flatMap(([change, at]) => {
      const receipt = first.get(change);
      return receipt === undefined ? [] : [receipt.at - at];
    });
    const missing = [...changes.answeredAt.keys()].filter((change) => !first.has(change)).length;
    const ids = new Set(receiver.receipts.map((r) => r.id));
    const duplicates = receiver.receipts.length - ids.size;
    const lastReceipt = Math.max(...[...first.values()].map((r) => r.at));
    const seconds = (lastReceipt - changes.firstSentAt) / 1000;
    const bad = await receiver.badSignatures();
    const delivered = await Promise.all(
      [metricsA, metricsB].map((port) =>
        metric(`http://127.0.0.1:${port}/metrics`, "lintel_webhook_attempts_total", '{outcome="delivered"}'),
      ),
    );
    const leaseLost = await Promise.all(
      [metricsA, metricsB].map((port) =>
        metric(`http://127.0.0.1:${port}/metrics`, "lintel_webhook_attempts_total", '{outcome="lease_lost"}'),
      ),
    );

    const rows: [string, string][] = [
      ["set_timezone answered 200", `${answered} (${((answered / (changes.lastAnsweredAt - changes.firstSentAt)) * 1000).toFixed(0)}/s)`],
      ["other answers", [...changes.failures].map(([what, n]) => `${what}×${n}`).join(" ") || "none"],
      ["events received (distinct)", `${first.size}`],
      [
        "events delivered per second",
        `${(first.size / seconds).toFixed(0)}/s (first change sent → last event received: ${seconds.toFixed(1)} s)`,
      ],
      ["last 200 → last receipt", ms(lastReceipt - changes.lastAnsweredAt)],
      ["change → receipt", `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`],
      ["duplicates seen", `${duplicates}`],
      ["missing events", `${missing}`],
      ["bad signatures", `${bad}`],
      ["delivered by instance A / B", `${delivered[0]} / ${delivered[1]} (lease lost: ${leaseLost[0]} / ${leaseLost[1]})`],
      ["load average (1 min)", loadavg()[0]!.toFixed(2)],
    ];
    for (const [name, value] of rows) console.log(`| ${name.padEnd(28)} | ${value}`);
    return missing === 0 && bad === 0;
  } finally {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    await redis?.stop("SIGKILL");
    await receiver.close();
  }
}

/** Part 2: memory mode, a receiver that always fails. */
async function failingReceiver(): Promise<void> {
  console.log(
    `\n## Memory store, receiver always 500, WEBHOOK_RETRY_SCHEDULE=1,1,1,1,1: ${FAILING_WRITERS} writers for ${FAILING_S} s, then ${QUIET_S} s quiet`,
  );
  const fixture = webhookFixture();
  const [port, metricsPort] = (await freePorts(2)) as [number, number];
  const receiver = await startReceiver(500);
  let server: ServerChild | undefined;
  try {
    server = await spawnServer(port, {
      ...{
        CURSOR_SECRET: "webhook-figures-secret-0123456789abcdef",
        DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
        FIXTURE: await writeFixture(fixture.json),
      },
      ...{ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1,1,1,1,1", METRICS_PORT: String(metricsPort) },
    });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    await createEndpoint(server.url, fixture.key, receiver.url);
    const started = performance.now();
    let writing = true;
    const load = drive([server.url], fixture.key, fixture.unitIds, FAILING_WRITERS, () => writing);
    let answeredSoFar = 0;
    const sample = async () => {
      const [rss, heap, pending, attempts] = await Promise.all([
        metric(metricsUrl, "process_resident_memory_bytes"),
        metric(metricsUrl, "nodejs_heap_size_used_bytes"),
        metric(metricsUrl, "lintel_webhook_deliveries_pending"),
        sumOfAttempts(metricsUrl),
      ]);
      const atS = Math.round((performance.now() - started) / 1000);
      console.log(
        `| ${pad(atS, 4)} s | ${pad(answeredSoFar, 8)} | ${pad(attempts, 8)} | ${pad(receiver.receipts.length, 9)} | ${pad(pending, 7)} | ${pad(mib(rss), 10)} | ${pad(mib(heap), 10)} |`,
      );
    };
    console.log("|   at   | events   | attempts | received  | pending | RSS        | heap used  |");
    console.log("|--------|----------|----------|-----------|---------|------------|------------|");
    await sample();
    for (let t = SAMPLE_EVERY_S; t <= FAILING_S + QUIET_S; t += SAMPLE_EVERY_S) {
      await pause(started + t * 1000 - performance.now());
      if (t >= FAILING_S && writing) {
        writing = false;
        answeredSoFar = (await load).answeredAt.size;
      }
      if (writing) answeredSoFar = await eventCount(server.url, fixture.key, answeredSoFar);
      await sample();
    }
    console.log(`load average (1 min) ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await server?.stop("SIGKILL");
    await receiver.close();
  }
}

/** Events created so far while writing: the unit versions tell (each 200 bumps one by one); `fallback` when the read fails. */
async function eventCount(base: string, key: string, fallback: number): Promise<number> {
  const agent = new Agent();
  try {
    let total = 0;
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
      const page = await send(agent, base, { path: `/v1/units/list_units?limit=100${query}`, key });
      if (page.status !== 200) return fallback;
      const json = JSON.parse(page.body) as { units: { version: number }[]; nextCursor: string | null };
      total += json.units.reduce((sum, unit) => sum + unit.version - 1, 0);
      cursor = json.nextCursor;
    } while (cursor !== null);
    return total;
  } finally {
    agent.destroy();
  }
}

async function main(): Promise<void> {
  console.log("# Webhook delivery figures (issue 22)");
  console.log(machineLine());
  const held = await throughput();
  if (FAILING_S > 0) await failingReceiver();
  if (!held) {
    console.log("\nAn event was never delivered, or a signature did not verify (see above).");
    process.exitCode = 1;
  }
}

await main();
