/**
 * Open-loop traffic for the reliability scripts: a request leaves every 1/rate seconds whatever
 * the earlier ones are doing (as independent clients would send them), spread over the server
 * instances in turn. Each answer is kept as a {@link Shot}: status, latency, and for a failure at
 * the connection level its error code (ECONNRESET, UND_ERR_SOCKET, …).
 */
import { jsonOrUndefined } from "@lintel/testkit/raw-http";
import type { Sample } from "./figures.js";

/** One request to send; `answered` sees its status and parsed JSON body (when there is one). */
export interface Plan {
  readonly kind: string;
  readonly path: string;
  readonly method?: "GET" | "POST";
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly answered?: (status: number | "hang" | "error", json: unknown) => void;
}

export interface Shot extends Sample {
  readonly kind: string;
  readonly instance: number;
  /** The connection-level error's code, for status "error". */
  readonly error?: string;
}

export interface LoadOptions {
  readonly bases: readonly string[];
  readonly apiKey: string;
  readonly ratePerSecond: number;
  /** The n-th request; null skips this slot. */
  readonly plan: (n: number) => Plan | null;
  /** A request still unanswered after this long is aborted and counted as "hang". */
  readonly hangMs?: number;
  /** Stop sending after this many requests (a bound on the script). */
  readonly maxRequests: number;
}

export interface Load {
  readonly shots: Shot[];
  /** Stops sending and resolves once every request in flight has ended. */
  stop(): Promise<void>;
}

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; name?: string } }).cause;
  return cause?.code ?? cause?.name ?? (error as Error).name;
}

async function shoot(base: string, instance: number, apiKey: string, plan: Plan, hangMs: number): Promise<Shot> {
  const sentAt = performance.now();
  const headers: Record<string, string> = { "x-api-key": apiKey, ...plan.headers };
  if (plan.body !== undefined) headers["content-type"] = "application/json";
  try {
    const response = await fetch(base + plan.path, {
      method: plan.method ?? "GET",
      headers,
      ...(plan.body === undefined ? {} : { body: JSON.stringify(plan.body) }),
      signal: AbortSignal.timeout(hangMs),
    });
    const text = await response.text();
    const json = jsonOrUndefined(text);
    plan.answered?.(response.status, json);
    return { kind: plan.kind, instance, sentAt, doneAt: performance.now(), status: response.status };
  } catch (error) {
    const hang = (error as Error).name === "TimeoutError";
    plan.answered?.(hang ? "hang" : "error", undefined);
    const base = { kind: plan.kind, instance, sentAt, doneAt: performance.now() };
    return hang ? { ...base, status: "hang" } : { ...base, status: "error", error: errorCode(error) };
  }
}

/** Starts sending at once. */
export function startLoad(options: LoadOptions): Load {
  const shots: Shot[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const everyMs = 1000 / options.ratePerSecond;
  let sent = 0;
  let n = 0;
  // A 5 ms tick sends whatever is due, so the rate holds even when timers fire late.
  const timer = setInterval(() => {
    const due = Math.floor((performance.now() - started) / everyMs);
    for (; n < due && sent < options.maxRequests; n++) {
      const plan = options.plan(n);
      if (plan === null) continue;
      const instance = sent++ % options.bases.length;
      const request = shoot(options.bases[instance]!, instance, options.apiKey, plan, options.hangMs ?? 5000).then((shot) => {
        shots.push(shot);
        inFlight.delete(request);
      });
      inFlight.add(request);
    }
  }, 5);
  return {
    shots,
    async stop() {
      clearInterval(timer);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
