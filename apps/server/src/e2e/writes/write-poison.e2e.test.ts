// No refused write poisons a record: every write endpoint (create and update unit, create, update
// and delete a schedule item of every kind, codes included, create, update and delete a template,
// create and update a webhook endpoint, recover, set_timezone) is sent lone surrogates, control
// characters and overlong strings in each of its string fields, then writes the store refuses
// (stale versions, unknown items, foreign locks); after them every record answers its reads as
// before, and takes a valid write. Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { call, postJson } from "../e2e.test-support.js";
import { namesOf, QUIET_URL, readsOf, settled, startWriteWorld, type WriteWorld } from "./write-world.test-support.js";

let world: WriteWorld;
before(async () => {
  world = await startWriteWorld();
});
after(() => world.server.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(world.server.url, path, world.key, body, headers);

/** Strings no string field of any write takes: lone surrogates (with emoji and combining marks around them), controls, too long for any field. */
const POISON = [
  "\ud800",
  "Tour \udfff",
  "\ude00\ud83d",
  "😀".repeat(3).slice(0, 5),
  "e\u0301\u0302\ud800",
  "\u0000",
  "a\u001bb",
  "x\u007f",
  "\u0085",
  "😀\u0000",
  "x".repeat(10_000),
];

/** Each write endpoint with a valid body and the string fields it takes. */
function writeEndpoints(): [path: string, body: Record<string, unknown>, fields: string[]][] {
  const { unitId, items, templateId, lockId, endpointId } = world;
  const span = { startAt: "2027-10-05T10:00:00Z", endAt: "2027-10-05T11:00:00Z" };
  const p = world.server.fixture.p;
  return [
    ["/v1/units/create_unit", { urlKey: `${p}-poison`, address: "1 Poison Way", timeZone: "UTC" }, ["urlKey", "address", "timeZone"]],
    ["/v1/units/update_unit", { unitIdOrKey: unitId, urlKey: `${p}-chicago`, address: "1 Lake St" }, ["unitIdOrKey", "urlKey", "address"]],
    ...(["tour", "open_house"] as const).map((kind): [string, Record<string, unknown>, string[]] => [
      "/v1/units/create_schedule_item",
      { unitIdOrKey: unitId, kind, title: "T", ...span, lockId },
      ["unitIdOrKey", "kind", "title", "startAt", "endAt", "lockId"],
    ]),
    [
      "/v1/units/create_schedule_item",
      { unitIdOrKey: unitId, kind: "code", title: "C", ...span, lockId, code: "123456" },
      ["unitIdOrKey", "title", "startAt", "endAt", "lockId", "code"],
    ],
    [
      "/v1/units/create_schedule_item",
      { unitIdOrKey: unitId, kind: "scheduled_message", title: "M", sendAt: span.startAt, templateId },
      ["unitIdOrKey", "title", "sendAt", "templateId"],
    ],
    [
      "/v1/units/update_schedule_item",
      { unitIdOrKey: unitId, key: items.tour, title: "T", ...span },
      ["unitIdOrKey", "key", "title", "startAt", "endAt"],
    ],
    [
      "/v1/units/update_schedule_item",
      { unitIdOrKey: unitId, key: items.code, title: "C", lockId, code: "654321" },
      ["key", "title", "lockId", "code"],
    ],
    ["/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: items.open_house, title: "O" }, ["key", "title"]],
    [
      "/v1/units/update_schedule_item",
      { unitIdOrKey: unitId, key: items.scheduled_message, sendAt: span.startAt, templateId },
      ["sendAt", "templateId"],
    ],
    ...Object.values(items).map((key): [string, Record<string, unknown>, string[]] => [
      "/v1/units/delete_schedule_item",
      { unitIdOrKey: unitId, key },
      ["unitIdOrKey", "key"],
    ]),
    ["/v1/templates/create_message_template", { name: "N", body: "B" }, ["name", "body"]],
    ["/v1/templates/update_message_template", { templateId, name: "N", body: "B" }, ["templateId", "name", "body"]],
    ["/v1/templates/delete_message_template", { templateId }, ["templateId"]],
    ["/v1/webhook_endpoints", { url: QUIET_URL, eventTypes: ["webhook_endpoint.disabled"], description: "D" }, ["url", "description"]],
    [`/v1/webhook_endpoints/${endpointId}`, { url: QUIET_URL, description: "D" }, ["url", "description"]],
    [`/v1/webhook_endpoints/${endpointId}/recover`, { since: new Date(Date.now() - 3_600_000).toISOString() }, ["since"]],
    [
      "/v1/units/set_timezone",
      { unitIdOrKey: unitId, timeZone: "UTC", expectedVersion: 1, policy: "keep_instant" },
      ["unitIdOrKey", "timeZone", "policy"],
    ],
  ];
}

describe("e2e: no refused write poisons a record", () => {
  it("every write endpoint, sent a lone surrogate, a control character or an overlong string in each string field: 400 naming it, nothing stored, no event; every read then answers as before", async () => {
    const before = await readsOf(world);
    let sent = 0;
    for (const [path, body, fields] of writeEndpoints()) {
      for (const field of fields) {
        for (const poison of POISON) {
          const answer = await post(path, { ...body, [field]: poison });
          sent++;
          const what = `${path} ${field}=${JSON.stringify(poison).slice(0, 30)}`;
          assert.equal(answer.status, 400, `${what}: ${answer.text}`);
          assert.ok(
            namesOf(answer).some((name) => name === field || name.startsWith(`${field}.`)),
            `${what}: ${answer.text}`,
          );
        }
      }
      // In a list, too: a webhook endpoint's eventTypes.
      if (path.startsWith("/v1/webhook_endpoints") && !path.endsWith("/recover")) {
        for (const poison of POISON) assert.equal((await post(path, { ...body, eventTypes: [poison] })).status, 400, path);
      }
    }
    assert.ok(sent > 500, `${sent} refused writes`);
    assert.deepEqual(await readsOf(world), before, "every read answers as before: nothing stored, no event");
  });

  it("writes refused past their schema (a stale expectedVersion or If-Match, an unknown item, a foreign lock, an unknown template) change nothing either", async () => {
    const { unitId, items, templateId } = world;
    const before = await readsOf(world);
    const version = (before.unit as { unit: { version: number } }).unit.version;
    const stale = { expectedVersion: version + 7 };
    const refusals: [string, Record<string, unknown>, number, Record<string, string>?][] = [
      ["/v1/units/update_unit", { unitIdOrKey: unitId, address: "Stale", ...stale }, 409],
      [
        "/v1/units/create_schedule_item",
        { unitIdOrKey: unitId, kind: "tour", title: "Stale", startAt: "2027-10-06T10:00:00Z", endAt: "2027-10-06T11:00:00Z", ...stale },
        409,
      ],
      ["/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: items.code, title: "Stale", ...stale }, 409],
      ["/v1/units/delete_schedule_item", { unitIdOrKey: unitId, key: items.code, ...stale }, 409],
      ["/v1/units/set_timezone", { unitIdOrKey: unitId, timeZone: "UTC", expectedVersion: version + 7, policy: "keep_wall_clock" }, 409],
      ["/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: `tour:tour_${"0".repeat(24)}`, title: "Unknown" }, 404],
      ["/v1/units/delete_schedule_item", { unitIdOrKey: unitId, key: `code:code_${"0".repeat(24)}` }, 404],
      ["/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: items.code, lockId: world.server.fixture.foreignLock.lockId }, 400],
      ["/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: items.scheduled_message, templateId: `tpl_${"0".repeat(24)}` }, 400],
      ["/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: items.tour, sendAt: "2027-10-06T10:00:00Z" }, 400],
      ["/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: items.tour, endAt: "2027-09-01T09:00:00-05:00" }, 400],
      ["/v1/templates/update_message_template", { templateId, name: "Stale" }, 412, { "If-Match": '"stale"' }],
      ["/v1/templates/delete_message_template", { templateId }, 412, { "If-Match": '"stale"' }],
      ["/v1/templates/update_message_template", { templateId, body: "Hi {{name" }, 400],
      [`/v1/webhook_endpoints/${world.endpointId}`, { url: "ftp://example.com/hook" }, 400],
    ];
    for (const [path, body, status, headers] of refusals) {
      const answer = await post(path, body, headers);
      assert.equal(answer.status, status, `${path} ${JSON.stringify(body)}: ${answer.text}`);
    }
    assert.deepEqual(await readsOf(world), before, "every read answers as before");
  });

  it("after them, every record takes a valid write through every write endpoint", async () => {
    const { unitId, items, endpointId } = world;
    const version = async () =>
      (await call(world.server.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: world.key })).json.unit.version;
    const writes: [string, Record<string, unknown>, number][] = [];
    for (const [path, body] of writeEndpoints()) {
      if (path.endsWith("delete_schedule_item") || path.endsWith("delete_message_template") || path.endsWith("set_timezone")) continue;
      writes.push([
        path,
        body,
        path.includes("/create_") || path === "/v1/webhook_endpoints" ? 201 : path.endsWith("/recover") ? 202 : 200,
      ]);
    }
    let madeTemplate = "";
    for (const [path, body, status] of writes) {
      const answer = await post(path, body);
      assert.equal(answer.status, status, `${path}: ${answer.text}`);
      if (path.endsWith("create_message_template")) madeTemplate = answer.json.template.id;
    }
    const zone = await post("/v1/units/set_timezone", {
      unitIdOrKey: unitId,
      timeZone: "America/Denver",
      expectedVersion: await version(),
      policy: "keep_instant",
    });
    assert.equal(zone.status, 200, zone.text);
    await settled(world);
    const reads = await readsOf(world); // each answers 200
    assert.equal((reads.unit as { unit: { timeZone: string } }).unit.timeZone, "America/Denver");
    for (const key of Object.values(items)) {
      const deleted = await post("/v1/units/delete_schedule_item", { unitIdOrKey: unitId, key, expectedVersion: await version() });
      assert.equal(deleted.status, 200, `${key}: ${deleted.text}`);
    }
    // The world's template is named by messages still to be sent now (409); a template no message names is deleted.
    assert.equal((await post("/v1/templates/delete_message_template", { templateId: madeTemplate })).status, 204);
    const endpoint = await call(world.server.url, `/v1/webhook_endpoints/${endpointId}`, { key: world.key });
    assert.equal(endpoint.json.webhookEndpoint.description, "D");
  });
});
