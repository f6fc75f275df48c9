/**
 * The outer middleware every request passes through, outermost first: request id, one log
 * line per request, and the error boundary that turns anything thrown into a problem.
 */
import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import type { Logger } from "pino";
import { clientAddress } from "./admit-middleware.js";
import { edgeAnswer } from "./edge-answers.js";
import type { LintelState } from "./lintel-state.js";
import { isUnavailableError, sendProblem } from "./problem-response.js";

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The request id of a request whose `x-request-id` header is `offered`: the client's when well formed, else a new one. */
export function requestIdFor(offered: string | string[] | undefined): string {
  return typeof offered === "string" && CLIENT_REQUEST_ID.test(offered) ? offered : randomUUID();
}

/** Reuses the client's `x-request-id` when it is well formed, else makes one; echoes it on every response. */
export function requestId(docsUrl: string): Middleware<LintelState> {
  return async (ctx, next) => {
    const id = requestIdFor(ctx.get("x-request-id"));
    ctx.state.requestId = id;
    ctx.state.docsUrl = docsUrl;
    try {
      await next();
    } finally {
      // Set once, when the answer is final (Koa sends it after this): state.requestId, not id,
      // since a replayed answer (Idempotency-Key) names its first request.
      ctx.set("x-request-id", ctx.state.requestId);
    }
  };
}

/**
 * Logs one line per request: request id, method, path, status, ms, the client address, the
 * admitted key's id and org (never the key), and the problem code of an error answer.
 */
export function requestLog(logger: Logger, trustedProxies: number): Middleware<LintelState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const caller = ctx.state.caller;
      // The edge answered on this request's response (its body broke or came too late): its words.
      const edge = edgeAnswer(ctx.res);
      const problem = edge?.code ?? (ctx.status >= 400 ? (ctx.body as { code?: unknown } | null | undefined)?.code : undefined);
      logger.info(
        {
          requestId: edge?.requestId ?? ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          client: clientAddress(ctx, trustedProxies),
          ...(caller ? { keyId: caller.keyId, orgId: caller.orgId } : {}),
          ...(typeof problem === "string" ? { code: problem } : {}),
        },
        "request",
      );
    }
  };
}

/**
 * Anything thrown below becomes a problem: a store that cannot answer → 503
 * with Retry-After; a malformed request Koa itself refused (bad percent-encoding) → 400;
 * everything else → 500 without internals. Unexpected errors are logged with their stack.
 */
export function errorBoundary(logger: Logger, onStoreError: () => void = () => {}): Middleware<LintelState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const requestId = ctx.state.requestId;
      if (isUnavailableError(error)) {
        logger.warn({ requestId, err: error }, "dependency unavailable");
        onStoreError();
        sendProblem(ctx, "unavailable", "The store did not answer in time. Retry shortly.", { retryAfterSeconds: 1 });
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
