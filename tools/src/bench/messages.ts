/**
 * bench:messages: the message sender (core's messages/message-sender.ts, started by `createLintel`
 * with no mailer: each message is sent on the `webhook` channel in the step that stores its
 * `message.due`) on the memory store and on a private redis-server. Figures only: nothing is asserted.
 *
 * 1. Lateness: `--count` messages in each of `--orgs` org counts, written through the store's
 *    `units.writeItem` (`--writers` at a time, after which a Lintel starts on the store), their
 *    sendAt spread evenly over `--spread` s starting a lead after the writes began (`--lead`;
 *    default 1.5× the baseline's write time + 1 s, so the writes end first). A message's lateness
 *    is its `delivery.sentAt`, read back, less its sendAt: p50, p99, max, how many within 5 s, and
 *    messages sent per second. Baseline in the same run, on the same store and orgs: the same
 *    messages all due when the Lintel starts (a burst), so the sender drains as fast as it can;
 *    its rate is the capacity the spread's rate (count ÷ spread) is a share of, and its lateness
 *    what a backlog of that size costs. (A mailer stub against the webhook channel would measure
 *    the stub.)
 * 2. Idle cost (Redis): `--waiting` messages sent 2–6 weeks ahead in each of `--orgs` org counts,
 *    written through a client of the bench's; then a fresh instance (its own client and store, a
 *    Lintel: the message sender, default poll 400 ms, and the tours' timer) idles `--duration` s.
 *    Redis commands processed meanwhile (`INFO commandstats` delta, the bench's own INFO left out:
 *    the instance is the server's only other client) per second, beside the same instance on an
 *    empty store.
 *
 *   npm run -s bench:messages [-- --count 10000 --waiting 100000 --orgs 1,100 --duration 30
 *     --spread 60 --lead <s> --writers 64 --part lateness|idle --no-redis]
 *   a small run: npm run -s bench:messages -- --count 500 --waiting 2000 --spread 10 --duration 6
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { createLintel, type Lintel } from "@lintel/core";
import { unconfiguredLockProvider, type LintelStore, type MessageSenderObserver } from "@lintel/core/adapters";
import { createMemoryStore } from "@lintel/store-memory";
import { createRedisClient, createRedisStore, whenReady, type RedisClient } from "@lintel/store-redis";
import { freePorts, spawnRedis, tempDir, type Child } from "@lintel/testkit/processes";
import { deliveriesOf, orgsWithMessages, writeMessages, MESSAGES_PER_UNIT } from "./message-load.js";
import { machineLine, percentile } from "./measure.js";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "10000" },
    waiting: { type: "string", default: "100000" },
    orgs: { type: "string", default: "1,100" },
    duration: { type: "string", default: "30" },
    spread: { type: "string", default: "60" },
    lead: { type: "string" },
    writers: { type: "string", default: "64" },
    part: { type: "string" },
    "no-redis": { type: "boolean", default: false },
  },
});
const COUNT = Number(values.count);
const WAITING = Number(values.waiting);
const ORGS = values.orgs.split(",").map(Number);
const DURATION_MS = Number(values.duration) * 1000;
const SPREAD_MS = Number(values.spread) * 1000;
const WRITERS = Number(values.writers);
const GROUP = "bench-messages";
const WEEK = 7 * 86_400_000;
/** A run ends this long after its last message fell due with nothing sent meanwhile (the rest is counted unsent). */
const STALL_MS = 10_000;
/**
 * How long the idle instance runs before its commands are counted: the Redis outbox's FULL_LOOK_MS. Its
 * first lease looks at every org at once, the passes after it spread their looks over each 5 s, so a
 * count from here over a whole number of periods (the default 30 s: six) is the steady state's.
 */
const IDLE_WARMUP_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loads: number[] = [];
const sampleLoad = () => loads.push(loadavg()[0] ?? NaN);
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A Lintel on `store` with nothing configured but what it always runs: the message sender (no mailer) and the tours' timer. */
function senderOn(store: LintelStore, observer?: MessageSenderObserver): Lintel {
  return createLintel({
    store,
    lockProvider: unconfiguredLockProvider("the message bench"),
    cursorSecrets: [randomBytes(32).toString("hex")],
    messageSending: observer === undefined ? undefined : { observer },
  });
}

interface LatenessRow {
  readonly store: string;
  readonly orgs: number;
  readonly burst: boolean;
  readonly writeMs: number;
  readonly leadMs: number;
  /** Sent less sendAt (or less the Lintel's start, when it came later), ms. */
  readonly lateness: readonly number[];
  readonly perSecond: number;
  readonly attemptMs: readonly number[];
  readonly cpuUsPerMessage: number;
  readonly notes: readonly string[];
}

/** One run of {@link COUNT} messages in `orgs` orgs on a fresh `store`: all due at the Lintel's start (`burst`), or spread. */
async function latenessRun(name: string, store: LintelStore, orgs: number, burst: boolean, leadMs: number): Promise<LatenessRow> {
  const firstDueMs = Date.now() + leadMs;
  const sendMs = (i: number) => (burst ? firstDueMs : firstDueMs + Math.floor((i * SPREAD_MS) / COUNT));
  const messages = await orgsWithMessages(store, orgs, COUNT, sendMs);
  const writing = performance.now();
  await writeMessages(store, messages, WRITERS);
  const writeMs = performance.now() - writing;
  const notes: string[] = [];
  const attemptMs: number[] = [];
  let sent = 0;
  let lastProgressMs = Date.now();
  let failures = 0;
  const startedMs = Date.now();
  if (!burst && startedMs > firstDueMs) notes.push(`writes overran the lead by ${seconds(startedMs - firstDueMs)}: raise --lead`);
  sampleLoad();
  const cpu = process.cpuUsage();
  const lintel = senderOn(store, {
    attempted(report) {
      attemptMs.push(report.ms);
      if (report.outcome === "sent") sent += 1;
      else notes.push(`${report.messageId}: ${report.outcome} ${report.error ?? ""}`);
      lastProgressMs = Date.now();
    },
    failed: () => (failures += 1),
  });
  const lastDueMs = burst ? startedMs : sendMs(COUNT - 1);
  while (sent < COUNT && !(Date.now() > lastDueMs + STALL_MS && Date.now() - lastProgressMs > STALL_MS)) await sleep(50);
  const used = process.cpuUsage(cpu);
  sampleLoad();
  await lintel.close(1_000);
  if (failures > 0) notes.push(`${failures} store calls of the sender failed`);
  const deliveries = await deliveriesOf(store, messages, WRITERS);
  const lateness: number[] = [];
  let lastSentMs = -Infinity;
  deliveries.forEach((delivery, i) => {
    if (delivery?.status !== "sent" || delivery.sentAt === null) return;
    const sentMs = Date.parse(delivery.sentAt);
    lateness.push(sentMs - Math.max(sendMs(i), startedMs));
    lastSentMs = Math.max(lastSentMs, sentMs);
  });
  if (lateness.length < COUNT) notes.push(`${COUNT - lateness.length} of ${COUNT} not read back sent`);
  return {
    store: name,
    orgs,
    burst,
    writeMs,
    leadMs,
    lateness,
    perSecond: lateness.length / ((lastSentMs - Math.max(firstDueMs, startedMs)) / 1000),
    attemptMs,
    cpuUsPerMessage: (used.user + used.system) / Math.max(1, lateness.length),
    notes: notes.slice(0, 5),
  };
}

/** Lateness runs on `fresh()` stores: per org count, the burst, then the spread. */
async function lateness(name: string, fresh: () => Promise<LintelStore>): Promise<LatenessRow[]> {
  const rows: LatenessRow[] = [];
  for (const orgs of ORGS) {
    const burst = await latenessRun(name, await fresh(), orgs, true, 0);
    const leadMs = values.lead === undefined ? Math.round(1.5 * burst.writeMs + 1_000) : Number(values.lead) * 1000;
    rows.push(burst, await latenessRun(name, await fresh(), orgs, false, leadMs));
  }
  return rows;
}

function printLateness(rows: readonly LatenessRow[]): void {
  const ms = (value: number) => `${int(value)} ms`;
  console.log(
    `\n## Lateness: ${int(COUNT)} messages due at once (burst, the baseline) or spread over ${seconds(SPREAD_MS)}\n\n` +
      `Lateness = delivery.sentAt read back − sendAt (the burst's: − the Lintel's start, when all are due). ` +
      `${MESSAGES_PER_UNIT} messages to a unit, no template, no tour; written ${WRITERS} at a time through units.writeItem. ` +
      "The sender polls every 400 ms: a message due between two polls waits for the next (~200 ms on average, 400 ms at most), " +
      "so that is the spread's floor on either store.\n",
  );
  console.log(
    "| store | orgs | due | written in | lead | p50 | p99 | max | sent within 5 s | sent/s | attempt p50 / p99 | bench CPU per message |\n" +
      "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const row of rows) {
    const within = row.lateness.filter((late) => late <= 5_000).length;
    console.log(
      `| ${row.store} | ${row.orgs} | ${row.burst ? "at once" : `over ${seconds(SPREAD_MS)}`} | ${seconds(row.writeMs)} | ` +
        `${row.burst ? "—" : seconds(row.leadMs)} | ${ms(percentile(row.lateness, 50))} | ${ms(percentile(row.lateness, 99))} | ` +
        `${ms(Math.max(...row.lateness))} | ${int(within)} of ${int(COUNT)} | ${int(row.perSecond)} | ` +
        `${ms(percentile(row.attemptMs, 50))} / ${ms(percentile(row.attemptMs, 99))} | ${int(row.cpuUsPerMessage)} µs |`,
    );
  }
  console.log("");
  for (let i = 0; i + 1 < rows.length; i += 2) {
    const [burst, spread] = [rows[i] as LatenessRow, rows[i + 1] as LatenessRow];
    const offered = COUNT / (SPREAD_MS / 1000);
    console.log(
      `${spread.store}, ${spread.orgs} org(s): the spread's ${int(offered)} messages/s are ${((100 * offered) / burst.perSecond).toFixed(1)} % ` +
        `of the burst's drain rate (${int(burst.perSecond)}/s); spread p99 ${int(percentile(spread.lateness, 99))} ms against the burst's ` +
        `${int(percentile(burst.lateness, 99))} ms`,
    );
  }
  for (const row of rows)
    for (const note of row.notes) console.log(`${row.store}, ${row.orgs} org(s), ${row.burst ? "burst" : "spread"}: ${note}`);
}

/** Calls per command so far (`INFO commandstats`). */
async function commandCalls(redis: RedisClient): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const [, command = "", count = "0"] of (await redis.info("commandstats")).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    calls.set(command, Number(count));
  }
  return calls;
}

interface IdleRow {
  readonly waiting: number;
  readonly orgs: number;
  readonly writeMs: number;
  readonly seconds: number;
  /** Commands the instance sent while measured, by command. */
  readonly calls: ReadonlyMap<string, number>;
}

/** The idle instance's commands with `waiting` messages weeks ahead in `orgs` orgs (none: the baseline). */
async function idleRun(redisUrl: string, admin: RedisClient, orgs: number, waiting: number): Promise<IdleRow> {
  await admin.flushall(); // the bench's own redis-server
  let writeMs = 0;
  if (waiting > 0) {
    const writer = createRedisStore(admin, { deliveryGroup: GROUP });
    const now = Date.now();
    const messages = await orgsWithMessages(writer, orgs, waiting, (i) => now + 2 * WEEK + Math.floor((i * 4 * WEEK) / waiting));
    const writing = performance.now();
    await writeMessages(writer, messages, WRITERS);
    writeMs = performance.now() - writing;
  }
  // The instance measured: a client and store of its own, as another instance, or this one restarted, sees the messages.
  const client = createRedisClient({ url: redisUrl });
  await whenReady(client);
  const lintel = senderOn(createRedisStore(client, { deliveryGroup: GROUP }));
  try {
    await sleep(IDLE_WARMUP_MS);
    sampleLoad();
    const before = await commandCalls(admin);
    const started = performance.now();
    await sleep(DURATION_MS);
    const after = await commandCalls(admin);
    const elapsed = (performance.now() - started) / 1000;
    const calls = new Map<string, number>();
    for (const [command, count] of after) {
      const delta = count - (before.get(command) ?? 0);
      if (command !== "info" && delta > 0) calls.set(command, delta); // the bench's own reads are its INFOs
    }
    return { waiting, orgs: waiting === 0 ? 0 : orgs, writeMs, seconds: elapsed, calls };
  } finally {
    await lintel.close(1_000);
    await client.quit();
  }
}

function printIdle(rows: readonly IdleRow[]): void {
  const total = (row: IdleRow) => [...row.calls.values()].reduce((sum, n) => sum + n, 0);
  const perSecond = (row: IdleRow) => total(row) / row.seconds;
  const baseline = rows[0] as IdleRow;
  console.log(
    `\n## Idle cost on Redis: one instance (message sender polling every 400 ms, and the tours' timer), ` +
      `${seconds(DURATION_MS)} measured after ${seconds(IDLE_WARMUP_MS)}\n\n` +
      "Commands processed by the bench's redis-server meanwhile (INFO commandstats delta; the bench's INFO left out).\n",
  );
  console.log(
    "| messages waiting (2–6 weeks ahead) | orgs | written in | commands | commands/s | × baseline | by command (/s) |\n|---:|---:|---:|---:|---:|---:|---|",
  );
  for (const row of rows) {
    const by = [...row.calls]
      .sort((a, b) => b[1] - a[1])
      .map(([command, n]) => `${command} ${(n / row.seconds).toFixed(2)}`)
      .join(", ");
    console.log(
      `| ${row === baseline ? "0 (baseline)" : int(row.waiting)} | ${row.orgs} | ${row === baseline ? "—" : seconds(row.writeMs)} | ` +
        `${int(total(row))} | ${perSecond(row).toFixed(2)} | ${(perSecond(row) / perSecond(baseline)).toFixed(1)}× | ${by} |`,
    );
  }
  console.log(
    "\nThe outbox's own budget (store-redis outboxes/message-outbox.ts, redis/hot-orgs.ts): one ZRANGE per org and one SMEMBERS per 5 s (FULL_LOOK_MS), " +
      "nothing per poll while no org is hot; the tours' timer the same budget over the orgs with tours (store-redis redis/hot-orgs.ts).",
  );
}

/** The bench's own redis-server (AOF, fsync every second, as bench:codes) and a client of it, started on first use. */
let redis: { readonly child: Child; readonly url: string; readonly admin: RedisClient } | undefined;
const redisDir = await tempDir();
async function privateRedis(): Promise<{ readonly url: string; readonly admin: RedisClient }> {
  if (redis !== undefined) return redis;
  const [port = 0] = await freePorts(1);
  const child = await spawnRedis(port, redisDir, ["--appendfsync", "everysec"]);
  const url = `redis://127.0.0.1:${port}`;
  const admin = createRedisClient({ url });
  redis = { child, url, admin };
  await whenReady(admin);
  return redis;
}

const parts = values.part === undefined ? ["lateness", "idle"] : [values.part];
const withRedis = !values["no-redis"];
try {
  const printed: (() => void)[] = [];
  if (parts.includes("lateness")) {
    const rows = await lateness("memory", async () => createMemoryStore());
    if (withRedis) {
      const { admin } = await privateRedis();
      const fresh = async () => {
        await admin.flushall(); // the bench's own redis-server
        return createRedisStore(admin, { deliveryGroup: GROUP });
      };
      rows.push(...(await lateness("redis", fresh)));
    }
    printed.push(() => printLateness(rows));
  }
  if (parts.includes("idle") && withRedis) {
    const { url, admin } = await privateRedis();
    const rows = [await idleRun(url, admin, 0, 0)];
    for (const orgs of ORGS) rows.push(await idleRun(url, admin, orgs, WAITING));
    printed.push(() => printIdle(rows));
  }
  console.log(`# The message sender — ${machineLine()}`);
  console.log(
    `Lintel in this process (createLintel, no mailer: messages sent on the webhook channel; default sender settings: ` +
      `poll 400 ms, 16 in flight, 4 of one org), memory store and a private redis-server (AOF, fsync every second), ` +
      `nothing pinned; load average (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`,
  );
  for (const print of printed) print();
} finally {
  await redis?.admin.quit();
  await redis?.child.stop("SIGKILL");
  await rm(redisDir, { recursive: true, force: true });
}
