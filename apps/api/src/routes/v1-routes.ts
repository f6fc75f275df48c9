/**
 * The `/v1` routes: admission, then strict parameters, then the use case, whose
 * `Result` becomes either the JSON answer or a problem. Nothing here decides business rules.
 */
import type Router from "@koa/router";
import type { Logger } from "pino";
import * as v from "valibot";
import type { Lintel, Result } from "@lintel/core";
import { admit, callerOf } from "../http-edge/admit-middleware.js";
import { ENDPOINTS, type Endpoint, type Operation } from "./endpoints.js";
import { conditionalGet, entityTagged } from "../http-edge/http-conventions.js";
import { answerOnce } from "../http-edge/idempotency-key.js";
import { readJsonBody } from "../http-edge/json-body.js";
import type { LintelContext, LintelRouteContext, LintelState } from "../http-edge/lintel-state.js";
import { issuesToParams, parseQuery, type QuerySchema } from "../schemas/query.js";
import { malformedPathParams } from "../http-edge/request-path.js";
import { sendInvalidParams, sendProblem } from "../http-edge/problem-response.js";
import { JSON_CONTENT_TYPE, jsonText } from "./serialize.js";

/** The body of a POST that needs none, when one is sent anyway: a JSON object with no field. */
const NO_FIELDS = v.strictObject({});

/** The parsed query, or undefined after answering 400. */
function queryOf<S extends QuerySchema>(ctx: LintelContext, schema: S): v.InferOutput<S> | undefined {
  const parsing = parseQuery(schema, ctx.querystring);
  if (parsing.ok) return parsing.value;
  sendInvalidParams(ctx, parsing.invalidParams);
  return undefined;
}

/**
 * What a safe retry must repeat: the operation, its path's parameters (when it has any: one key
 * sent to two endpoints' paths is two requests) and its parsed body. Headers are not part of it,
 * as with Stripe's keys: a retry that leaves out an If-Match still gets the first answer.
 */
function fingerprintOf(operation: Endpoint, params: Readonly<Record<string, string>>, body: unknown): string {
  // The third place once held the If-Match: left null, so a key kept before (without one) still matches.
  const parts: unknown[] = [operation.path, body ?? null, null];
  if (Object.keys(params).length > 0) parts.push(params);
  return JSON.stringify(parts);
}

/** Registers every `/v1` operation on `router`: one route per row of {@link ENDPOINTS}. */
export function registerV1Routes(router: Router<LintelState>, lintel: Lintel, trustedProxies: number, logger: Logger): void {
  const route = (endpoint: Endpoint, handler: (ctx: LintelRouteContext) => Promise<void>) => {
    const conditional = endpoint.etag ? [conditionalGet()] : endpoint.answerTag ? [entityTagged(false)] : [];
    router[endpoint.method](endpoint.path, admit(lintel, endpoint.scope, trustedProxies, endpoint.alsoScope), ...conditional, handler);
  };

  /** Answers the result of `operation`'s use case: 200 with its view of the value, or the problem. */
  function answer<T>(ctx: LintelContext, operation: Operation<QuerySchema, never, T>, result: Result<T>): void {
    if (!result.ok) {
      const { code, detail, invalidParams, retryAfterSeconds, currentVersion, providerFailure } = result.problem;
      if (providerFailure !== undefined) {
        // The detail names the provider and what happened, and never holds a credential.
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
      sendProblem(ctx, reading.code, reading.detail, { invalidParams: reading.invalidParams });
      return undefined;
    }
    return validBody(ctx, reading.value, schema, shape);
  }

  /** `value` as `schema` parses it, or undefined after answering the 400 naming what is wrong. */
  function validBody<S extends v.GenericSchema>(
    ctx: LintelContext,
    value: unknown,
    schema: S,
    shape: string,
  ): v.InferOutput<S> | undefined {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      sendInvalidParams(ctx, [{ name: "(body)", reason: `The body must be a JSON object: ${shape}.` }]);
      return undefined;
    }
    const body = v.safeParse(schema, value);
    if (!body.success) {
      sendInvalidParams(ctx, issuesToParams(body.issues));
      return undefined;
    }
    return body.output;
  }

  /**
   * For a POST that needs no body: true when it sent none, an empty one or `{}`; else answers
   * what any other body would get (415 when it is not JSON, 400 naming each field) and is false.
   * A chunked body without a Content-Type is taken as none (an empty one is all such a client sends).
   */
  async function noBodyNeeded(ctx: LintelContext): Promise<boolean> {
    const chunked = ctx.get("transfer-encoding") !== "" && ctx.get("content-type") !== "";
    if (!chunked && !(Number(ctx.get("content-length") || "0") > 0)) return true;
    const reading = await readJsonBody(ctx);
    if (!reading.ok) {
      sendProblem(ctx, reading.code, reading.detail, { invalidParams: reading.invalidParams });
      return false;
    }
    return reading.value === "" || validBody(ctx, reading.value, NO_FIELDS, "{}") !== undefined;
  }

  // Every POST with a body: the body (refused before the query, so a body problem is the one
  // named), then the query, then the use case, through the request's Idempotency-Key when it has
  // one. The fingerprint is the operation and its parsed body: the same request always gives the
  // same one, whatever its spacing or key order.
  for (const operation of Object.values(ENDPOINTS) as readonly Operation[]) {
    if (operation.body === undefined) continue;
    const shape = `{ ${Object.keys((operation.body as { entries?: object }).entries ?? {}).join(", ")} }`;
    route(operation, async (ctx) => {
      const body = await bodyOf(ctx, operation.body as v.GenericSchema, shape);
      if (body === undefined) return;
      const query = queryOf(ctx, operation.query);
      if (query === undefined) return;
      const caller = callerOf(ctx);
      const ifMatch = ctx.get("if-match") === "" ? undefined : ctx.get("if-match");
      const run = () => operation.run({ lintel, caller, query, params: ctx.params, body, ifMatch });
      // A POST that changes nothing (render_message_template) answers afresh every time: there is nothing to keep.
      if (operation.idempotent !== true) return answer(ctx, operation, await run());
      await answerOnce(
        ctx,
        run,
        (retry) => lintel.once(caller, { ...retry, fingerprint: fingerprintOf(operation, ctx.params, body) }, run),
        (result) => answer(ctx, operation, result),
      );
    });
  }

  // Every GET: strict path and query parameters (refused together, so a client can fix them all
  // at once), then the use case, then the view of its value.
  // A DELETE and a POST without a body (enable) take the same path.
  for (const operation of Object.values(ENDPOINTS) as readonly Operation[]) {
    if (operation.method === "post" && operation.body !== undefined) continue;
    route(operation, async (ctx) => {
      if (operation.method === "post" && !(await noBodyNeeded(ctx))) return;
      const badPath = malformedPathParams(operation.path, ctx.path);
      const parsing = parseQuery(operation.query, ctx.querystring);
      if (badPath.length > 0 || !parsing.ok) {
        sendInvalidParams(ctx, [...badPath, ...(parsing.ok ? [] : parsing.invalidParams)]);
        return;
      }
      const caller = callerOf(ctx);
      const run = () => operation.run({ lintel, caller, query: parsing.value, params: ctx.params, body: undefined });
      if (operation.idempotent !== true) return answer(ctx, operation, await run());
      // A write without a body that takes an Idempotency-Key (rotate_secret): the same as one with a body.
      await answerOnce(
        ctx,
        run,
        (retry) => lintel.once(caller, { ...retry, fingerprint: fingerprintOf(operation, ctx.params, undefined) }, run),
        (result) => answer(ctx, operation, result),
      );
    });
  }
}
