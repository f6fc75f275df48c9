/**
 * The OpenAPI 3.2 document of the API, generated from the same valibot schemas the
 * routes validate with (`endpoints.js`, `schemas.js`; the shapes of the records and of the
 * computed answers are `@lintel/domain`'s), so the two cannot disagree. Every header an answer
 * may carry is declared on it, and every input string has a `maxLength`: outside tools (Prism as a validating proxy, Redocly's recommended-strict rules, Spectral) find
 * nothing to report (the e2e tests run them).
 */
import * as v from "valibot";
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from "@valibot/to-json-schema";
import type { ProblemCode } from "@lintel/domain";
import { PreviewItemSchema, ScheduleEntrySchema } from "@lintel/domain/schemas";
import { COMMON_PROBLEMS, ENDPOINTS, type Endpoint, type OperationId } from "../routes/endpoints.js";
import { apiGuide } from "./api-guide.js";
import { TAGS } from "./api-tags.js";
import { PARAMETER_EXAMPLES, SET_TIMEZONE_EXAMPLE } from "./openapi-examples.js";
import {
  ETAG_HEADER,
  IF_NONE_MATCH,
  problemResponses,
  RATE_LIMIT_HEADERS,
  REPLAYED_HEADER,
  REQUEST_ID_HEADER,
  X_REQUEST_ID,
  type InvalidParamExample,
} from "./openapi-answers.js";
import {
  INPUT_MAX_LENGTH,
  healthSchema,
  lockStateViewSchema,
  lockViewSchema,
  problemSchema,
  templateViewSchema,
  unitViewSchema,
} from "../schemas/schemas.js";
import { deliverySchema, eventSchema, webhookEndpointSchema } from "../schemas/event-schemas.js";

/** Schemas shown once under components.schemas and referenced everywhere else. */
const NAMED = {
  Lock: lockViewSchema,
  LockState: lockStateViewSchema,
  Template: templateViewSchema,
  PreviewItem: PreviewItemSchema,
  Unit: unitViewSchema,
  ScheduleEntry: ScheduleEntrySchema,
  Problem: problemSchema,
  Event: eventSchema,
  WebhookEndpoint: webhookEndpointSchema,
  Delivery: deliverySchema,
};

/** How schemas become JSON Schema, for the named components and inline. */
const BASE_CONVERSION: ConversionConfig = {
  target: "draft-2020-12",
  errorMode: "throw",
  // `check` actions (e.g. "is an IANA zone") have no JSON Schema form; their descriptions say it.
  // `readonly` (a record's lists) is a TypeScript notion only.
  ignoreActions: ["check", "readonly"],
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
};

const conversion = (typeMode: "input" | "output"): ConversionConfig => ({ ...BASE_CONVERSION, typeMode, definitions: NAMED });

/** A schema as it appears inside the document: references to components, no `$schema`/`$defs`. */
function jsonSchemaOf(schema: v.GenericSchema, typeMode: "input" | "output"): JsonSchema {
  const {
    $schema: _schema,
    $defs: _defs,
    ...rest
  } = toJsonSchema(schema, conversion(typeMode)) as JsonSchema & {
    $schema?: unknown;
    $defs?: unknown;
  };
  return rest;
}

function queryParameters(endpoint: Endpoint): unknown[] {
  return Object.entries(endpoint.query.entries).map(([name, schema]) => {
    const optional = schema.type === "optional";
    const wrapped = optional ? (schema as v.OptionalSchema<v.GenericSchema, unknown>).wrapped : schema;
    const json = jsonSchemaOf(wrapped, "output") as Record<string, unknown>;
    const fallback = optional ? (schema as v.OptionalSchema<v.GenericSchema, unknown>).default : undefined;
    if (fallback !== undefined) json["default"] = v.parse(wrapped, fallback);
    // An instant the route normalizes itself (no JSON Schema form in valibot's check or before its transform): say its format and bound.
    if ((name === "from" || name === "to") && json["type"] === "string") {
      Object.assign(json, { format: "date-time", maxLength: INPUT_MAX_LENGTH.instant });
    }
    // A choice of names (picklist): bounded by its longest name.
    if (Array.isArray(json["enum"]) && json["maxLength"] === undefined)
      json["maxLength"] = Math.max(...json["enum"].map((e) => String(e).length));
    const { description, ...rest } = json;
    const example = PARAMETER_EXAMPLES[name];
    return {
      name,
      in: "query",
      required: !optional,
      ...(description ? { description } : {}),
      schema: rest,
      ...(example === undefined ? {} : { example }),
    };
  });
}

function invalidParamOf(endpoint: Endpoint): InvalidParamExample {
  const names = Object.keys(endpoint.query.entries);
  if (names.includes("limit")) return { name: "limit", reason: "limit must be an integer from 1 to 100" };
  if (endpoint.body) return { name: "expectedVersion", reason: "expectedVersion is required" };
  const first = names[0];
  if (first !== undefined) return { name: first, reason: `${first} must not be empty` };
  return UNKNOWN_PARAMETER;
}
/** What the operations without query parameters answer to one. */
const UNKNOWN_PARAMETER: InvalidParamExample = { name: "verbose", reason: "unknown parameter 'verbose'" };

/** A curl command for the operation, with the example parameters (Redoc shows it beside the operation). */
function curlSample(endpoint: Endpoint, baseUrl: string): { lang: string; label: string; source: string } {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => String(PARAMETER_EXAMPLES[name]));
  const required = Object.entries(endpoint.query.entries)
    .filter(([, schema]) => schema.type !== "optional")
    .map(([name]) => name);
  const query = required.map((name) => `${name}=${encodeURIComponent(String(PARAMETER_EXAMPLES[name]))}`).join("&");
  const url = `${baseUrl}${path}${query ? `?${query}` : ""}`;
  const lines = [`curl --compressed -H "x-api-key: $LINTEL_API_KEY" \\`];
  for (const header of endpoint.headers ?? []) if (header.name === "Idempotency-Key") lines.push(`  -H "Idempotency-Key: $(uuidgen)" \\`);
  if (endpoint.method === "delete" || (endpoint.method === "post" && !endpoint.body))
    lines[0] = lines[0]?.replace("curl ", `curl -X ${endpoint.method.toUpperCase()} `) ?? "";
  if (endpoint.body) {
    lines.push(`  -H "content-type: application/json" -d '${JSON.stringify(endpoint.bodyExample ?? SET_TIMEZONE_EXAMPLE)}' \\`);
  }
  lines.push(`  "${url}"`);
  return { lang: "Shell", label: "curl", source: lines.join("\n") };
}

function operation(operationId: OperationId, endpoint: Endpoint, docsUrl: string, baseUrl: string): Record<string, unknown> {
  const pathParams = (endpoint.pathParams ?? []).map((p) => ({
    name: p.name,
    in: "path",
    required: true,
    description: p.description,
    schema: { type: "string", minLength: 1, maxLength: INPUT_MAX_LENGTH.id },
    example: PARAMETER_EXAMPLES[p.name],
  }));
  const codes = [...new Set<ProblemCode>([...endpoint.problems, ...COMMON_PROBLEMS])];
  const status = endpoint.status ?? 200;
  const ok = {
    description: status === 201 ? "Created" : status === 202 ? "Accepted" : status === 204 ? "No content" : "OK",
    headers: {
      ...RATE_LIMIT_HEADERS,
      "x-request-id": REQUEST_ID_HEADER,
      ...(endpoint.etag || endpoint.answerTag ? ETAG_HEADER : {}),
      ...(endpoint.headers?.some((h) => h.name === "Idempotency-Key") ? REPLAYED_HEADER : {}),
    },
    ...(status === 204
      ? {}
      : {
          content: { "application/json": { schema: jsonSchemaOf(endpoint.response, "output"), example: endpoint.responseExample } },
        }),
  };
  return {
    operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: `${endpoint.description}\n\nRequires the scope \`${endpoint.scope}\`${endpoint.alsoScope === undefined ? "" : ` or \`${endpoint.alsoScope}\``}.`,
    security: [{ apiKey: [] }],
    "x-required-scope": endpoint.scope,
    parameters: [
      ...pathParams,
      ...queryParameters(endpoint),
      ...(endpoint.headers ?? []).map((h) => ({
        name: h.name,
        in: "header",
        required: false,
        description: h.description,
        schema: { type: "string", minLength: 1, maxLength: h.maxLength, ...(h.pattern ? { pattern: h.pattern } : {}) },
      })),
      ...(endpoint.etag ? [IF_NONE_MATCH] : []),
      X_REQUEST_ID,
    ],
    "x-codeSamples": [curlSample(endpoint, baseUrl)],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: jsonSchemaOf(endpoint.body, "input"), example: endpoint.bodyExample ?? SET_TIMEZONE_EXAMPLE },
            },
          },
        }
      : {}),
    responses: {
      [String(status)]: ok,
      ...(endpoint.etag
        ? {
            "304": {
              description: "Not modified: the If-None-Match tag still matches; no body.",
              headers: { ...RATE_LIMIT_HEADERS, "x-request-id": REQUEST_ID_HEADER, ...ETAG_HEADER },
            },
          }
        : {}),
      ...problemResponses(codes, docsUrl, invalidParamOf(endpoint), true),
    },
  };
}

/** The operations without a key; like every endpoint they refuse query parameters (400). */
function operational(
  operationId: string,
  summary: string,
  content: unknown,
  docsUrl: string,
  problems: ProblemCode[] = [],
): Record<string, unknown> {
  return {
    get: {
      operationId,
      tags: ["Operations"],
      summary,
      description: `${summary}. No API key needed; a query string is refused (400).`,
      security: [],
      parameters: [X_REQUEST_ID],
      responses: {
        "200": { description: "OK", headers: { "x-request-id": REQUEST_ID_HEADER }, content },
        ...problemResponses(["invalid_request", "uri_too_long", ...problems, "internal_error"], docsUrl, UNKNOWN_PARAMETER, false),
      },
    },
  };
}

/** Builds the document; `publicBaseUrl` is the server URL, `docsUrl` the human docs. */
export function buildOpenApiDocument(publicBaseUrl: string, docsUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, endpoint] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
    paths[path] = { ...paths[path], [endpoint.method]: operation(operationId as OperationId, endpoint, docsUrl, publicBaseUrl) };
  }
  const html = { "text/html": { schema: { type: "string" } } };
  const health = { "application/json": { schema: jsonSchemaOf(healthSchema, "output"), example: { status: "ok" } } };
  paths["/healthz"] = operational("getHealth", "Process is alive", health, docsUrl);
  paths["/readyz"] = operational("getReadiness", "Store is reachable", health, docsUrl, ["unavailable"]);
  paths["/v1/openapi.json"] = operational(
    "getOpenApiDocument",
    "This OpenAPI document",
    { "application/json": { schema: { type: "object" } } },
    docsUrl,
  );
  paths["/docs"] = operational("getReference", "The API reference, rendered from this document", html, docsUrl);
  paths["/docs/errors"] = operational("getErrorReference", "Error documentation, one anchor per problem code", html, docsUrl);
  const components = toJsonSchemaDefs(NAMED, BASE_CONVERSION);
  return {
    openapi: "3.2.0",
    info: {
      title: "Lintel API",
      version: "1.0.0",
      description: apiGuide(docsUrl),
      contact: { name: "Lintel API support (quote the requestId of the answer)", url: `${docsUrl}#section/Support` },
      license: { name: "MIT", identifier: "MIT" },
    },
    externalDocs: { description: "Error reference, one anchor per problem code", url: `${docsUrl}/errors` },
    tags: TAGS.map((tag) => ({ ...tag })),
    servers: [{ url: publicBaseUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "x-api-key", description: "lnt_ followed by 40 letters and digits." },
      },
      schemas: components,
    },
  };
}
