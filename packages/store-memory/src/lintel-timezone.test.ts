// createLintel preview and set_timezone over the memory store.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { callerA, callerB, keys, problem, setup, value } from "./lintel-test-setup.js";

describe("createLintel time-zone change", () => {
  it("refuses a zone that is not an IANA name with invalid_request naming the parameter", async () => {
    const { lintel } = await setup();
    const preview = problem(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "+05:00" }));
    assert.equal(preview?.code, "invalid_request");
    assert.equal(preview?.invalidParams?.[0]?.name, "proposedTimeZone");
    const set = problem(await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Mars/Base", expectedVersion: 2, policy: "keep_instant" }));
    assert.equal(set?.invalidParams?.[0]?.name, "timeZone");
  });

  it("previews by id or urlKey with the unit's version, changing nothing", async () => {
    const { lintel, store } = await setup();
    const byKey = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "12-elm-st", proposedTimeZone: "Etc/UTC" }));
    const byId = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "UTC" }));
    assert.deepEqual(byKey, byId);
    assert.equal(byId.unitId, "u_1");
    assert.equal(byId.expectedVersion, 2);
    assert.equal(byId.proposedTimeZone, "UTC");
    assert.equal(byId.currentTimeZone, "America/New_York");
    assert.equal((await store.units.findByIdOrKey("org_a", "u_1"))?.version, 2);
  });

  it("sets the zone with the current version, bumps it, and a preview right after is noop", async () => {
    const { lintel } = await setup();
    const before = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "america/chicago" }));
    const done = value(await lintel.setTimeZone(callerA, { unitIdOrKey: "12-elm-st", timeZone: "America/Chicago", expectedVersion: 2, policy: "keep_wall_clock" }));
    assert.equal(done.unit.timeZone, "America/Chicago");
    assert.equal(done.unit.version, 3);
    assert.equal(done.moved, before.items.length);
    const after = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "America/Chicago" }));
    assert.equal(after.status, "noop");
    assert.equal(after.expectedVersion, 3);
  });

  it("keep_instant moves nothing", async () => {
    const { lintel, store } = await setup();
    const itemsBefore = await store.units.itemsOf("org_a", "u_1");
    const done = value(await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion: 2, policy: "keep_instant" }));
    assert.equal(done.moved, 0);
    assert.deepEqual(await store.units.itemsOf("org_a", "u_1"), itemsBefore);
  });

  it("a stale expectedVersion answers 409 version_conflict and changes nothing", async () => {
    const { lintel, store } = await setup();
    const unit = await store.units.findByIdOrKey("org_a", "u_1");
    for (const expectedVersion of [1, 3]) {
      const outcome = problem(await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion, policy: "keep_wall_clock" }));
      assert.equal(outcome?.code, "version_conflict");
    }
    assert.deepEqual(await store.units.findByIdOrKey("org_a", "u_1"), unit);
  });

  it("of concurrent set_timezone calls with one expectedVersion exactly one succeeds, the others get 409", async () => {
    const { lintel, store } = await setup();
    const zones = ["Asia/Tokyo", "Europe/Paris", "America/Denver", "UTC"];
    const outcomes = await Promise.all(
      zones.map((timeZone) => lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone, expectedVersion: 2, policy: "keep_wall_clock" })),
    );
    assert.equal(outcomes.filter((o) => o.ok).length, 1);
    assert.ok(outcomes.every((o) => o.ok || o.problem.code === "version_conflict"));
    assert.equal((await store.units.findByIdOrKey("org_a", "u_1"))?.version, 3);
  });
});
