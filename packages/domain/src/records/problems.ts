/**
 * The problem catalog: every error code with its status, title and docs anchor. The rows of
 * the contract, then the answers the HTTP server gives before a request reaches a route (408, 417,
 * 431), so a client tells "too slow" and "too big" from "malformed".
 */

export const PROBLEMS = {
  invalid_request: {
    status: 400,
    title: "Invalid request",
    anchor: "invalid-request",
    about: "A parameter is missing, malformed, out of range, repeated, or unknown.",
  },
  invalid_api_key: {
    status: 401,
    title: "Unauthorized",
    anchor: "invalid-api-key",
    about: "The API key is missing, malformed, unknown, expired or revoked.",
  },
  missing_scope: {
    status: 403,
    title: "Forbidden",
    anchor: "missing-scope",
    about: "The API key lacks the scope the operation requires; the detail names it.",
  },
  invalid_cursor: {
    status: 404,
    title: "Invalid cursor",
    anchor: "invalid-cursor",
    about: "The pagination cursor is malformed, was changed, or belongs to another organization or list.",
  },
  not_found: {
    status: 404,
    title: "Not found",
    anchor: "not-found",
    about: "No such unit, template, lock or route for this organization.",
  },
  method_not_allowed: {
    status: 405,
    title: "Method not allowed",
    anchor: "method-not-allowed",
    about: "The path exists but not with this method; the Allow header lists the methods it takes.",
  },
  version_conflict: {
    status: 409,
    title: "Version conflict",
    anchor: "version-conflict",
    about: "The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry.",
  },
  slot_unavailable: {
    status: 409,
    title: "Slot unavailable",
    anchor: "slot-unavailable",
    about:
      "The unit has showing rules and the tour's times are not one of its available slots now (list_available_slots). Nothing was stored.",
  },
  conflict: {
    status: 409,
    title: "Conflict",
    anchor: "conflict",
    about:
      "The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names.",
  },
  precondition_failed: {
    status: 412,
    title: "Precondition failed",
    anchor: "precondition-failed",
    about: "If-Match names a version of the record that is no longer current: read it again (its ETag) and retry.",
  },
  idempotency_in_progress: {
    status: 409,
    title: "Request in progress",
    anchor: "idempotency-in-progress",
    about: "The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer.",
  },
  idempotency_key_reused: {
    status: 422,
    title: "Idempotency key reused",
    anchor: "idempotency-key-reused",
    about: "The Idempotency-Key was already used with a different request body; use a new key for a new request.",
  },
  payload_too_large: { status: 413, title: "Payload too large", anchor: "payload-too-large", about: "The request body is over 16 KiB." },
  uri_too_long: {
    status: 414,
    title: "URI too long",
    anchor: "uri-too-long",
    about: "The request target (path and query) is over 8 KiB; checked with the route, before the API key.",
  },
  unsupported_media_type: {
    status: 415,
    title: "Unsupported media type",
    anchor: "unsupported-media-type",
    about: "A POST body must be application/json.",
  },
  rate_limited: {
    status: 429,
    title: "Too many requests",
    anchor: "rate-limited",
    about: "The request budget is used up; wait for Retry-After seconds.",
  },
  internal_error: {
    status: 500,
    title: "Internal error",
    anchor: "internal-error",
    about: "Something unexpected happened; quote the requestId to support.",
  },
  unavailable: {
    status: 503,
    title: "Service unavailable",
    anchor: "unavailable",
    about:
      "The store or the lock provider could not answer in time; retry after Retry-After seconds. " +
      "Without Retry-After (a lock provider this server is not configured for), retrying cannot help.",
  },
  request_timeout: {
    status: 408,
    title: "Request timeout",
    anchor: "request-timeout",
    about: "The request's headers (10 s) or the whole request (20 s) did not arrive in time; the connection closes.",
  },
  expectation_failed: {
    status: 417,
    title: "Expectation failed",
    anchor: "expectation-failed",
    about: "The Expect header asks for something other than 100-continue, the only expectation the server meets.",
  },
  headers_too_large: {
    status: 431,
    title: "Request header fields too large",
    anchor: "headers-too-large",
    about: "The request headers are over 16 KiB in all; the connection closes.",
  },
} as const;

/** The stable machine-readable code of every problem Lintel answers (`not_found`, `rate_limited`, …). */
export type ProblemCode = keyof typeof PROBLEMS;

/** One refused parameter of a 400 answer: its name and why. */
export interface InvalidParam {
  readonly name: string;
  readonly reason: string;
}

/** An RFC 9457 problem+json body as Lintel answers it. */
export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ProblemCode;
  readonly requestId: string;
  readonly invalidParams?: readonly InvalidParam[];
  /** `version_conflict`: the unit's version now, so the caller can tell whether its change landed. */
  readonly currentVersion?: number;
}

/** A problem quotes at most this many characters of anything the client sent ). */
export const MAX_ECHO_CHARS = 100;
/** A problem lists at most this many `invalidParams`. */
export const MAX_INVALID_PARAMS = 20;
/** A problem body stays under this many bytes, whatever the request was. */
export const MAX_PROBLEM_BYTES = 4096;

/** Client text as a problem may quote it: its first {@link MAX_ECHO_CHARS} characters, then "…" when longer. */
export function echo(text: string): string {
  if (text.length <= MAX_ECHO_CHARS) return text;
  const chars = Array.from(text); // code points, so no surrogate pair is split
  return chars.length <= MAX_ECHO_CHARS ? text : `${chars.slice(0, MAX_ECHO_CHARS).join("")}…`;
}

/** Our text around at most one quoted client value: a backstop where a site forgot {@link echo}. */
const MAX_DETAIL_CHARS = 400;
const MAX_REASON_CHARS = 200;

/**
 * `text` in at most `max` characters (code points), then " …" when longer: cut after the last
 * whole word that fits, its trailing punctuation dropped, so no word is cut in two (a text with
 * no space in the second half of what fits is cut at `max`, then "…").
 */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const kept = chars.slice(0, max).join("");
  const wordEnd = /\s/.test(chars[max] ?? "") ? kept.length : kept.search(/\s\S*$/);
  if (wordEnd < kept.length / 2) return `${kept}…`;
  return `${kept.slice(0, wordEnd).replace(/[\s,;:]+$/, "")} …`;
}
const bytes = (body: ProblemBody) => new TextEncoder().encode(JSON.stringify(body)).length;

/**
 * The problem+json body for `code`; `docsUrl` is the DOCS_URL setting (no trailing slash).
 * Whatever it is given, the body keeps the contract's bounds: parameter names quoted at most
 * {@link MAX_ECHO_CHARS} characters, details and reasons clipped, at most
 * {@link MAX_INVALID_PARAMS} `invalidParams`, fewer when the body would reach
 * {@link MAX_PROBLEM_BYTES}.
 */
export function problemBody(
  code: ProblemCode,
  detail: string,
  requestId: string,
  docsUrl: string,
  invalidParams?: readonly InvalidParam[],
  currentVersion?: number,
): ProblemBody {
  const entry = PROBLEMS[code];
  const params = (invalidParams ?? [])
    .slice(0, MAX_INVALID_PARAMS)
    .map((param) => ({ name: echo(param.name), reason: clip(param.reason, MAX_REASON_CHARS) }));
  const build = (listed: readonly InvalidParam[]): ProblemBody => ({
    type: `${docsUrl}/errors#${entry.anchor}`,
    title: entry.title,
    status: entry.status,
    detail: clip(detail, MAX_DETAIL_CHARS),
    code,
    requestId,
    ...(listed.length > 0 ? { invalidParams: listed } : {}),
    ...(currentVersion === undefined ? {} : { currentVersion }),
  });
  let body = build(params);
  while (params.length > 0 && bytes(body) >= MAX_PROBLEM_BYTES) {
    params.pop();
    body = build(params);
  }
  return body;
}
