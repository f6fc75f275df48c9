/**
 * ioredis clients configured for serving traffic: commands fail fast (never queue) while the
 * connection is down, every command has a deadline, and reconnecting never gives up.
 */
import { Cluster, Redis, type RedisOptions } from "ioredis";
import { StoreUnavailableError } from "@lintel/core";

/** A standalone Redis or a Redis Cluster: every adapter accepts either. */
export type RedisClient = Redis | Cluster;

export interface RedisClientConfig {
  /** `redis://host:port[/db]`; defaults to `redis://127.0.0.1:6379`. Ignored with `clusterNodes`. */
  readonly url?: string;
  /** `host:port` of some cluster nodes; when given, the client is a Redis Cluster client. */
  readonly clusterNodes?: readonly string[];
  /** Connection errors (each reconnect attempt). Unset, they are dropped: calls report them. */
  readonly onError?: (error: Error) => void;
}

/** The Redis everything talks to when nothing names one (the tools, the tests, a client without `url`). */
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/**
 * ioredis's per-command timeout, the lower layer of the request's store deadline (the Lintel on
 * Redis uses the same 1 s as its `storeDeadlineMs`). The request stops waiting at its deadline,
 * but a command cannot be taken back from ioredis: this timeout is what drops it from ioredis's
 * queue against a frozen Redis, so waiting commands never pile up, and it is the only bound of
 * the CLIs' and fixture loads' calls, which belong to no request.
 */
export const COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;

/**
 * Capped exponential backoff (attempt 1 → 100 ms, then doubling up to 1 s); never null, so the
 * client never stops trying. The 1 s cap bounds how long a Redis that is back goes unnoticed:
 * service resumes within about a second of it, whatever the outage's length (one connect a
 * second per instance while it is down is nothing to a Redis).
 */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(50 * 2 ** attempt, 1000);
}

const NODE_OPTIONS = {
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: CONNECT_TIMEOUT_MS,
  // One retry for a command caught by a reconnect; beyond that the caller gets the error.
  maxRetriesPerRequest: 1,
  lazyConnect: false,
  // Each command is written as it is made: Redis starts on it while the server goes on with
  // other requests, and commands made while a write is pending still leave together (the
  // socket's own buffering). ioredis's auto-pipelining held a tick's commands for one write,
  // so the server and Redis took turns: Redis lock list at 0.50 of memory's req/s against
  // 0.64–0.68 without it, with less CPU per request (wrk, Lintel's benchmark).
  enableAutoPipelining: false,
} satisfies RedisOptions;

function parseNode(text: string): { host: string; port: number } {
  const at = text.lastIndexOf(":");
  const port = Number(text.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`Bad Redis cluster node "${text}": expected host:port`);
  }
  return { host: text.slice(0, at), port };
}

/** A connected (connecting) client; wait for it with {@link whenReady} before serving. */
export function createRedisClient(config: RedisClientConfig): RedisClient {
  const client =
    config.clusterNodes !== undefined && config.clusterNodes.length > 0
      ? new Cluster(config.clusterNodes.map(parseNode), {
          redisOptions: NODE_OPTIONS,
          enableOfflineQueue: false,
          enableAutoPipelining: false, // as on one node (NODE_OPTIONS)
          clusterRetryStrategy: reconnectDelayMs,
          slotsRefreshTimeout: CONNECT_TIMEOUT_MS,
          retryDelayOnClusterDown: 100,
          retryDelayOnFailover: 100,
          maxRedirections: 8,
        })
      : new Redis(config.url ?? DEFAULT_REDIS_URL, {
          ...NODE_OPTIONS,
          enableOfflineQueue: false,
          retryStrategy: reconnectDelayMs,
        });
  client.on("error", (error: Error) => config.onError?.(error));
  return client;
}

/** Resolves once the client can take commands; rejects with StoreUnavailableError after `timeoutMs`. */
export function whenReady(client: RedisClient, timeoutMs = 5000): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      reject(new StoreUnavailableError(`Redis was not ready within ${timeoutMs} ms.`));
    }, timeoutMs);
    const onReady = (): void => {
      clearTimeout(timer);
      resolve();
    };
    client.once("ready", onReady);
  });
}
