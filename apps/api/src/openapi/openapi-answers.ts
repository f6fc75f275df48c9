/**
 * The parts of the OpenAPI document every operation shares (openapi.js puts them together):
 * the problem answers by status with their examples and headers, and the request and answer
 * headers (`x-request-id`, the budget's `RateLimit`, `ETag`, `Idempotent-Replayed`).
 */
import { PROBLEMS, type ProblemCode } from "@lintel/domain";
import { API_KEY_CHALLENGE } from "../http-edge/problem-response.js";
import { problemExample } from "./openapi-examples.js";

function problemContent(codes: readonly ProblemCode[], docsUrl: string, invalidParam: InvalidParamExample): Record<string, unknown> {
  const examples = Object.fromEntries(
    codes.map((code) => [code, { summary: PROBLEMS[code].title, value: problemExample(code, docsUrl, invalidParam) }]),
  );
  return { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" }, examples } };
}

/** On every 401 (RFC 9110 requires a challenge there). */
const WWW_AUTHENTICATE_HEADER = {
  description: "The challenge: the key goes in the x-api-key header.",
  schema: { type: "string", const: API_KEY_CHALLENGE },
};

const RETRY_AFTER_HEADER = { description: "Whole seconds to wait before retrying.", schema: { type: "integer", minimum: 0 } };

/**
 * The headers of a problem answer with `status`. `admitted`: a /v1 answer given after the key
 * was checked, so it carries the budget headers (a 401 has none, nor a 500 or 503 that came
 * before the budget could be read).
 */
function problemHeaders(status: number, codes: readonly ProblemCode[], admitted: boolean): Record<string, unknown> {
  const headers: Record<string, unknown> = { "x-request-id": REQUEST_ID_HEADER };
  if (admitted && status !== 401) Object.assign(headers, status >= 500 ? OPTIONAL_RATE_LIMIT_HEADERS : RATE_LIMIT_HEADERS);
  if (status === 429) headers["Retry-After"] = { ...RETRY_AFTER_HEADER, required: true };
  if (status === 503) {
    headers["Retry-After"] = {
      ...RETRY_AFTER_HEADER,
      description:
        "Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for).",
    };
  }
  if (status === 409 && codes.includes("idempotency_in_progress")) {
    headers["Retry-After"] = { ...RETRY_AFTER_HEADER, description: "With idempotency_in_progress: whole seconds to wait before retrying." };
  }
  if (status === 405) headers["Allow"] = { description: "The methods the path takes.", schema: { type: "string" }, required: true };
  if (status === 401) headers["WWW-Authenticate"] = WWW_AUTHENTICATE_HEADER;
  return headers;
}

export function problemResponses(
  codes: readonly ProblemCode[],
  docsUrl: string,
  invalidParam: InvalidParamExample,
  admitted: boolean,
): Record<string, unknown> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) byStatus.set(PROBLEMS[code].status, [...(byStatus.get(PROBLEMS[code].status) ?? []), code]);
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.map((code) => `${code}: ${PROBLEMS[code].about}`).join(" "),
      headers: problemHeaders(status, list, admitted),
      content: problemContent(list, docsUrl, invalidParam),
    };
  }
  return responses;
}

export const REQUEST_ID_HEADER = {
  description: "The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$.",
  required: true,
  schema: { type: "string", maxLength: 128 },
};
/** On every answer to a key that was found good. */
export const RATE_LIMIT_HEADERS = {
  "RateLimit-Policy": { description: '"default";q=<requests>;w=<window seconds>', required: true, schema: { type: "string" } },
  RateLimit: { description: '"default";r=<remaining>;t=<seconds until the budget is full>', required: true, schema: { type: "string" } },
};
/** A 500 or 503 may come before the budget was read (the store did not answer): then without them. */
const OPTIONAL_RATE_LIMIT_HEADERS = Object.fromEntries(
  Object.entries(RATE_LIMIT_HEADERS).map(([name, { required: _required, ...header }]) => [
    name,
    { ...header, description: `${header.description} (absent when the budget could not be read)` },
  ]),
);

export const ETAG_HEADER = {
  ETag: {
    description: "Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update).",
    schema: { type: "string" },
  },
};
export const REPLAYED_HEADER = {
  "Idempotent-Replayed": {
    description: "true when this is the stored answer to an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
};
export const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "An ETag of an earlier answer: 304 with no body when it still matches (the request still counts against the budget).",
  schema: { type: "string", maxLength: 1024 },
};
export const X_REQUEST_ID = {
  name: "x-request-id",
  in: "header",
  required: false,
  description:
    "Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used).",
  schema: { type: "string", maxLength: 128 },
};

/** The parameter a 400 example names: one the operation takes, with the server's reason. */
export type InvalidParamExample = { readonly name: string; readonly reason: string };
