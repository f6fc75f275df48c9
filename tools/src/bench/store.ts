/**
 * Store benchmarks: `LockDirectory.listActive` pages of 100 at the start of the list and deep
 * in it, for orgs of 1,000 and 100,000 active locks, on the memory store and on Redis. Equal
 * figures at the start and deep down, and for small and large orgs, show the O(log n + limit)
 * cost the port promises (no offsets, no scans from the start).
 *
 *   node tools/dist/bench/store.js [memory] [redis]      (both when none is named; REDIS_URL as the tools)
 *
 * Redis data goes to random orgs and is deleted afterwards (SCAN MATCH on the org's hash tag + UNLINK).
 */
import { randomBytes } from "node:crypto";
import type { FixtureData } from "@lintel/core";
import type { FixtureSink, LockDirectory } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import { LIST_DIRECTION, lockPosition } from "@lintel/domain/adapters";
import { createMemoryStore } from "@lintel/store-memory";
import { createRedisClient, createRedisStore, DEFAULT_REDIS_URL, whenReady, type RedisClient } from "@lintel/store-redis";
import { countRecords, fixtureChunks } from "@lintel/server/fixture-file";
import { orgWithLocks } from "./bench-data.js";
import { machineLine, measure, printFigures, timeOnce, type Figure } from "./measure.js";

const SIZES = [1_000, 100_000];
const PAGE = 100;

/** Positions to page from: the start, the middle, and 100 rows before the end, in list order. */
function startingPoints(data: FixtureData): { label: string; after: string | null }[] {
  const sign = LIST_DIRECTION.locks === "desc" ? -1 : 1;
  const positions = data.locks.map((l: Lock) => lockPosition(l)).sort((a, b) => sign * (a < b ? -1 : a > b ? 1 : 0));
  const at = (index: number) => positions[index] ?? null;
  return [
    { label: "start", after: null },
    { label: "middle", after: at(Math.floor(positions.length / 2)) },
    { label: "deep (last page)", after: at(positions.length - PAGE - 1) },
  ];
}

async function seed(sink: FixtureSink, data: FixtureData, what: string): Promise<string> {
  const { ms } = await timeOnce(async () => {
    for (const chunk of fixtureChunks(data, 5000)) await sink.load(chunk);
  });
  return `seeded ${countRecords(data).toLocaleString("en-US")} records into ${what} in ${(ms / 1000).toFixed(1)} s`;
}

async function pageFigures(store: string, locks: LockDirectory, orgId: string, data: FixtureData): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const { label, after } of startingPoints(data)) {
    const page = await locks.listActive(orgId, after, PAGE);
    if (page.length !== PAGE) throw new Error(`expected a full page at ${label}, got ${page.length}`);
    const name = `${store} listActive(${PAGE}) of ${data.locks.length.toLocaleString("en-US")} locks, ${label}`;
    figures.push(await measure(name, () => locks.listActive(orgId, after, PAGE), { durationMs: 2000 }));
  }
  return figures;
}

async function memoryBench(): Promise<void> {
  const figures: Figure[] = [];
  for (const size of SIZES) {
    const store = createMemoryStore();
    const orgId = `org_bench_${size}`;
    const data = orgWithLocks(orgId, size);
    console.log(await seed(store.fixtures, data, "memory"));
    figures.push(...(await pageFigures("memory", store.locks, orgId, data)));
  }
  printFigures("Memory store", figures);
}

/** Deletes every key under the org's hash tag. */
async function dropOrg(redis: RedisClient, orgId: string): Promise<number> {
  const pattern = `lintel:\\{org:${orgId}\\}*`;
  let removed = 0;
  const nodes = "nodes" in redis ? redis.nodes("master") : [redis];
  for (const node of nodes) {
    let cursor = "0";
    do {
      const [next, keys] = await node.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      if (keys.length > 0) removed += await node.unlink(...keys);
      cursor = next;
    } while (cursor !== "0");
  }
  return removed;
}

async function redisBench(): Promise<void> {
  const nodes = process.env["REDIS_CLUSTER_NODES"];
  const redis = createRedisClient(nodes ? { clusterNodes: nodes.split(",") } : { url: process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL });
  await whenReady(redis);
  const store = createRedisStore(redis);
  const orgs: string[] = [];
  const figures: Figure[] = [];
  try {
    for (const size of SIZES) {
      const orgId = `org_bench_${randomBytes(6).toString("hex")}`;
      orgs.push(orgId);
      const data = orgWithLocks(orgId, size);
      console.log(await seed(store.fixtures, data, "Redis"));
      figures.push(...(await pageFigures("redis", store.locks, orgId, data)));
    }
  } finally {
    for (const orgId of orgs) console.log(`removed ${await dropOrg(redis, orgId)} keys of ${orgId}`);
    await redis.quit();
  }
  printFigures("Redis store (one client, one request at a time)", figures);
}

const chosen = process.argv.slice(2);
console.log(`# Store benchmarks — ${machineLine()}`);
if (chosen.length === 0 || chosen.includes("memory")) await memoryBench();
if (chosen.length === 0 || chosen.includes("redis")) await redisBench();
