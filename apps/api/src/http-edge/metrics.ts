/**
 * Prometheus metrics, served on METRICS_PORT by a listener of their own, never on
 * the API port. Each server has its own registry, so several can run in one process (tests).
 */
import { createServer, type Server } from "node:http";
import type { Middleware } from "koa";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AttemptReport, CodeAttemptReport, LockProviderObserver } from "@lintel/core/adapters";

/** What the server counts; the lock-state reader calls {@link LockProviderObserver.providerCalled}. */
export interface Metrics extends LockProviderObserver {
  readonly registry: Registry;
  /** A store call failed (the request was answered 503). */
  storeError(): void;
  /** Records one answered request. */
  requestAnswered(route: string, method: string, status: number, seconds: number): void;
  /** Records one webhook attempt: its outcome and how long it took. */
  webhookAttempted(report: AttemptReport): void;
  /**
   * Deliveries pending, how overdue the oldest is (ms; null when none), and the store's running
   * total of pending deliveries dropped unsettled (the memory store's caps).
   */
  webhooksPending(count: number, oldestAgeMs: number | null, dropped: number): void;
  /** Records one attempt to program a code on its lock: its provider and outcome. */
  codeAttempted(report: CodeAttemptReport): void;
  /** Code work pending (all orgs), and how long the oldest has been pending (ms; null when none). */
  codesPending(count: number, oldestAgeMs: number | null): void;
}

/** A fresh registry with Lintel's metrics and the default process metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labels = ["route", "method", "status"] as const;
  const requests = new Counter({
    name: "lintel_http_requests_total",
    help: "Answered requests by route template, method and status.",
    labelNames: labels,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "lintel_http_request_duration_seconds",
    help: "Time to answer, by route template, method and status.",
    labelNames: labels,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const refusals = new Counter({
    name: "lintel_budget_refusals_total",
    help: "Requests refused by a request budget (429).",
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: "lintel_lock_provider_calls_total",
    help: "Calls to lock providers by provider.",
    labelNames: ["provider"],
    registers: [registry],
  });
  const providerFailures = new Counter({
    name: "lintel_lock_provider_failures_total",
    help: "Failed lock provider calls by provider and reason.",
    labelNames: ["provider", "reason"],
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: "lintel_store_errors_total",
    help: "Store calls that failed (answered 503).",
    registers: [registry],
  });
  const deliveries = new Counter({
    name: "lintel_webhook_attempts_total",
    help: "Webhook attempts by outcome (delivered, retry, failed, gone, failing, lease_lost).",
    labelNames: ["outcome"],
    registers: [registry],
  });
  const attemptLatency = new Histogram({
    name: "lintel_webhook_attempt_duration_seconds",
    help: "Time of one webhook attempt, from send to the answer (or its failure).",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  const pending = new Gauge({
    name: "lintel_webhook_deliveries_pending",
    help: "Webhook deliveries waiting for an attempt (all orgs).",
    registers: [registry],
  });
  const oldestPending = new Gauge({
    name: "lintel_webhook_oldest_pending_age_seconds",
    help: "How long the most overdue pending delivery has been due (0 when none).",
    registers: [registry],
  });
  const dropped = new Counter({
    name: "lintel_webhook_deliveries_dropped_total",
    help: "Pending webhook deliveries the store dropped before they settled (memory store past its caps; 0 on Redis).",
    registers: [registry],
  });
  const codeAttempts = new Counter({
    name: "lintel_access_code_sync_attempts_total",
    help: "Attempts to program a code on its lock, by provider and outcome (set, removed, retry, failed, lease_lost).",
    labelNames: ["provider", "outcome"],
    registers: [registry],
  });
  const codesPending = new Gauge({
    name: "lintel_access_code_sync_pending",
    help: "Codes whose latest change is not yet on their lock (all orgs).",
    registers: [registry],
  });
  const oldestCode = new Gauge({
    name: "lintel_access_code_sync_oldest_pending_age_seconds",
    help: "How long the oldest pending change of a code has waited (0 when none).",
    registers: [registry],
  });
  let droppedSeen = 0;
  return {
    registry,
    storeError: () => storeErrors.inc(),
    webhookAttempted(report) {
      deliveries.inc({ outcome: report.outcome });
      attemptLatency.observe(report.ms / 1000);
    },
    webhooksPending(count, oldestAgeMs, droppedTotal) {
      pending.set(count);
      oldestPending.set(oldestAgeMs === null ? 0 : oldestAgeMs / 1000);
      // The store keeps the total; the counter adds what is new since the last reading.
      if (droppedTotal > droppedSeen) dropped.inc(droppedTotal - droppedSeen);
      droppedSeen = droppedTotal;
    },
    codeAttempted(report) {
      codeAttempts.inc({ provider: report.provider, outcome: report.outcome });
    },
    codesPending(count, oldestAgeMs) {
      codesPending.set(count);
      oldestCode.set(oldestAgeMs === null ? 0 : oldestAgeMs / 1000);
    },
    providerCalled(provider, outcome) {
      providerCalls.inc({ provider });
      if (outcome !== "ok") providerFailures.inc({ provider, reason: outcome });
    },
    requestAnswered(route, method, status, seconds) {
      const values = { route, method, status: String(status) };
      requests.inc(values);
      latency.observe(values, seconds);
      if (status === 429) refusals.inc();
    },
  };
}

/** Outermost-but-one middleware: times each request and labels it with its route template. */
export function measureRequests(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // @koa/router leaves the matched template (`/v1/locks/:lockId`); 404s and 405s have none,
      // and their raw paths would make one series per probed URL.
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.requestAnswered(typeof route === "string" ? route : "(unmatched)", ctx.method, ctx.status, seconds);
    }
  };
}

/** Serves `GET /metrics` on its own listener; resolves once it listens. */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found. Metrics are at /metrics.\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { "content-type": "text/plain" }).end("Metrics could not be collected.\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) =>
      reject(new Error(`cannot listen on METRICS_HOST=${host} METRICS_PORT=${port}: ${error.message}`, { cause: error })),
    );
    server.listen(port, host, () => resolve());
  });
  return server;
}
