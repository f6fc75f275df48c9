/**
 * For the `*.int.test.ts` files: a client on the test Redis (REDIS_CLUSTER_NODES, a comma list
 * of host:port, selects a cluster; else REDIS_URL, else 127.0.0.1:6379). Random ids and record
 * builders come from `@lintel/core/contracts`. Tests never flush: every test makes its own org.
 */
import { createRedisClient, whenReady, type RedisClient } from "./client.js";

/** A ready client for the test Redis; quit it in `after`. */
export async function connectTestRedis(): Promise<RedisClient> {
  const nodes = process.env["REDIS_CLUSTER_NODES"];
  const client =
    nodes !== undefined && nodes !== ""
      ? createRedisClient({ clusterNodes: nodes.split(",").map((node) => node.trim()) })
      : createRedisClient({ url: process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379" });
  await whenReady(client, 10_000);
  return client;
}
