/**
 * What the command-line tools share: exit codes, usage errors, the Redis options
 * (`--redis-url` / `--cluster-nodes`, defaulting to REDIS_URL / REDIS_CLUSTER_NODES) and a
 * connected Redis store that is always closed afterwards.
 */
import { StoreUnavailableError } from "@lintel/core";
import {
  createRedisClient,
  createRedisStore,
  DEFAULT_REDIS_URL,
  isUnavailable,
  whenReady,
  type RedisClient,
  type RedisClientConfig,
  type RedisStore,
} from "@lintel/store-redis";

/** Exit codes of every tool. */
export const EXIT = { ok: 0, failed: 1, usage: 2, unavailable: 3 } as const;

/** A bad command line: the message is printed with the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** The `parseArgs` options every Redis-backed tool accepts. */
export const REDIS_OPTIONS = {
  "redis-url": { type: "string" },
  "cluster-nodes": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export const REDIS_USAGE = `Redis:
  --redis-url URL          redis://host:port[/db] (default: $REDIS_URL, else redis://127.0.0.1:6379)
  --cluster-nodes h:p,...  a Redis Cluster instead (default: $REDIS_CLUSTER_NODES)`;

/** Which Redis to talk to: flags first, then the environment; a cluster wins over a URL only in the environment. */
export function redisConfigFrom(
  flags: { readonly "redis-url"?: string | undefined; readonly "cluster-nodes"?: string | undefined },
  env: NodeJS.ProcessEnv,
): RedisClientConfig {
  const url = flags["redis-url"];
  const nodes = flags["cluster-nodes"];
  if (url !== undefined && nodes !== undefined) throw new UsageError("give --redis-url or --cluster-nodes, not both");
  const nodeList = (text: string) => {
    const list = text
      .split(",")
      .map((n) => n.trim())
      .filter((n) => n !== "");
    if (list.length === 0 || list.some((n) => !/^[^\s:]+:\d{1,5}$/.test(n))) {
      throw new UsageError(`cluster nodes must be a comma list of host:port, got ${JSON.stringify(text)}`);
    }
    return list;
  };
  if (nodes !== undefined) return { clusterNodes: nodeList(nodes) };
  if (url !== undefined) return { url };
  if (env["REDIS_CLUSTER_NODES"]) return { clusterNodes: nodeList(env["REDIS_CLUSTER_NODES"]) };
  return { url: env["REDIS_URL"] || DEFAULT_REDIS_URL };
}

const describeTarget = (config: RedisClientConfig) => config.clusterNodes?.join(",") ?? config.url ?? DEFAULT_REDIS_URL;

/**
 * Connects, runs `work` with the store, and closes the client whatever happens. A Redis that is
 * not ready within `readyMs` rejects with StoreUnavailableError (exit 3 through {@link runCli}).
 */
export async function withRedisStore<T>(
  config: RedisClientConfig,
  work: (store: RedisStore, client: RedisClient) => Promise<T>,
  readyMs = 5000,
): Promise<T> {
  let lastError: Error | undefined;
  const client = createRedisClient({ ...config, onError: (error) => (lastError = error) });
  try {
    await whenReady(client, readyMs).catch((error: unknown) => {
      const why = lastError ? `: ${lastError.message}` : "";
      throw new StoreUnavailableError(`Redis at ${describeTarget(config)} is not reachable${why}`, { cause: error });
    });
    return await work(createRedisStore(client), client);
  } finally {
    await client.quit().catch(() => client.disconnect());
  }
}

/**
 * Runs a tool's main and exits with its code: usage errors print `usage` (exit 2), an
 * unreachable store exit 3 (StoreUnavailableError, or a raw connection failure that escaped the
 * adapters), anything else — a logic error included — exit 1 with its stack.
 */
export function runCli(usage: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError || isParseArgsError(error)) {
        console.error(`error: ${(error as Error).message}\n\n${usage}`);
        process.exitCode = EXIT.usage;
      } else if (isUnavailable(error)) {
        console.error(`error: the store is unavailable: ${(error as Error).message}`);
        process.exitCode = EXIT.unavailable;
      } else {
        console.error(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exitCode = EXIT.failed;
      }
    },
  );
}

/** node:util parseArgs reports unknown or malformed options as TypeErrors with an ERR_PARSE_ARGS_* code. */
function isParseArgsError(error: unknown): boolean {
  return error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS");
}
