/**
 * Writing problems: every error answer is `application/problem+json` built by the
 * domain's `problemBody`, with the request id of this request and the configured DOCS_URL.
 */
import { PROBLEMS, problemBody, type InvalidParam, type ProblemCode } from "@lintel/domain";
import { echo } from "@lintel/domain/adapters";

import type { LintelContext } from "./lintel-state.js";

export interface ProblemExtras {
  readonly invalidParams?: readonly InvalidParam[] | undefined;
  readonly retryAfterSeconds?: number | undefined;
  readonly currentVersion?: number | undefined;
}

/** The `WWW-Authenticate` challenge of every 401 (RFC 9110 requires one on a 401). */
export const API_KEY_CHALLENGE = 'ApiKey header="x-api-key"';

/** Answers the request with the problem `code`. */
export function sendProblem(ctx: LintelContext, code: ProblemCode, detail: string, extras: ProblemExtras = {}): void {
  const { state } = ctx;
  ctx.status = PROBLEMS[code].status;
  if (ctx.status === 401) ctx.set("WWW-Authenticate", API_KEY_CHALLENGE);
  if (extras.retryAfterSeconds !== undefined) ctx.set("Retry-After", String(Math.max(1, Math.ceil(extras.retryAfterSeconds))));
  ctx.type = "application/problem+json";
  ctx.body = problemBody(code, detail, state.requestId, state.docsUrl, extras.invalidParams, extras.currentVersion);
}

/** How many parameter names a 400's detail lists. */
const DETAIL_NAMES = 5;

/** The detail of a 400 made of `invalidParams`: the one reason itself, or the names of several. */
export function invalidRequestDetail(params: readonly InvalidParam[]): string {
  const [only] = params;
  if (params.length === 1 && only !== undefined) return `${echo(only.name)}: ${only.reason}`;
  const names = [...new Set(params.map((param) => echo(param.name)))];
  // A few names: a request with a thousand unknown parameters must not make a detail of them all.
  const listed =
    names.length <= DETAIL_NAMES ? names.join(", ") : `${names.slice(0, DETAIL_NAMES).join(", ")} and ${names.length - DETAIL_NAMES} more`;
  return `Invalid ${names.length === 1 ? "parameter" : "parameters"}: ${listed}. See invalidParams.`;
}

/** Answers 400 invalid_request listing `params`. */
export function sendInvalidParams(ctx: LintelContext, params: readonly InvalidParam[]): void {
  sendProblem(ctx, "invalid_request", invalidRequestDetail(params), { invalidParams: params });
}

/** True for the errors that mean "the store or the lock provider cannot answer in time". */
export function isUnavailableError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return code === "unavailable" || name === "StoreUnavailableError" || name === "ProviderUnavailableError";
}
