/**
 * The outer middleware every request passes through, outermost first: request id, one log
 * line per request, and the error boundary that turns anything thrown into a problem.
 */
import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import type { Logger } from "pino";
import { isUnavailableError, sendProblem, type RequestState } from "./problem-response.js";

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Reuses the client's `x-request-id` when it is well formed, else makes one; echoes it on every response. */
export function requestId(docsUrl: string): Middleware {
  return async (ctx, next) => {
    const offered = ctx.get("x-request-id");
    const id = CLIENT_REQUEST_ID.test(offered) ? offered : randomUUID();
    const state = ctx.state as RequestState;
    state.requestId = id;
    state.docsUrl = docsUrl;
    ctx.set("x-request-id", id);
    try {
      await next();
    } finally {
      ctx.set("x-request-id", id);
    }
  };
}

/** Logs one line per request (method, path, status, ms) with its request id. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { requestId: (ctx.state as RequestState).requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    }
  };
}

/**
 * Anything thrown below becomes a problem: a store or lock provider that cannot answer → 503
 * with Retry-After; a malformed request Koa itself refused (bad percent-encoding) → 400;
 * everything else → 500 without internals. Unexpected errors are logged with their stack.
 */
export function errorBoundary(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const requestId = (ctx.state as RequestState).requestId;
      if (isUnavailableError(error)) {
        logger.warn({ requestId, err: error }, "dependency unavailable");
        sendProblem(ctx, "unavailable", "A backing service did not answer in time. Retry shortly.", { retryAfterSeconds: 1 });
        return;
      }
      if (error instanceof URIError || (error as { status?: unknown } | null)?.status === 400) {
        sendProblem(ctx, "invalid_request", "The request URL is malformed.");
        return;
      }
      logger.error({ requestId, err: error }, "unexpected error");
      sendProblem(ctx, "internal_error", "The service could not complete the request. Quote the requestId to support.");
    }
  };
}
