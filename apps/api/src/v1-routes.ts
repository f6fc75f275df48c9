/**
 * The `/v1` routes (SPEC 5): admission, then strict parameters, then the use case, whose
 * `Result` becomes either the JSON answer or a problem. Nothing here decides business rules.
 */
import type Router from "@koa/router";
import type { Logger } from "pino";
import * as v from "valibot";
import type { Caller, Lintel, Result } from "@lintel/core";
import { admit, callerOf } from "./admission.js";
import { ENDPOINTS, type DeclaredProblem, type Endpoint } from "./endpoints.js";
import { conditionalGet } from "./http-conventions.js";
import { setTimeZoneOnce } from "./idempotency-key.js";
import { readJsonBody } from "./json-body.js";
import type { LintelContext, LintelRouteContext, LintelState } from "./lintel-state.js";
import { issuesToParams, parseQuery, type QuerySchema } from "./query.js";
import { malformedPathParams } from "./request-path.js";
import { sendInvalidParams, sendProblem } from "./problem-response.js";
import {
  JSON_CONTENT_TYPE,
  jsonText,
  lockJson,
  lockStateView,
  oneJson,
  pageJson,
  previewView,
  scheduleEntryView,
  templateJson,
  unitJson,
  unitView,
} from "./serialize.js";

/** The parsed query, or undefined after answering 400. */
function queryOf<S extends QuerySchema>(ctx: LintelContext, schema: S): v.InferOutput<S> | undefined {
  const parsing = parseQuery(schema, ctx.querystring);
  if (parsing.ok) return parsing.value;
  sendInvalidParams(ctx, parsing.invalidParams);
  return undefined;
}

/** Registers every `/v1` operation on `router`. */
export function registerV1Routes(router: Router<LintelState>, lintel: Lintel, trustedProxies: number, logger: Logger): void {
  const route = (endpoint: Endpoint, handler: (ctx: LintelRouteContext) => Promise<void>) => {
    const conditional = endpoint.etag ? [conditionalGet()] : [];
    router[endpoint.method](endpoint.path, admit(lintel, endpoint.scope, trustedProxies), ...conditional, handler);
  };

  /**
   * Answers the result of `endpoint`'s use case: 200 with `view(value)`, or its problem. The
   * result may only carry codes the endpoint declares (a compile error otherwise).
   */
  function answer<E extends Endpoint, T>(
    ctx: LintelContext,
    _endpoint: E,
    result: Result<T, DeclaredProblem<E>>,
    view: (value: T) => unknown,
  ): void {
    if (!result.ok) {
      const { code, detail, invalidParams, retryAfterSeconds, currentVersion, providerFailure } = result.problem;
      if (providerFailure !== undefined) {
        // The detail names the provider and what happened, and never holds a credential (SPEC 5.7).
        const { provider, reason } = providerFailure;
        logger.warn({ requestId: ctx.state.requestId, provider, reason, detail }, "lock provider unavailable");
      }
      sendProblem(ctx, code, detail, { invalidParams, retryAfterSeconds, currentVersion });
      return;
    }
    ctx.status = 200;
    ctx.set("Content-Type", JSON_CONTENT_TYPE);
    ctx.body = jsonText(view(result.value)); // text from here on: compression, ETag and idempotency use it as it is
  }

  route(ENDPOINTS.setTimezone, async (ctx) => {
    const reading = await readJsonBody(ctx);
    if (!reading.ok) {
      sendProblem(ctx, reading.code, reading.detail);
      return;
    }
    const query = queryOf(ctx, ENDPOINTS.setTimezone.query);
    if (query === undefined) return;
    if (typeof reading.value !== "object" || reading.value === null || Array.isArray(reading.value)) {
      sendInvalidParams(ctx, [
        { name: "(body)", reason: "The body must be a JSON object: { unitIdOrKey, timeZone, expectedVersion, policy }." },
      ]);
      return;
    }
    const body = v.safeParse(ENDPOINTS.setTimezone.body, reading.value);
    if (!body.success) {
      sendInvalidParams(ctx, issuesToParams(body.issues));
      return;
    }
    await setTimeZoneOnce(ctx, lintel, callerOf(ctx), body.output, (result) =>
      answer(ctx, ENDPOINTS.setTimezone, result, ({ unit, moved }) => ({ unit: unitView(unit), moved })),
    );
  });

  /** A GET operation: strict path and query parameters, then the use case, then `view` of its value. */
  const read = <E extends Endpoint, T>(
    endpoint: E,
    run: (caller: Caller, query: v.InferOutput<E["query"]>, ctx: LintelRouteContext) => Promise<Result<T, DeclaredProblem<E>>>,
    view: (value: T) => unknown,
  ) => {
    route(endpoint, async (ctx) => {
      // Path and query parameters are refused together, so a client can fix them all at once.
      const badPath = malformedPathParams(endpoint.path, ctx.path);
      const parsing = parseQuery(endpoint.query, ctx.querystring);
      if (badPath.length > 0 || !parsing.ok) sendInvalidParams(ctx, [...badPath, ...(parsing.ok ? [] : parsing.invalidParams)]);
      else answer(ctx, endpoint, await run(callerOf(ctx), parsing.value, ctx), view);
    });
  };

  read(ENDPOINTS.previewTimezoneChange, (caller, query) => lintel.previewTimezoneChange(caller, query), previewView);
  read(
    ENDPOINTS.listUnits,
    (caller, { limit, cursor }) => lintel.listUnits(caller, { limit, cursor }),
    ({ units, nextCursor }) => pageJson("units", units.map(unitJson), nextCursor),
  );
  read(
    ENDPOINTS.getUnit,
    (caller, query) => lintel.getUnit(caller, query.unitIdOrKey),
    (unit) => oneJson("unit", unitJson(unit)),
  );
  read(
    ENDPOINTS.listSchedule,
    (caller, { unitIdOrKey, limit, cursor, from }) =>
      lintel.listSchedule(caller, { unitIdOrKey, limit, cursor, from: from === undefined ? undefined : Date.parse(from) }),
    ({ items, nextCursor }) => ({ items: items.map(scheduleEntryView), nextCursor }),
  );
  read(
    ENDPOINTS.getMessageTemplate,
    (caller, query) => lintel.getTemplate(caller, query.templateId),
    (template) => oneJson("template", templateJson(template)),
  );
  read(
    ENDPOINTS.listMessageTemplates,
    (caller, { limit, cursor }) => lintel.listTemplates(caller, { limit, cursor }),
    ({ templates, nextCursor }) => pageJson("templates", templates.map(templateJson), nextCursor),
  );
  read(
    ENDPOINTS.listLocks,
    (caller, { limit, cursor }) => lintel.listLocks(caller, { limit, cursor }),
    ({ locks, nextCursor }) => pageJson("locks", locks.map(lockJson), nextCursor),
  );
  read(
    ENDPOINTS.getLock,
    (caller, _query, ctx) => lintel.getLock(caller, lockIdOf(ctx)),
    (lock) => oneJson("lock", lockJson(lock)),
  );
  read(
    ENDPOINTS.getLockState,
    (caller, _query, ctx) => lintel.getLockState(caller, lockIdOf(ctx)),
    (state) => ({
      state: lockStateView(state),
    }),
  );
}

/** The `:lockId` of the path (the router matched it, so it is there). */
function lockIdOf(ctx: LintelRouteContext): string {
  return ctx.params["lockId"] ?? "";
}
