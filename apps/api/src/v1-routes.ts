/**
 * The `/v1` routes (SPEC 5): admission, then strict parameters, then the use case, whose
 * `Result` becomes either the JSON answer or a problem. Nothing here decides business rules.
 */
import type Router from "@koa/router";
import type { Context } from "koa";
import * as v from "valibot";
import type { Lintel, Result } from "@lintel/core";
import { admit, callerOf } from "./admission.js";
import { ENDPOINTS, type Endpoint } from "./endpoints.js";
import { readJsonBody } from "./json-body.js";
import { issuesToParams, parseQuery, type QuerySchema } from "./query.js";
import { sendInvalidParams, sendProblem } from "./problem-response.js";
import { lockStateView, lockView, previewView, templateView, unitView } from "./serialize.js";

/** The parsed query, or undefined after answering 400. */
function queryOf<S extends QuerySchema>(ctx: Context, schema: S): v.InferOutput<S> | undefined {
  const parsing = parseQuery(schema, ctx.querystring);
  if (parsing.ok) return parsing.value;
  sendInvalidParams(ctx, parsing.invalidParams);
  return undefined;
}

/** Answers a use case's result: 200 with `view(value)`, or its problem. */
function answer<T>(ctx: Context, result: Result<T>, view: (value: T) => unknown): void {
  if (!result.ok) {
    const { code, detail, invalidParams, retryAfterSeconds } = result.problem;
    sendProblem(ctx, code, detail, { invalidParams, retryAfterSeconds });
    return;
  }
  ctx.status = 200;
  ctx.body = view(result.value);
}

/** Registers every `/v1` operation on `router`. */
export function registerV1Routes(router: Router, lintel: Lintel, trustProxy: boolean): void {
  const route = (endpoint: Endpoint, handler: (ctx: Context) => Promise<void>) => {
    router[endpoint.method](endpoint.path, admit(lintel, endpoint.scope, trustProxy), (ctx) => handler(ctx as unknown as Context));
  };

  route(ENDPOINTS.previewTimezoneChange, async (ctx) => {
    const query = queryOf(ctx, ENDPOINTS.previewTimezoneChange.query);
    if (query === undefined) return;
    answer(ctx, await lintel.previewTimezoneChange(callerOf(ctx), query), previewView);
  });

  route(ENDPOINTS.setTimezone, async (ctx) => {
    const reading = await readJsonBody(ctx);
    if (!reading.ok) {
      sendProblem(ctx, reading.code, reading.detail);
      return;
    }
    const query = queryOf(ctx, ENDPOINTS.setTimezone.query);
    if (query === undefined) return;
    if (typeof reading.value !== "object" || reading.value === null || Array.isArray(reading.value)) {
      sendInvalidParams(ctx, [{ name: "(body)", reason: "The body must be a JSON object: { unitIdOrKey, timeZone, expectedVersion, policy }." }]);
      return;
    }
    const body = v.safeParse(ENDPOINTS.setTimezone.body, reading.value);
    if (!body.success) {
      sendInvalidParams(ctx, issuesToParams(body.issues));
      return;
    }
    answer(ctx, await lintel.setTimeZone(callerOf(ctx), body.output), ({ unit, moved }) => ({ unit: unitView(unit), moved }));
  });

  route(ENDPOINTS.getMessageTemplate, async (ctx) => {
    const query = queryOf(ctx, ENDPOINTS.getMessageTemplate.query);
    if (query === undefined) return;
    answer(ctx, await lintel.getTemplate(callerOf(ctx), query.templateId), (template) => ({ template: templateView(template) }));
  });

  route(ENDPOINTS.listMessageTemplates, async (ctx) => {
    const query = queryOf(ctx, ENDPOINTS.listMessageTemplates.query);
    if (query === undefined) return;
    const page = await lintel.listTemplates(callerOf(ctx), { limit: query.limit, cursor: query.cursor });
    answer(ctx, page, ({ templates, nextCursor }) => ({ templates: templates.map(templateView), nextCursor }));
  });

  route(ENDPOINTS.listLocks, async (ctx) => {
    const query = queryOf(ctx, ENDPOINTS.listLocks.query);
    if (query === undefined) return;
    const page = await lintel.listLocks(callerOf(ctx), { limit: query.limit, cursor: query.cursor });
    answer(ctx, page, ({ locks, nextCursor }) => ({ locks: locks.map(lockView), nextCursor }));
  });

  route(ENDPOINTS.getLock, async (ctx) => {
    if (queryOf(ctx, ENDPOINTS.getLock.query) === undefined) return;
    answer(ctx, await lintel.getLock(callerOf(ctx), lockIdOf(ctx)), (lock) => ({ lock: lockView(lock) }));
  });

  route(ENDPOINTS.getLockState, async (ctx) => {
    if (queryOf(ctx, ENDPOINTS.getLockState.query) === undefined) return;
    answer(ctx, await lintel.getLockState(callerOf(ctx), lockIdOf(ctx)), (state) => ({ state: lockStateView(state) }));
  });
}

function lockIdOf(ctx: Context): string {
  return (ctx as unknown as { params: { lockId: string } }).params.lockId;
}
