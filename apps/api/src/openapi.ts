/**
 * The OpenAPI 3.1 document of the API (SPEC 5.8), generated from the same valibot schemas the
 * routes validate with (`endpoints.ts`, `schemas.ts`), so the two cannot disagree.
 */
import * as v from "valibot";
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from "@valibot/to-json-schema";
import { PROBLEMS, type ProblemCode } from "@lintel/domain";
import { COMMON_PROBLEMS, ENDPOINTS, type Endpoint } from "./endpoints.js";
import {
  healthSchema,
  lockSchema,
  lockStateSchema,
  previewItemSchema,
  problemSchema,
  templateSchema,
} from "./schemas.js";

/** Schemas shown once under components.schemas and referenced everywhere else. */
const NAMED = {
  Lock: lockSchema,
  LockState: lockStateSchema,
  Template: templateSchema,
  PreviewItem: previewItemSchema,
  Problem: problemSchema,
};

const conversion = (typeMode: "input" | "output"): ConversionConfig => ({
  target: "draft-2020-12",
  typeMode,
  errorMode: "throw",
  // `check` actions (e.g. "is an IANA zone") have no JSON Schema form; their descriptions say it.
  ignoreActions: ["check"],
  definitions: NAMED,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
});

/** A schema as it appears inside the document: references to components, no `$schema`/`$defs`. */
function jsonSchemaOf(schema: v.GenericSchema, typeMode: "input" | "output"): JsonSchema {
  const { $schema: _schema, $defs: _defs, ...rest } = toJsonSchema(schema, conversion(typeMode)) as JsonSchema & {
    $schema?: unknown;
    $defs?: unknown;
  };
  return rest;
}

const PROBLEM_CONTENT = { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } };

function problemResponses(codes: readonly ProblemCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) byStatus.set(PROBLEMS[code].status, [...(byStatus.get(PROBLEMS[code].status) ?? []), code]);
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers =
      status === 429 || status === 503
        ? { "Retry-After": { description: "Whole seconds to wait.", schema: { type: "integer" } } }
        : status === 405
          ? { Allow: { description: "The methods the path takes.", schema: { type: "string" } } }
          : undefined;
    responses[String(status)] = {
      description: list.map((code) => `${code}: ${PROBLEMS[code].about}`).join(" "),
      ...(headers ? { headers } : {}),
      content: PROBLEM_CONTENT,
    };
  }
  return responses;
}

const RATE_LIMIT_HEADERS = {
  "RateLimit-Policy": { description: '"default";q=<requests>;w=<window seconds>', schema: { type: "string" } },
  RateLimit: { description: '"default";r=<remaining>;t=<seconds until the budget is full>', schema: { type: "string" } },
  "x-request-id": { description: "The request id (also in problem bodies).", schema: { type: "string" } },
};

function queryParameters(endpoint: Endpoint): unknown[] {
  return Object.entries(endpoint.query.entries).map(([name, schema]) => {
    const optional = schema.type === "optional";
    const wrapped = optional ? (schema as v.OptionalSchema<v.GenericSchema, unknown>).wrapped : schema;
    const json = jsonSchemaOf(wrapped, "output") as Record<string, unknown>;
    const fallback = optional ? (schema as v.OptionalSchema<v.GenericSchema, unknown>).default : undefined;
    if (fallback !== undefined) json["default"] = v.parse(wrapped, fallback);
    const { description, ...rest } = json;
    return { name, in: "query", required: !optional, ...(description ? { description } : {}), schema: rest };
  });
}

function operation(operationId: string, endpoint: Endpoint): Record<string, unknown> {
  const pathParams = (endpoint.pathParams ?? []).map((p) => ({ name: p.name, in: "path", required: true, description: p.description, schema: { type: "string" } }));
  const codes = [...new Set<ProblemCode>([...endpoint.problems, ...COMMON_PROBLEMS])];
  return {
    operationId,
    summary: endpoint.summary,
    description: `${endpoint.description}\n\nRequires the scope \`${endpoint.scope}\`.`,
    security: [{ apiKey: [] }],
    "x-required-scope": endpoint.scope,
    parameters: [...pathParams, ...queryParameters(endpoint)],
    ...(endpoint.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(endpoint.body, "input") } } } }
      : {}),
    responses: {
      "200": { description: "OK", headers: RATE_LIMIT_HEADERS, content: { "application/json": { schema: jsonSchemaOf(endpoint.response, "output") } } },
      ...problemResponses(codes),
    },
  };
}

function operational(summary: string, schema: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { get: { summary, security: [], responses: { "200": { description: "OK", content: schema }, ...extra } } };
}

/** Builds the document; `publicBaseUrl` is the server URL, `docsUrl` the human docs. */
export function buildOpenApiDocument(publicBaseUrl: string, docsUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, endpoint] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
    paths[path] = { ...paths[path], [endpoint.method]: operation(operationId, endpoint) };
  }
  const html = { "text/html": { schema: { type: "string" } } };
  paths["/healthz"] = operational("Process is alive", { "application/json": { schema: jsonSchemaOf(healthSchema, "output") } });
  paths["/readyz"] = operational(
    "Store is reachable",
    { "application/json": { schema: jsonSchemaOf(healthSchema, "output") } },
    problemResponses(["unavailable"]),
  );
  paths["/v1/openapi.json"] = operational("This document", { "application/json": { schema: { type: "object" } } });
  paths["/docs"] = operational("Human documentation", html);
  paths["/docs/errors"] = operational("Error documentation, one anchor per problem code", html);
  const components = toJsonSchemaDefs(NAMED, {
    target: "draft-2020-12",
    errorMode: "throw",
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  });
  return {
    openapi: "3.1.0",
    info: {
      title: "Lintel API",
      version: "1.0.0",
      description: "Time-zone change previews for units, saved message templates, and read access to an organization's smart locks.",
    },
    externalDocs: { description: "Overview and error codes", url: docsUrl },
    servers: [{ url: publicBaseUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-api-key", description: "lnt_ followed by 40 letters and digits." } },
      schemas: components,
    },
  };
}
