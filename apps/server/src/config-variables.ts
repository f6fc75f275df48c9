/**
 * The environment variables the server reads, one valibot schema each (the message completes
 * "VARIABLE must …"), and which of them a configuration error never repeats. config.js reads
 * them and puts the configuration together.
 */
import * as v from "valibot";
import { MIN_CURSOR_SECRET_LENGTH, parseRatePolicy, type RatePolicy } from "@lintel/domain";
import { parseDataKeys, parseRetrySchedule } from "@lintel/domain/adapters";
import { LOG_LEVELS } from "@lintel/api";
import { parseMailFrom, parseSmtpUrl } from "@lintel/mail-smtp";

/** The words of a refused parse (they complete "VARIABLE must …" and never quote the value). */
const problemOf = (parse: { readonly ok: true } | { readonly ok: false; readonly problem: string }): string =>
  parse.ok ? "" : parse.problem;

const integerIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(),
    v.regex(/^[0-9]+$/, message),
    v.transform(Number),
    v.number(),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

const httpUrl = (message: string) =>
  v.pipe(
    v.string(),
    v.check((text) => {
      try {
        const url = new URL(text);
        return (url.protocol === "http:" || url.protocol === "https:") && url.search === "" && url.hash === "";
      } catch {
        return false;
      }
    }, message),
    v.transform((text) => text.replace(/\/+$/, "")),
  );

const HOST_PORT = /^[A-Za-z0-9.\-_[\]:]+:[0-9]{1,5}$/;

/** One schema per variable; the message completes "VARIABLE must …". */
export const VARIABLES = {
  PORT: integerIn(1, 65535, "be an integer 1..65535"),
  METRICS_PORT: integerIn(0, 65535, "be an integer 0..65535 (0 = any free port)"),
  HOST: v.pipe(v.string(), v.regex(/^\S+$/, "be a host name or address")),
  METRICS_HOST: v.pipe(v.string(), v.regex(/^\S+$/, "be a host name or address")),
  STORE: v.picklist(["memory", "redis"], "be memory or redis"),
  REDIS_URL: v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/, "be a redis:// or rediss:// URL")),
  WORK_GROUP: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "be 1 to 64 letters, digits, _ or -")),
  REDIS_CLUSTER_NODES: v.pipe(
    v.string(),
    v.transform((text) => text.split(",").map((node) => node.trim())),
    v.check((nodes) => nodes.every((node) => HOST_PORT.test(node)), "be a comma list of host:port"),
  ),
  FIXTURE: v.string(),
  CURSOR_SECRET: v.pipe(v.string(), v.minLength(MIN_CURSOR_SECRET_LENGTH, `be at least ${MIN_CURSOR_SECRET_LENGTH} characters`)),
  CURSOR_SECRETS: v.pipe(
    v.string(),
    v.transform((text) => text.split(",").map((secret) => secret.trim())),
    v.check(
      (secrets) => secrets.every((secret) => secret.length >= MIN_CURSOR_SECRET_LENGTH),
      `be a comma list of secrets of at least ${MIN_CURSOR_SECRET_LENGTH} characters each`,
    ),
  ),
  RATE_LIMIT: v.pipe(
    v.string(),
    v.check((text) => parseRatePolicy(text) !== null, "be requests/seconds, e.g. 600/60"),
    v.transform((text) => parseRatePolicy(text) as RatePolicy),
  ),
  FAILED_KEY_LIMIT: v.pipe(
    v.string(),
    v.check((text) => parseRatePolicy(text) !== null, "be requests/seconds, e.g. 30/60"),
    v.transform((text) => parseRatePolicy(text) as RatePolicy),
  ),
  PUBLIC_BASE_URL: httpUrl("be an http(s) URL without query or fragment"),
  DOCS_URL: httpUrl("be an http(s) URL without query or fragment"),
  LOCK_PROVIDER_TIMEOUT_MS: integerIn(1, 600_000, "be an integer 1..600000 (milliseconds)"),
  LOG_LEVEL: v.picklist(LOG_LEVELS, `be one of ${LOG_LEVELS.join(", ")}`),
  TRUST_PROXY: v.pipe(
    v.string(),
    v.regex(/^(true|false|[0-9]{1,2})$/, "be true, false or the number of trusted proxies (0..99)"),
    v.transform((text) => (text === "true" ? 1 : text === "false" ? 0 : Number(text))),
  ),
  SEAM_API_KEY: v.pipe(v.string(), v.regex(/^seam_\S+$/, "be a Seam API key (seam_…)")),
  SEAM_ENDPOINT: httpUrl("be an http(s) URL without query or fragment"),
  WEBHOOK_ALLOW_PRIVATE: v.pipe(
    v.picklist(["true", "false"], "be true or false"),
    v.transform((text) => text === "true"),
  ),
  WEBHOOK_RETRY_SCHEDULE: v.pipe(
    v.string(),
    v.check((text) => parseRetrySchedule(text) !== null, "be a comma list of 1 to 20 delays in whole seconds, e.g. 5,300,1800"),
    v.transform((text) => parseRetrySchedule(text) as number[]),
  ),
  ACCESS_CODE_SYNC_RETRY_SCHEDULE: v.pipe(
    v.string(),
    v.check((text) => parseRetrySchedule(text) !== null, "be a comma list of 1 to 20 delays in whole seconds, e.g. 5,30,120"),
    v.transform((text) => parseRetrySchedule(text) as number[]),
  ),
  SEAM_WEBHOOK_SECRET: v.pipe(v.string(), v.regex(/^\S{8,}$/, "be Seam's webhook secret (whsec_…)")),
  SMTP_URL: v.pipe(
    v.string(),
    v.check(
      (text) => parseSmtpUrl(text).ok,
      (issue) => problemOf(parseSmtpUrl(String(issue.input))),
    ),
  ),
  MAIL_FROM: v.pipe(
    v.string(),
    v.check(
      (text) => parseMailFrom(text).ok,
      (issue) => problemOf(parseMailFrom(String(issue.input))),
    ),
  ),
  MESSAGE_RETRY_SCHEDULE: v.pipe(
    v.string(),
    v.check((text) => parseRetrySchedule(text) !== null, "be a comma list of 1 to 20 delays in whole seconds, e.g. 5,30,120"),
    v.transform((text) => parseRetrySchedule(text) as number[]),
  ),
  DATA_KEYS: v.pipe(
    v.string(),
    v.check(
      (text) => parseDataKeys(text).ok,
      "be a comma list of keys of 32 bytes each, as 64 hex digits or base64 (openssl rand -base64 32)",
    ),
    v.transform((text) => {
      const parsed = parseDataKeys(text);
      return parsed.ok ? parsed.keys : [];
    }),
  ),
} as const;

/** Variables whose value a configuration error never repeats. */
// A Redis URL may carry a password (user:password@, or ?password=), so it is never echoed either.
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  "SEAM_API_KEY",
  "SEAM_WEBHOOK_SECRET",
  "CURSOR_SECRET",
  "CURSOR_SECRETS",
  "DATA_KEYS",
  "REDIS_URL",
  "REDIS_CLUSTER_NODES",
  "SMTP_URL",
]);

export type Variable = keyof typeof VARIABLES;
export type Parsed = { [K in Variable]?: v.InferOutput<(typeof VARIABLES)[K]> };
