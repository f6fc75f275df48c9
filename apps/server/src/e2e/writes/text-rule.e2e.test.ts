// The text rule over HTTP: every text field of every write (titles of each kind, an address, a
// template's name and body, a webhook endpoint's url and description, a write's unitIdOrKey)
// refuses a lone UTF-16 surrogate with a 400 naming the field, storing nothing and emitting no
// event, and the records take valid writes after; characters are code points (200 emoji are a
// title, 201 are not); a webhook endpoint's description is 1–200 characters on one line;
// recover's since is an instant of the years 2000–2099. Runs on the memory store and, with
// STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertProblem, call, postJson } from "../e2e.test-support.js";
import { namesOf, QUIET_URL, readsOf, settled, startWriteWorld, type WriteWorld } from "./write-world.test-support.js";

let world: WriteWorld;
before(async () => {
  world = await startWriteWorld();
});
after(() => world.server.close());

const post = (path: string, body: unknown) => postJson(world.server.url, path, world.key, body);
const endpointPath = () => `/v1/webhook_endpoints/${world.endpointId}`;

/** `answer` is a 400 naming exactly `field`, whose problem does not quote `sent` (as JSON writes it). */
function refusedNaming(answer: Awaited<ReturnType<typeof post>>, field: string, sent: string, what: string): void {
  assertProblem(answer, 400, "invalid_request");
  assert.deepEqual(namesOf(answer), [field], `${what}: ${answer.text}`);
  const quoted = JSON.stringify(sent).slice(1, -1);
  if (quoted.length >= 3) assert.ok(!answer.text.includes(quoted), `${what}: the problem quotes the value`);
}

describe("e2e: the text rule of every write", () => {
  it("a lone surrogate in any text field of any write: 400 naming the field, nothing stored, no event; every record then takes a valid write", async () => {
    const before = await readsOf(world);
    const { unitId, items, templateId, lockId } = world;
    const span = { startAt: "2027-10-01T10:00:00Z", endAt: "2027-10-01T11:00:00Z" };
    for (const lone of ["\ud800", "Tour \udfff", "\ude00\ud83d", "😀".slice(0, 1)]) {
      const cases: [string, Record<string, unknown>, string][] = [
        ["/v1/units/create_unit", { urlKey: `${world.server.fixture.p}-lone`, address: lone }, "address"],
        ["/v1/units/update_unit", { unitIdOrKey: unitId, address: lone }, "address"],
        ["/v1/units/update_unit", { unitIdOrKey: lone, address: "1 Lake St" }, "unitIdOrKey"],
        ["/v1/units/create_schedule_item", { unitIdOrKey: unitId, kind: "tour", title: lone, ...span }, "title"],
        ["/v1/units/create_schedule_item", { unitIdOrKey: unitId, kind: "code", title: lone, lockId, ...span }, "title"],
        ["/v1/units/create_schedule_item", { unitIdOrKey: unitId, kind: "open_house", title: lone, ...span }, "title"],
        ["/v1/units/create_schedule_item", { unitIdOrKey: unitId, kind: "scheduled_message", title: lone, sendAt: span.startAt }, "title"],
        ["/v1/units/create_schedule_item", { unitIdOrKey: lone, kind: "tour", title: "T", ...span }, "unitIdOrKey"],
        ...Object.values(items).map((key): [string, Record<string, unknown>, string] => [
          "/v1/units/update_schedule_item",
          { unitIdOrKey: unitId, key, title: lone },
          "title",
        ]),
        ["/v1/units/delete_schedule_item", { unitIdOrKey: lone, key: items.tour }, "unitIdOrKey"],
        ["/v1/units/set_timezone", { unitIdOrKey: lone, timeZone: "UTC", expectedVersion: 1, policy: "keep_instant" }, "unitIdOrKey"],
        ["/v1/templates/create_message_template", { name: lone, body: "Hi" }, "name"],
        ["/v1/templates/create_message_template", { name: "Lone", body: `Hi {{prospect.name}}\n${lone}` }, "body"],
        ["/v1/templates/update_message_template", { templateId, name: lone }, "name"],
        ["/v1/templates/update_message_template", { templateId, body: lone }, "body"],
        ["/v1/webhook_endpoints", { url: `${QUIET_URL}/${lone}`, eventTypes: ["*"] }, "url"],
        ["/v1/webhook_endpoints", { url: QUIET_URL, eventTypes: ["*"], description: lone }, "description"],
        [endpointPath(), { url: `${QUIET_URL}?${lone}` }, "url"],
        [endpointPath(), { description: lone }, "description"],
      ];
      for (const [path, body, field] of cases) refusedNaming(await post(path, body), field, lone, `${path} ${field}`);
    }
    assertProblem(
      await call(world.server.url, `/v1/units/get_unit?unitIdOrKey=${world.server.fixture.p}-lone`, { key: world.key }),
      404,
      "not_found",
    );
    assert.deepEqual(await readsOf(world), before, "nothing stored, no event");

    // Every record named above takes a valid write.
    const writes: [string, Record<string, unknown>][] = [
      ["/v1/units/update_unit", { unitIdOrKey: unitId, address: "1 Lake St, Chicago 🏠" }],
      ...Object.values(items).map((key): [string, Record<string, unknown>] => [
        "/v1/units/update_schedule_item",
        { unitIdOrKey: unitId, key, title: `Valid ${key.split(":")[0]} ✓` },
      ]),
      ["/v1/templates/update_message_template", { templateId, name: "World ✓", body: "Hi {{prospect.name}} 👋" }],
      [endpointPath(), { description: "World ✓" }],
    ];
    for (const [path, body] of writes) assert.equal((await post(path, body)).status, 200, path);
    await settled(world);
    const after = await readsOf(world);
    assert.equal((after.unit as { unit: { address: string } }).unit.address, "1 Lake St, Chicago 🏠");
    assert.equal((after.endpoint as { webhookEndpoint: { description: string } }).webhookEndpoint.description, "World ✓");
  });

  it("characters are code points: a title of 200 emoji is taken and served back whole, 201 are refused; an address 300/301, a template name 200/201, a body 8,000/8,001", async () => {
    const { unitId, items } = world;
    const emoji = (n: number) => "😀".repeat(n);
    // n code points, 2,000 of them emoji: over 8,000 UTF-16 units, yet under the 16 KiB a request body may be (an emoji is 4 bytes).
    const longBody = (n: number) => `${emoji(2000)}\r\n\t{{lock.name}}${"x".repeat(n - 2016)}`;
    const created = await post("/v1/units/create_schedule_item", {
      unitIdOrKey: unitId,
      kind: "tour",
      title: emoji(200),
      startAt: "2027-10-02T10:00:00Z",
      endAt: "2027-10-02T11:00:00Z",
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.item.title, emoji(200));
    const schedule = await call(world.server.url, `/v1/units/list_schedule?unitIdOrKey=${unitId}&from=2027-10-02T00:00:00Z&limit=1`, {
      key: world.key,
    });
    assert.equal(schedule.json.items[0].title, emoji(200));
    const updated = await post("/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: items.open_house, title: emoji(200) });
    assert.equal(updated.status, 200, updated.text);

    const before = await readsOf(world);
    const tooLong: [string, Record<string, unknown>, string, number][] = [
      ["/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: items.tour, title: emoji(201) }, "title", 200],
      ["/v1/units/create_unit", { urlKey: `${world.server.fixture.p}-long`, address: emoji(301) }, "address", 300],
      ["/v1/templates/create_message_template", { name: emoji(201), body: "Hi" }, "name", 200],
      ["/v1/templates/create_message_template", { name: "Long", body: longBody(8001) }, "body", 8000],
    ];
    for (const [path, body, field, max] of tooLong) {
      const refused = await post(path, body);
      refusedNaming(refused, field, emoji(3), path);
      assert.deepEqual(refused.json.invalidParams, [{ name: field, reason: `${field} must be at most ${max} characters` }]);
    }
    assert.deepEqual(await readsOf(world), before, "nothing stored, no event");

    const unit = await post("/v1/units/create_unit", { urlKey: `${world.server.fixture.p}-emoji`, address: emoji(300) });
    assert.equal(unit.status, 201, unit.text);
    const template = await post("/v1/templates/create_message_template", { name: emoji(200), body: longBody(8000) });
    assert.equal(template.status, 201, template.text);
    assert.equal(template.json.template.body, longBody(8000));
  });

  it("a webhook endpoint's description: a NUL, a line feed, a tab, a lone surrogate, empty, 201 or 256 characters are 400 naming description on create and update, nothing stored; 200 emoji and null are taken", async () => {
    const before = await readsOf(world);
    for (const description of [
      "a\u0000b",
      "two\nlines",
      "tab\there",
      "bell\u0007",
      "c1\u0085",
      "lone\ud800",
      "",
      "x".repeat(201),
      "x".repeat(256),
    ]) {
      const create = await post("/v1/webhook_endpoints", { url: QUIET_URL, eventTypes: ["*"], description });
      refusedNaming(create, "description", description, `create ${JSON.stringify(description).slice(0, 20)}`);
      refusedNaming(
        await post(endpointPath(), { description }),
        "description",
        description,
        `update ${JSON.stringify(description).slice(0, 20)}`,
      );
    }
    assert.deepEqual(await readsOf(world), before, "nothing stored, no event");

    const long = await post("/v1/webhook_endpoints", {
      url: QUIET_URL,
      eventTypes: ["webhook_endpoint.disabled"],
      description: "🔔".repeat(200),
    });
    assert.equal(long.status, 201, long.text);
    assert.equal(long.json.webhookEndpoint.description, "🔔".repeat(200));
    const cleared = await post(`/v1/webhook_endpoints/${long.json.webhookEndpoint.id}`, { description: null });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(cleared.json.webhookEndpoint.description, null);
    assert.equal(
      (await call(world.server.url, `/v1/webhook_endpoints/${long.json.webhookEndpoint.id}`, { method: "DELETE", key: world.key })).status,
      204,
    );
  });

  it("recover's since: years outside 2000–2099, no offset or not an instant are 400 naming since; over 30 days back is 400; an hour ago is 202", async () => {
    const recover = (since: unknown) => post(`${endpointPath()}/recover`, { since });
    for (const since of [
      "2100-01-01T00:00:00Z",
      "2099-12-31T23:00:00-05:00",
      "1999-12-31T23:59:59Z",
      "2026-12-01T00:00:00",
      "tomorrow",
      "\ud800",
      5,
    ]) {
      const refused = await recover(since);
      assertProblem(refused, 400, "invalid_request");
      assert.deepEqual(namesOf(refused), ["since"], `${JSON.stringify(since)}: ${refused.text}`);
    }
    assertProblem(await recover(new Date(Date.now() - 31 * 86_400_000).toISOString()), 400, "invalid_request");
    const recent = await recover(new Date(Date.now() - 3_600_000).toISOString().replace("Z", "+00:00"));
    assert.equal(recent.status, 202, recent.text);
    assert.deepEqual(recent.json, { deliveries: 0 });
  });
});
