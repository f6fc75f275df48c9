// Every endpoint's success answer, checked against the exact response schemas (strict objects:
// no field more, none less), plus the operational routes and request ids.
// Store-independent: runs in the memory stages only.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import * as v from "valibot";
import { validate } from "@readme/openapi-parser";
import { call } from "@lintel/testkit/e2e";
import { startTestApp, type TestApp } from "../app.test-support.js";
import {
  healthSchema,
  lockListSchema,
  lockResponseSchema,
  lockStateResponseSchema,
  previewSchema,
  setTimezoneResponseSchema,
  templateListSchema,
  templateResponseSchema,
} from "../schemas/schemas.js";

let server: TestApp;
before(async () => {
  server = await startTestApp();
});
after(() => server.close());

function assertShape(schema: v.GenericSchema, body: unknown): void {
  const result = v.safeParse(schema, body);
  assert.ok(result.success, JSON.stringify(result.issues?.map((i) => [v.getDotPath(i), i.message])));
}

describe("e2e: endpoint answers", () => {
  it("GET /v1/locks answers { locks: [Lock], nextCursor } without orgId, newest first", async () => {
    const answer = await call(server.url, "/v1/locks?limit=3", { key: server.fixture.keys.admin });
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get("content-type") ?? "", /^application\/json/);
    assertShape(lockListSchema, answer.json);
    assert.equal(answer.json.locks.length, 3);
    assert.equal(answer.json.locks[0].lockId, server.fixture.shared.lockId);
    assert.equal(typeof answer.json.nextCursor, "string");
    assert.ok(!answer.text.includes("orgId"));
  });

  it("GET /v1/locks/{lockId} answers { lock } with every Lock field", async () => {
    const { shared } = server.fixture;
    const answer = await call(server.url, `/v1/locks/${shared.lockId}`, { key: server.fixture.keys.admin });
    assert.equal(answer.status, 200);
    assertShape(lockResponseSchema, answer.json);
    const { orgId: _org, ...expected } = shared;
    assert.deepEqual(answer.json.lock, expected);
  });

  it("GET /v1/locks/{lockId}/state answers { state } from the provider", async () => {
    const { shared } = server.fixture;
    const answer = await call(server.url, `/v1/locks/${shared.lockId}/state`, { key: server.fixture.keys.admin });
    assert.equal(answer.status, 200);
    assertShape(lockStateResponseSchema, answer.json);
    assert.equal(answer.json.state.lockId, shared.lockId);
    assert.equal(answer.json.state.provider, "simulated");
  });

  it("GET /v1/templates/get_message_template answers { template } without orgId", async () => {
    const template = server.fixture.templates[2];
    assert.ok(template);
    const answer = await call(server.url, `/v1/templates/get_message_template?templateId=${template.id}`, {
      key: server.fixture.keys.admin,
    });
    assert.equal(answer.status, 200);
    assertShape(templateResponseSchema, answer.json);
    const { orgId: _org, ...expected } = template;
    assert.deepEqual(answer.json.template, expected);
  });

  it("GET /v1/templates/list_message_templates answers { templates, nextCursor } by sortOrder then id", async () => {
    const answer = await call(server.url, "/v1/templates/list_message_templates?limit=100", { key: server.fixture.keys.admin });
    assert.equal(answer.status, 200);
    assertShape(templateListSchema, answer.json);
    assert.deepEqual(
      answer.json.templates.map((t: { id: string }) => t.id),
      server.fixture.templates.map((t) => t.id),
    );
    assert.equal(answer.json.nextCursor, null);
  });

  it("GET /v1/units/preview_timezone_change answers the preview shape; urlKey and id both address the unit", async () => {
    const { chicago } = server.fixture.units;
    const byKey = await call(server.url, `/v1/units/preview_timezone_change?unitIdOrKey=${chicago.urlKey}&proposedTimeZone=europe/berlin`, {
      key: server.fixture.keys.admin,
    });
    assert.equal(byKey.status, 200);
    assertShape(previewSchema, byKey.json);
    assert.equal(byKey.json.unitId, chicago.id);
    assert.equal(byKey.json.proposedTimeZone, "Europe/Berlin");
    assert.equal(byKey.json.currentTimeZone, "America/Chicago");
    assert.equal(byKey.json.expectedVersion, 1);
    assert.equal(byKey.json.status, "conflict"); // the shared gate also serves the New York unit
    assert.ok(byKey.json.items.length >= 1);
    const byId = await call(server.url, `/v1/units/preview_timezone_change?unitIdOrKey=${chicago.id}&proposedTimeZone=Europe/Berlin`, {
      key: server.fixture.keys.admin,
    });
    assert.deepEqual(byId.json, byKey.json);
  });

  it("preview warnings: every item has warnings; duration_changed for the code across Chicago's fall-back, none for the others", async () => {
    const { chicago } = server.fixture.units;
    const answer = await call(server.url, `/v1/units/preview_timezone_change?unitIdOrKey=${chicago.id}&proposedTimeZone=Europe/Berlin`, {
      key: server.fixture.keys.admin,
    });
    assert.equal(answer.status, 200, answer.text);
    const warnings = Object.fromEntries(
      answer.json.items.map((item: { key: string; warnings: string[] }) => [item.key.replace(`${server.fixture.p}_`, ""), item.warnings]),
    );
    // The code runs 01:30 CDT – 02:00 CST (90 min); read in Berlin, 01:30 – 02:00 CET is 30 min.
    assert.deepEqual(warnings, { "tour:t1": [], "scheduled_message:m1": [], "open_house:o1": [], "code:c1": ["duration_changed"] });
  });

  it("POST /v1/units/set_timezone answers { unit, moved } and a preview right after is noop", async () => {
    const { none } = server.fixture.units;
    const key = server.fixture.keys.admin;
    const body = JSON.stringify({ unitIdOrKey: none.urlKey, timeZone: "America/Chicago", expectedVersion: 1, policy: "keep_wall_clock" });
    const answer = await call(server.url, "/v1/units/set_timezone", {
      method: "POST",
      key,
      body,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    assert.equal(answer.status, 200, answer.text);
    assertShape(setTimezoneResponseSchema, answer.json);
    assert.deepEqual(answer.json.unit, {
      id: none.id,
      urlKey: none.urlKey,
      address: none.address,
      timeZone: "America/Chicago",
      version: 2,
      showingRules: null,
    });
    assert.equal(answer.json.moved, 1);
    const preview = await call(server.url, `/v1/units/preview_timezone_change?unitIdOrKey=${none.id}&proposedTimeZone=America/Chicago`, {
      key,
    });
    assert.equal(preview.json.status, "noop");
    assert.deepEqual(preview.json.items, []);
    assert.equal(preview.json.expectedVersion, 2);
  });

  it("GET /healthz, /readyz answer { status: ok } without a key", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const answer = await call(server.url, path);
      assert.equal(answer.status, 200);
      assertShape(healthSchema, answer.json);
    }
  });

  it("GET /v1/openapi.json is an OpenAPI 3.2 document (valid 3.1 but for the version), served without a key", async () => {
    const answer = await call(server.url, "/v1/openapi.json");
    assert.equal(answer.status, 200);
    assert.equal(answer.json.openapi, "3.2.0");
    const result = await validate({ ...answer.json, openapi: "3.1.0" });
    assert.equal(result.valid, true);
  });

  it("GET /docs and /docs/errors are HTML; every problem type resolves to an anchor there", async () => {
    const docs = await call(server.url, "/docs");
    assert.equal(docs.status, 200);
    assert.match(docs.headers.get("content-type") ?? "", /^text\/html/);
    const errors = await call(server.url, "/docs/errors");
    assert.equal(errors.status, 200);
    const problem = await call(server.url, "/v1/locks");
    const anchor = String(problem.json.type).split("#")[1];
    assert.ok(errors.text.includes(`id="${anchor}"`));
  });

  it("x-request-id: a well-formed client id is reused, anything else is replaced; on every answer", async () => {
    const reused = await call(server.url, "/v1/locks", { headers: { "x-request-id": "client-req.0001" } });
    assert.equal(reused.headers.get("x-request-id"), "client-req.0001");
    assert.equal(reused.json.requestId, "client-req.0001");
    const replaced = await call(server.url, "/nowhere", { headers: { "x-request-id": "bad id!" } });
    const id = replaced.headers.get("x-request-id") ?? "";
    assert.notEqual(id, "bad id!");
    assert.match(id, /^[A-Za-z0-9._-]{8,128}$/);
    assert.equal(replaced.json.requestId, id);
    for (const path of ["/healthz", "/docs", "/v1/openapi.json"]) {
      assert.match((await call(server.url, path)).headers.get("x-request-id") ?? "", /^[A-Za-z0-9._-]{8,128}$/, path);
    }
    const ok = await call(server.url, "/v1/locks", { key: server.fixture.keys.admin, headers: { "x-request-id": "abcdefgh" } });
    assert.equal(ok.headers.get("x-request-id"), "abcdefgh");
  });
});
