/**
 * Isolation timing: on one random world of colliding orgs (isolation-world.ts), the median
 * latency of a foreign id, urlKey or cursor next to an unknown look-alike, per endpoint and
 * store. A foreign name that takes measurably longer would tell a caller it exists elsewhere.
 * Pairs are sent one at a time, each pair in random order. Bounded: at most 50 rounds (a few
 * thousand requests); the server it starts it also stops. Also fails on any isolation mismatch.
 *
 * Usage: npm run -s isolation-timing -- [--store memory|redis|both] [--rounds 10] [--seed N]
 */
import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { probeWorld } from "./isolation-probe.js";
import { startWorldsServer } from "./isolation-world.js";

const { values } = parseArgs({
  options: { store: { type: "string", default: "both" }, rounds: { type: "string", default: "10" }, seed: { type: "string" } },
});
const stores = values.store === "both" ? ["memory", "redis"] : [values.store];
const rounds = Number(values.rounds);
const seed = values.seed === undefined ? randomInt(2 ** 31) : Number(values.seed);
if (!stores.every((store) => store === "memory" || store === "redis")) throw new Error("--store must be memory, redis or both");
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) throw new Error("--rounds must be an integer 1..50");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${value.toFixed(3)} ms`;

console.log(`Isolation timing: seed=${seed} rounds=${rounds} (repeat with --seed ${seed})`);
let failed = false;
for (const store of stores) {
  const { worlds, server } = await startWorldsServer(store!, seed, 1);
  try {
    const world = worlds[0]!;
    const report = await probeWorld(server.url, world, { rounds });
    console.log(
      `\nstore=${store}: ${world.orgs.length} orgs, ${report.pairs} foreign/unknown pairs, ${report.mismatches.length} mismatches`,
    );
    for (const mismatch of report.mismatches.slice(0, 10)) console.log(`  MISMATCH ${mismatch}`);
    failed ||= report.mismatches.length > 0;
    console.log(
      `  ${"endpoint".padEnd(44)} ${"pairs".padStart(6)} ${"foreign".padStart(10)} ${"unknown".padStart(10)} ${"diff".padStart(10)}`,
    );
    const all = { foreign: [] as number[], unknown: [] as number[] };
    for (const [label, timing] of [...report.timings].sort(([a], [b]) => a.localeCompare(b))) {
      all.foreign.push(...timing.foreign);
      all.unknown.push(...timing.unknown);
      const [f, u] = [median(timing.foreign), median(timing.unknown)];
      console.log(
        `  ${label.padEnd(44)} ${String(timing.foreign.length).padStart(6)} ${ms(f).padStart(10)} ${ms(u).padStart(10)} ${ms(f - u).padStart(10)}`,
      );
    }
    const [f, u] = [median(all.foreign), median(all.unknown)];
    console.log(
      `  ${"all".padEnd(44)} ${String(all.foreign.length).padStart(6)} ${ms(f).padStart(10)} ${ms(u).padStart(10)} ${ms(f - u).padStart(10)}`,
    );
  } finally {
    await server.stop();
  }
}
process.exitCode = failed ? 1 : 0;
