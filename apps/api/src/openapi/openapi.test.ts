import { test } from "node:test";
import assert from "node:assert/strict";
import { validate } from "@readme/openapi-parser";
import { buildOpenApiDocument } from "./openapi.js";
import { ENDPOINTS } from "../routes/endpoints.js";

const doc = buildOpenApiDocument("http://localhost:3000", "http://localhost:3000/docs");

test("openapi: the document is OpenAPI 3.2 and uses nothing 3.2 added, so it is valid OpenAPI 3.1 too", async () => {
  assert.equal(doc["openapi"], "3.2.0");
  // @readme/openapi-parser knows 3.0 and 3.1; Redocly and Spectral check 3.2 itself (openapi-lint.e2e).
  const result = await validate({ ...structuredClone(doc), openapi: "3.1.0" } as never);
  assert.equal(result.valid, true, JSON.stringify(result));
});

test("openapi: every endpoint is there with its scope, the x-api-key scheme and problem responses", () => {
  const paths = doc["paths"] as Record<string, Record<string, { "x-required-scope"?: string; responses: Record<string, unknown> }>>;
  for (const endpoint of Object.values(ENDPOINTS)) {
    const operation = paths[endpoint.path.replace(/:(\w+)/g, "{$1}")]?.[endpoint.method];
    assert.ok(operation, `${endpoint.method} ${endpoint.path}`);
    assert.equal(operation["x-required-scope"], endpoint.scope);
    const success = String(endpoint.status ?? 200);
    for (const status of [success, "401", "403", "429", "500", "503"]) assert.ok(operation.responses[status], `${endpoint.path} ${status}`);
  }
  for (const path of ["/healthz", "/readyz", "/v1/openapi.json", "/docs", "/docs/errors"]) assert.ok(paths[path], path);
  const components = doc["components"] as { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  assert.deepEqual(components.securitySchemes["apiKey"], {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "lnt_ followed by 40 letters and digits.",
  });
  assert.deepEqual(Object.keys(components.schemas).sort(), [
    "Delivery",
    "Event",
    "Lock",
    "LockState",
    "PreviewItem",
    "Problem",
    "ScheduleEntry",
    "Template",
    "Unit",
    "WebhookEndpoint",
  ]);
});

test("openapi: query parameters come from the validating schemas (limit is an integer 1..100, default 20)", () => {
  const paths = doc["paths"] as Record<
    string,
    Record<string, { parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[] }>
  >;
  const limit = paths["/v1/locks"]?.["get"]?.parameters.find((p) => p.name === "limit");
  assert.deepEqual(limit?.schema, { type: "integer", minimum: 1, maximum: 100, default: 20 });
  assert.equal(limit?.required, false);
  const preview = paths["/v1/units/preview_timezone_change"]?.["get"]?.parameters
    .filter((p) => p.in === "query")
    .map((p) => [p.name, p.required]);
  assert.deepEqual(preview, [
    ["unitIdOrKey", true],
    ["proposedTimeZone", true],
  ]);
  const schedule = paths["/v1/units/list_schedule"]?.["get"]?.parameters
    .filter((p) => p.in === "query")
    .map((p) => [p.name, p.required, p.schema["type"]]);
  assert.deepEqual(schedule, [
    ["unitIdOrKey", true, "string"],
    ["limit", false, "integer"],
    ["cursor", false, "string"],
    ["from", false, "string"],
  ]);
  const lockId = paths["/v1/locks/{lockId}"]?.["get"]?.parameters.find((p) => p.name === "lockId");
  assert.equal(lockId?.required, true);
});

test("openapi: every operation has an operationId, a summary, a tag, an example answer and a problem example per code", () => {
  const paths = doc["paths"] as Record<string, Record<string, Record<string, any>>>;
  const ids = new Set<string>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method} ${path}`;
      assert.ok(operation["operationId"], where);
      assert.ok(!ids.has(operation["operationId"]), `unique operationId ${where}`);
      ids.add(operation["operationId"]);
      assert.ok(operation["summary"], where);
      assert.equal(operation["tags"]?.length, 1, where);
      for (const [status, response] of Object.entries(operation["responses"] as Record<string, any>)) {
        if (Number(status) < 400) continue;
        const examples = response.content["application/problem+json"].examples as Record<
          string,
          { value: { status: number; code: string } }
        >;
        for (const [code, example] of Object.entries(examples)) {
          assert.equal(example.value.status, Number(status), `${where} ${code}`);
          assert.equal(example.value.code, code);
        }
      }
    }
  }
  assert.ok(paths["/v1/locks"]?.["get"]?.["responses"]["200"].content["application/json"].example.locks.length > 0);
  assert.equal(ids.size, Object.keys(ENDPOINTS).length + 5);
});

test("openapi: instants are format date-time; ETag operations document If-None-Match and 304", () => {
  const schemas = (doc["components"] as { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> }).schemas;
  assert.equal(schemas["Lock"]?.properties["createdAt"]?.["format"], "date-time");
  assert.equal(schemas["PreviewItem"]?.properties["wallClockStart"]?.["format"], "date-time");
  const getLock = (doc["paths"] as Record<string, Record<string, any>>)["/v1/locks/{lockId}"]?.["get"];
  assert.ok(getLock.responses["304"]);
  assert.ok(getLock.parameters.some((p: { name: string }) => p.name === "If-None-Match"));
  assert.deepEqual((doc["info"] as { license: unknown }).license, { name: "MIT", identifier: "MIT" }, "the licence of every package");
});

test("openapi: every 401 declares its WWW-Authenticate challenge", () => {
  const paths = doc["paths"] as Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
  let declared = 0;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const unauthorized = operation.responses["401"];
      if (unauthorized === undefined) continue;
      assert.deepEqual(
        unauthorized.headers?.["WWW-Authenticate"],
        {
          description: "The challenge: the key goes in the x-api-key header.",
          schema: { type: "string", const: 'ApiKey header="x-api-key"' },
        },
        `${method} ${path}`,
      );
      declared++;
    }
  }
  assert.equal(declared, Object.keys(ENDPOINTS).length);
});

test("openapi: expectedVersion unbounded no more: set_timezone's body says integer 1..2^53−1", () => {
  const paths = doc["paths"] as Record<
    string,
    Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>
  >;
  const body = paths["/v1/units/set_timezone"]?.["post"]?.requestBody.content["application/json"]?.schema;
  const expectedVersion = body?.properties["expectedVersion"] as Record<string, unknown> | undefined;
  assert.equal(expectedVersion?.["type"], "integer");
  assert.equal(expectedVersion?.["minimum"], 1);
  assert.equal(expectedVersion?.["maximum"], 9007199254740991);
});

test("preview warnings: the documented example (demo unit_chicago → America/New_York) lists tour_chi_overlap with duration_changed", () => {
  const preview = ENDPOINTS.previewTimezoneChange.responseExample;
  const overlap = preview.items.find((item) => item.key === "tour:tour_chi_overlap");
  assert.ok(overlap, "tour_chi_overlap is listed");
  assert.equal(overlap.wallClockStart, overlap.wallClockEnd); // one hour becomes none
  assert.deepEqual(overlap.warnings, ["duration_changed"]);
  assert.ok(preview.items.some((item) => item.warnings.length === 0));
});

type Schema = { type?: string | string[]; maxLength?: number; enum?: unknown[]; properties?: Record<string, Schema>; $ref?: string };
type Parameter = { name: string; in: string; schema: Schema };
type Response = { headers?: Record<string, { required?: boolean }>; content?: Record<string, { examples?: Record<string, any> }> };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
  security: unknown[];
};
const operations = Object.entries(doc["paths"] as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ where: `${method} ${path}`, operation })),
);

test("openapi: every input string has a maxLength (parameters and body fields)", () => {
  const unbounded: string[] = [];
  for (const { where, operation } of operations) {
    for (const p of operation.parameters ?? [])
      if (p.schema.type === "string" && p.schema.maxLength === undefined) unbounded.push(`${where} ${p.name}`);
    const body = operation.requestBody?.content["application/json"]?.schema;
    for (const [name, field] of Object.entries(body?.properties ?? {})) {
      if (field.type === "string" && field.enum === undefined && field.maxLength === undefined) unbounded.push(`${where} body.${name}`);
    }
  }
  assert.deepEqual(unbounded, []);
  const getUnit = operations.find((o) => o.where === "get /v1/units/get_unit")?.operation;
  assert.equal(getUnit?.parameters?.find((p) => p.name === "unitIdOrKey")?.schema.maxLength, 255);
});

test("openapi: every answer declares x-request-id; every /v1 answer after the key check declares RateLimit and RateLimit-Policy", () => {
  for (const { where, operation } of operations) {
    const v1 = operation.security.length > 0;
    for (const [status, response] of Object.entries(operation.responses)) {
      assert.equal(response.headers?.["x-request-id"]?.required, true, `${where} ${status} x-request-id`);
      const budget = v1 && status !== "401";
      for (const name of ["RateLimit", "RateLimit-Policy"]) {
        assert.equal(response.headers?.[name] !== undefined, budget, `${where} ${status} ${name}`);
        // Required where the budget was surely read; a 500 or 503 may come before that.
        if (budget) assert.equal(response.headers?.[name]?.required, Number(status) < 500 ? true : undefined, `${where} ${status} ${name}`);
      }
    }
  }
  const setTimezone = operations.find((o) => o.where === "post /v1/units/set_timezone")?.operation;
  assert.ok(setTimezone?.responses["409"]?.headers?.["Retry-After"], "409 idempotency_in_progress promises Retry-After");
  assert.equal(setTimezone?.responses["429"]?.headers?.["Retry-After"]?.required, true);
  assert.equal(setTimezone?.responses["503"]?.headers?.["Retry-After"]?.required, undefined, "a 503 may come without one");
});

test("openapi: a 400 example names a parameter the operation has", () => {
  for (const { where, operation } of operations) {
    const example = operation.responses["400"]?.content?.["application/problem+json"]?.examples?.["invalid_request"]?.value as
      { detail: string; invalidParams: { name: string }[] } | undefined;
    assert.ok(example, where);
    const named = example.invalidParams[0]?.name ?? "";
    const takes = [
      ...(operation.parameters ?? []).map((p) => p.name),
      ...Object.keys(operation.requestBody?.content["application/json"]?.schema.properties ?? {}),
    ];
    // Operations without query parameters show the answer to an unknown one.
    assert.ok(takes.includes(named) || !(operation.parameters ?? []).some((p) => p.in === "query"), `${where} names ${named}`);
    assert.equal(example.detail, `Invalid parameter: ${named}. See invalidParams.`);
  }
  const health = operations.find((o) => o.where === "get /healthz")?.operation;
  assert.deepEqual(health?.responses["400"]?.content?.["application/problem+json"]?.examples?.["invalid_request"]?.value.invalidParams, [
    { name: "verbose", reason: "unknown parameter 'verbose'" },
  ]);
});

test("openapi: info carries the contact and the integrator's guide (auth, budgets, errors, paging, preview statuses, DST, 503s, retries)", () => {
  const info = doc["info"] as { contact?: { url?: string }; description: string };
  assert.match(info.contact?.url ?? "", /\/docs#section\/Support$/);
  for (const heading of [
    "Authentication",
    "Request budget",
    "Paging",
    "Errors",
    "Time-zone changes: preview, then apply",
    "Outages and safe retries",
    "Support",
  ]) {
    assert.ok(info.description.includes(`\n## ${heading}\n`), heading);
  }
  for (const phrase of [
    "`conflict` preview can still be applied",
    "takes the earlier instant",
    "moves forward by",
    "duration_changed",
    "Idempotent-Replayed",
    "Without it, retrying cannot help",
  ]) {
    assert.ok(info.description.replace(/\\`/g, "`").includes(phrase), phrase);
  }
});
