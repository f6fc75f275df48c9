import { test } from "node:test";
import assert from "node:assert/strict";
import { validate } from "@readme/openapi-parser";
import { buildOpenApiDocument } from "./openapi.js";
import { ENDPOINTS } from "./endpoints.js";

const doc = buildOpenApiDocument("http://localhost:3000", "http://localhost:3000/docs");

test("openapi: the document is valid OpenAPI 3.1", async () => {
  const result = await validate(structuredClone(doc) as never);
  assert.equal(result.valid, true, JSON.stringify(result));
});

test("openapi: every endpoint is there with its scope, the x-api-key scheme and problem responses", () => {
  const paths = doc["paths"] as Record<string, Record<string, { "x-required-scope"?: string; responses: Record<string, unknown> }>>;
  for (const endpoint of Object.values(ENDPOINTS)) {
    const operation = paths[endpoint.path.replace(/:(\w+)/g, "{$1}")]?.[endpoint.method];
    assert.ok(operation, `${endpoint.method} ${endpoint.path}`);
    assert.equal(operation["x-required-scope"], endpoint.scope);
    for (const status of ["200", "401", "403", "429", "500", "503"]) assert.ok(operation.responses[status], `${endpoint.path} ${status}`);
  }
  for (const path of ["/healthz", "/readyz", "/v1/openapi.json", "/docs", "/docs/errors"]) assert.ok(paths[path], path);
  const components = doc["components"] as { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  assert.deepEqual(components.securitySchemes["apiKey"], {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "lnt_ followed by 40 letters and digits.",
  });
  assert.deepEqual(Object.keys(components.schemas).sort(), ["Lock", "LockState", "PreviewItem", "Problem", "Template"]);
});

test("openapi: query parameters come from the validating schemas (limit is an integer 1..100, default 20)", () => {
  const paths = doc["paths"] as Record<string, Record<string, { parameters: { name: string; required: boolean; schema: Record<string, unknown> }[] }>>;
  const limit = paths["/v1/locks"]?.["get"]?.parameters.find((p) => p.name === "limit");
  assert.deepEqual(limit?.schema, { type: "integer", minimum: 1, maximum: 100, default: 20 });
  assert.equal(limit?.required, false);
  const preview = paths["/v1/units/preview_timezone_change"]?.["get"]?.parameters.map((p) => [p.name, p.required]);
  assert.deepEqual(preview, [["unitIdOrKey", true], ["proposedTimeZone", true]]);
  const lockId = paths["/v1/locks/{lockId}"]?.["get"]?.parameters.find((p) => p.name === "lockId");
  assert.equal(lockId?.required, true);
});
