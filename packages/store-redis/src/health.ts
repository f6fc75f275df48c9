/** Health on Redis: every master answers PING within the command timeout. */
import type { Health } from "@lintel/core";
import { Cluster } from "ioredis";
import type { RedisClient } from "./client.js";
import { guard } from "./errors.js";

/** `/readyz` for a Redis store; on a cluster, every master must answer. */
export function createRedisHealth(redis: RedisClient): Health {
  return {
    ping: () =>
      guard(async () => {
        const nodes = redis instanceof Cluster ? redis.nodes("master") : [redis];
        if (nodes.length === 0) throw new Error("Cluster has no master nodes yet.");
        await Promise.all(nodes.map((node) => node.ping()));
      }),
  };
}
