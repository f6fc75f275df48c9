/**
 * HTTP benchmark: starts the Lintel server in-process (`startServer`) on a free port with the
 * demo fixture plus one bench key whose budget never runs out, and runs autocannon (in a
 * worker thread, so it does not share the server's event loop) against the lock list and the
 * time-zone preview, ~10 s each. Memory store by default; `redis` also runs it on Redis
 * (REDIS_URL), under fresh org ids that are deleted afterwards.
 *
 *   node tools/dist/bench/http.js [memory] [redis] [--duration 10] [--connections 10]
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { loadConfig, startServer } from "@lintel/api";
import { generateApiKey } from "@lintel/domain";
import { DEFAULT_REDIS_URL } from "@lintel/store-redis";
import { benchFixture, dropFromRedis } from "./bench-fixture.js";
import { machineLine } from "./measure.js";

interface Target {
  readonly name: string;
  readonly path: string;
}

const TARGETS: readonly Target[] = [
  { name: "GET /v1/locks?limit=20", path: "/v1/locks?limit=20" },
  {
    name: "GET /v1/units/preview_timezone_change (Chicago → New York)",
    path: "/v1/units/preview_timezone_change?unitIdOrKey=chicago-loft&proposedTimeZone=America/New_York",
  },
];

async function benchStore(store: "memory" | "redis", duration: number, connections: number): Promise<void> {
  const redisUrl = process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;
  const key = generateApiKey();
  const suffix = store === "redis" ? `_bench${randomBytes(4).toString("hex")}` : "";
  const { fixture, orgIds, keyId } = benchFixture(suffix, key);
  const loading = loadConfig({
    STORE: store,
    LOG_LEVEL: "silent",
    CURSOR_SECRET: "http-bench-secret-http-bench-secret-0123",
    ...(store === "redis" ? { REDIS_URL: redisUrl } : {}),
  });
  if (!loading.ok) throw new Error(loading.errors.join("; "));
  const server = await startServer({ ...loading.config, port: 0 }, { fixture });
  console.log(`\n## HTTP, STORE=${store} (${connections} connections, ${duration} s each, server at ${server.url})\n`);
  console.log("| endpoint | req/s | p50 ms | p99 ms | non-2xx | errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  try {
    for (const target of TARGETS) {
      const check = await fetch(`${server.url}${target.path}`, { headers: { "x-api-key": key } });
      if (check.status !== 200) throw new Error(`${target.name} answered ${check.status}: ${await check.text()}`);
      const result = await autocannon({
        url: `${server.url}${target.path}`,
        connections,
        duration,
        workers: 1,
        headers: { "x-api-key": key },
      });
      const row = [
        target.name,
        result.requests.average.toFixed(0),
        result.latency.p50.toFixed(1),
        result.latency.p99.toFixed(1),
        result.non2xx,
        result.errors + result.timeouts,
      ];
      console.log(`| ${row.join(" | ")} |`);
    }
  } finally {
    await server.close();
    if (store === "redis") await dropFromRedis(redisUrl, orgIds, key, keyId);
  }
}

const { values, positionals } = parseArgs({
  options: { duration: { type: "string", default: "10" }, connections: { type: "string", default: "10" } },
  allowPositionals: true,
});
const stores = positionals.length === 0 ? ["memory"] : positionals;
console.log(`# HTTP benchmarks — ${machineLine()}`);
for (const store of stores) {
  if (store !== "memory" && store !== "redis") throw new Error(`unknown store ${store} (memory, redis)`);
  await benchStore(store, Number(values.duration), Number(values.connections));
}
