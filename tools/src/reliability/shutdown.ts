/**
 * Reliability script (issue 12): graceful shutdown under load. The real server process
 * (memory, then Redis on a private redis-server) takes steady traffic on 50 keep-alive
 * connections (45 reading, 5 writing set_timezone on units of their own) plus a /readyz probe;
 * then SIGTERM. Prints requests sent and answered, connection-level failures, the requests in
 * flight at the signal and what became of them, what /readyz answered after it, and the exit.
 * Each connection stops once an answer after the signal says `Connection: close`. Exits 1 when a
 * request failed at the connection level, one in flight went unanswered, /readyz said 200 after
 * the server took the signal, or the exit code was not 0.
 * Loopback only, bounded in time; every process it starts it also stops.
 *
 * Usage: npm run -s reliability:shutdown [-- memory,redis]
 */
import { once } from "node:events";
import { Agent } from "node:http";
import { runStores, send, startRig, type Outcome, type Rig, type Store } from "./edge-rig.js";
import { countStatuses, ms, pause, percentile } from "./figures.js";

const CONNECTIONS = 50;
const WRITERS = 5;
const WARM_MS = 2_000;
/** After the signal a connection goes on until it is told to close, at most this long. */
const AFTER_SIGNAL_BOUND_MS = 15_000;
const PROBE_EVERY_MS = 20;

const READS = [
  "/v1/locks?limit=10",
  "/v1/locks/lock_001",
  "/v1/units/get_unit?unitIdOrKey=unit_chicago",
  "/v1/units/preview_timezone_change?unitIdOrKey=unit_brooklyn&proposedTimeZone=Europe/Berlin",
];
const WRITE_UNITS = ["unit_chicago", "unit_brooklyn", "unit_berlin", "unit_kolkata", "unit_lord_howe"];
const ZONES = ["America/Denver", "Asia/Tokyo"];

interface Run {
  signalAt: number | undefined;
  readonly outcomes: Outcome[];
  readonly probes: Outcome[];
  /** set_timezone answers 409: a write applied whose answer was lost would show as one. */
  conflicts: number;
}

/** Goes on until, after the signal, an answer closes the connection or a request fails. */
const goOn = (run: Run, last: Outcome) =>
  run.signalAt === undefined || (last.error === null && !last.close && performance.now() - run.signalAt < AFTER_SIGNAL_BOUND_MS);

async function reader(rig: Rig, run: Run, index: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = index; ; i++) {
      const outcome = await send(agent, rig.server.url, { path: READS[i % READS.length]!, key: rig.key });
      run.outcomes.push(outcome);
      if (!goOn(run, outcome)) return;
    }
  } finally {
    agent.destroy();
  }
}

async function writer(rig: Rig, run: Run, unitId: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const unit = await send(agent, rig.server.url, { path: `/v1/units/get_unit?unitIdOrKey=${unitId}`, key: rig.key });
    let version = (JSON.parse(unit.body) as { unit: { version: number } }).unit.version;
    for (let i = 0; ; i++) {
      const body = JSON.stringify({ unitIdOrKey: unitId, timeZone: ZONES[i % 2], expectedVersion: version, policy: "keep_instant" });
      const outcome = await send(agent, rig.server.url, { method: "POST", path: "/v1/units/set_timezone", key: rig.key, body });
      run.outcomes.push(outcome);
      if (outcome.status === 200) version = (JSON.parse(outcome.body) as { unit: { version: number } }).unit.version;
      if (outcome.status === 409) {
        run.conflicts++;
        version = (JSON.parse(outcome.body) as { currentVersion: number }).currentVersion;
      }
      if (!goOn(run, outcome)) return;
    }
  } finally {
    agent.destroy();
  }
}

async function probe(rig: Rig, run: Run): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (;;) {
      const outcome = await send(agent, rig.server.url, { path: "/readyz" });
      run.probes.push(outcome);
      if (!goOn(run, outcome)) return;
      await pause(PROBE_EVERY_MS);
    }
  } finally {
    agent.destroy();
  }
}

interface Ending {
  readonly signalAt: number;
  /** When the server's "SIGTERM: finishing" line had arrived (a little after it took the signal). */
  readonly tookAt: number;
  readonly exitMs: number;
  readonly code: number | null;
  readonly signal: string | null;
}

/** Prints the figures; false when a promise was broken. */
function report(store: Store, run: Run, ending: Ending): boolean {
  const { signalAt, tookAt } = ending;
  const { outcomes } = run;
  const answered = outcomes.filter((o) => o.status !== null);
  const failures = outcomes.filter((o) => o.error !== null);
  const inFlight = outcomes.filter((o) => o.sentAt < signalAt && o.doneAt >= signalAt);
  const after = outcomes.filter((o) => o.sentAt >= signalAt);
  const probesAfter = run.probes.filter((o) => o.doneAt >= signalAt);
  const first503 = probesAfter.find((o) => o.status === 503);
  const okAfterTook = run.probes.filter((o) => o.doneAt >= tookAt && o.status === 200).length;
  const lastAnswer = Math.max(...answered.map((o) => o.doneAt));
  const latencies = answered.filter((o) => o.doneAt < signalAt).map((o) => o.doneAt - o.sentAt);
  console.log(`\n## ${store}`);
  console.log(
    `requests sent / answered:            ${outcomes.length} / ${answered.length}  (${countStatuses(answered.map((o) => ({ status: o.status! })))})`,
  );
  console.log(`latency before the signal:           p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`);
  console.log(
    `connection-level failures:           ${failures.length}${failures.length > 0 ? ` (${countStatuses(failures.map((o) => ({ status: o.error! })))})` : ""}`,
  );
  console.log(`in flight at SIGTERM:                ${inFlight.length}, answered ${inFlight.filter((o) => o.status !== null).length}`);
  console.log(
    `sent after SIGTERM on open connections: ${after.length}, answered ${after.filter((o) => o.status !== null).length}, ` +
      `with Connection: close ${after.filter((o) => o.close).length}`,
  );
  console.log(`answers saying Connection: close:    ${outcomes.filter((o) => o.close).length} (of ${CONNECTIONS} connections)`);
  console.log(`set_timezone 409s (a lost answer):   ${run.conflicts}`);
  console.log(`server logged the signal:            ${ms(tookAt - signalAt)} after it`);
  console.log(
    `/readyz answered after SIGTERM:      ${countStatuses(probesAfter.map((o) => ({ status: o.status ?? o.error! })))}; first 503 ` +
      `${ms(first503 && first503.doneAt - signalAt)} after the signal; 200s after the server logged it: ${okAfterTook}`,
  );
  console.log(`last answer:                         ${ms(lastAnswer - signalAt)} after the signal`);
  console.log(`exit:                                ${ms(ending.exitMs)} after the signal, code ${ending.code ?? ending.signal}`);
  return failures.length === 0 && inFlight.every((o) => o.status !== null) && okAfterTook === 0 && run.conflicts === 0 && ending.code === 0;
}

async function runStore(store: Store): Promise<boolean> {
  const rig = await startRig(store);
  try {
    const run: Run = { signalAt: undefined, outcomes: [], probes: [], conflicts: 0 };
    const clients = [
      probe(rig, run),
      ...WRITE_UNITS.slice(0, WRITERS).map((unit) => writer(rig, run, unit)),
      ...Array.from({ length: CONNECTIONS - WRITERS }, (_, i) => reader(rig, run, i)),
    ];
    await pause(WARM_MS);
    const exited = once(rig.server.child, "exit") as Promise<[number | null, string | null]>;
    const signalAt = performance.now();
    run.signalAt = signalAt;
    const took = rig.server.waitFor("SIGTERM: finishing").then(() => performance.now());
    rig.server.child.kill("SIGTERM");
    const [code, signal] = await exited;
    const exitMs = performance.now() - signalAt;
    await Promise.all(clients);
    return report(store, run, { signalAt, tookAt: await took, exitMs, code, signal });
  } finally {
    await rig.stop();
  }
}

await runStores(
  `# Graceful shutdown under load: ${CONNECTIONS} keep-alive connections (${WRITERS} writing), SIGTERM after ${WARM_MS} ms`,
  "memory,redis",
  runStore,
);
