/**
 * The gate in front of every `/v1` operation: asks the core to admit the request
 * (address budget for failed keys → key → key budget → scope), writes the RateLimit headers
 * whenever a key was found, and answers the refusal as a problem.
 */
import { isIP } from "node:net";
import type { RouterMiddleware } from "@koa/router";
import type { BudgetDecision, Scope } from "@lintel/domain";
import type { Caller, Lintel } from "@lintel/core";
import type { LintelContext, LintelState } from "./lintel-state.js";
import { sendProblem } from "./problem-response.js";

/**
 * The client address: the socket's; behind `trustedProxies` trusted proxies, the
 * X-Forwarded-For entry that many places from the right (what the nearest trusted proxy saw),
 * never one the client could have written itself. Anything but an IP address falls back to
 * the socket's address, so a budget name never holds raw header text.
 */
export function clientAddress(ctx: LintelContext, trustedProxies: number): string {
  const socket = ctx.req.socket.remoteAddress ?? "unknown";
  if (trustedProxies === 0) return socket;
  const entries = ctx.get("x-forwarded-for").split(",");
  const seen = entries.length >= trustedProxies ? entries[entries.length - trustedProxies]?.trim() : undefined;
  return seen !== undefined && isIP(seen) !== 0 ? seen : socket;
}

/** `RateLimit-Policy` and `RateLimit` (IETF httpapi RateLimit header fields). */
export function setRateLimitHeaders(ctx: LintelContext, budget: BudgetDecision): void {
  ctx.set("RateLimit-Policy", `"default";q=${budget.policy.requests};w=${budget.policy.windowSeconds}`);
  ctx.set("RateLimit", `"default";r=${budget.remaining};t=${budget.resetSeconds}`);
}

/** The caller admitted for this request (set by {@link admit}, which every `/v1` route runs first). */
export function callerOf(ctx: LintelContext): Caller {
  const { caller } = ctx.state;
  if (caller === undefined) throw new Error(`${ctx.path}: no admitted caller (the route does not run admit first)`);
  return caller;
}

/** Middleware admitting a `/v1` request that needs `scope` (or `alsoScope`, when given). */
export function admit(lintel: Lintel, scope: Scope, trustedProxies: number, alsoScope?: Scope): RouterMiddleware<LintelState> {
  return async (ctx, next) => {
    const apiKey = ctx.get("x-api-key");
    const outcome = await lintel.admit({
      apiKey: apiKey === "" ? undefined : apiKey,
      clientAddress: clientAddress(ctx, trustedProxies),
      scope,
      alsoScope,
    });
    const budget = outcome.ok ? outcome.admission.budget : outcome.budget;
    if (budget !== undefined) setRateLimitHeaders(ctx, budget);
    if (!outcome.ok) {
      if (outcome.caller !== undefined) (ctx.state as { caller: Caller }).caller = outcome.caller; // for the access log
      const { code, detail, invalidParams, retryAfterSeconds } = outcome.problem;
      sendProblem(ctx, code, detail, { invalidParams, retryAfterSeconds });
      return;
    }
    ctx.state.caller = outcome.admission.caller;
    // The rest of the request (parameters, the operation, its answer) runs under its store deadline.
    await lintel.withinRequest(outcome.admission, next);
  };
}
