// What the writes refuse or leave alone, over HTTP: another org's unit, item or template reads as
// unknown (404) and never shows in its lists or events; bad input is 400 naming the field with
// nothing stored; a write that changes nothing keeps the version and emits no event. Runs on the
// memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  allEvents,
  assertProblem,
  call,
  postJson,
  startTestServer,
  withoutRequestId,
  type Answer,
  type TestServer,
} from "../e2e.test-support.js";

let server: TestServer;
/** A unit, a tour at it and a template, all made through the API by org A. */
let mine: { unitId: string; urlKey: string; itemKey: string; templateId: string };

before(async () => {
  server = await startTestServer();
  const key = server.fixture.keys.admin;
  const urlKey = `${server.fixture.p}-oak-ave`;
  const unit = await postJson(server.url, "/v1/units/create_unit", key, { urlKey, address: "7 Oak Ave", timeZone: "Europe/Paris" });
  const tour = await postJson(server.url, "/v1/units/create_schedule_item", key, {
    unitIdOrKey: urlKey,
    kind: "tour",
    title: "Mine",
    startAt: "2027-04-01T10:00:00+02:00",
    endAt: "2027-04-01T11:00:00+02:00",
  });
  const template = await postJson(server.url, "/v1/templates/create_message_template", key, { name: "Mine", body: "Hi {{prospect.name}}" });
  for (const answer of [unit, tour, template]) assert.equal(answer.status, 201, answer.text);
  mine = { unitId: unit.json.unit.id, urlKey, itemKey: tour.json.item.key, templateId: template.json.template.id };
});
after(() => server.close());

const admin = () => server.fixture.keys.admin;
const get = (path: string, key = admin()) => call(server.url, path, { key });
const names = (answer: Answer) => (answer.json.invalidParams as { name: string }[]).map((param) => param.name);

/** Org A's records as they are: the unit, its schedule, its templates and its events. */
async function stateOfOrgA() {
  const unit = await get(`/v1/units/get_unit?unitIdOrKey=${mine.unitId}`);
  const schedule = await get(`/v1/units/list_schedule?unitIdOrKey=${mine.unitId}&from=2000-01-01T00:00:00Z&limit=100`);
  const templates = await get("/v1/templates/list_message_templates?limit=100");
  return { unit: unit.json, schedule: schedule.json, templates: templates.json, events: await allEvents(server.url, admin()) };
}

describe("e2e: what the writes refuse", () => {
  it("isolation: another org's key gets 404 for every new endpoint naming this org's unit, item or template, and the other org's lists never show them", async () => {
    const other = server.fixture.keys.orgB;
    const theirUnit = server.fixture.units.foreign.id;
    const before = await stateOfOrgA();
    const eventsOfB = await allEvents(server.url, other);
    // The same request naming an unknown record of the same shape: a foreign one must answer exactly as it does.
    const unknown: Record<string, string> = {
      [mine.unitId]: `unit_${"0".repeat(24)}`,
      [mine.itemKey]: `tour:tour_${"0".repeat(24)}`,
      [mine.templateId]: `tpl_${"0".repeat(24)}`,
    };
    const swap = (value: unknown) =>
      JSON.parse(Object.entries(unknown).reduce((text, [real, fake]) => text.replaceAll(real, fake), JSON.stringify(value)));
    const requests: [string, Record<string, unknown>, Record<string, string>?][] = [
      ["/v1/units/update_unit", { unitIdOrKey: mine.unitId, address: "Taken over" }],
      [
        "/v1/units/create_schedule_item",
        { unitIdOrKey: mine.unitId, kind: "tour", title: "X", startAt: "2027-05-01T10:00:00Z", endAt: "2027-05-01T11:00:00Z" },
      ],
      ["/v1/units/update_schedule_item", { unitIdOrKey: mine.unitId, key: mine.itemKey, title: "Taken over" }],
      ["/v1/units/delete_schedule_item", { unitIdOrKey: mine.unitId, key: mine.itemKey }],
      ["/v1/units/update_schedule_item", { unitIdOrKey: theirUnit, key: mine.itemKey, title: "Taken over" }],
      ["/v1/units/delete_schedule_item", { unitIdOrKey: theirUnit, key: mine.itemKey }],
      ["/v1/templates/update_message_template", { templateId: mine.templateId, name: "Taken over" }],
      ["/v1/templates/update_message_template", { templateId: mine.templateId, name: "Taken over" }, { "If-Match": "*" }],
      ["/v1/templates/delete_message_template", { templateId: mine.templateId }],
    ];
    for (const [path, body, headers] of requests) {
      const foreign = await postJson(server.url, path, other, body, headers);
      assertProblem(foreign, 404, "not_found");
      const unknownAnswer = await postJson(server.url, path, other, swap(body), headers);
      assert.deepEqual(swap(withoutRequestId(foreign.json)), withoutRequestId(unknownAnswer.json), `${path} ${JSON.stringify(body)}`);
    }
    for (const path of [
      `/v1/units/get_unit?unitIdOrKey=${mine.urlKey}`,
      `/v1/units/list_schedule?unitIdOrKey=${mine.unitId}`,
      `/v1/units/preview_timezone_change?unitIdOrKey=${mine.unitId}&proposedTimeZone=UTC`,
      `/v1/templates/get_message_template?templateId=${mine.templateId}`,
    ]) {
      assertProblem(await get(path, other), 404, "not_found");
    }
    // Naming org A's template or lock from org B's own unit: no usable record, 400 naming the field.
    const message = {
      unitIdOrKey: theirUnit,
      kind: "scheduled_message",
      title: "M",
      sendAt: "2027-05-01T10:00:00Z",
      templateId: mine.templateId,
    };
    const code = { unitIdOrKey: theirUnit, kind: "code", title: "C", startAt: "2027-05-01T10:00:00Z", endAt: "2027-05-01T11:00:00Z" };
    for (const [body, field] of [
      [message, "templateId"],
      [{ ...code, lockId: server.fixture.locks[0]?.lockId }, "lockId"],
    ] as const) {
      const refused = await postJson(server.url, "/v1/units/create_schedule_item", other, body);
      assertProblem(refused, 400, "invalid_request");
      assert.deepEqual(names(refused), [field]);
    }

    const units = await get("/v1/units/list_units?limit=100", other);
    assert.deepEqual(
      units.json.units.map((unit: { id: string }) => unit.id),
      [theirUnit],
    );
    const templates = await get("/v1/templates/list_message_templates?limit=100", other);
    assert.ok(!templates.text.includes(mine.templateId) && templates.json.templates.length > 0, templates.text);
    const schedule = await get(`/v1/units/list_schedule?unitIdOrKey=${theirUnit}&from=2000-01-01T00:00:00Z`, other);
    assert.deepEqual(schedule.json.items, []);
    assert.deepEqual(await allEvents(server.url, other), eventsOfB, "no event in the other org");
    assert.deepEqual(await stateOfOrgA(), before, "org A's records as they were");
  });

  it("a write with an instant without an offset, a field of another kind, an unknown field, a year outside 2000–2099, a 201-character title: 400 naming the field, nothing stored, no event", async () => {
    const before = await stateOfOrgA();
    const tour = { unitIdOrKey: mine.unitId, kind: "tour", title: "Bad", startAt: "2027-06-01T10:00:00Z", endAt: "2027-06-01T11:00:00Z" };
    const cases: [string, Record<string, unknown>, string][] = [
      ["/v1/units/create_schedule_item", { ...tour, startAt: "2027-06-01T10:00:00" }, "startAt"],
      ["/v1/units/create_schedule_item", { ...tour, sendAt: "2027-06-01T10:00:00Z" }, "sendAt"],
      ["/v1/units/create_schedule_item", { ...tour, color: "blue" }, "color"],
      ["/v1/units/create_schedule_item", { ...tour, startAt: "1999-12-31T23:00:00Z" }, "startAt"],
      ["/v1/units/create_schedule_item", { ...tour, endAt: "2100-01-01T00:00:00Z" }, "endAt"],
      ["/v1/units/create_schedule_item", { ...tour, title: "x".repeat(201) }, "title"],
      ["/v1/units/update_schedule_item", { unitIdOrKey: mine.unitId, key: mine.itemKey, endAt: "2027-04-01 11:30" }, "endAt"],
      ["/v1/units/update_schedule_item", { unitIdOrKey: mine.unitId, key: mine.itemKey, templateId: "tpl_x" }, "templateId"],
      ["/v1/units/update_schedule_item", { unitIdOrKey: mine.unitId, key: mine.itemKey, title: "y".repeat(201) }, "title"],
      ["/v1/units/update_unit", { unitIdOrKey: mine.unitId, timeZone: "UTC" }, "timeZone"],
      ["/v1/units/update_unit", { unitIdOrKey: mine.unitId, nickname: "Oak" }, "nickname"],
      ["/v1/units/create_unit", { urlKey: `${server.fixture.p}-bad`, address: "1 Bad St", timeZone: "Mars/Base" }, "timeZone"],
      ["/v1/templates/create_message_template", { name: "z".repeat(201), body: "Hi" }, "name"],
      ["/v1/templates/create_message_template", { name: "Unclosed", body: "Hi {{name" }, "body"],
      ["/v1/templates/update_message_template", { templateId: mine.templateId, sortOrder: 1.5 }, "sortOrder"],
    ];
    for (const [path, body, field] of cases) {
      const refused = await postJson(server.url, path, admin(), body);
      assertProblem(refused, 400, "invalid_request");
      assert.deepEqual(names(refused), [field], `${path} ${JSON.stringify(body).slice(0, 120)}: ${refused.text}`);
    }
    assertProblem(await get(`/v1/units/get_unit?unitIdOrKey=${server.fixture.p}-bad`), 404, "not_found");
    assert.deepEqual(await stateOfOrgA(), before, "nothing stored, no event");
  });

  it("the reasons say what to do: kind on an update cannot change (not an unknown field), a long list is cut after a whole word", async () => {
    const kind = await postJson(server.url, "/v1/units/update_schedule_item", admin(), {
      unitIdOrKey: mine.unitId,
      key: mine.itemKey,
      kind: "open_house",
    });
    assertProblem(kind, 400, "invalid_request");
    assert.deepEqual(kind.json.invalidParams, [
      { name: "kind", reason: "kind cannot change: the item's key names it; delete the item and create one of the other kind" },
    ]);
    const types = await postJson(server.url, "/v1/webhook_endpoints", admin(), { url: "https://example.com/hooks", eventTypes: ["nope"] });
    assertProblem(types, 400, "invalid_request");
    const [param] = types.json.invalidParams as { name: string; reason: string }[];
    assert.equal(param?.name, "eventTypes.0");
    // The reason lists the event types; past the reason's length it ends after a whole one, then " …".
    const full = (types.json.detail as string).replace(/^eventTypes\.0: /, "");
    assert.ok(param.reason === full || (param.reason.endsWith(" …") && /^[\s,;:]/.test(full.slice(param.reason.length - 2))), param.reason);
  });

  it("a write that changes nothing answers 200 with the record as is, the same version, and no event", async () => {
    const before = await stateOfOrgA();
    const unit = await postJson(server.url, "/v1/units/update_unit", admin(), { unitIdOrKey: mine.urlKey, address: "7 Oak Ave" });
    assert.equal(unit.status, 200, unit.text);
    assert.deepEqual(unit.json, before.unit);
    const item = await postJson(server.url, "/v1/units/update_schedule_item", admin(), {
      unitIdOrKey: mine.unitId,
      key: mine.itemKey,
      expectedVersion: before.unit.unit.version,
      title: "Mine",
      startAt: "2027-04-01T08:00:00Z",
    });
    assert.equal(item.status, 200, item.text);
    assert.deepEqual(item.json, { item: before.schedule.items[0], unit: before.unit.unit });
    const template = await postJson(server.url, "/v1/templates/update_message_template", admin(), {
      templateId: mine.templateId,
      name: "Mine",
    });
    assert.equal(template.status, 200, template.text);
    const served = await get(`/v1/templates/get_message_template?templateId=${mine.templateId}`);
    assert.equal(template.text, served.text);
    assert.deepEqual(await stateOfOrgA(), before);
  });
});
