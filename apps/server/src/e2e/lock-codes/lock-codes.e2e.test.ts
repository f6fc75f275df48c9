// Codes on locks (docs/contract.md "Codes on locks"), end to end: codes written over HTTP reach
// Seam's fake through the Seam lock code programmer (SEAM_API_KEY and SEAM_ENDPOINT at the fake,
// started in this process), with their PIN, name and instants; updates, a keep-wall-clock zone
// change and deletes follow them there; a simulated lock's code is set by the simulator; a
// fixture's code without a PIN gets one. Runs on the memory store and, with STORE=redis, on Redis.
// Outages, a missing SEAM_API_KEY and the logs: lock-codes-outages.e2e.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFakeSeam, type FakeSeam } from "@lintel/testkit/seam";
import { allEvents, call } from "../e2e.test-support.js";
import { codesFixture, lockSyncIs, onlyCodeOn, post, startCodesServer, until, type CodesFixture } from "./lock-codes.test-support.js";
import type { RunningServer } from "../../server.js";

describe("e2e: codes on locks through Seam's fake", () => {
  let fake: FakeSeam;
  let server: RunningServer;
  let fixture: CodesFixture;
  let fixtureCodeId: string;
  const write = (path: string, body: unknown) => post(server.url, fixture, path, body);
  const createCode = async (lock: string, fields: Record<string, unknown>, unitIdOrKey = fixture.codesUnit.id) => {
    const answer = await write("/v1/units/create_schedule_item", { unitIdOrKey, kind: "code", lockId: fixture.lockIds[lock], ...fields });
    assert.equal(answer.status, 201, answer.text);
    return answer.json.item as { key: string; id: string; code: string; startAt: string; endAt: string };
  };

  before(async () => {
    fake = await startFakeSeam();
    fixture = codesFixture(fake, ["create", "update", "zone", "delete", "fixture"]);
    fixtureCodeId = `${fixture.p}_c_seam`;
    // A unit of its own for the zone change (set_timezone moves every item of the unit), served by the "zone" lock only.
    const zoneUnit = { ...fixture.units.chicago, id: `${fixture.p}_u_zone`, urlKey: `${fixture.p}-zone`, address: "6 Zone Rd" };
    const locks = fixture.json.locks.map((lock) => (lock.lockId === fixture.lockIds["zone"] ? { ...lock, unitIds: [zoneUnit.id] } : lock));
    const fixtureCode = {
      id: fixtureCodeId,
      unitId: fixture.codesUnit.id,
      lockId: fixture.lockIds["fixture"],
      name: "Fixture cleaner",
      startAt: "2027-10-02T13:00:00.000Z",
      endAt: "2027-10-02T15:30:00.000Z",
    };
    const json = { ...fixture.json, units: [...fixture.json.units, zoneUnit], locks, codes: [...fixture.json.codes, fixtureCode] };
    server = await startCodesServer(fixture.p, json, { SEAM_API_KEY: fake.apiKey, SEAM_ENDPOINT: fake.endpoint });
  });
  after(async () => {
    await server?.close();
    await fake?.close();
  });

  it("a code created in Lintel is at Seam with its device, PIN, name and instants; lockSync becomes set and access_code.synced is emitted", async () => {
    const item = await createCode("create", {
      title: "Cleaner Tuesday",
      startAt: "2027-09-01T09:00:00-05:00",
      endAt: "2027-09-01T13:00:00-05:00",
      code: "4815",
    });
    assert.deepEqual([item.code, item.startAt, item.endAt], ["4815", "2027-09-01T14:00:00.000Z", "2027-09-01T18:00:00.000Z"]);
    const entry = await lockSyncIs(server.url, fixture, fixture.codesUnit.id, item.key, "set");
    assert.equal(entry.code, "4815");
    const atSeam = onlyCodeOn(fake, fixture.devices["create"]!);
    assert.deepEqual(
      {
        device: atSeam.device_id,
        name: atSeam.name,
        code: atSeam.code,
        type: atSeam.type,
        startsAt: atSeam.starts_at,
        endsAt: atSeam.ends_at,
      },
      {
        device: fixture.devices["create"],
        name: "Cleaner Tuesday",
        code: "4815",
        type: "time_bound",
        startsAt: item.startAt,
        endsAt: item.endAt,
      },
    );
    const synced = await until("access_code.synced", async () =>
      (await allEvents(server.url, fixture.keys.admin)).find(
        (event) => event.type === "access_code.synced" && event.data.item.id === item.id,
      ),
    );
    assert.equal(synced.data.unitId, fixture.codesUnit.id);
    assert.equal(synced.data.item.key, item.key);
    assert.equal(synced.data.item.code, null, "an event never carries the PIN");
    assert.equal(synced.data.item.lockSync.status, "set");
  });

  it("an update moves it there: the PIN, name and instants change on the same access code", async () => {
    const item = await createCode("update", {
      title: "Painter",
      startAt: "2027-09-02T14:00:00Z",
      endAt: "2027-09-02T16:00:00Z",
      code: "102938",
    });
    await lockSyncIs(server.url, fixture, fixture.codesUnit.id, item.key, "set");
    const first = onlyCodeOn(fake, fixture.devices["update"]!);
    assert.equal(first.code, "102938");

    const updated = await write("/v1/units/update_schedule_item", {
      unitIdOrKey: fixture.codesUnit.id,
      key: item.key,
      title: "Painter, second coat",
      startAt: "2027-09-03T15:00:00Z",
      endAt: "2027-09-03T19:30:00Z",
      code: "56473829",
    });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual([updated.json.item.code, updated.json.item.lockSync.status], ["56473829", "pending"]);
    const entry = await lockSyncIs(server.url, fixture, fixture.codesUnit.id, item.key, "set");
    const now = onlyCodeOn(fake, fixture.devices["update"]!);
    assert.deepEqual(
      [now.access_code_id, now.name, now.code, now.starts_at, now.ends_at],
      [first.access_code_id, "Painter, second coat", "56473829", "2027-09-03T15:00:00.000Z", "2027-09-03T19:30:00.000Z"],
    );
    assert.deepEqual([entry.startAt, entry.endAt], ["2027-09-03T15:00:00.000Z", "2027-09-03T19:30:00.000Z"]);
  });

  it("set_timezone under keep_wall_clock moves it to exactly the preview's wallClockStart/wallClockEnd", async () => {
    const unitId = `${fixture.p}_u_zone`;
    const item = await createCode(
      "zone",
      { title: "Dog walker", startAt: "2027-09-04T08:00:00-05:00", endAt: "2027-09-04T09:15:00-05:00", code: "8642" },
      unitId,
    );
    await lockSyncIs(server.url, fixture, unitId, item.key, "set");
    const preview = await call(server.url, `/v1/units/preview_timezone_change?unitIdOrKey=${unitId}&proposedTimeZone=Europe/Berlin`, {
      key: fixture.keys.admin,
    });
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.json.status, "ok", preview.text);
    const planned = (preview.json.items as { key: string; wallClockStart: string; wallClockEnd: string }[]).find(
      (one) => one.key === item.key,
    );
    assert.ok(planned, `the preview lists ${item.key}`);
    assert.deepEqual([planned.wallClockStart, planned.wallClockEnd], ["2027-09-04T08:00:00+02:00", "2027-09-04T09:15:00+02:00"]);

    const applied = await write("/v1/units/set_timezone", {
      unitIdOrKey: unitId,
      timeZone: "Europe/Berlin",
      expectedVersion: preview.json.expectedVersion,
      policy: "keep_wall_clock",
    });
    assert.equal(applied.status, 200, applied.text);
    const startsAt = new Date(planned.wallClockStart).toISOString();
    const endsAt = new Date(planned.wallClockEnd).toISOString();
    const entry = await lockSyncIs(server.url, fixture, unitId, item.key, "set");
    assert.deepEqual([entry.startAt, entry.endAt], [startsAt, endsAt]);
    const atSeam = onlyCodeOn(fake, fixture.devices["zone"]!);
    assert.deepEqual([atSeam.starts_at, atSeam.ends_at, atSeam.code, atSeam.name], [startsAt, endsAt, "8642", "Dog walker"]);
  });

  it("a delete removes it", async () => {
    const item = await createCode("delete", { title: "Plumber", startAt: "2027-09-05T14:00:00Z", endAt: "2027-09-05T15:00:00Z" });
    assert.match(item.code, /^[0-9]{6}$/, "a code given no PIN gets 6 random digits");
    await lockSyncIs(server.url, fixture, fixture.codesUnit.id, item.key, "set");
    assert.equal(onlyCodeOn(fake, fixture.devices["delete"]!).code, item.code);
    const removed = await write("/v1/units/delete_schedule_item", { unitIdOrKey: fixture.codesUnit.id, key: item.key });
    assert.equal(removed.status, 200, removed.text);
    await until("the access code gone from the device", () =>
      fake.accessCodesOn(fixture.devices["delete"]!).length === 0 ? true : undefined,
    );
  });

  it("a simulated lock's code is set", async () => {
    const lock = fixture.activeLocks[1]!;
    assert.equal(lock.provider, "simulated");
    const answer = await write("/v1/units/create_schedule_item", {
      unitIdOrKey: fixture.units.chicago.id,
      kind: "code",
      title: "Simulated guest",
      startAt: "2027-09-06T14:00:00Z",
      endAt: "2027-09-06T15:00:00Z",
      lockId: lock.lockId,
      code: "2468",
    });
    assert.equal(answer.status, 201, answer.text);
    assert.equal(answer.json.item.lockSync.status, "pending");
    const entry = await lockSyncIs(server.url, fixture, fixture.units.chicago.id, answer.json.item.key, "set");
    assert.deepEqual([entry.code, entry.lockSync?.error], ["2468", null]);
    const events = await allEvents(server.url, fixture.keys.admin);
    assert.ok(events.some((event) => event.type === "access_code.synced" && event.data.item.id === answer.json.item.id));
  });

  it("a fixture's code without a PIN gets one and is programmed", async () => {
    const entry = await lockSyncIs(server.url, fixture, fixture.codesUnit.id, `code:${fixtureCodeId}`, "set");
    assert.match(entry.code ?? "", /^[0-9]{6}$/);
    const atSeam = onlyCodeOn(fake, fixture.devices["fixture"]!);
    assert.deepEqual(
      [atSeam.code, atSeam.name, atSeam.starts_at, atSeam.ends_at],
      [entry.code, "Fixture cleaner", "2027-10-02T13:00:00.000Z", "2027-10-02T15:30:00.000Z"],
    );
  });
});
