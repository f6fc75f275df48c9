// The writes over HTTP (units, schedule items, templates): the booking flow from a new unit to
// its moved schedule, a preview made stale by a write, the version race, Idempotency-Key replays,
// If-Match on templates and a template in use. Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { assertConcurrentCreatesAllApply } from "./concurrent-writes.test-support.js";
import { allEvents, assertProblem, call, postJson, startTestServer, type TestServer } from "../e2e.test-support.js";

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const admin = () => server.fixture.keys.admin;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(server.url, path, admin(), body, headers);
const get = (path: string) => call(server.url, path, { key: admin() });

async function unitOf(idOrKey: string): Promise<{ id: string; timeZone: string | null; version: number }> {
  const answer = await get(`/v1/units/get_unit?unitIdOrKey=${idOrKey}`);
  assert.equal(answer.status, 200, answer.text);
  return answer.json.unit;
}

interface Entry {
  readonly key: string;
  readonly id: string;
  readonly title: string;
  readonly startAt: string;
  readonly localStart: string;
  readonly lockId: string | null;
}
async function scheduleOf(idOrKey: string): Promise<Entry[]> {
  const answer = await get(`/v1/units/list_schedule?unitIdOrKey=${idOrKey}&from=2000-01-01T00:00:00Z&limit=100`);
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.json.nextCursor, null);
  return answer.json.items;
}

const preview = (idOrKey: string, zone: string) => get(`/v1/units/preview_timezone_change?unitIdOrKey=${idOrKey}&proposedTimeZone=${zone}`);
const setZone = (unitIdOrKey: string, timeZone: string, expectedVersion: number) =>
  post("/v1/units/set_timezone", { unitIdOrKey, timeZone, expectedVersion, policy: "keep_wall_clock" });

describe("e2e: the writes", () => {
  it("the booking flow: create a unit, a tour and a code, preview a move, apply it, see the schedule", async () => {
    // Locks come only from fixtures, so none serves a unit made here: its code is refused (the next
    // test makes one on a fixture unit), and its schedule is a tour and a scheduled message.
    const urlKey = `${server.fixture.p}-elm-st`;
    const created = await post("/v1/units/create_unit", { urlKey, address: "12 Elm St", timeZone: "america/chicago" });
    assert.equal(created.status, 201, created.text);
    const unit = created.json.unit;
    assert.match(unit.id, /^unit_[0-9A-Za-z]{24}$/);
    assert.deepEqual(unit, { id: unit.id, urlKey, address: "12 Elm St", timeZone: "America/Chicago", version: 1, showingRules: null });
    assert.deepEqual(await unitOf(urlKey), unit);

    const tourBody = { unitIdOrKey: urlKey, expectedVersion: 1, kind: "tour", title: "Tour", startAt: "2027-06-01T10:00:00-05:00" };
    const tour = await post("/v1/units/create_schedule_item", { ...tourBody, endAt: "2027-06-01T11:00:00-05:00" });
    assert.equal(tour.status, 201, tour.text);
    assert.match(tour.json.item.id, /^tour_[0-9A-Za-z]{24}$/);
    assert.deepEqual(
      [tour.json.item.key, tour.json.item.startAt, tour.json.item.localStart, tour.json.item.lockId, tour.json.unit.version],
      [`tour:${tour.json.item.id}`, "2027-06-01T15:00:00.000Z", "2027-06-01T10:00:00-05:00", null, 2],
    );
    const code = await post("/v1/units/create_schedule_item", {
      ...tourBody,
      expectedVersion: 2,
      kind: "code",
      endAt: "2027-06-01T11:00:00-05:00",
      lockId: server.fixture.locks[0]?.lockId,
    });
    assertProblem(code, 400, "invalid_request");
    assert.deepEqual(
      code.json.invalidParams.map((param: { name: string }) => param.name),
      ["lockId"],
    );
    const message = await post("/v1/units/create_schedule_item", {
      unitIdOrKey: unit.id,
      expectedVersion: 2,
      kind: "scheduled_message",
      title: "Reminder",
      sendAt: "2027-05-31T18:00:00-05:00",
      templateId: server.fixture.templates[1]?.id,
    });
    assert.equal(message.status, 201, message.text);
    assert.match(message.json.item.id, /^msg_[0-9A-Za-z]{24}$/);
    assert.equal(message.json.unit.version, 3);

    const proposed = await preview(urlKey, "America/New_York");
    assert.equal(proposed.status, 200, proposed.text);
    assert.deepEqual([proposed.json.status, proposed.json.expectedVersion], ["ok", 3]);
    assert.deepEqual(
      proposed.json.items.map((item: { key: string }) => item.key).sort(),
      [message.json.item.key, tour.json.item.key].sort(),
    );
    const applied = await setZone(urlKey, "America/New_York", proposed.json.expectedVersion);
    assert.equal(applied.status, 200, applied.text);
    assert.deepEqual([applied.json.moved, applied.json.unit.version], [2, 4]);
    const schedule = await scheduleOf(urlKey);
    assert.deepEqual(
      schedule.map(({ key, startAt, localStart }) => [key, startAt, localStart]),
      [
        [message.json.item.key, "2027-05-31T22:00:00.000Z", "2027-05-31T18:00:00-04:00"],
        [tour.json.item.key, "2027-06-01T14:00:00.000Z", "2027-06-01T10:00:00-04:00"],
      ],
    );
  });

  it("a code is made on an active lock that serves its unit; an inactive, foreign or absent lock is 400 lockId", async () => {
    const unit = server.fixture.units.chicago;
    const code = { unitIdOrKey: unit.id, kind: "code", title: "Cleaner", startAt: "2027-08-01T09:00:00Z", endAt: "2027-08-01T12:00:00Z" };
    const before = await unitOf(unit.id);
    for (const lockId of [
      server.fixture.inactiveLock?.lockId,
      server.fixture.foreignLock.lockId,
      `${server.fixture.p}_lk_none`,
      undefined,
    ]) {
      const refused = await post("/v1/units/create_schedule_item", { ...code, lockId });
      assertProblem(refused, 400, "invalid_request");
      assert.deepEqual(
        refused.json.invalidParams.map((param: { name: string }) => param.name),
        ["lockId"],
        String(lockId),
      );
    }
    assert.equal((await unitOf(unit.id)).version, before.version, "a refused write changes nothing");
    const lockId = server.fixture.locks[0]?.lockId;
    const made = await post("/v1/units/create_schedule_item", { ...code, lockId });
    assert.equal(made.status, 201, made.text);
    assert.match(made.json.item.id, /^code_[0-9A-Za-z]{24}$/);
    assert.equal(made.json.unit.version, before.version + 1);
    const listed = (await scheduleOf(unit.id)).find((entry) => entry.key === made.json.item.key);
    assert.deepEqual([listed?.title, listed?.lockId, listed?.localStart], ["Cleaner", lockId, "2027-08-01T04:00:00-05:00"]);
  });

  it("a preview made stale by a new tour: set_timezone with its expectedVersion is 409, the fresh preview lists the tour, the apply moves it", async () => {
    const unit = server.fixture.units.york;
    const stale = await preview(unit.id, "Europe/London");
    assert.equal(stale.status, 200, stale.text);
    const version = stale.json.expectedVersion as number;
    const tour = await post("/v1/units/create_schedule_item", {
      unitIdOrKey: unit.urlKey,
      kind: "tour",
      title: "Late booking",
      startAt: "2027-09-01T09:00:00-04:00",
      endAt: "2027-09-01T10:00:00-04:00",
    });
    assert.equal(tour.status, 201, tour.text);
    assert.equal(tour.json.unit.version, version + 1);
    assert.ok(!stale.json.items.some((item: { key: string }) => item.key === tour.json.item.key));

    const refused = await setZone(unit.id, "Europe/London", version);
    assertProblem(refused, 409, "version_conflict");
    assert.equal(refused.json.currentVersion, version + 1);
    const unchanged = await unitOf(unit.id);
    assert.deepEqual([unchanged.timeZone, unchanged.version], ["America/New_York", version + 1]);

    const fresh = await preview(unit.id, "Europe/London");
    assert.equal(fresh.json.expectedVersion, version + 1);
    const listed = fresh.json.items.find((item: { key: string }) => item.key === tour.json.item.key);
    assert.equal(listed?.startAt, "2027-09-01T13:00:00.000Z");
    const applied = await setZone(unit.id, "Europe/London", fresh.json.expectedVersion);
    assert.equal(applied.status, 200, applied.text);
    assert.equal(applied.json.unit.version, version + 2);
    const moved = (await scheduleOf(unit.id)).find((entry) => entry.key === tour.json.item.key);
    assert.deepEqual([moved?.startAt, moved?.localStart], ["2027-09-01T08:00:00.000Z", "2027-09-01T09:00:00+01:00"]);
  });

  it("12 concurrent creates naming one expectedVersion: one 201, eleven 409 version_conflict", async () => {
    const unit = server.fixture.units.none;
    const { version } = await unitOf(unit.id);
    const itemsBefore = await scheduleOf(unit.id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post("/v1/units/create_schedule_item", {
          unitIdOrKey: unit.id,
          expectedVersion: version,
          kind: "open_house",
          title: `Open house ${i}`,
          startAt: "2027-10-02T10:00:00Z",
          endAt: "2027-10-02T12:00:00Z",
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    assert.equal(created.length, 1, answers.map((answer) => answer.status).join(","));
    for (const answer of answers.filter((other) => other.status !== 201)) {
      assertProblem(answer, 409, "version_conflict");
      assert.equal(answer.json.currentVersion, version + 1);
    }
    assert.equal((await unitOf(unit.id)).version, version + 1);
    const itemsAfter = await scheduleOf(unit.id);
    const added = itemsAfter.filter((entry) => !itemsBefore.some((old) => old.key === entry.key));
    assert.deepEqual(
      added.map((entry) => entry.key),
      [created[0]?.json.item.key],
    );
    assert.equal(itemsAfter.length, itemsBefore.length + 1);
  });

  it("100 concurrent creates without expectedVersion on one unit: every one 201 with its own version, each in its event", async () => {
    const created = await post("/v1/units/create_unit", { urlKey: `${server.fixture.p}-busy`, address: "5 Busy St" });
    assert.equal(created.status, 201, created.text);
    await assertConcurrentCreatesAllApply([server.url], admin(), created.json.unit.id, 100);
  });

  it("Idempotency-Key on a write: the replay answers the same 201 and body with Idempotent-Replayed, changes nothing; another body is 422", async () => {
    const unit = server.fixture.units.chicago;
    const key = { "Idempotency-Key": randomUUID() };
    const body = {
      unitIdOrKey: unit.id,
      kind: "tour",
      title: `Retried ${key["Idempotency-Key"]}`,
      startAt: "2027-07-01T15:00:00Z",
      endAt: "2027-07-01T16:00:00Z",
    };
    const eventsBefore = await allEvents(server.url, admin());
    const first = await post("/v1/units/create_schedule_item", body, key);
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers.get("idempotent-replayed"), null);
    const again = await post("/v1/units/create_schedule_item", body, key);
    assert.equal(again.status, 201);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    const other = await post("/v1/units/create_schedule_item", { ...body, title: "Another body" }, key);
    assertProblem(other, 422, "idempotency_key_reused");
    assert.equal((await unitOf(unit.id)).version, first.json.unit.version);
    const titled = (await scheduleOf(unit.id)).filter((entry) => entry.title === body.title || entry.title === "Another body");
    assert.deepEqual(
      titled.map((entry) => entry.key),
      [first.json.item.key],
    );
    const newEvents = (await allEvents(server.url, admin())).length - eventsBefore.length;
    assert.equal(newEvents, 1, "one schedule.item_created, not one per request");

    const templateKey = { "Idempotency-Key": randomUUID() };
    const template = { name: `Idempotent ${templateKey["Idempotency-Key"]}`, body: "Hi {{prospect.name}}" };
    const made = await post("/v1/templates/create_message_template", template, templateKey);
    const remade = await post("/v1/templates/create_message_template", template, templateKey);
    assert.equal(made.status, 201, made.text);
    assert.deepEqual([remade.status, remade.text, remade.headers.get("idempotent-replayed")], [201, made.text, "true"]);
    const list = await get("/v1/templates/list_message_templates?limit=100");
    assert.equal(list.json.templates.filter((t: { name: string }) => t.name === template.name).length, 1);
  });

  it("templates: If-Match with the current ETag applies (200) and its retry is replayed without it, the old ETag is then 412; a template a future message names cannot be deleted (409), then can once the message is deleted", async () => {
    const made = await post("/v1/templates/create_message_template", { name: "Welcome", body: "Hi {{prospect.name}}", sortOrder: 3 });
    assert.equal(made.status, 201, made.text);
    const templateId = made.json.template.id as string;
    assert.match(templateId, /^tpl_[0-9A-Za-z]{24}$/);
    const etagOf = async () => {
      const answer = await get(`/v1/templates/get_message_template?templateId=${templateId}`);
      assert.equal(answer.status, 200, answer.text);
      return answer.headers.get("etag") ?? assert.fail("no ETag");
    };
    const first = await etagOf();
    const retryKey = { "Idempotency-Key": `tpl-${templateId}` };
    const updated = await post(
      "/v1/templates/update_message_template",
      { templateId, body: "Hello {{prospect.name}}" },
      { "If-Match": first, ...retryKey },
    );
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.json.template.body, "Hello {{prospect.name}}");
    // A retry with the same key and body is replayed, whether or not it repeats the If-Match.
    const retried = await post("/v1/templates/update_message_template", { templateId, body: "Hello {{prospect.name}}" }, retryKey);
    assert.deepEqual([retried.status, retried.text, retried.headers.get("idempotent-replayed")], [200, updated.text, "true"]);
    const second = await etagOf();
    assert.notEqual(second, first);
    const stale = await post("/v1/templates/update_message_template", { templateId, name: "Lost update" }, { "If-Match": first });
    assertProblem(stale, 412, "precondition_failed");
    assertProblem(await post("/v1/templates/delete_message_template", { templateId }, { "If-Match": first }), 412, "precondition_failed");

    const unit = server.fixture.units.york.id;
    const message = await post("/v1/units/create_schedule_item", {
      unitIdOrKey: unit,
      kind: "scheduled_message",
      title: "Welcome note",
      sendAt: "2027-12-01T09:00:00-05:00",
      templateId,
    });
    assert.equal(message.status, 201, message.text);
    const inUse = await post("/v1/templates/delete_message_template", { templateId }, { "If-Match": second });
    assertProblem(inUse, 409, "conflict");
    assert.ok(inUse.json.detail.includes(message.json.item.key), `the problem names the message: ${inUse.json.detail}`);
    const kept = await get(`/v1/templates/get_message_template?templateId=${templateId}`);
    assert.deepEqual([kept.status, kept.json.template.name, kept.headers.get("etag")], [200, "Welcome", second]);

    const removed = await post("/v1/units/delete_schedule_item", { unitIdOrKey: unit, key: message.json.item.key });
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.json.unit.version, message.json.unit.version + 1);
    const deleted = await post("/v1/templates/delete_message_template", { templateId }, { "If-Match": second });
    assert.equal(deleted.status, 204, deleted.text);
    assertProblem(await get(`/v1/templates/get_message_template?templateId=${templateId}`), 404, "not_found");
    const list = await get("/v1/templates/list_message_templates?limit=100");
    assert.ok(!list.json.templates.some((t: { id: string }) => t.id === templateId));
  });
});
