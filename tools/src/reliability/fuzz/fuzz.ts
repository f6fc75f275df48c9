/**
 * HTTP fuzz of the real server process: seeded hostile requests over raw loopback sockets, each
 * answer judged against the contract (see fuzz-check.ts). Prints the seed, the counts by status and
 * every failure with its seed and case number; exits 1 when anything failed. Bounded: at most
 * 100,000 requests, 3 s each; the server it starts it also stops.
 *
 * Usage: npm run -s fuzz -- [--store memory|redis] [--runs 10000] [--seed N]
 */
import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { describeFailure, runFuzz, startFuzzServer } from "./fuzz-run.js";

const MAX_RUNS = 100_000;
const SHOWN_FAILURES = 20;

const { values } = parseArgs({
  options: { store: { type: "string", default: "memory" }, runs: { type: "string", default: "10000" }, seed: { type: "string" } },
});
const store = values.store;
const runs = Number(values.runs);
const seed = values.seed === undefined ? randomInt(2 ** 31) : Number(values.seed);
if (store !== "memory" && store !== "redis") throw new Error(`--store must be memory or redis, not ${store}`);
if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS) throw new Error(`--runs must be an integer 1..${MAX_RUNS}`);
if (!Number.isInteger(seed)) throw new Error("--seed must be an integer");

console.log(`HTTP fuzz: store=${store} runs=${runs} seed=${seed} (repeat with --seed ${seed})`);
const target = await startFuzzServer(store);
try {
  const started = performance.now();
  const report = await runFuzz(target, { seed, runs });
  const seconds = (performance.now() - started) / 1000;
  const byStatus = (counts: ReadonlyMap<string, number>) =>
    [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}×${n}`)
      .join(" ");
  const writes = [...report.writeStatuses.values()].reduce((sum, n) => sum + n, 0);
  console.log(`${runs} requests in ${seconds.toFixed(1)} s; by first status: ${byStatus(report.statuses)}`);
  console.log(`of which ${writes} POSTs to the write endpoints; by first status: ${byStatus(report.writeStatuses)}`);
  const kinds = new Map<string, number>();
  for (const failure of report.failures) {
    const kind = failure.failures[0]!.replace(/:.*$/s, "");
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  console.log(`failures: ${report.failures.length}${report.failures.length === 0 ? "" : " —"}`);
  for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${kind}`);
  for (const failure of report.failures.slice(0, SHOWN_FAILURES)) console.log(describeFailure(seed, failure));
  if (report.failures.length > SHOWN_FAILURES) console.log(`… and ${report.failures.length - SHOWN_FAILURES} more`);
  console.log(`errors in the server's log: ${report.loggedErrors.length}`);
  for (const line of report.loggedErrors.slice(0, 5)) console.log(`  ${line.slice(0, 400)}`);
  process.exitCode = report.failures.length === 0 && report.loggedErrors.length === 0 ? 0 : 1;
} finally {
  await target.server.stop();
}
