/**
 * The Koa application: built from a `Lintel` and the configuration, with no globals, so tests
 * can run several side by side. Order: compression → request id → Cache-Control → metrics →
 * log line → error boundary → path normalization → route, or 404/405 when none matches → per-route admission → ETag (single-resource
 * GETs) → parameters → use case.
 */
import Koa from "koa";
import Router from "@koa/router";
import type { Logger } from "pino";
import type { Lintel } from "@lintel/core";
import { echo } from "@lintel/domain/adapters";
import { DOCS_RENDERER_PATH, errorsPage, referencePage, rendererMissingPage, type DocsRenderer } from "./openapi/docs-pages.js";
import { cacheControl, compression } from "./http-edge/http-conventions.js";
import { MAX_REQUEST_TARGET_CHARS } from "./http-edge/http-limits.js";
import type { LintelContext, LintelState } from "./http-edge/lintel-state.js";
import { measureRequests, type Metrics } from "./http-edge/metrics.js";
import { errorBoundary, requestId, requestLog } from "./http-edge/middleware.js";
import { buildOpenApiDocument } from "./openapi/openapi.js";
import { sendInvalidParams, sendProblem } from "./http-edge/problem-response.js";
import { parseQuery } from "./schemas/query.js";
import { normalizeRequestPath } from "./http-edge/request-path.js";
import { emptyQuerySchema } from "./schemas/schemas.js";
import { JSON_CONTENT_TYPE } from "./routes/serialize.js";
import { registerV1Routes } from "./routes/v1-routes.js";
import { seamWebhook, type SeamWebhookDependencies } from "./routes/seam-webhook.js";

/** What /healthz and a ready /readyz answer, as the text sent: probes call them often. */
const OK_JSON = JSON.stringify({ status: "ok" });

/** What the app needs of the configuration (`@lintel/server`'s `Config` has it all). */
export interface AppConfig {
  /** The public URL of `/docs` (problem `type` URIs and 404 details point at it). */
  readonly docsUrl: string;
  /** The base URL the OpenAPI document's `servers` names. */
  readonly publicBaseUrl: string;
  /** How many proxies in front are trusted for X-Forwarded-For (0: none). */
  readonly trustedProxies: number;
}

export interface AppDependencies {
  readonly lintel: Lintel;
  readonly config: AppConfig;
  readonly logger: Logger;
  /** Prometheus metrics (METRICS_PORT), or null when they are off. */
  readonly metrics?: Metrics | null;
  /** False leaves bodies uncompressed (the compression benchmark's baseline); default true. */
  readonly compression?: boolean;
  /** True once the server is shutting down: /readyz answers 503 so a load balancer drains it. */
  readonly draining?: () => boolean;
  /** `POST /webhooks/seam` (SEAM_WEBHOOK_SECRET set), or null: the path is unknown (404). */
  readonly seam?: Omit<SeamWebhookDependencies, "logger"> | null;
  /**
   * The script `/docs` renders the OpenAPI document with (`redocRenderer` of `@lintel/server`),
   * served at `/docs/assets/redoc.standalone.js`; without one, `/docs` is a page that links the
   * document and says the renderer is not installed.
   */
  readonly docsRenderer?: DocsRenderer | null;
}

/** Builds the Koa application. */
export function createApp({
  lintel,
  config,
  logger,
  metrics = null,
  compression: compress = true,
  draining = () => false,
  seam = null,
  docsRenderer = null,
}: AppDependencies): Koa<LintelState> {
  const app = new Koa<LintelState>();
  app.proxy = config.trustedProxies > 0;
  app.maxIpsCount = config.trustedProxies;
  app.silent = true; // errors are answered and logged by the error boundary
  const router = new Router<LintelState>({ sensitive: true, strict: true });

  // The operational routes take no query string: like every endpoint, they refuse unknown parameters.
  const operational = (path: string, answer: (ctx: LintelContext) => void | Promise<void>) =>
    router.get(path, async (ctx) => {
      const parsing = parseQuery(emptyQuerySchema, ctx.querystring);
      if (parsing.ok) await answer(ctx);
      else sendInvalidParams(ctx, parsing.invalidParams);
    });
  const html = (text: string) => (ctx: LintelContext) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.body = text;
  };
  const ok = (ctx: LintelContext) => {
    ctx.set("Content-Type", JSON_CONTENT_TYPE);
    ctx.body = OK_JSON;
  };
  operational("/healthz", ok);
  operational("/readyz", async (ctx) => {
    const storeReady = await lintel.ready();
    // Checked after the store's answer: a shutdown that began meanwhile already answers 503.
    if (draining()) sendProblem(ctx, "unavailable", "The server is shutting down.", { retryAfterSeconds: 1 });
    else if (storeReady) ok(ctx);
    else sendProblem(ctx, "unavailable", "The store is not reachable.", { retryAfterSeconds: 1 });
  });
  const openApi = JSON.stringify(buildOpenApiDocument(config.publicBaseUrl, config.docsUrl));
  operational("/v1/openapi.json", (ctx) => {
    ctx.type = "application/json";
    ctx.body = openApi;
  });
  // Under koa-mount, ctx.path has the mount path taken off and ctx.originalUrl still has it.
  operational("/docs", (ctx) => {
    const fullPath = ctx.originalUrl.split("?", 1)[0] ?? ctx.path;
    const mountPath = fullPath.endsWith(ctx.path) ? fullPath.slice(0, fullPath.length - ctx.path.length) : "";
    const page =
      docsRenderer === null ? rendererMissingPage(config.docsUrl, mountPath) : referencePage(config.docsUrl, DOCS_RENDERER_PATH, mountPath);
    html(page)(ctx);
  });
  operational("/docs/errors", html(errorsPage()));
  if (docsRenderer !== null)
    router.get(DOCS_RENDERER_PATH, (ctx) => {
      ctx.type = "text/javascript; charset=utf-8";
      ctx.set("Cache-Control", "public, max-age=86400");
      ctx.body = docsRenderer.script();
    });
  registerV1Routes(router, lintel, config.trustedProxies, logger);
  if (seam !== null) router.post("/webhooks/seam", seamWebhook({ ...seam, logger }));

  if (compress) app.use(compression()); // outermost: it sees the final body, and the log line still sees the problem
  app.use(requestId(config.docsUrl));
  app.use(cacheControl());
  if (metrics !== null) app.use(measureRequests(metrics));
  app.use(requestLog(logger, config.trustedProxies));
  app.use(errorBoundary(logger, metrics === null ? undefined : () => metrics.storeError()));
  // Checked with the route, before the key: a target over 8 KiB is refused whatever its path.
  app.use(async (ctx, next) => {
    if (ctx.req.url !== undefined && ctx.req.url.length > MAX_REQUEST_TARGET_CHARS) {
      sendProblem(ctx, "uri_too_long", `The request target (path and query) must be at most ${MAX_REQUEST_TARGET_CHARS} characters.`);
      return;
    }
    await next();
  });
  app.use(normalizeRequestPath());
  app.use(router.routes());
  // Reached only when no route took the request (a matched request is matched once, by the
  // router): no layer for the path → 404, else 405 with the methods the path takes.
  app.use((ctx) => {
    const allowed = new Set(router.match(ctx.path, ctx.method).path.flatMap((layer) => layer.methods));
    if (allowed.size === 0) {
      sendProblem(ctx, "not_found", `There is no route ${echo(ctx.method)} ${echo(ctx.path)}. See ${config.docsUrl}.`);
      return;
    }
    const allow = [...allowed].sort().join(", ");
    ctx.set("Allow", allow);
    sendProblem(ctx, "method_not_allowed", `${echo(ctx.path)} does not take ${echo(ctx.method)}; it takes ${allow}.`);
  });
  return app;
}
