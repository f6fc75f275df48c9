/**
 * What each environment variable the server reads is for and what it defaults to: one entry per
 * schema of config-variables.js (a variable without one is a compile error), in the order the
 * configuration table lists them. The READMEs' configuration tables are written from it.
 */
import { DEFAULT_CODE_SYNC_SCHEDULE_SECONDS, DEFAULT_RETRY_SCHEDULE_SECONDS } from "@lintel/domain/adapters";
import { DEFAULT_MESSAGE_RETRY_SCHEDULE_SECONDS } from "@lintel/core/adapters";
import type { Variable } from "./config-variables.js";

/** One environment variable's default and meaning, as Markdown (code in backticks). */
export interface EnvironmentVariableDoc {
  /** What applies when the variable is unset or empty. */
  readonly default: string;
  /** What the variable sets, and what a value must be. */
  readonly meaning: string;
}

/** Every environment variable `lintel serve` (and `node dist/main.js`) reads, with its default and meaning. */
export const ENVIRONMENT_VARIABLES: { readonly [K in Variable]: EnvironmentVariableDoc } = {
  PORT: { default: "`3000`", meaning: "the port the API listens on" },
  HOST: { default: "`127.0.0.1`", meaning: "the address the API listens on (`0.0.0.0` for every interface)" },
  STORE: { default: "`memory`", meaning: "`memory` or `redis`" },
  REDIS_URL: {
    default: "—",
    meaning: "with `STORE=redis`: the Redis to use (`redis://` or `rediss://`); this or `REDIS_CLUSTER_NODES` is required",
  },
  REDIS_CLUSTER_NODES: { default: "—", meaning: "with `STORE=redis`: a Redis Cluster's nodes, `host:port,…`" },
  WORK_GROUP: {
    default: "`default`",
    meaning:
      "with `STORE=redis`: instances of one group share webhook deliveries and code work; give deployments that share one Redis (or tests) groups of their own",
  },
  FIXTURE: {
    default: "the demo data in memory mode, nothing in redis mode",
    meaning:
      "a fixture file loaded at start; only records whose id the store lacks are added, so a restart never undoes a change made since (a write, a delete, a revocation)",
  },
  CURSOR_SECRET: {
    default: "random per process in memory mode (warns); required in redis mode",
    meaning: "the secret that seals cursors, at least 32 characters",
  },
  CURSOR_SECRETS: {
    default: "—",
    meaning: "instead of `CURSOR_SECRET`, to rotate: a comma list, the first seals, every one opens",
  },
  DATA_KEYS: {
    default: "random per process in memory mode (warns); required in redis mode",
    meaning:
      "a comma list of 32-byte keys (64 hex digits or base64, e.g. `openssl rand -base64 32`) that seal webhook secrets, PINs and kept Idempotency-Key answers at rest (AES-256-GCM); the first seals, every one opens; `lintel reseal` re-seals a Redis store under the first",
  },
  RATE_LIMIT: { default: "`600/60`", meaning: "the request budget of keys without one of their own, requests/seconds" },
  FAILED_KEY_LIMIT: {
    default: "`30/60`",
    meaning:
      "failed key attempts (401s) per client address, requests/seconds; past it that address gets 429 except for keys this instance found good within 10 minutes",
  },
  PUBLIC_BASE_URL: {
    default: "`http://localhost:{PORT}`",
    meaning: "the API's public URL: the OpenAPI `servers`, and the base of problem `type` links",
  },
  DOCS_URL: { default: "`{PUBLIC_BASE_URL}/docs`", meaning: "where the reference is served: problem `type` is `{DOCS_URL}/errors#…`" },
  LOCK_PROVIDER_TIMEOUT_MS: { default: "`3000`", meaning: "how long a live lock state may take before the answer is 503" },
  LOG_LEVEL: { default: "`info`", meaning: "pino JSON logs on stdout, each line carrying the request id" },
  TRUST_PROXY: {
    default: "`false`",
    meaning: "`N` (or `true` = 1) trusted proxies in front: the client address is the N-th `X-Forwarded-For` entry from the right",
  },
  SEAM_API_KEY: {
    default: "—",
    meaning: "read the locks of real vendors and program their codes through Seam; never logged or echoed",
  },
  SEAM_ENDPOINT: { default: "Seam's own", meaning: "the Seam API to call (e.g. Seam's fake, for local tries)" },
  SEAM_WEBHOOK_SECRET: {
    default: "— (off)",
    meaning: "Seam's webhook signing secret: enables `POST /webhooks/seam`; never logged or echoed",
  },
  METRICS_PORT: {
    default: "— (off)",
    meaning:
      "serve Prometheus metrics at `http://METRICS_HOST:METRICS_PORT/metrics`, a listener of its own (never the API port; `0` = any free port)",
  },
  METRICS_HOST: {
    default: "`127.0.0.1`",
    meaning: "the metrics listener's address, its own setting: `HOST=0.0.0.0` does not publish the metrics too",
  },
  WEBHOOK_ALLOW_PRIVATE: {
    default: "`false`",
    meaning: "allow `http://` and loopback or private webhook destinations (development, tests)",
  },
  WEBHOOK_RETRY_SCHEDULE: {
    default: `\`${DEFAULT_RETRY_SCHEDULE_SECONDS.join(",")}\``,
    meaning: "seconds between webhook delivery attempts (each up to 10 % longer at random), then the delivery is `failed`",
  },
  ACCESS_CODE_SYNC_RETRY_SCHEDULE: {
    default: `\`${DEFAULT_CODE_SYNC_SCHEDULE_SECONDS.join(",")}\``,
    meaning:
      "seconds between attempts to program a code on its lock, then `failed` (each up to 10 % longer at random; a provider's longer `Retry-After` honoured)",
  },
  SMTP_URL: {
    default: "— (off)",
    meaning:
      "send due messages by email to tours' prospects, through this mail server: `smtp://` (STARTTLS when the server offers it) or `smtps://` (TLS from the start), credentials in the URL (never logged); needs `MAIL_FROM`",
  },
  MAIL_FROM: { default: "—", meaning: "with `SMTP_URL`: the sender of messages' emails, e.g. `Tours <tours@example.com>`" },
  MESSAGE_RETRY_SCHEDULE: {
    default: `\`${DEFAULT_MESSAGE_RETRY_SCHEDULE_SECONDS.join(",")}\``,
    meaning:
      "seconds between attempts to send a message by email after a 4xx or a connection failure (each up to 10 % longer at random), then `failed`",
  },
};
