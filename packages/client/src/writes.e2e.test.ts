// The client's writes against the real server (memory, and Redis under STORE=redis): units and
// their schedule items with versions, templates with If-Match, replays of an Idempotency-Key,
// and events typed by their `type`.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startTestServer, type TestServer } from "@lintel/testkit/e2e";
import * as lintelServer from "@lintel/server";
import type { RunningServer } from "@lintel/server";
import { createLintelClient, LintelProblem, type Event, type EventOf, type LintelClient } from "./index.js";

/** Asserts that `promise` rejects with a LintelProblem of `code` and `status`; answers it. */
async function problemOf(promise: Promise<unknown>, code: string, status: number): Promise<LintelProblem> {
  let problem: LintelProblem | undefined;
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof LintelProblem, String(error));
    assert.deepEqual([error.code, error.status], [code, status]);
    problem = error;
    return true;
  });
  return problem as LintelProblem;
}

describe(`client writes (STORE=${process.env["STORE"] ?? "memory"})`, () => {
  let server: TestServer<RunningServer>;
  let lintel: LintelClient;
  before(async () => {
    server = await startTestServer(lintelServer);
    lintel = createLintelClient({ baseUrl: server.url, apiKey: server.fixture.keys.admin });
  });
  after(() => server.close());

  it("units: create (a replayed key answers the same unit, replayed: true), update, then item create, update and delete move the version", async () => {
    const urlKey = `${server.fixture.p}-elm-st`;
    const body = { urlKey, address: "12 Elm St, Springfield", timeZone: "America/Chicago" };
    const created = await lintel.units.create(body, { idempotencyKey: `unit-${urlKey}` });
    assert.deepEqual([created.replayed, created.unit.urlKey, created.unit.version], [false, urlKey, 1]);
    const again = await lintel.units.create(body, { idempotencyKey: `unit-${urlKey}` });
    assert.deepEqual(again, { ...created, replayed: true });
    // Without the key, the same body is a new request: the urlKey is taken.
    await problemOf(lintel.units.create(body), "conflict", 409);

    const updated = await lintel.units.update({ unitIdOrKey: urlKey, expectedVersion: 1, address: "12 Elm Street, Springfield" });
    assert.deepEqual([updated.replayed, updated.unit.address, updated.unit.version], [false, "12 Elm Street, Springfield", 2]);
    await problemOf(lintel.units.update({ unitIdOrKey: urlKey, expectedVersion: 1, address: "stale" }), "version_conflict", 409);

    const tour = await lintel.units.createScheduleItem({
      unitIdOrKey: urlKey,
      expectedVersion: 2,
      kind: "tour",
      title: "Self-guided tour",
      startAt: "2027-12-01T10:00:00-06:00",
      endAt: "2027-12-01T11:00:00-06:00",
    });
    assert.deepEqual(
      [tour.item.kind, tour.item.startAt, tour.item.localStart, tour.unit.version, tour.replayed],
      ["tour", "2027-12-01T16:00:00.000Z", "2027-12-01T10:00:00-06:00", 3, false],
    );
    assert.equal(tour.item.key, `tour:${tour.item.id}`);

    const moved = await lintel.units.updateScheduleItem({ unitIdOrKey: urlKey, key: tour.item.key, endAt: "2027-12-01T11:30:00-06:00" });
    assert.deepEqual(
      [moved.item.key, moved.item.title, moved.item.endAt, moved.unit.version],
      [tour.item.key, "Self-guided tour", "2027-12-01T17:30:00.000Z", 4],
    );
    const schedule = await lintel.units.listSchedule({ unitIdOrKey: urlKey, from: "2027-01-01T00:00:00Z" }).toArray();
    assert.deepEqual(schedule, [moved.item]);

    const deleteKey = `delete-${tour.item.key}`;
    const deleted = await lintel.units.deleteScheduleItem({ unitIdOrKey: urlKey, key: tour.item.key }, { idempotencyKey: deleteKey });
    assert.deepEqual([deleted.unit.version, deleted.replayed], [5, false]);
    // A retry after a lost answer is the stored answer, not a 404.
    const deletedAgain = await lintel.units.deleteScheduleItem({ unitIdOrKey: urlKey, key: tour.item.key }, { idempotencyKey: deleteKey });
    assert.deepEqual(deletedAgain, { ...deleted, replayed: true });
    await problemOf(lintel.units.deleteScheduleItem({ unitIdOrKey: urlKey, key: tour.item.key }), "not_found", 404);
    assert.deepEqual(await lintel.units.listSchedule({ unitIdOrKey: urlKey, from: "2027-01-01T00:00:00Z" }).toArray(), []);
  });

  it("a code takes a lock that serves the unit; a write after a preview makes it stale, so set_timezone with it is version_conflict", async () => {
    const { units, activeLocks } = server.fixture;
    const lockId = activeLocks.find((lock) => lock.unitIds.length === 1 && lock.unitIds[0] === units.chicago.id)?.lockId ?? "";
    const before = await lintel.units.get(units.chicago.id);
    const preview = await lintel.units.previewTimezoneChange({ unitIdOrKey: units.chicago.id, proposedTimeZone: "America/Denver" });
    assert.equal(preview.expectedVersion, before.version);

    const code = await lintel.units.createScheduleItem({
      unitIdOrKey: units.chicago.id,
      kind: "code",
      title: "Guest code",
      startAt: "2027-08-01T09:00:00-05:00",
      endAt: "2027-08-01T17:00:00-05:00",
      lockId,
    });
    assert.deepEqual([code.item.kind, code.item.lockId, code.unit.version], ["code", lockId, before.version + 1]);
    const stale = await problemOf(
      lintel.units.setTimezone({
        unitIdOrKey: units.chicago.id,
        timeZone: "America/Denver",
        expectedVersion: preview.expectedVersion,
        policy: "keep_wall_clock",
      }),
      "version_conflict",
      409,
    );
    assert.equal(stale.currentVersion, before.version + 1);

    const fresh = await lintel.units.previewTimezoneChange({ unitIdOrKey: units.chicago.id, proposedTimeZone: "America/Denver" });
    assert.ok(fresh.items.some((item) => item.key === code.item.key));
    const set = await lintel.units.setTimezone({
      unitIdOrKey: units.chicago.id,
      timeZone: "America/Denver",
      expectedVersion: fresh.expectedVersion,
      policy: "keep_wall_clock",
    });
    assert.equal(set.unit.version, fresh.expectedVersion + 1);
    const entry = (await lintel.units.listSchedule({ unitIdOrKey: units.chicago.id, from: "2027-01-01T00:00:00Z" }).toArray()).find(
      (item) => item.key === code.item.key,
    );
    assert.deepEqual([entry?.localStart, entry?.startAt], ["2027-08-01T09:00:00-06:00", "2027-08-01T15:00:00.000Z"]);

    // A code without a lock, or with one that does not serve the unit, is refused.
    const codeBody = {
      unitIdOrKey: units.york.id,
      kind: "code" as const,
      title: "No lock",
      startAt: code.item.startAt,
      endAt: code.item.endAt,
    };
    await problemOf(lintel.units.createScheduleItem(codeBody), "invalid_request", 400);
    await problemOf(lintel.units.createScheduleItem({ ...codeBody, lockId }), "invalid_request", 400);
  });

  it("templates: create, getWithEtag, update with ifMatch, a stale ifMatch is precondition_failed, delete with ifMatch; replays say so", async () => {
    const key = `tpl-${server.fixture.p}`;
    const body = { name: "Tour reminder", body: "Hi {{ prospect.name }}, your tour starts at {{tour.start}}.", sortOrder: 10 };
    const created = await lintel.templates.create(body, { idempotencyKey: key });
    assert.deepEqual([created.replayed, created.template.name, created.template.sortOrder], [false, "Tour reminder", 10]);
    assert.deepEqual(await lintel.templates.create(body, { idempotencyKey: key }), { ...created, replayed: true });
    await problemOf(lintel.templates.create({ ...body, name: "Another" }, { idempotencyKey: key }), "idempotency_key_reused", 422);

    const templateId = created.template.id;
    const read = await lintel.templates.getWithEtag(templateId);
    assert.deepEqual(read.template, created.template);
    assert.match(read.etag, /^"[A-Za-z0-9_-]+"$/);
    assert.deepEqual(await lintel.templates.get(templateId), read.template, "get answers the same template");

    const updated = await lintel.templates.update({
      templateId,
      body: "Hi {{ prospect.name }}, see you at {{tour.start}}.",
      ifMatch: read.etag,
    });
    assert.deepEqual(
      [updated.replayed, updated.template.body, updated.template.name],
      [false, "Hi {{ prospect.name }}, see you at {{tour.start}}.", "Tour reminder"],
    );
    const now = await lintel.templates.getWithEtag(templateId);
    assert.notEqual(now.etag, read.etag);
    assert.deepEqual(now.template, updated.template);

    // The ETag read before the update is stale: neither an update nor a delete applies.
    await problemOf(lintel.templates.update({ templateId, name: "Lost update", ifMatch: read.etag }), "precondition_failed", 412);
    await problemOf(lintel.templates.delete({ templateId, ifMatch: read.etag }), "precondition_failed", 412);
    assert.deepEqual(await lintel.templates.get(templateId), now.template);

    const deleteKey = `delete-${templateId}`;
    assert.deepEqual(await lintel.templates.delete({ templateId, ifMatch: now.etag }, { idempotencyKey: deleteKey }), { replayed: false });
    assert.deepEqual(await lintel.templates.delete({ templateId, ifMatch: now.etag }, { idempotencyKey: deleteKey }), { replayed: true });
    await problemOf(lintel.templates.get(templateId), "not_found", 404);
    await problemOf(lintel.templates.getWithEtag(templateId), "not_found", 404);
    await problemOf(lintel.templates.delete({ templateId }), "not_found", 404);
  });

  it("a template a scheduled message still names cannot be deleted (409 conflict); without ifMatch an update applies whatever the version", async () => {
    const { templates, units } = server.fixture;
    const templateId = templates[0]?.id ?? "";
    await problemOf(lintel.templates.delete({ templateId }), "conflict", 409);
    const renamed = await lintel.templates.update({ templateId, name: "Renamed" });
    assert.equal(renamed.template.name, "Renamed");
    const message = await lintel.units.createScheduleItem({
      unitIdOrKey: units.none.id,
      kind: "scheduled_message",
      title: "Welcome",
      sendAt: "2027-09-01T12:00:00Z",
      templateId,
    });
    assert.deepEqual(
      [message.item.kind, message.item.templateId, message.item.startAt],
      ["scheduled_message", templateId, "2027-09-01T12:00:00.000Z"],
    );
  });

  it("a write the transport retries (a proxy's 503) keeps the one Idempotency-Key it generated: the template is created once", async () => {
    const keysSent: string[] = [];
    let proxyFailures = 1;
    const flaky = createLintelClient({
      baseUrl: server.url,
      apiKey: server.fixture.keys.admin,
      retryBaseDelayMs: 1,
      fetch: async (url, init) => {
        const key = (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
        if (key !== undefined) keysSent.push(key);
        const answer = await fetch(url, init);
        // The answer is lost on its way back, the first time: the change was made.
        if (key !== undefined && proxyFailures-- > 0) return new Response("Bad gateway", { status: 503 });
        return answer;
      },
    });
    const name = `Retried ${server.fixture.p}`;
    const created = await flaky.templates.create({ name, body: "Hello {{prospect.name}}." });
    assert.equal(created.replayed, true, "the retry got the first request's stored answer");
    assert.equal(keysSent.length, 2);
    assert.equal(keysSent[0], keysSent[1]);
    assert.match(keysSent[0] ?? "", /^[0-9a-f-]{36}$/);
    const named = (await lintel.templates.list({ limit: 100 }).toArray()).filter((template) => template.name === name);
    assert.deepEqual(named, [created.template]);
  });

  it("events: the writes' events are listed, each one's data typed by its type", async () => {
    const events: Event[] = await lintel.events.list({ limit: 100 }).toArray();
    const types = new Set(events.map((event) => event.type));
    for (const type of [
      "unit.created",
      "unit.updated",
      "schedule.item_created",
      "schedule.item_updated",
      "schedule.item_deleted",
    ] as const) {
      assert.ok(types.has(type), type);
    }
    for (const type of ["template.created", "template.updated", "template.deleted", "unit.timezone_changed"] as const) {
      assert.ok(types.has(type), type);
    }
    for (const event of events) {
      // Narrowing on `type` types `data`: these lines compile only because Event is a union on it.
      if (event.type === "template.updated") assert.equal(event.data.template.id, event.data.previous.id);
      if (event.type === "schedule.item_updated") assert.equal(event.data.item.key, event.data.previous.key);
      if (event.type === "unit.timezone_changed") assert.ok(Array.isArray(event.data.moved));
    }
    const created = await lintel.events.list({ type: "unit.created" }).toArray();
    const first = created[0] as EventOf<"unit.created">;
    assert.match(first.data.unit.urlKey, new RegExp(`^${server.fixture.p}-`));
  });
});
