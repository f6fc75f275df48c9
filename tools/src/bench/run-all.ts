/**
 * Runs every benchmark, one after the other, each in its own process (so one's caches and
 * garbage don't colour the next): domain, the preview against its Temporal reference, store
 * (memory and Redis). `ratio.js` (the HTTP server under wrk, pinned) runs on its own.
 *
 *   node tools/dist/bench/run-all.js [--no-redis]
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const withRedis = !process.argv.includes("--no-redis");
const runs: [string, string[]][] = [
  ["domain.js", []],
  ["preview.js", []],
  ["store.js", withRedis ? ["memory", "redis"] : ["memory"]],
];

let failed = 0;
for (const [script, args] of runs) {
  const run = spawnSync(process.execPath, [join(here, script), ...args], { stdio: "inherit" });
  if (run.status !== 0) {
    failed++;
    console.error(`${script} ${args.join(" ")} exited ${run.status ?? run.signal}`);
  }
}
process.exitCode = failed === 0 ? 0 : 1;
