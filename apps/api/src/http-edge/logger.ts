/** The server's logger: pino JSON lines, with credentials redacted wherever they might appear. */
import { pino, type DestinationStream, type Logger } from "pino";

/** pino's levels, and `silent`: what LOG_LEVEL takes. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Defence in depth for secrets in log lines: nothing logs a request's or a client's headers
 * today, and the Seam adapter keeps no client error, but a credential must not reach a log
 * line even if one is logged later.
 */
const LOG_REDACTIONS = {
  // Exact paths only: pino checks these with plain property reads, where a wildcard path costs
  // every log line a walk of the object (about 5 % of a busy server's CPU).
  paths: [
    "req.headers.authorization",
    'req.headers["x-api-key"]',
    "config.seam.apiKey",
    "config.webhooks.seamWebhookSecret",
    "err.config",
    "err.request",
    "err.response.config",
    "err.response.request",
    "err.cause.config",
    "err.cause.request",
    // ioredis's `{ name, args }` of a failed command: the args are what was written (webhook secrets).
    // The Redis adapter takes it off (`@lintel/store-redis`); this is the second line.
    "err.command",
    "err.cause.command",
  ],
  censor: "[redacted]",
};

/** A logger at `level` writing to `destination` (stdout by default). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, base: { service: "lintel" }, redact: LOG_REDACTIONS };
  return destination === undefined ? pino(options) : pino(options, destination);
}
