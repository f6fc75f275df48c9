/**
 * The floor of `ratio.js`: Koa 3 + @koa/router doing, flat and inline, only the work the SPEC
 * puts on every successful answer, with the operation itself free. Per request: the request id,
 * Lintel's own JSON log line (its logger at info; `LOG_LEVEL=warn` drops the line), `Vary` and
 * `Cache-Control`; on `/v1` also the key's SHA-256 and look-up with its expiry and the endpoint's
 * scope, the failed-key peek of the client address and the key's budget (the domain's GCRA, in a
 * Map) and the RateLimit headers. The body (a Buffer) and its ETag are the recorded ones, as a
 * cache would hold them: the store read, paging, cursors and serializing cost nothing here.
 *
 * The success path only: no strict query check, no 304, no compression choice, and refusals are
 * bare statuses. So no implementation of the same contract on this stack answers these requests
 * faster: what the floor costs beyond bare Koa is the contract's, and what Lintel costs beyond
 * the floor is Lintel's own.
 *
 *   node tools/dist/bench/floor-koa.js <answers.json> <port> <api key>
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import Koa from "koa";
import Router from "@koa/router";
import { createLogger } from "@lintel/api";
import { consumeBudget, evaluateApiKey, hashApiKey, requireScope, type ApiKeyRecord, type BudgetState } from "@lintel/domain";
import type { RecordedAnswer } from "./bare-koa.js";

const [answersPath, port, apiKey] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersPath ?? "", "utf8")) as RecordedAnswer[];
const logger = createLogger(process.env["LOG_LEVEL"] === "warn" ? "warn" : "info");

const bench: ApiKeyRecord = {
  id: "key_floor",
  orgId: "org_floor",
  name: "floor",
  hash: hashApiKey(apiKey ?? ""),
  scopes: ["locks:read", "units:write"],
  expiresAt: null,
  revokedAt: null,
  rateLimit: { requests: 999_999_999, windowSeconds: 1 },
  createdAt: "2026-01-01T00:00:00.000Z",
};
const keysByHash = new Map([[bench.hash, bench]]);
const budgets = new Map<string, BudgetState>();
const FAILED_KEY_LIMIT = { requests: 30, windowSeconds: 60 };
/** A key without its own budget gets the server's default (the bench key has its own). */
const DEFAULT_LIMIT = { requests: 600, windowSeconds: 60 };
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

const router = new Router<{ caller?: ApiKeyRecord }>({ sensitive: true, strict: true });
for (const answer of answers) {
  const body = Buffer.from(answer.body);
  const fixed = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => name !== "x-request-id" && !name.startsWith("ratelimit")),
  );
  const v1 = answer.route.startsWith("/v1/");
  const scope = answer.route.startsWith("/v1/units/") ? "units:write" : "locks:read"; // the preview needs units:write
  router.get(answer.route, (ctx) => {
    if (v1) {
      const nowMs = Date.now();
      const address = `auth-fail:${ctx.req.socket.remoteAddress ?? ""}`;
      if (!consumeBudget(budgets.get(address) ?? null, nowMs, FAILED_KEY_LIMIT, false).decision.allowed) return void (ctx.status = 429);
      const check = evaluateApiKey(keysByHash.get(hashApiKey(ctx.get("x-api-key"))) ?? null, nowMs);
      if (!check.ok) return void (ctx.status = 401);
      const key = check.key;
      const step = consumeBudget(budgets.get(key.id) ?? null, nowMs, key.rateLimit ?? DEFAULT_LIMIT);
      if (step.state !== null) budgets.set(key.id, step.state);
      const { policy, remaining, resetSeconds } = step.decision;
      ctx.set("RateLimit-Policy", `"default";q=${policy.requests};w=${policy.windowSeconds}`);
      ctx.set("RateLimit", `"default";r=${remaining};t=${resetSeconds}`);
      ctx.state.caller = key;
      if (!step.decision.allowed) return void (ctx.status = 429);
      if (!requireScope(key.scopes, scope).ok) return void (ctx.status = 403);
    }
    ctx.status = answer.status;
    ctx.set(fixed);
    ctx.body = body;
  });
}

const app = new Koa<{ caller?: ApiKeyRecord }>();
app.use(async (ctx, next) => {
  const started = process.hrtime.bigint();
  const offered = ctx.get("x-request-id");
  const requestId = CLIENT_REQUEST_ID.test(offered) ? offered : randomUUID();
  try {
    await next();
  } finally {
    ctx.set("x-request-id", requestId);
    const caller = ctx.state.caller;
    logger.info(
      {
        requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        client: ctx.req.socket.remoteAddress,
        ...(caller ? { keyId: caller.id, orgId: caller.orgId } : {}),
      },
      "request",
    );
  }
});
app.use(router.routes());
app.listen(Number(port), "127.0.0.1", () => console.log(`floor Koa listening on ${port}`));
