/**
 * Compression benchmark (SPEC 5.8): does compressing bodies of 1 KiB or more cost the small
 * answers? Two in-process servers on the demo data, one with compression and one without (the
 * baseline), the client accepting gzip, deflate and br as fetch does; autocannon on a single
 * lock (~0.4 KB, under the threshold) and a 100-lock page (~40 KB), alternating rounds.
 *
 *   node tools/dist/bench/compression.js [--duration 5] [--rounds 2] [--connections 10]
 */
import { get } from "node:http";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { loadConfig, startServer, type RunningServer } from "@lintel/api";
import { generateApiKey } from "@lintel/domain";
import { benchFixture } from "./bench-fixture.js";
import { machineLine } from "./measure.js";

const TARGETS = [
  { name: "GET /v1/locks/lock_004 (small)", path: "/v1/locks/lock_004" },
  { name: "GET /v1/locks?limit=100 (page)", path: "/v1/locks?limit=100" },
];
const ACCEPT = "gzip, deflate, br";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
  },
});
const key = generateApiKey();
const { fixture } = benchFixture("", key);
const loading = loadConfig({ LOG_LEVEL: "silent", CURSOR_SECRET: "compression-bench-secret-0123456789abcd" });
if (!loading.ok) throw new Error(loading.errors.join("; "));
const servers: Record<"on" | "off", RunningServer> = {
  on: await startServer({ ...loading.config, port: 0 }, { fixture }),
  off: await startServer({ ...loading.config, port: 0 }, { fixture, compression: false }),
};

/** Bytes of the body as sent (node:http does not decode) and its Content-Encoding. */
function wire(server: RunningServer, path: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers: { "x-api-key": key, "accept-encoding": ACCEPT } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ bytes, encoding: String(response.headers["content-encoding"] ?? "identity") }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

console.log(`# Compression — ${machineLine()}\n`);
console.log(
  `${values.connections} connections, ${values.rounds} alternating rounds of ${values.duration} s per row; the client sends Accept-Encoding: ${ACCEPT}.\n`,
);
console.log("| answer | compression | bytes on the wire | req/s (median of rounds) | p50 ms | p99 ms |");
console.log("|---|---|---:|---:|---:|---:|");
try {
  for (const target of TARGETS) {
    const runs: Record<"on" | "off", { rps: number[]; p50: number[]; p99: number[] }> = {
      on: { rps: [], p50: [], p99: [] },
      off: { rps: [], p50: [], p99: [] },
    };
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const mode of round % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) {
        const result = await autocannon({
          url: `${servers[mode].url}${target.path}`,
          connections: Number(values.connections),
          duration: Number(values.duration),
          workers: 1,
          headers: { "x-api-key": key, "accept-encoding": ACCEPT },
        });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${target.name} (${mode}): ${result.non2xx} non-2xx, ${result.errors} errors`);
        runs[mode].rps.push(result.requests.average);
        runs[mode].p50.push(result.latency.p50);
        runs[mode].p99.push(result.latency.p99);
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? 0;
    for (const mode of ["off", "on"] as const) {
      const { bytes, encoding } = await wire(servers[mode], target.path);
      const label = mode === "on" ? `on (${encoding})` : "off (baseline)";
      console.log(
        `| ${target.name} | ${label} | ${bytes.toLocaleString("en-US")} | ${median(runs[mode].rps).toFixed(0)} | ${median(runs[mode].p50).toFixed(1)} | ${median(runs[mode].p99).toFixed(1)} |`,
      );
    }
  }
} finally {
  await Promise.all([servers.on.close(), servers.off.close()]);
}
