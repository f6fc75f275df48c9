/**
 * The Redis side of the composition root: opens the client, builds the Redis adapters, and
 * knows how to wait for and close the connection. The only file that imports the Redis store.
 */
import type { Logger } from "pino";
import type { LintelStore } from "@lintel/core/adapters";
import { createRedisClient, createRedisStore, whenReady } from "@lintel/store-redis";
import type { StoreConfig } from "./config.js";

/** An open Redis store: its ports, plus the connection's lifecycle. */
export interface RedisHandle {
  readonly store: LintelStore;
  /** Resolves once Redis takes commands; rejects with StoreUnavailableError after a while. */
  ready(): Promise<void>;
  /** Closes the connection (after in-flight commands). */
  close(): Promise<void>;
}

/** The URL with any password replaced by `***`, for messages. */
function redactPassword(url: string): string {
  return url.replace(/^(rediss?:\/\/[^:@/]*:)[^@/]*@/, "$1***@");
}

/**
 * Opens the Redis store `config` names (a Cluster when cluster nodes are given). `deliveryGroup`:
 * the webhook delivery group (tests take one of their own on a shared Redis; default `default`).
 */
export function openRedisStore(config: Extract<StoreConfig, { kind: "redis" }>, logger: Logger, deliveryGroup?: string): RedisHandle {
  const client = createRedisClient({
    ...(config.url === undefined ? {} : { url: config.url }),
    ...(config.clusterNodes === undefined ? {} : { clusterNodes: config.clusterNodes }),
    onError: (error: Error) => logger.warn({ error: error.message }, "redis connection error"),
  });
  return {
    store: createRedisStore(client, deliveryGroup === undefined ? {} : { deliveryGroup }),
    ready: () =>
      whenReady(client).catch((error: Error) => {
        const named =
          config.url === undefined ? `REDIS_CLUSTER_NODES=${config.clusterNodes?.join(",")}` : `REDIS_URL=${redactPassword(config.url)}`;
        throw new Error(`${error.message} (${named})`, { cause: error });
      }),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
