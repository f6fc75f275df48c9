/**
 * One HTTP call with the API key, JSON in and out, and bounded retries: a retryable call that
 * gets an answer worth repeating ({@link LintelProblem.retryable}: 429, a 503 with Retry-After
 * or not from Lintel, 409 `idempotency_in_progress`) waits `Retry-After` (else an exponential
 * backoff with jitter) and tries again, at most `maxRetries` times. Only calls that are safe to
 * repeat are retryable: GETs, POSTs that carry an Idempotency-Key, and a render (it changes nothing). A deadline
 * (`timeoutMs`) and an AbortSignal cover the whole call, every attempt and wait included.
 */
import { LintelProblem } from "./problem.js";

/** How `createLintelClient` reaches the API: where, with which key, and how it retries. */
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
  /**
   * The default overall deadline of each call, retries and their waits included (a call's own
   * {@link CallOptions.timeoutMs} overrides it). Default: none.
   */
  readonly timeoutMs?: number;
  /** Told before each retry (logging, metrics). */
  readonly onRetry?: (retry: RetryInfo) => void;
  /** A fetch to use instead of the global one. */
  readonly fetch?: typeof fetch;
  /** Extra headers sent with every request (e.g. a User-Agent). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * What every operation of the client takes last. When the deadline passes or the signal aborts,
 * the request in flight is aborted and the call rejects with the signal's reason: a
 * `DOMException` named `TimeoutError` for `timeoutMs`, the caller's reason (by default an
 * `AbortError`) for `signal`. A retry whose wait would end past the deadline is not made: the
 * answer that asked for it is thrown at once instead.
 */
export interface CallOptions {
  /** The longest the whole call may take, retries and their waits included, in ms. */
  readonly timeoutMs?: number | undefined;
  /** Aborts the call (and any retry still to come). */
  readonly signal?: AbortSignal | undefined;
}

/** What `onRetry` is told before each retry: the request, the attempt, the wait, and the problem that caused it. */
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
  readonly method: "GET" | "POST" | "DELETE";
  /** Path with its parameters already filled in, e.g. `/v1/locks/lock_001`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>> | undefined;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** True when repeating the call cannot change anything twice (a GET, or a POST with an Idempotency-Key). */
  readonly retryable: boolean;
  /** The caller's deadline and signal for this call. */
  readonly options?: CallOptions | undefined;
}

/** A 2xx answer: its JSON body and its headers (e.g. `Idempotent-Replayed`). */
export interface Answered<T> {
  readonly body: T;
  readonly headers: Headers;
}

export type Send = <T>(call: Call) => Promise<T>;

/** {@link Send}, plus `exchange` for an operation that reads the answer's headers too. */
export interface Transport extends Send {
  exchange<T>(call: Call): Promise<Answered<T>>;
}

/** The signal that ends a call: the caller's, the deadline's, both, or none. */
function callSignal(options: CallOptions, defaultTimeoutMs: number | undefined): AbortSignal | undefined {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const signals = [
    ...(options.signal === undefined ? [] : [options.signal]),
    ...(timeoutMs === undefined ? [] : [AbortSignal.timeout(timeoutMs)]),
  ];
  return signals.length <= 1 ? signals[0] : AbortSignal.any(signals);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

/** The function every operation of the client goes through. */
export function createTransport(options: ClientOptions): Transport {
  const base = options.baseUrl.replace(/\/+$/, "");
  const fetchOnce = options.fetch ?? fetch;
  const maxRetries = options.maxRetries ?? 2;
  const baseDelay = options.retryBaseDelayMs ?? 500;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;

  function delayFor(problem: LintelProblem, attempt: number): number {
    if (problem.retryAfterSeconds !== undefined) return problem.retryAfterSeconds * 1000;
    return Math.round(baseDelay * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
  }

  async function exchange<T>(call: Call): Promise<Answered<T>> {
    const url = new URL(base + call.path);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {
      accept: "application/json",
      ...options.headers,
      ...call.headers,
      "x-api-key": options.apiKey,
    };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    const signal = callSignal(call.options ?? {}, options.timeoutMs);
    const timeoutMs = call.options?.timeoutMs ?? options.timeoutMs;
    const endsAt = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
    const init: RequestInit = {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      ...(signal === undefined ? {} : { signal }),
    };
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      const response = await fetchOnce(url, init);
      if (response.ok) return { body: (response.status === 204 ? undefined : await response.json()) as T, headers: response.headers };
      const problem = await LintelProblem.from(response);
      const delayMs = delayFor(problem, attempt);
      const giveUp = !call.retryable || !problem.retryable || attempt > maxRetries || delayMs > maxDelay || Date.now() + delayMs >= endsAt;
      if (giveUp) throw problem;
      options.onRetry?.({ method: call.method, path: call.path, attempt, status: response.status, delayMs, problem });
      await sleep(delayMs, signal);
    }
  }

  const send = async <T>(call: Call): Promise<T> => (await exchange<T>(call)).body;
  return Object.assign(send, { exchange });
}
