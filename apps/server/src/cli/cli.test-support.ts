// Shared by the CLI integration tests: run a compiled tool as a child process, a Redis client
// for reading back, fresh org ids, and removal of everything one org left in Redis. With
// REDIS_CLUSTER_NODES set (tools/redis-cluster.sh apps/server/dist/cli) it all runs on the cluster.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRedisClient, DEFAULT_REDIS_URL, redisKeys, type RedisClient } from "@lintel/store-redis";

export const REDIS_URL = process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;
const CLUSTER_NODES = process.env["REDIS_CLUSTER_NODES"];

const here = dirname(fileURLToPath(import.meta.url));

export interface ToolRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `lintel <tool> args` (dist/cli/lintel.js); REDIS_URL points at the test Redis unless `env` says otherwise. */
export function runTool(tool: "seed" | "keys", args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<ToolRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(here, "lintel.js"), tool, ...args],
      {
        env: { PATH: process.env["PATH"], REDIS_URL, ...(CLUSTER_NODES ? { REDIS_CLUSTER_NODES: CLUSTER_NODES } : {}), ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A fresh org id, so tests never collide on the shared Redis. */
export const randomOrgId = (): string => `org_test_${randomBytes(6).toString("hex")}`;

/** A plain client for reading back what the tools wrote. */
export function testRedis(): RedisClient {
  return createRedisClient(CLUSTER_NODES ? { clusterNodes: CLUSTER_NODES.split(",") } : { url: REDIS_URL });
}

/** Every key under the org's hash tag. */
export async function orgKeys(redis: RedisClient, orgId: string): Promise<string[]> {
  const found: string[] = [];
  const pattern = `lintel:{org:${orgId}}*`.replace(/[[\]{}]/g, (c) => `\\${c}`);
  for (const node of "nodes" in redis ? redis.nodes("master") : [redis]) {
    let cursor = "0";
    do {
      const [next, keys] = await node.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== "0");
  }
  return found;
}

/** The org's keys plus the global API-key entries of its keys (by hash and by id). */
export async function everythingOfOrg(redis: RedisClient, orgId: string): Promise<string[]> {
  const ids = await redis.smembers(redisKeys.orgApiKeys(orgId));
  const hashes = await Promise.all(ids.map((id) => redis.get(redisKeys.apiKeyHashById(id))));
  return [
    ...(await orgKeys(redis, orgId)),
    ...ids.map((id) => redisKeys.apiKeyHashById(id)),
    ...hashes.flatMap((hash) => (hash === null ? [] : [redisKeys.apiKeyByHash(hash)])),
  ];
}

/** Every string stored at `key`, whatever its type (members, fields and values). */
export async function valuesAt(redis: RedisClient, key: string): Promise<string[]> {
  switch (await redis.type(key)) {
    case "string":
      return [(await redis.get(key)) ?? ""];
    case "hash":
      return Object.entries(await redis.hgetall(key)).flat();
    case "set":
      return redis.smembers(key);
    case "zset":
      return redis.zrange(key, 0, -1);
    case "list":
      return redis.lrange(key, 0, -1);
    case "none":
      return [];
    default:
      throw new Error(`unexpected type at ${key}`);
  }
}

/** Deletes everything the org left (never FLUSHALL: other tests share the Redis). */
export async function dropOrg(redis: RedisClient, orgId: string): Promise<void> {
  // The org's entries in the device index (global sets, shared by every org with that device id).
  const locks = Object.entries(await redis.hgetall(redisKeys.locks(orgId)));
  await Promise.all(
    locks.map(([lockId, json]) =>
      redis.srem(redisKeys.lockDevice((JSON.parse(json) as { providerDeviceId: string }).providerDeviceId), `${orgId}/${lockId}`),
    ),
  );
  const keys = await everythingOfOrg(redis, orgId);
  // One key per call: on a cluster the API-key entries live in other slots than the org's.
  await Promise.all(keys.map((key) => redis.unlink(key)));
}

/** A TCP port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
