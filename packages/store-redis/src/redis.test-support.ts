/**
 * For the `*.int.test.ts` files: a client (and a store) on the test Redis for a `describe`
 * (REDIS_CLUSTER_NODES, a comma list of host:port, selects a cluster; else REDIS_URL, else
 * 127.0.0.1:6379). Random ids and record builders come from `@lintel/testkit`. Tests
 * never flush: every test makes its own org.
 */
import { after, before } from "node:test";
import { createRedisClient, DEFAULT_REDIS_URL, whenReady, type RedisClient } from "./redis/client.js";
import { createRedisStore, type RedisStore } from "./index.js";

/** A ready client for the test Redis; the caller quits it. */
async function connectTestRedis(): Promise<RedisClient> {
  const nodes = process.env["REDIS_CLUSTER_NODES"];
  const client =
    nodes !== undefined && nodes !== ""
      ? createRedisClient({ clusterNodes: nodes.split(",").map((node) => node.trim()) })
      : createRedisClient({ url: process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL });
  await whenReady(client, 10_000);
  return client;
}

/**
 * One client on the test Redis for the enclosing `describe` (or file): connected in `before`,
 * quit in `after`. Returns its getter, which throws before `before` has run.
 */
export function useTestRedis(): () => RedisClient {
  let redis: RedisClient | undefined;
  before(async () => {
    redis = await connectTestRedis();
  });
  after(async () => {
    await redis?.quit();
  });
  return () => {
    if (redis === undefined) throw new Error("Redis is not connected yet");
    return redis;
  };
}

/** Every port on the {@link useTestRedis} client of the enclosing `describe`; returns its getter. */
export function useRedisStore(): () => RedisStore {
  const redis = useTestRedis();
  let store: RedisStore | undefined;
  return () => (store ??= createRedisStore(redis()));
}

/** A client of its own on the test Redis, and how many commands it has sent; the caller quits it. */
export async function countingClient(): Promise<{ client: RedisClient; commands: () => number }> {
  const client = await connectTestRedis();
  let commands = 0;
  const target = client as unknown as { sendCommand: (...args: unknown[]) => unknown };
  const send = target.sendCommand.bind(target);
  target.sendCommand = (...args: unknown[]) => {
    commands += 1;
    return send(...args);
  };
  return { client, commands: () => commands };
}

/** A store of the delivery group `group` on `redis`, closable as the suites' seeds want (its client is the caller's): an instance of a group. */
export function groupStore(redis: RedisClient, group: string): RedisStore & { close(): Promise<void> } {
  return { ...createRedisStore(redis, { deliveryGroup: group }), close: async () => undefined };
}
