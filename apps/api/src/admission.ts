/**
 * The gate in front of every `/v1` operation (SPEC 2, 3): asks the core to admit the request
 * (address budget for failed keys → key → key budget → scope), writes the RateLimit headers
 * whenever a key was found, and answers the refusal as a problem.
 */
import type { Context, Middleware } from "koa";
import type { BudgetDecision, Scope } from "@lintel/domain";
import type { Caller, Lintel } from "@lintel/core";
import { sendProblem } from "./problem-response.js";

/** The client address: the socket's, or the first X-Forwarded-For entry behind a trusted proxy. */
export function clientAddress(ctx: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = ctx.get("x-forwarded-for").split(",")[0]?.trim();
    if (first) return first;
  }
  return ctx.req.socket.remoteAddress ?? "unknown";
}

/** `RateLimit-Policy` and `RateLimit` (IETF httpapi RateLimit header fields). */
export function setRateLimitHeaders(ctx: Context, budget: BudgetDecision): void {
  ctx.set("RateLimit-Policy", `"default";q=${budget.policy.requests};w=${budget.policy.windowSeconds}`);
  ctx.set("RateLimit", `"default";r=${budget.remaining};t=${budget.resetSeconds}`);
}

/** The caller admitted for this request (set by {@link admit}). */
export function callerOf(ctx: Context): Caller {
  return (ctx.state as { caller: Caller }).caller;
}

/** Middleware admitting a `/v1` request that needs `scope`. */
export function admit(lintel: Lintel, scope: Scope, trustProxy: boolean): Middleware {
  return async (ctx, next) => {
    const apiKey = ctx.get("x-api-key");
    const outcome = await lintel.admit({
      apiKey: apiKey === "" ? undefined : apiKey,
      clientAddress: clientAddress(ctx, trustProxy),
      scope,
    });
    const budget = outcome.ok ? outcome.admission.budget : outcome.budget;
    if (budget !== undefined) setRateLimitHeaders(ctx, budget);
    if (!outcome.ok) {
      const { code, detail, invalidParams, retryAfterSeconds } = outcome.problem;
      sendProblem(ctx, code, detail, { invalidParams, retryAfterSeconds });
      return;
    }
    (ctx.state as { caller: Caller }).caller = outcome.admission.caller;
    await next();
  };
}
