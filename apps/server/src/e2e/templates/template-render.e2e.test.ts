// Template variables and renders end to end (docs/contract.md "Templates", "Rendering a
// message"): the catalog is listed; template writes refuse a placeholder outside it with the
// character offset of its {{ and suggestions, while a fixture's template is kept as it is and
// renders with its unknown names missing; render_message_template renders a saved template or a
// body for a unit and a booked tour as they are now (the tour's PIN, its code's window in the
// unit's zone, its lock's name; a reschedule shows at once), with the SMS encoding and segments;
// a tourId needs tours:read; another org's unit or tour is not found. Runs on the memory store
// and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { generateApiKey } from "@lintel/domain";
import { clockLabel, dateLabel, rangeLabel } from "@lintel/domain/adapters";
import { assertProblem, call, postJson, testApiKey, testConfig, testFixture, type Answer } from "../e2e.test-support.js";
import { startServer, type RunningServer } from "../../server.js";

const HOUR = 3_600_000;
const f = testFixture();
const messagesOnly = generateApiKey();
const toursReader = generateApiKey();
const RENDER = "/v1/templates/render_message_template";

interface Rendered {
  readonly text: string;
  readonly values: Record<string, string | null>;
  readonly missing: string[];
  readonly sms: { readonly encoding: string; readonly units: number; readonly segments: number };
}
interface Tour {
  readonly id: string;
  readonly startAt: string;
  readonly endAt: string;
  readonly access: { readonly startAt: string; readonly endAt: string; readonly code: string | null };
}

describe("e2e: the template variable catalog and render_message_template", () => {
  let server: RunningServer;
  let tour: Tour;
  const post = (path: string, body: unknown, key = f.keys.admin): Promise<Answer> => postJson(server.url, path, key, body);
  const render = async (body: unknown, key = f.keys.admin): Promise<Rendered> => {
    const answer = await post(RENDER, body, key);
    assert.equal(answer.status, 200, answer.text);
    return answer.json as Rendered;
  };

  before(async () => {
    const json = {
      ...f.json,
      apiKeys: [
        ...f.json.apiKeys,
        testApiKey(f.p, "messagesOnly", f.orgA, messagesOnly, ["messages:read"]),
        testApiKey(f.p, "toursReader", f.orgA, toursReader, ["messages:read", "tours:read"]),
      ],
    };
    server = await startServer(testConfig(), { fixture: json });
    // A tour on the New York unit two days ahead, on the hour: its one lock (the shared gate) gets its code.
    const startMs = Math.ceil((Date.now() + 48 * HOUR) / HOUR) * HOUR;
    const booked = await post("/v1/tours/book_tour", {
      unitIdOrKey: f.units.york.urlKey,
      startAt: new Date(startMs).toISOString(),
      endAt: new Date(startMs + HOUR / 2).toISOString(),
      prospect: { name: "Ada Lovelace" },
    });
    assert.equal(booked.status, 201, booked.text);
    tour = booked.json.tour as Tour;
  });
  after(() => server?.close());

  it("list_template_variables: the seventeen variables with descriptions and examples, to messages:read; 403 without it", async () => {
    const answer = await call(server.url, "/v1/templates/list_template_variables", { key: messagesOnly });
    assert.equal(answer.status, 200, answer.text);
    const variables = answer.json.variables as { name: string; description: string; example: string }[];
    assert.equal(variables.length, 17);
    assert.deepEqual(
      variables.slice(0, 5).map((v) => v.name),
      ["unit.address", "unit.urlKey", "unit.timeZone", "tour.title", "tour.start"],
    );
    assert.deepEqual(variables.find((v) => v.name === "tour.startTime")?.example, "10:00 AM");
    assert.ok(variables.every((v) => v.description.length > 0 && v.example.length > 0));
    assertProblem(await call(server.url, "/v1/templates/list_template_variables", { key: f.keys.locksOnly }), 403, "missing_scope");
  });

  it("template writes refuse a placeholder outside the catalog with the offset of its {{ and suggestions; a fixture's template is kept", async () => {
    const refused = await post("/v1/templates/create_message_template", {
      name: "Typo",
      body: "Hi 👋 {{prospect.name}}, at {{ tour.strat }}",
    });
    assertProblem(refused, 400, "invalid_request");
    assert.equal(refused.json.invalidParams[0].name, "body");
    assert.match(
      refused.json.invalidParams[0].reason,
      /"\{\{tour\.strat\}\}" at character 27 is not a template variable\. Did you mean tour\.start\?/,
    );
    assert.match(refused.json.detail, /character 27/);
    const made = await post("/v1/templates/create_message_template", { name: "Fine", body: "Hi {{ prospect.name }}, at {{tour.start}}" });
    assert.equal(made.status, 201, made.text);
    const update = await post("/v1/templates/update_message_template", { templateId: made.json.template.id, body: "Code {{pin}}" });
    assertProblem(update, 400, "invalid_request");
    assert.match(update.json.invalidParams[0].reason, /"\{\{pin\}\}" at character 5 .*Did you mean code\.pin\?/);
    // The fixture's templates name {{name}}: kept as they are, and a rename of one goes through.
    const fixtureTemplate = f.templates[0]!;
    const renamed = await post("/v1/templates/update_message_template", { templateId: fixtureTemplate.id, name: "Renamed" });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.json.template.body, fixtureTemplate.body);
    const rendered = await render({ templateId: fixtureTemplate.id, unitIdOrKey: f.units.chicago.id });
    assert.deepEqual([rendered.text, rendered.values, rendered.missing], ["Hi  #0", { name: null }, ["name"]]);
  });

  it("renders a body for a booked tour as it is now: the PIN, the code's window and times in the unit's zone, the lock; a reschedule shows at once", async () => {
    const body =
      "{{prospect.name}}: {{tour.window}} ({{tour.date}}, {{tour.startTime}}). Code {{code.pin}} at {{lock.name}}, {{code.window}}.";
    const zone = f.units.york.timeZone;
    const expected = (t: Tour) =>
      `Ada Lovelace: ${rangeLabel(Date.parse(t.startAt), Date.parse(t.endAt), zone)} ` +
      `(${dateLabel(Date.parse(t.startAt), zone)}, ${clockLabel(Date.parse(t.startAt), zone)}). ` +
      `Code ${t.access.code} at Shared gate, ${rangeLabel(Date.parse(t.access.startAt), Date.parse(t.access.endAt), zone)}.`;
    const now = (await call(server.url, `/v1/tours/get_tour?tourId=${tour.id}`, { key: f.keys.admin })).json.tour as Tour;
    assert.match(now.access.code ?? "", /^\d{6}$/);
    const rendered = await render({ body, unitIdOrKey: f.units.york.id, tourId: tour.id }, toursReader);
    assert.equal(rendered.text, expected(now));
    assert.deepEqual(rendered.missing, []);
    assert.equal(rendered.values["code.pin"], now.access.code);
    assert.equal(rendered.sms.encoding, "UCS-2", "a range label's en dash is outside GSM 03.38");
    assert.equal(rendered.sms.units, rendered.text.length);

    const startMs = Date.parse(tour.startAt) + 26 * HOUR;
    const moved = await post("/v1/tours/reschedule_tour", {
      tourId: tour.id,
      startAt: new Date(startMs).toISOString(),
      endAt: new Date(startMs + HOUR).toISOString(),
    });
    assert.equal(moved.status, 200, moved.text);
    const after = await render({ body, unitIdOrKey: f.units.york.urlKey, tourId: tour.id }, toursReader);
    assert.equal(after.text, expected(moved.json.tour as Tour));
    assert.notEqual(after.text, rendered.text);
  });

  it("without a tour, its variables are missing and render empty; the SMS cost follows GSM 03.38", async () => {
    const plain = await render({ body: "{{unit.address}} ({{unit.timeZone}}) {{code.pin}}", unitIdOrKey: f.units.none.id }, messagesOnly);
    assert.deepEqual(plain, {
      text: "3 Any Rd (UTC) ",
      values: { "unit.address": "3 Any Rd", "unit.timeZone": "UTC", "code.pin": null },
      missing: ["code.pin"],
      sms: { encoding: "GSM-7", units: 15, segments: 1 },
    });
    const euros = await render({ body: `${"€".repeat(80)}{{message.title}}`, unitIdOrKey: f.units.none.id });
    assert.deepEqual([euros.sms, euros.missing], [{ encoding: "GSM-7", units: 160, segments: 1 }, ["message.title"]]);
    const long = await render({ body: `${"€".repeat(80)}!`, unitIdOrKey: f.units.none.id });
    assert.deepEqual(long.sms, { encoding: "GSM-7", units: 161, segments: 2 });
    const emoji = await render({ body: "🏠".repeat(36), unitIdOrKey: f.units.none.id });
    assert.deepEqual(emoji.sms, { encoding: "UCS-2", units: 72, segments: 2 });
  });

  it("refuses: a tourId without tours:read (403), templateId and body together or neither, a bad body, unknown records, another unit's tour, another org's", async () => {
    const unit = f.units.york.id;
    const refusedScope = await post(RENDER, { body: "x", unitIdOrKey: unit, tourId: tour.id }, messagesOnly);
    assertProblem(refusedScope, 403, "missing_scope");
    assert.match(refusedScope.json.detail, /tours:read/);
    assertProblem(await post(RENDER, { body: "x", unitIdOrKey: unit }, f.keys.locksOnly), 403, "missing_scope");
    const both = await post(RENDER, { templateId: f.templates[0]!.id, body: "x", unitIdOrKey: unit });
    assertProblem(both, 400, "invalid_request");
    assert.equal(both.json.invalidParams[0].name, "templateId");
    assertProblem(await post(RENDER, { unitIdOrKey: unit }), 400, "invalid_request");
    const typo = await post(RENDER, { body: "At {{tour.strat}}", unitIdOrKey: unit });
    assertProblem(typo, 400, "invalid_request");
    assert.match(typo.json.invalidParams[0].reason, /at character 3 .*tour\.start/);
    assertProblem(await post(RENDER, { body: "Hi {{tour", unitIdOrKey: unit }), 400, "invalid_request");
    assertProblem(await post(RENDER, { body: "x", unitIdOrKey: unit, extra: 1 }), 400, "invalid_request");
    assertProblem(await post(RENDER, { body: "x", unitIdOrKey: "nope" }), 404, "not_found");
    assertProblem(await post(RENDER, { templateId: "tpl_nope", unitIdOrKey: unit }), 404, "not_found");
    assertProblem(await post(RENDER, { body: "x", unitIdOrKey: unit, tourId: "tour_nope" }), 404, "not_found");
    const elsewhere = await post(RENDER, { body: "x", unitIdOrKey: f.units.chicago.id, tourId: tour.id });
    assertProblem(elsewhere, 400, "invalid_request");
    assert.equal(elsewhere.json.invalidParams[0].name, "tourId");
    // Another org: our unit is not found, and so is our tour from its own unit.
    assertProblem(await post(RENDER, { body: "x", unitIdOrKey: unit }, f.keys.orgB), 404, "not_found");
    assertProblem(await post(RENDER, { body: "x", unitIdOrKey: f.units.foreign.id, tourId: tour.id }, f.keys.orgB), 404, "not_found");
  });

  it("changes nothing, so an Idempotency-Key is not kept: each render answers afresh", async () => {
    const headers = { "idempotency-key": `${f.p}-render` };
    const first = await postJson(server.url, RENDER, f.keys.admin, { body: "{{unit.urlKey}}", unitIdOrKey: f.units.york.id }, headers);
    const second = await postJson(server.url, RENDER, f.keys.admin, { body: "{{unit.address}}", unitIdOrKey: f.units.york.id }, headers);
    assert.deepEqual([first.status, second.status], [200, 200], second.text);
    assert.deepEqual([first.json.text, second.json.text], [f.units.york.urlKey, f.units.york.address]);
    assert.equal(second.headers.get("idempotent-replayed"), null);
    assert.equal(first.headers.get("cache-control"), "no-store");
  });
});
