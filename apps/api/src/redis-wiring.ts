/**
 * The Redis side of the composition root: opens the client, builds the Redis adapters, and
 * knows how to wait for and close the connection. The only file that imports the Redis store.
 */
import type { Logger } from "pino";
import type { StoreConfig } from "./config.js";
import type { StorePorts } from "./container.js";

/** An open Redis store: its ports, plus the connection's lifecycle. */
export interface RedisHandle {
  readonly store: StorePorts;
  /** Resolves once Redis takes commands; rejects with StoreUnavailableError after a while. */
  ready(): Promise<void>;
  /** Closes the connection (after in-flight commands). */
  close(): Promise<void>;
}

/** Opens the Redis store `config` names. */
export function openRedisStore(_config: Extract<StoreConfig, { kind: "redis" }>, _logger: Logger): RedisHandle {
  throw new Error("STORE=redis is not wired yet: @lintel/store-redis has not landed on this branch.");
}
