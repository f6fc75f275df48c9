/**
 * Server configuration: every environment variable is read and validated once, at
 * start. A bad value stops the server with a message that names the variable, e.g.
 * `Invalid configuration: PORT must be an integer 1..65535 (got "abc")`. An empty variable
 * counts as unset (so `PORT=` in a compose file means "the default").
 */
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import * as v from "valibot";
import type { RatePolicy } from "@lintel/domain";
import { DEFAULT_CODE_SYNC_SCHEDULE_SECONDS, DEFAULT_RETRY_SCHEDULE_SECONDS, randomDataKey } from "@lintel/domain/adapters";
import { LOG_LEVELS, type LogLevel } from "@lintel/api";
import { DEFAULT_MESSAGE_RETRY_SCHEDULE_SECONDS } from "@lintel/core/adapters";
import { SECRET_VARIABLES, VARIABLES, type Parsed, type Variable } from "./config-variables.js";

export { LOG_LEVELS, type LogLevel };

export type StoreConfig =
  | { readonly kind: "memory" }
  | {
      readonly kind: "redis";
      readonly url: string | undefined;
      readonly clusterNodes: readonly string[] | undefined;
      /** WORK_GROUP: instances with the same group share webhook deliveries and code work (default `default`). */
      readonly workGroup: string;
    };

/** Everything the server needs to know, validated. */
export interface Config {
  readonly host: string;
  readonly port: number;
  readonly store: StoreConfig;
  /** FIXTURE: a fixture file to load at start; null = the built-in demo (memory) or nothing (redis). */
  readonly fixturePath: string | null;
  /** Cursor key material, the first encrypts; all decrypt. */
  readonly cursorSecrets: readonly string[];
  /** True when no secret was configured and one was made up for this process (memory mode). */
  readonly cursorSecretGenerated: boolean;
  /** DATA_KEYS: the keys that seal secrets at rest (webhook secrets, kept answers); the first seals, all open. */
  readonly dataKeys: readonly Uint8Array[];
  /** RATE_LIMIT: the request budget of keys without their own. */
  readonly rateLimit: RatePolicy;
  /** FAILED_KEY_LIMIT: the per-address budget for failed key attempts (default 30 per 60 s). */
  readonly failedAuthLimit: RatePolicy;
  /** No trailing slash. */
  readonly publicBaseUrl: string;
  /** No trailing slash; problem `type` is `{docsUrl}/errors#<anchor>`. */
  readonly docsUrl: string;
  readonly lockProviderTimeoutMs: number;
  readonly logLevel: LogLevel;
  /** TRUST_PROXY: how many proxies in front are trusted to append to X-Forwarded-For (0 = none). */
  readonly trustedProxies: number;
  /** METRICS_PORT: where Prometheus metrics are served (on `metricsHost`); null = off. */
  readonly metricsPort: number | null;
  /** METRICS_HOST: the metrics listener's own address (default 127.0.0.1, whatever HOST is). */
  readonly metricsHost: string;
  /** SEAM_API_KEY / SEAM_ENDPOINT: how locks of real vendors are read; null = not configured. */
  readonly seam: SeamConfig | null;
  /** Webhooks out and Seam's webhooks in. */
  readonly webhooks: WebhookConfig;
  /** ACCESS_CODE_SYNC_RETRY_SCHEDULE: delays between attempts to program a code on its lock, seconds. */
  readonly codeSyncRetryScheduleSeconds: readonly number[];
  /** SMTP_URL and MAIL_FROM: due messages also go out by email; null = off. */
  readonly mail: MailConfig | null;
  /** MESSAGE_RETRY_SCHEDULE: delays between attempts to send a message by email, seconds. */
  readonly messageRetryScheduleSeconds: readonly number[];
}

/** SMTP_URL and MAIL_FROM. */
export interface MailConfig {
  /** Secret (it may carry a password): never logged, never echoed in a configuration error. */
  readonly smtpUrl: string;
  readonly from: string;
}

/** WEBHOOK_ALLOW_PRIVATE, WEBHOOK_RETRY_SCHEDULE and SEAM_WEBHOOK_SECRET. */
export interface WebhookConfig {
  /** Allow `http://` and private destinations (development, tests). */
  readonly allowPrivate: boolean;
  /** Delays between delivery attempts, seconds. */
  readonly retryScheduleSeconds: readonly number[];
  /** Seam's webhook signing secret (never logged nor echoed); null = `POST /webhooks/seam` answers 404. */
  readonly seamWebhookSecret: string | null;
}

export interface SeamConfig {
  /** Secret: never logged, never echoed in a configuration error. */
  readonly apiKey: string;
  /** null = Seam's own endpoint. */
  readonly endpoint: string | null;
}

/** {@link loadConfig}'s verdict: the configuration with its warnings, or every error found (each naming its variable). */
export type ConfigLoading =
  | { readonly ok: true; readonly config: Config; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly errors: readonly string[] };

/** FAILED_KEY_LIMIT unset: 30 failed key attempts per client address per 60 s. */
export const FAILED_AUTH_LIMIT: RatePolicy = { requests: 30, windowSeconds: 60 };

/** Reads and validates the configuration from `env` (usually `process.env`); never throws. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): ConfigLoading {
  const errors: string[] = [];
  const warnings: string[] = [];
  const parsed: Record<string, unknown> = {};
  const invalid = new Set<Variable>();
  for (const [name, schema] of Object.entries(VARIABLES)) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const result = v.safeParse(schema, raw);
    if (result.success) parsed[name] = result.output;
    else {
      invalid.add(name as Variable);
      errors.push(
        `${name} must ${result.issues[0].message} (${SECRET_VARIABLES.has(name) ? "value not shown" : `got ${JSON.stringify(raw)}`})`,
      );
    }
  }
  // A variable already reported as malformed is not reported missing too.
  const malformed = (...names: Variable[]) => names.some((name) => invalid.has(name));
  const p = parsed as Parsed;

  const storeKind = p.STORE ?? "memory";
  let store: StoreConfig = { kind: "memory" };
  if (storeKind === "redis") {
    if (p.REDIS_URL === undefined && p.REDIS_CLUSTER_NODES === undefined && !malformed("REDIS_URL", "REDIS_CLUSTER_NODES")) {
      errors.push("REDIS_URL is required with STORE=redis (or REDIS_CLUSTER_NODES for a Redis Cluster)");
    }
    store = { kind: "redis", url: p.REDIS_URL, clusterNodes: p.REDIS_CLUSTER_NODES, workGroup: p.WORK_GROUP ?? "default" };
  }

  // CURSOR_SECRETS (the rotation list) wins over CURSOR_SECRET when both are set: it is the newer setting.
  let cursorSecrets: readonly string[] = p.CURSOR_SECRETS ?? (p.CURSOR_SECRET === undefined ? [] : [p.CURSOR_SECRET]);
  let cursorSecretGenerated = false;
  if (cursorSecrets.length === 0 && !malformed("CURSOR_SECRET", "CURSOR_SECRETS")) {
    if (storeKind === "redis") {
      errors.push("CURSOR_SECRET is required with STORE=redis (cursors must work across instances and restarts)");
    } else {
      cursorSecrets = [randomBytes(32).toString("base64url")];
      cursorSecretGenerated = true;
      warnings.push("CURSOR_SECRET is not set: using a random one, so cursors stop working when this process ends.");
    }
  }

  // DATA_KEYS seal secrets at rest: a store that outlives the process needs the same keys on every start.
  let dataKeys: readonly Uint8Array[] = p.DATA_KEYS ?? [];
  if (dataKeys.length === 0 && !malformed("DATA_KEYS")) {
    if (storeKind === "redis") {
      errors.push(
        "DATA_KEYS is required with STORE=redis (webhook secrets are sealed at rest and must open on every instance and restart)",
      );
    } else {
      dataKeys = [randomDataKey()];
      warnings.push(
        "DATA_KEYS is not set: using a random key, so what this process sealed opens only in it (the memory store ends with it too).",
      );
    }
  }

  // Email needs both: a server to send through and a sender to send as.
  if ((p.SMTP_URL === undefined) !== (p.MAIL_FROM === undefined) && !malformed("SMTP_URL", "MAIL_FROM")) {
    errors.push(
      p.SMTP_URL === undefined
        ? "MAIL_FROM is set without SMTP_URL (the mail server to send through)"
        : "MAIL_FROM is required with SMTP_URL (the sender of messages' emails)",
    );
  }

  const port = p.PORT ?? 3000;
  if (p.METRICS_PORT !== undefined && p.METRICS_PORT !== 0 && p.METRICS_PORT === port) {
    errors.push(`METRICS_PORT must differ from PORT (metrics are never served on the API port; got ${port} for both)`);
  }
  if (errors.length > 0) return { ok: false, errors: errors.map((e) => `Invalid configuration: ${e}`) };
  // The default base URL follows PORT, so problem `type` links resolve on the port actually served.
  const publicBaseUrl = p.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  return {
    ok: true,
    warnings,
    config: {
      host: p.HOST ?? "127.0.0.1",
      port,
      store,
      // `npm start` runs in the package root; a relative FIXTURE means the directory npm was started from.
      fixturePath: p.FIXTURE === undefined ? null : resolve(env["INIT_CWD"] || ".", p.FIXTURE),
      cursorSecrets,
      cursorSecretGenerated,
      dataKeys,
      rateLimit: p.RATE_LIMIT ?? { requests: 600, windowSeconds: 60 },
      failedAuthLimit: p.FAILED_KEY_LIMIT ?? FAILED_AUTH_LIMIT,
      publicBaseUrl,
      docsUrl: p.DOCS_URL ?? `${publicBaseUrl}/docs`,
      lockProviderTimeoutMs: p.LOCK_PROVIDER_TIMEOUT_MS ?? 3000,
      logLevel: p.LOG_LEVEL ?? "info",
      trustedProxies: p.TRUST_PROXY ?? 0,
      metricsPort: p.METRICS_PORT ?? null,
      // Metrics stay on loopback unless asked: HOST=0.0.0.0 for the API does not publish them too.
      metricsHost: p.METRICS_HOST ?? "127.0.0.1",
      seam: p.SEAM_API_KEY === undefined ? null : { apiKey: p.SEAM_API_KEY, endpoint: p.SEAM_ENDPOINT ?? null },
      webhooks: {
        allowPrivate: p.WEBHOOK_ALLOW_PRIVATE ?? false,
        retryScheduleSeconds: p.WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE_SECONDS,
        seamWebhookSecret: p.SEAM_WEBHOOK_SECRET ?? null,
      },
      codeSyncRetryScheduleSeconds: p.ACCESS_CODE_SYNC_RETRY_SCHEDULE ?? DEFAULT_CODE_SYNC_SCHEDULE_SECONDS,
      mail: p.SMTP_URL === undefined || p.MAIL_FROM === undefined ? null : { smtpUrl: p.SMTP_URL, from: p.MAIL_FROM },
      messageRetryScheduleSeconds: p.MESSAGE_RETRY_SCHEDULE ?? DEFAULT_MESSAGE_RETRY_SCHEDULE_SECONDS,
    },
  };
}
