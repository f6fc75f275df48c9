/**
 * A throwaway 3-master Redis Cluster for the reliability scripts: the same setup as
 * tools/redis-cluster.sh (loopback, no replicas), but as child processes of the script, so
 * stopping them is stopping its own children.
 */
import { execFile } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { spawnRedis, type Child } from "@lintel/testkit/processes";
import { pause } from "./figures.js";

const run = promisify(execFile);

export interface RedisCluster {
  /** REDIS_CLUSTER_NODES for the server: `127.0.0.1:port,…`. */
  readonly nodes: string;
  stop(): Promise<void>;
}

/** Starts masters on `ports` (each also needs port + 10000 free, the cluster bus) with data under `dir`. */
export async function startRedisCluster(ports: readonly number[], dir: string): Promise<RedisCluster> {
  const children: Child[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => child.stop("SIGKILL")));
  };
  try {
    for (const port of ports) {
      const nodeDir = join(dir, `cluster-${port}`);
      await mkdir(nodeDir, { recursive: true });
      children.push(await spawnRedis(port, nodeDir, ["--cluster-enabled", "yes", "--cluster-node-timeout", "2000"]));
    }
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    await run("redis-cli", ["--cluster", "create", ...addresses, "--cluster-replicas", "0", "--cluster-yes"]);
    for (const port of ports) {
      for (let attempt = 0; ; attempt++) {
        const { stdout } = await run("redis-cli", ["-p", String(port), "cluster", "info"]);
        if (stdout.includes("cluster_state:ok")) break;
        if (attempt > 100) throw new Error(`the cluster node on ${port} did not reach cluster_state:ok`);
        await pause(100);
      }
    }
    return { nodes: addresses.join(","), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
