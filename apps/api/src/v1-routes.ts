/**
 * The `/v1` routes (SPEC 5): admission, then strict parameters, then the use case, whose
 * `Result` becomes either the JSON answer or a problem. Nothing here decides business rules.
 */
import type Router from "@koa/router";
import type { Logger } from "pino";
import * as v from "valibot";
import type { Lintel, Result } from "@lintel/core";
import { admit, callerOf } from "./admission.js";
import { ENDPOINTS, type Endpoint, type Operation } from "./endpoints.js";
import { conditionalGet } from "./http-conventions.js";
import { answerOnce } from "./idempotency-key.js";
import { readJsonBody } from "./json-body.js";
import type { LintelContext, LintelRouteContext, LintelState } from "./lintel-state.js";
import { issuesToParams, parseQuery, type QuerySchema } from "./query.js";
import { malformedPathParams } from "./request-path.js";
import { sendInvalidParams, sendProblem } from "./problem-response.js";
import { JSON_CONTENT_TYPE, jsonText } from "./serialize.js";

/** The parsed query, or undefined after answering 400. */
function queryOf<S extends QuerySchema>(ctx: LintelContext, schema: S): v.InferOutput<S> | undefined {
  const parsing = parseQuery(schema, ctx.querystring);
  if (parsing.ok) return parsing.value;
  sendInvalidParams(ctx, parsing.invalidParams);
  return undefined;
}

/** Registers every `/v1` operation on `router`: one route per row of {@link ENDPOINTS}. */
export function registerV1Routes(router: Router<LintelState>, lintel: Lintel, trustedProxies: number, logger: Logger): void {
  const route = (endpoint: Endpoint, handler: (ctx: LintelRouteContext) => Promise<void>) => {
    const conditional = endpoint.etag ? [conditionalGet()] : [];
    router[endpoint.method](endpoint.path, admit(lintel, endpoint.scope, trustedProxies), ...conditional, handler);
  };

  /** Answers the result of `operation`'s use case: 200 with its view of the value, or the problem. */
  function answer<T>(ctx: LintelContext, operation: Operation<QuerySchema, never, T>, result: Result<T>): void {
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
    ctx.status = operation.status ?? 200;
    if (ctx.status === 204) return;
    ctx.set("Content-Type", JSON_CONTENT_TYPE);
    ctx.body = jsonText(operation.view(result.value)); // text from here on: compression and ETag use it as it is
  }

  /** The parsed JSON body of a POST with a body schema, or undefined after answering its problem. */
  async function bodyOf<S extends v.GenericSchema>(ctx: LintelContext, schema: S, shape: string): Promise<v.InferOutput<S> | undefined> {
    const reading = await readJsonBody(ctx);
    if (!reading.ok) {
      sendProblem(ctx, reading.code, reading.detail);
      return undefined;
    }
    if (typeof reading.value !== "object" || reading.value === null || Array.isArray(reading.value)) {
      sendInvalidParams(ctx, [{ name: "(body)", reason: `The body must be a JSON object: ${shape}.` }]);
      return undefined;
    }
    const body = v.safeParse(schema, reading.value);
    if (!body.success) {
      sendInvalidParams(ctx, issuesToParams(body.issues));
      return undefined;
    }
    return body.output;
  }

  const { setTimezone } = ENDPOINTS;
  route(setTimezone, async (ctx) => {
    const reading = await readJsonBody(ctx);
    if (!reading.ok) {
      sendProblem(ctx, reading.code, reading.detail);
      return;
    }
    const query = queryOf(ctx, setTimezone.query);
    if (query === undefined) return;
    if (typeof reading.value !== "object" || reading.value === null || Array.isArray(reading.value)) {
      sendInvalidParams(ctx, [
        { name: "(body)", reason: "The body must be a JSON object: { unitIdOrKey, timeZone, expectedVersion, policy }." },
      ]);
      return;
    }
    const body = v.safeParse(setTimezone.body, reading.value);
    if (!body.success) {
      sendInvalidParams(ctx, issuesToParams(body.issues));
      return;
    }
    const caller = callerOf(ctx);
    await answerOnce(
      ctx,
      () => setTimezone.run({ lintel, caller, query, params: ctx.params, body: body.output }),
      (retry) => lintel.setTimeZoneOnce(caller, body.output, retry),
      (result) => answer(ctx, setTimezone, result),
    );
  });

  const { createWebhookEndpoint } = ENDPOINTS;
  route(createWebhookEndpoint, async (ctx) => {
    const body = await bodyOf(ctx, createWebhookEndpoint.body, "{ url, eventTypes, description? }");
    if (body === undefined) return;
    const query = queryOf(ctx, createWebhookEndpoint.query);
    if (query === undefined) return;
    const caller = callerOf(ctx);
    await answerOnce(
      ctx,
      () => createWebhookEndpoint.run({ lintel, caller, query, params: ctx.params, body }),
      (retry) => lintel.createWebhookEndpointOnce(caller, body, retry),
      (result) => answer(ctx, createWebhookEndpoint, result),
    );
  });

  // Every GET: strict path and query parameters (refused together, so a client can fix them all
  // at once), then the use case, then the view of its value.
  // A DELETE and a POST without a body (enable) take the same path.
  for (const operation of Object.values(ENDPOINTS) as readonly Operation[]) {
    if (operation.method === "post" && operation.body !== undefined) continue;
    route(operation, async (ctx) => {
      const badPath = malformedPathParams(operation.path, ctx.path);
      const parsing = parseQuery(operation.query, ctx.querystring);
      if (badPath.length > 0 || !parsing.ok) {
        sendInvalidParams(ctx, [...badPath, ...(parsing.ok ? [] : parsing.invalidParams)]);
        return;
      }
      const input = { lintel, caller: callerOf(ctx), query: parsing.value, params: ctx.params, body: undefined };
      answer(ctx, operation, await operation.run(input));
    });
  }
}
