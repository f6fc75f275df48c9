/**
 * Faults under load: two real server processes on a private redis-server (append-only,
 * `appendfsync always`) serve ~200 requests a second of mixed reads and set_timezone writes,
 * while Redis is killed (SIGKILL, restart) and frozen (SIGSTOP, SIGCONT), and while Seam's fake
 * is down and then slow (behind a delaying proxy). Prints per phase the statuses, latencies,
 * connection-level failures and recovery times; at the end Redis is killed once more and
 * restarted from its append-only file, and every write answered 200 is looked for in it.
 * Exits 1 when a promise was broken. Loopback only, bounded (at most 30,000 requests, ~40 s),
 * stops everything it starts.
 *
 * Usage: node tools/dist/reliability/faults.js [--rate 200] [--timeout-ms 1000]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { freePorts, spawnRedis, writeFixture, type Child, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../server-process.js";
import { startFakeSeam } from "@lintel/testkit/seam";
import { faultFixture, faultTraffic, type FaultFixture, type FaultWriters, type Unit } from "./fault-traffic.js";
import { countStatuses, latencies, ms, pause } from "./figures.js";
import { startLoad, type Load, type Shot } from "./load.js";
import { startSlowProxy, type SlowProxy } from "./slow-proxy.js";

const { values } = parseArgs({ options: { rate: { type: "string", default: "200" }, "timeout-ms": { type: "string", default: "1000" } } });
const RATE = Math.min(Math.max(Number(values.rate) || 200, 10), 500);
const PROVIDER_TIMEOUT_MS = Math.min(Math.max(Number(values["timeout-ms"]) || 1000, 100), 3000);
/** Every answer within this (the request's 1 s store deadline, or the provider timeout, plus a margin). */
const ANSWER_BOUND_MS = Math.max(1000, PROVIDER_TIMEOUT_MS) + 100;
/**
 * A live lock state's store lookup is under the store deadline and its provider call under its
 * own timeout, one after the other (docs/decisions.md, "Reliability at scale": one store deadline per request).
 */
const STATE_BOUND_MS = 1000 + PROVIDER_TIMEOUT_MS + 100;
const boundOf = (shot: Shot) => (shot.kind.startsWith("state_") ? STATE_BOUND_MS : ANSWER_BOUND_MS);
const RECOVERY_BOUND_MS = 2000;

interface Rig {
  redis: Child;
  readonly redisPort: number;
  readonly dir: string;
  readonly load: Load;
  readonly proxy: SlowProxy;
  readonly seam: Awaited<ReturnType<typeof startFakeSeam>>;
}

const broken: string[] = [];
function expect(ok: boolean, promise: string): string {
  if (!ok) broken.push(promise);
  return ok ? "ok" : "BROKEN";
}

const during = (shots: readonly Shot[], from: number, to: number) => shots.filter((s) => s.sentAt >= from && s.sentAt < to);

/** The script's own event-loop delay: a busy client would add to every latency it measures. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

function report(name: string, shots: readonly Shot[]): void {
  const late = shots.filter((s) => s.doneAt - s.sentAt > boundOf(s));
  const slow = late.length;
  const odd = shots.filter((s) => s.status !== 200 && s.status !== 503);
  const errors = countStatuses(shots.filter((s) => s.status === "error").map((s) => ({ status: s.error ?? "?" })));
  console.log(`\n## ${name}`);
  console.log(`requests: ${shots.length}; statuses: ${countStatuses(shots)}`);
  const overall = shots.filter((s) => s.doneAt - s.sentAt > ANSWER_BOUND_MS).length;
  const bounds = `over ${ANSWER_BOUND_MS} ms (lock states: ${STATE_BOUND_MS} ms)`;
  console.log(`latency: ${latencies(shots)}; ${bounds}: ${slow} (${expect(slow === 0, `${name}: answers within bound`)})`);
  console.log(`over ${ANSWER_BOUND_MS} ms, lock states included: ${overall}`);
  if (slow > 0) console.log(`${bounds}: ${countStatuses(late)}; by kind: ${countStatuses(late.map((s) => ({ status: s.kind })))}`);
  console.log(`this script's event-loop delay: max ${ms(loopDelay.max / 1e6)}, p99 ${ms(loopDelay.percentile(99) / 1e6)}`);
  loopDelay.reset();
  console.log(`other than 200/503: ${odd.length} (${expect(odd.length === 0, `${name}: only 200 or 503`)}); connection errors: ${errors}`);
}

async function redisFault(rig: Rig, fault: "kill" | "freeze", outageMs: number): Promise<void> {
  const from = performance.now();
  await pause(1000);
  const faultAt = performance.now();
  if (fault === "kill") await rig.redis.stop("SIGKILL");
  else rig.redis.child.kill("SIGSTOP");
  await pause(outageMs);
  if (fault === "kill") rig.redis = await spawnRedis(rig.redisPort, rig.dir);
  else rig.redis.child.kill("SIGCONT");
  const backAt = performance.now();
  const firstUp = () => rig.load.shots.filter((s) => s.sentAt >= backAt && s.status === 200).sort((a, b) => a.doneAt - b.doneAt)[0];
  while (firstUp() === undefined && performance.now() - backAt < 20_000) await pause(50);
  await pause(1500);
  const shots = during(rig.load.shots, from, performance.now());
  report(`Redis ${fault === "kill" ? "SIGKILL, restart" : "SIGSTOP, SIGCONT"} after ${outageMs} ms`, shots);
  const firstDown = shots.filter((s) => s.doneAt >= faultAt && s.status !== 200).sort((a, b) => a.doneAt - b.doneAt)[0];
  const up = firstUp();
  const recovery = up === undefined ? Infinity : up.doneAt - backAt;
  console.log(`first non-200 after the fault: ${ms(firstDown && firstDown.doneAt - faultAt)} (${firstDown?.status ?? "—"})`);
  console.log(`first 200 after Redis was back: ${ms(recovery)} (${expect(recovery <= RECOVERY_BOUND_MS, `${fault}: recovery ≤ 2 s`)})`);
}

async function seamFault(rig: Rig, name: string, start: () => void, end: () => void, lengthMs: number): Promise<void> {
  const from = performance.now();
  start();
  await pause(lengthMs);
  end();
  await pause(2500); // answers are reused for 2 s: the phase ends once fresh ones come
  const shots = during(rig.load.shots, from, performance.now());
  report(`Seam ${name} for ${lengthMs} ms (LOCK_PROVIDER_TIMEOUT_MS=${PROVIDER_TIMEOUT_MS})`, shots);
  const state = shots.filter((s) => s.kind === "state_seam");
  const held = Math.max(...state.map((s) => s.doneAt - s.sentAt));
  console.log(`Seam lock state: ${countStatuses(state)}; ${latencies(state)}`);
  console.log(
    `longest Seam request: ${ms(held)} (${expect(held <= PROVIDER_TIMEOUT_MS + 100, `Seam ${name}: ≤ LOCK_PROVIDER_TIMEOUT_MS + 100 ms`)})`,
  );
  const others = shots.filter((s) => s.kind !== "state_seam");
  console.log(`everything else: ${countStatuses(others)}`);
}

/** Kills Redis, restarts it from its append-only file, and finds every acknowledged write in it. */
async function verifyWrites(rig: Rig, server: ServerChild, fixture: FaultFixture, writers: FaultWriters): Promise<void> {
  await rig.redis.stop("SIGKILL");
  rig.redis = await spawnRedis(rig.redisPort, rig.dir);
  let acked = 0;
  let found = 0;
  let lastExact = 0;
  for (const writer of writers) {
    let unit: Unit | undefined;
    for (let attempt = 0; unit === undefined && attempt < 100; attempt++) {
      const answer = await fetch(`${server.url}/v1/units/get_unit?unitIdOrKey=${writer.unitId}`, { headers: { "x-api-key": fixture.key } });
      if (answer.status === 200) unit = ((await answer.json()) as { unit: Unit }).unit;
      else await pause(100);
    }
    if (unit === undefined) throw new Error(`unit ${writer.unitId} could not be read after the restart`);
    acked += writer.acked.length;
    found += writer.acked.filter((version) => version <= unit.version).length;
    const last = writer.lastAcked;
    if (last === null || (last.version === unit.version && last.timeZone === unit.timeZone)) lastExact++;
  }
  const writes = writers.reduce((sum, w) => sum + w.writes, 0);
  const conflicts = writers.reduce((sum, w) => sum + w.conflicts, 0);
  console.log(`\n## Data after a final SIGKILL and a restart from the append-only file`);
  console.log(`set_timezone sent: ${writes}; answered 200: ${acked}; 409 after an unsure write: ${conflicts}`);
  console.log(`acknowledged versions present (≤ the unit's version): ${found}/${acked} (${expect(found === acked, "no write lost")})`);
  console.log(
    `units whose last write was acknowledged show exactly it: ${lastExact}/${writers.length} (${expect(lastExact === writers.length, "last writes exact")})`,
  );
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "lintel-faults-"));
  const seam = await startFakeSeam();
  const proxy = await startSlowProxy(seam.endpoint);
  const deviceIds = Array.from({ length: 6 }, (_, i) =>
    seam.addLock(`Door ${i}`, { locked: i % 2 === 0, online: true, battery_level: 0.5 }),
  );
  const fixture = faultFixture(deviceIds);
  const [redisPort, ...serverPorts] = (await freePorts(3)) as [number, number, number];
  const redis = await spawnRedis(redisPort, dir);
  const servers: ServerChild[] = [];
  let rig: Rig | undefined;
  try {
    const env = {
      ...{
        STORE: "redis",
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        CURSOR_SECRET: "faults-cursor-secret-0123456789abcdefghij",
        DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      },
      ...{ FIXTURE: await writeFixture(fixture.json), SEAM_API_KEY: seam.apiKey, SEAM_ENDPOINT: proxy.url },
      LOCK_PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    };
    for (const port of serverPorts) servers.push(await spawnServer(port, env));
    const traffic = faultTraffic(fixture);
    const load = startLoad({
      bases: servers.map((s) => s.url),
      apiKey: fixture.key,
      ratePerSecond: RATE,
      plan: traffic.plan,
      maxRequests: 30_000,
    });
    rig = { redis, redisPort, dir, load, proxy, seam };
    console.log(
      `# Faults under load: ${servers.length} server processes, ~${RATE} requests/s (1 in 10 a set_timezone), node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}`,
    );
    const baselineFrom = performance.now();
    await pause(3000);
    report("baseline", during(load.shots, baselineFrom, performance.now()));
    await redisFault(rig, "kill", 2000);
    await redisFault(rig, "freeze", 3000);
    await seamFault(
      rig,
      "outage (503 on /devices/get)",
      () => seam.simulateOutage(),
      () => seam.recover(),
      3000,
    );
    const slowMs = Math.round(PROVIDER_TIMEOUT_MS * 1.5);
    await seamFault(
      rig,
      `answering after ${slowMs} ms`,
      () => proxy.setDelay(slowMs),
      () => proxy.setDelay(0),
      4000,
    );
    const laggyMs = Math.round(PROVIDER_TIMEOUT_MS * 0.6);
    await seamFault(
      rig,
      `answering after ${laggyMs} ms`,
      () => proxy.setDelay(laggyMs),
      () => proxy.setDelay(0),
      3000,
    );
    await load.stop();
    const alive = servers.map((s) => s.child.exitCode === null && s.child.signalCode === null);
    console.log(`\nboth server processes alive: ${alive.join(", ")} (${expect(alive.every(Boolean), "processes alive")})`);
    await verifyWrites(rig, servers[0]!, fixture, traffic.writers);
  } finally {
    await rig?.load.stop();
    await Promise.all(servers.map((s) => s.stop("SIGTERM")));
    const current = rig?.redis ?? redis;
    current.child.kill("SIGCONT");
    await current.stop("SIGKILL");
    await proxy.close();
    await seam.close();
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`\nload average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
  console.log(broken.length === 0 ? "\nevery promise held" : `\nBROKEN: ${broken.join("; ")}`);
  process.exitCode = broken.length === 0 ? 0 : 1;
}

await main();
