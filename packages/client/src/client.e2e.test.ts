// The client against the real server (memory, and Redis under STORE=redis): its `for await`
// walks equal a manual cursor walk, answers are typed bodies, errors are LintelProblems.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { call, startTestServer, type TestServer } from "@lintel/testkit/e2e";
import * as lintelServer from "@lintel/server";
import type { RunningServer } from "@lintel/server";
import { createLintelClient, LintelProblem, type LintelClient } from "./index.js";

/** Follows nextCursor by hand with fetch: what the client's walk must equal. */
async function manualWalk(server: TestServer<RunningServer>, path: string, field: string, key: string, query = ""): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  do {
    const answer = await call(
      server.url,
      `${path}?limit=${query ? 1 : 7}${query}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`,
      { key },
    );
    assert.equal(answer.status, 200, answer.text);
    items.push(...answer.json[field]);
    cursor = answer.json.nextCursor;
  } while (cursor !== null);
  return items;
}

describe(`client (STORE=${process.env["STORE"] ?? "memory"})`, () => {
  let server: TestServer<RunningServer>;
  let lintel: LintelClient;
  before(async () => {
    server = await startTestServer(lintelServer);
    lintel = createLintelClient({ baseUrl: server.url, apiKey: server.fixture.keys.admin });
  });
  after(() => server.close());

  it("for await over locks.list equals a manual cursor walk, page by page too", async () => {
    const walked = [];
    for await (const lock of lintel.locks.list({ limit: 7 })) walked.push(lock);
    assert.deepEqual(walked, await manualWalk(server, "/v1/locks", "locks", server.fixture.keys.admin));
    assert.deepEqual(walked.map((lock) => lock.lockId).sort(), server.fixture.activeLocks.map((lock) => lock.lockId).sort());
    const pages = [];
    for await (const page of lintel.locks.list({ limit: 7 }).pages()) pages.push(page);
    assert.equal(pages.length, Math.ceil(walked.length / 7));
    assert.equal(pages.at(-1)?.nextCursor, null);
  });

  it("for await over templates.list equals a manual cursor walk; toArray reads the same", async () => {
    const walked = [];
    for await (const template of lintel.templates.list({ limit: 7 })) walked.push(template);
    assert.deepEqual(walked, await manualWalk(server, "/v1/templates/list_message_templates", "templates", server.fixture.keys.admin));
    assert.equal(walked.length, server.fixture.templates.length);
    assert.deepEqual(await lintel.templates.list({ limit: 2 }).toArray(), walked);
  });

  it("for await over units.list and units.listSchedule equals a manual cursor walk", async () => {
    const { keys, units } = server.fixture;
    const walked = [];
    for await (const unit of lintel.units.list({ limit: 7 })) walked.push(unit);
    assert.deepEqual(walked, await manualWalk(server, "/v1/units/list_units", "units", keys.admin));
    assert.equal(walked.length, Object.values(units).filter((unit) => unit.orgId === server.fixture.orgA).length);
    const from = "2026-01-01T00:00:00.000Z";
    const schedule = [];
    for await (const entry of lintel.units.listSchedule({ unitIdOrKey: units.chicago.urlKey, from, limit: 1 })) schedule.push(entry);
    const manual = await manualWalk(
      server,
      "/v1/units/list_schedule",
      "items",
      keys.admin,
      `&unitIdOrKey=${units.chicago.urlKey}&from=${from}`,
    );
    assert.deepEqual(schedule, manual);
    assert.ok(schedule.length >= 3, `${schedule.length} entries`);
    assert.deepEqual(
      await lintel.units.get(units.chicago.urlKey),
      walked.find((unit) => unit.id === units.chicago.id),
    );
  });

  it("templates.listVariables and templates.render answer the API's bodies; a render's refusal is a LintelProblem", async () => {
    const { units } = server.fixture;
    const variables = await lintel.templates.listVariables();
    assert.equal(variables.length, 17);
    assert.deepEqual(variables[0], {
      name: "unit.address",
      description: variables[0]?.description,
      example: "1200 W Lake St, Chicago, IL",
    });
    const rendered = await lintel.templates.render({ body: "{{unit.address}} {{tour.start}}", unitIdOrKey: units.york.urlKey });
    assert.deepEqual(rendered, {
      text: `${units.york.address} `,
      values: { "unit.address": units.york.address, "tour.start": null },
      missing: ["tour.start"],
      sms: { encoding: "GSM-7", units: units.york.address.length + 1, segments: 1 },
    });
    await assert.rejects(lintel.templates.render({ body: "{{tour.strat}}", unitIdOrKey: units.york.id }), (error: unknown) => {
      assert.ok(error instanceof LintelProblem);
      assert.equal(error.code, "invalid_request");
      assert.match(error.invalidParams[0]?.reason ?? "", /tour\.start/);
      return true;
    });
  });

  it("get, getState, preview and setTimezone answer the API's bodies", async () => {
    const { shared, units, templates } = server.fixture;
    assert.equal((await lintel.locks.get(shared.lockId)).name, shared.name);
    assert.equal((await lintel.locks.getState(shared.lockId)).lockId, shared.lockId);
    assert.equal((await lintel.templates.get(templates[0]?.id ?? "")).body, templates[0]?.body);
    const preview = await lintel.units.previewTimezoneChange({ unitIdOrKey: units.york.urlKey, proposedTimeZone: "Europe/Berlin" });
    assert.equal(preview.currentTimeZone, "America/New_York");
    const set = await lintel.units.setTimezone({
      unitIdOrKey: units.york.id,
      timeZone: "Europe/Berlin",
      expectedVersion: preview.expectedVersion,
      policy: "keep_instant",
    });
    assert.deepEqual(
      { zone: set.unit.timeZone, version: set.unit.version, moved: set.moved },
      { zone: "Europe/Berlin", version: preview.expectedVersion + 1, moved: 0 },
    );
  });

  it("errors are LintelProblems with code, status, requestId, detail and invalidParams", async () => {
    await assert.rejects(lintel.locks.get("no-such-lock"), (error: unknown) => {
      assert.ok(error instanceof LintelProblem);
      assert.deepEqual([error.code, error.status], ["not_found", 404]);
      assert.match(error.requestId ?? "", /^[0-9a-f-]{36}$/);
      assert.match(error.detail, /no-such-lock/);
      return true;
    });
    await assert.rejects(lintel.locks.list({ limit: 500 }).toArray(), (error: unknown) => {
      assert.ok(error instanceof LintelProblem);
      assert.equal(error.code, "invalid_request");
      assert.deepEqual(
        error.invalidParams.map((param) => param.name),
        ["limit"],
      );
      return true;
    });
    const stale = lintel.units.setTimezone({
      unitIdOrKey: server.fixture.units.chicago.id,
      timeZone: "UTC",
      expectedVersion: 99,
      policy: "keep_instant",
    });
    await assert.rejects(
      stale,
      (error: unknown) => error instanceof LintelProblem && error.code === "version_conflict" && error.status === 409,
    );
    const stranger = createLintelClient({ baseUrl: server.url, apiKey: server.fixture.keys.locksOnly });
    await assert.rejects(
      stranger.templates.get("x"),
      (error: unknown) => error instanceof LintelProblem && error.code === "missing_scope" && error.status === 403,
    );
  });
});
