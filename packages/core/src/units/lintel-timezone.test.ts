// createLintel preview and set_timezone over the in-core fake store.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { callerA, problem, setup, START, value } from "../lintel.test-support.js";
import type { SetTimeZoneOutcome, UnitStore } from "../ports/ports.js";

describe("createLintel time-zone change", () => {
  it("refuses a zone that is not an IANA name with invalid_request naming the parameter", async () => {
    const { lintel } = await setup();
    const preview = problem(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "+05:00" }));
    assert.equal(preview?.code, "invalid_request");
    assert.equal(preview?.invalidParams?.[0]?.name, "proposedTimeZone");
    const set = problem(
      await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Mars/Base", expectedVersion: 2, policy: "keep_instant" }),
    );
    assert.equal(set?.invalidParams?.[0]?.name, "timeZone");
  });

  it("expectedVersion unbounded: a huge, unsafe or fractional expectedVersion is invalid_request, never version_conflict", async () => {
    const { lintel, store } = await setup();
    const unit = await store.units.findByIdOrKey("org_a", "u_1");
    for (const expectedVersion of [1e20, 2 ** 53, 1.5, 0, Number.NaN, Number.POSITIVE_INFINITY]) {
      const outcome = problem(
        await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion, policy: "keep_instant" }),
      );
      assert.equal(outcome?.code, "invalid_request", String(expectedVersion));
      assert.equal(outcome?.invalidParams?.[0]?.name, "expectedVersion");
    }
    assert.deepEqual(await store.units.findByIdOrKey("org_a", "u_1"), unit);
    const largest = problem(
      await lintel.setTimeZone(callerA, {
        unitIdOrKey: "u_1",
        timeZone: "Asia/Tokyo",
        expectedVersion: Number.MAX_SAFE_INTEGER,
        policy: "keep_instant",
      }),
    );
    assert.equal(largest?.code, "version_conflict");
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
    const done = value(
      await lintel.setTimeZone(callerA, {
        unitIdOrKey: "12-elm-st",
        timeZone: "America/Chicago",
        expectedVersion: 2,
        policy: "keep_wall_clock",
      }),
    );
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
    const done = value(
      await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion: 2, policy: "keep_instant" }),
    );
    assert.equal(done.moved, 0);
    assert.deepEqual(await store.units.itemsOf("org_a", "u_1"), itemsBefore);
  });

  it("a stale expectedVersion answers 409 version_conflict and changes nothing", async () => {
    const { lintel, store } = await setup();
    const unit = await store.units.findByIdOrKey("org_a", "u_1");
    for (const expectedVersion of [1, 3]) {
      const outcome = problem(
        await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion, policy: "keep_wall_clock" }),
      );
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

  it("set_timezone passes through the store once: read, plan, one atomic write; a stale version stops after the unit", async () => {
    const plain = await setup();
    const calls: string[] = [];
    const units = Object.fromEntries(
      Object.entries(plain.store.units).map(([name, call]) => [
        name,
        (...args: unknown[]) => (calls.push(name), (call as (...a: unknown[]) => unknown)(...args)),
      ]),
    ) as unknown as UnitStore;
    const { lintel } = await setup({ units });
    const change = { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion: 2, policy: "keep_wall_clock" } as const;
    assert.equal(problem(await lintel.setTimeZone(callerA, { ...change, expectedVersion: 1 }))?.code, "version_conflict");
    assert.deepEqual(calls, ["findByIdOrKey"], "stale: nothing else is read");
    calls.length = 0;
    assert.equal(value(await lintel.setTimeZone(callerA, change)).unit.version, 3);
    assert.deepEqual(calls, ["findByIdOrKey", "itemsOf", "getMany", "setTimeZone"]);
  });

  it("a write that loses a race is answered with the version the store found, without reading again", async () => {
    const { store } = await setup();
    const calls: string[] = [];
    const units = {
      ...store.units,
      findByIdOrKey: async (orgId: string, idOrKey: string) => (calls.push("findByIdOrKey"), store.units.findByIdOrKey(orgId, idOrKey)),
      // Another change lands between this request's read and its write.
      setTimeZone: async (): Promise<SetTimeZoneOutcome> => {
        calls.push("setTimeZone");
        return { ok: false, reason: "version_conflict", currentVersion: 9 };
      },
    };
    const { lintel } = await setup({ units });
    const outcome = problem(
      await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion: 2, policy: "keep_instant" }),
    );
    assert.equal(outcome?.code, "version_conflict");
    assert.equal(outcome?.currentVersion, 9);
    assert.match(outcome?.detail ?? "", /the unit is at version 9\./);
    assert.deepEqual(calls, ["findByIdOrKey", "setTimeZone"]);
  });

  it("a tour changed under the write (the store answers changed) is read and planned again; the second plan applies", async () => {
    const { store } = await setup();
    const calls: string[] = [];
    let refusals = 1;
    const units = {
      ...store.units,
      itemsOf: async (orgId: string, unitId: string) => (calls.push("itemsOf"), store.units.itemsOf(orgId, unitId)),
      setTimeZone: async (...args: Parameters<UnitStore["setTimeZone"]>): Promise<SetTimeZoneOutcome> => {
        calls.push("setTimeZone");
        if (refusals-- > 0) return { ok: false, reason: "changed" };
        return store.units.setTimeZone(...args);
      },
    };
    const { lintel } = await setup({ units });
    const done = value(
      await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion: 2, policy: "keep_instant" }),
    );
    assert.equal(done.unit.version, 3);
    assert.deepEqual(calls, ["itemsOf", "setTimeZone", "itemsOf", "setTimeZone"]);
  });

  it("answers zones by their canonical name", async () => {
    const { lintel } = await setup();
    const kolkata = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "asia/calcutta" }));
    assert.equal(kolkata.proposedTimeZone, "Asia/Kolkata");
    const done = value(
      await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Europe/Kiev", expectedVersion: 2, policy: "keep_instant" }),
    );
    assert.equal(done.unit.timeZone, "Europe/Kyiv");
  });

  it("a lock that also serves a unit in another zone makes the preview a conflict", async () => {
    const { lintel } = await setup();
    // lk_0 and lk_1 serve u_1 and u_2, both in New York.
    const preview = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "America/Chicago" }));
    assert.equal(preview.status, "conflict");
    assert.deepEqual(
      preview.items.map((i) => [i.key, i.sharedLockConflict]),
      [
        ["code:c_1", true],
        ["tour:t_1", true],
      ],
    );
  });

  it("keep_wall_clock rewrites exactly the previewed items to their wall-clock instants", async () => {
    const { lintel, store } = await setup();
    const preview = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "America/Chicago" }));
    assert.deepEqual(
      preview.items.map((i) => [i.key, i.wallClockStart]),
      [
        ["code:c_1", "2026-07-01T11:00:00-05:00"],
        ["tour:t_1", "2026-12-01T10:00:00-06:00"],
      ],
    );
    const done = value(
      await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "America/Chicago", expectedVersion: 2, policy: "keep_wall_clock" }),
    );
    assert.equal(done.moved, 2);
    const items = new Map((await store.units.itemsOf("org_a", "u_1")).map((i) => [`${i.kind}:${i.id}`, i]));
    assert.equal(items.get("tour:t_1")?.startAt, "2026-12-01T16:00:00.000Z");
    assert.equal(items.get("tour:t_1")?.endAt, "2026-12-01T17:00:00.000Z");
    assert.equal(items.get("code:c_1")?.startAt, "2026-07-01T16:00:00.000Z");
    assert.equal(items.get("code:c_1")?.endAt, "2026-07-02T16:00:00.000Z");
    const after = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "America/Chicago" }));
    assert.equal(after.status, "noop");
  });

  it("set_timezone hands the store a unit.timezone_changed: the unit as served after, the previous zone, what moved", async () => {
    const { lintel, store, advance } = await setup();
    const itemsBefore = new Map((await store.units.itemsOf("org_a", "u_1")).map((i) => [`${i.kind}:${i.id}`, i]));
    value(
      await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "America/Chicago", expectedVersion: 2, policy: "keep_wall_clock" }),
    );
    const [event] = await store.events.list("org_a", null, null, 10);
    assert.ok(event?.type === "unit.timezone_changed");
    assert.match(event.id, /^evt_[0-9A-Za-z]{24}$/);
    assert.equal(event.orgId, "org_a");
    assert.equal(event.createdAt, new Date(START).toISOString());
    const unit = (await store.units.findByIdOrKey("org_a", "u_1"))!;
    assert.deepEqual(event.data.unit, {
      id: unit.id,
      urlKey: unit.urlKey,
      address: unit.address,
      timeZone: "America/Chicago",
      version: 3,
      showingRules: null,
    });
    assert.equal(event.data.previousTimeZone, "America/New_York");
    assert.equal(event.data.policy, "keep_wall_clock");
    assert.deepEqual(
      event.data.moved.map((m) => [m.key, m.previousStartAt === itemsBefore.get(m.key)?.startAt, m.startAt]),
      [
        ["code:c_1", true, "2026-07-01T16:00:00.000Z"],
        ["tour:t_1", true, "2026-12-01T16:00:00.000Z"],
      ],
    );
    advance(1000); // newest first is createdAt, then id: a later change lists first
    value(await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion: 3, policy: "keep_instant" }));
    const [second] = await store.events.list("org_a", null, null, 1);
    assert.ok(second?.type === "unit.timezone_changed" && second.id !== event.id);
    assert.deepEqual(second.data.moved, [], "keep_instant moves nothing");
    assert.equal(second.data.previousTimeZone, "America/Chicago");
  });

  it("a refused set_timezone hands the store no event to keep", async () => {
    const { lintel, store } = await setup();
    problem(await lintel.setTimeZone(callerA, { unitIdOrKey: "u_1", timeZone: "Asia/Tokyo", expectedVersion: 1, policy: "keep_instant" }));
    assert.deepEqual(await store.events.list("org_a", null, null, 10), []);
  });

  it("no conflict when every other unit the lock serves is already in the proposed zone", async () => {
    const { lintel } = await setup();
    value(
      await lintel.setTimeZone(callerA, { unitIdOrKey: "u_2", timeZone: "America/Chicago", expectedVersion: 1, policy: "keep_instant" }),
    );
    const preview = value(await lintel.previewTimezoneChange(callerA, { unitIdOrKey: "u_1", proposedTimeZone: "America/Chicago" }));
    assert.equal(preview.status, "ok");
    assert.equal(preview.items.length, 2);
    assert.ok(preview.items.every((i) => !i.sharedLockConflict));
  });
});
