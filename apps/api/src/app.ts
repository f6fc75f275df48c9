/**
 * The Koa application: built from a `Lintel` and the configuration, with no globals, so tests
 * can run several side by side. Order: request id → log line → error boundary → route
 * (404/405) → per-route admission → parameters → use case.
 */
import Koa from "koa";
import Router from "@koa/router";
import type { Logger } from "pino";
import type { Lintel } from "@lintel/core";
import type { Config } from "./config.js";
import { errorsPage, overviewPage } from "./docs-pages.js";
import { errorBoundary, requestId, requestLog } from "./middleware.js";
import { buildOpenApiDocument } from "./openapi.js";
import { sendProblem } from "./problem-response.js";
import { registerV1Routes } from "./v1-routes.js";

export interface AppDependencies {
  readonly lintel: Lintel;
  readonly config: Pick<Config, "docsUrl" | "publicBaseUrl" | "trustProxy">;
  readonly logger: Logger;
}

/** Builds the Koa application. */
export function createApp({ lintel, config, logger }: AppDependencies): Koa {
  const app = new Koa();
  app.proxy = config.trustProxy;
  app.silent = true; // errors are answered and logged by the error boundary
  const router = new Router({ sensitive: true, strict: true });

  router.get("/healthz", (ctx) => {
    ctx.body = { status: "ok" };
  });
  router.get("/readyz", async (ctx) => {
    if (await lintel.ready()) ctx.body = { status: "ok" };
    else sendProblem(ctx, "unavailable", "The store is not reachable.", { retryAfterSeconds: 1 });
  });
  const openApi = JSON.stringify(buildOpenApiDocument(config.publicBaseUrl, config.docsUrl));
  router.get("/v1/openapi.json", (ctx) => {
    ctx.type = "application/json";
    ctx.body = openApi;
  });
  const overview = overviewPage(config.docsUrl);
  const errors = errorsPage();
  router.get("/docs", (ctx) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.body = overview;
  });
  router.get("/docs/errors", (ctx) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.body = errors;
  });
  registerV1Routes(router, lintel, config.trustProxy);

  app.use(requestId(config.docsUrl));
  app.use(requestLog(logger));
  app.use(errorBoundary(logger));
  app.use(async (ctx, next) => {
    const match = router.match(ctx.path, ctx.method);
    if (match.route) return next();
    const allowed = new Set(match.path.flatMap((layer) => layer.methods));
    if (allowed.size === 0) {
      sendProblem(ctx, "not_found", `There is no route ${ctx.method} ${ctx.path}. See ${config.docsUrl}.`);
      return;
    }
    const allow = [...allowed].sort().join(", ");
    ctx.set("Allow", allow);
    sendProblem(ctx, "method_not_allowed", `${ctx.path} does not take ${ctx.method}; it takes ${allow}.`);
  });
  app.use(router.routes());
  return app;
}
