/**
 * One HTTP call with the API key, JSON in and out, and bounded retries: a retryable call that
 * gets 429 or 503 (or 409 `idempotency_in_progress`) waits `Retry-After` (else an exponential
 * backoff with jitter) and tries again, at most `maxRetries` times. Only calls that are safe to
 * repeat are retryable: GETs, and POSTs that carry an Idempotency-Key.
 */
import { LintelProblem } from "./problem.js";

export interface ClientOptions {
  /** Where the API is, e.g. `https://api.lintel.dev` (a path prefix is kept). */
  readonly baseUrl: string;
  /** `lnt_…`: sent as `x-api-key`, never logged by the client. */
  readonly apiKey: string;
  /** Retries of a retryable call after 429/503; default 2. 0 turns retries off. */
  readonly maxRetries?: number;
  /** First backoff when the answer has no Retry-After; doubled per attempt. Default 500 ms. */
  readonly retryBaseDelayMs?: number;
  /** A wait longer than this is not made: the problem is thrown instead. Default 30 s. */
  readonly maxRetryDelayMs?: number;
  /** Told before each retry (logging, metrics). */
  readonly onRetry?: (retry: RetryInfo) => void;
  /** A fetch to use instead of the global one. */
  readonly fetch?: typeof fetch;
  /** Extra headers sent with every request (e.g. a User-Agent). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RetryInfo {
  readonly method: string;
  readonly path: string;
  /** 1 for the first retry. */
  readonly attempt: number;
  readonly status: number;
  readonly delayMs: number;
  readonly problem: LintelProblem;
}

export type QueryValue = string | number | undefined;

export interface Call {
  readonly method: "GET" | "POST";
  /** Path with its parameters already filled in, e.g. `/v1/locks/lock_001`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>> | undefined;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** True when repeating the call cannot change anything twice (a GET, or a POST with an Idempotency-Key). */
  readonly retryable: boolean;
}

export type Send = <T>(call: Call) => Promise<T>;

/** Answers worth another try: a budget, an outage, or the same Idempotency-Key still running. */
const worthRetrying = (problem: LintelProblem) =>
  problem.status === 429 || problem.status === 503 || problem.code === "idempotency_in_progress";

/** The function every operation of the client goes through. */
export function createTransport(options: ClientOptions): Send {
  const base = options.baseUrl.replace(/\/+$/, "");
  const fetchOnce = options.fetch ?? fetch;
  const maxRetries = options.maxRetries ?? 2;
  const baseDelay = options.retryBaseDelayMs ?? 500;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;

  function delayFor(problem: LintelProblem, attempt: number): number {
    if (problem.retryAfterSeconds !== undefined) return problem.retryAfterSeconds * 1000;
    return Math.round(baseDelay * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
  }

  return async function send<T>(call: Call): Promise<T> {
    const url = new URL(base + call.path);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {
      accept: "application/json",
      ...options.headers,
      ...call.headers,
      "x-api-key": options.apiKey,
    };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    const init: RequestInit = { method: call.method, headers, ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }) };
    for (let attempt = 1; ; attempt++) {
      const response = await fetchOnce(url, init);
      if (response.ok) return (await response.json()) as T;
      const problem = await LintelProblem.from(response);
      const delayMs = delayFor(problem, attempt);
      if (!call.retryable || !worthRetrying(problem) || attempt > maxRetries || delayMs > maxDelay) throw problem;
      options.onRetry?.({ method: call.method, path: call.path, attempt, status: response.status, delayMs, problem });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  };
}
