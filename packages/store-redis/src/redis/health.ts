/**
 * Health on Redis: every master answers PING and, on a cluster, the cluster says its state is ok
 * (every slot is served). `Lintel.ready` bounds the ping by its store deadline; the command
 * timeout bounds it for other callers.
 */
import type { Health } from "@lintel/core/adapters";
import { Cluster } from "ioredis";
import type { RedisClient } from "./client.js";
import { guard } from "./errors.js";

/** `/readyz` for a Redis store. */
export function createRedisHealth(redis: RedisClient): Health {
  return {
    ping: () =>
      guard(async () => {
        if (!(redis instanceof Cluster)) {
          await redis.ping();
          return;
        }
        const masters = redis.nodes("master");
        const first = masters[0];
        if (first === undefined) throw new Error("Cluster has no master nodes yet.");
        const [info] = await Promise.all([first.call("CLUSTER", "INFO"), ...masters.map((node) => node.ping())]);
        if (!String(info).includes("cluster_state:ok")) throw new Error("Cluster state is not ok.");
      }),
  };
}
