import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { aTimezoneEvent, anItem, aUnit, fixture, randomId } from "@lintel/testkit";
import { useRedisStore } from "./redis.test-support.js";

describe("Redis unit store", () => {
  const store = useRedisStore();

  test("finds a unit by id, then by urlKey, never another org's", async () => {
    const orgId = randomId("org");
    const unit = aUnit(orgId);
    await store().fixtures.load(fixture({ units: [unit] }));
    assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
    assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.urlKey), unit);
    assert.equal(await store().units.findByIdOrKey(randomId("org"), unit.id), null);
    assert.equal(await store().units.findByIdOrKey(orgId, "nope"), null);
  });

  test("setTimeZone checks the version, rewrites the named items and bumps the version", async () => {
    const orgId = randomId("org");
    const unit = aUnit(orgId);
    const moved = anItem(unit, "tour", { lockId: "lk_1" });
    const kept = anItem(unit, "scheduled_message", { title: "Hi" });
    await store().fixtures.load(fixture({ units: [unit], items: [moved, kept] }));

    const stale = await store().units.setTimeZone(orgId, unit.id, {
      expectedVersion: 2,
      timeZone: "UTC",
      rewrites: [],
      event: aTimezoneEvent(unit),
    });
    assert.deepEqual(stale, { ok: false, reason: "version_conflict", currentVersion: 1 });

    const rewrite = { kind: moved.kind, id: moved.id, startAt: "2026-12-01T16:00:00.000Z", endAt: "2026-12-01T17:00:00.000Z" };
    const done = await store().units.setTimeZone(orgId, unit.id, {
      expectedVersion: 1,
      timeZone: "America/Chicago",
      rewrites: [rewrite],
      event: aTimezoneEvent(unit),
    });
    assert.deepEqual(done, { ok: true, unit: { ...unit, timeZone: "America/Chicago", version: 2 } });
    const items = await store().units.itemsOf(orgId, unit.id);
    const { orgId: _moved, ...movedStored } = moved;
    const { orgId: _kept, ...keptStored } = kept;
    assert.deepEqual(
      items.sort((a, b) => a.kind.localeCompare(b.kind)),
      [keptStored, { ...movedStored, startAt: rewrite.startAt, endAt: rewrite.endAt }].sort((a, b) => a.kind.localeCompare(b.kind)),
    );
  });

  test("setTimeZone on an unknown or foreign unit is not_found", async () => {
    const orgId = randomId("org");
    const unit = aUnit(orgId);
    await store().fixtures.load(fixture({ units: [unit] }));
    const change = { expectedVersion: 1, timeZone: "UTC", rewrites: [], event: aTimezoneEvent(unit) };
    assert.deepEqual(await store().units.setTimeZone(randomId("org"), unit.id, change), { ok: false, reason: "not_found" });
    assert.deepEqual(await store().units.setTimeZone(orgId, "missing", change), { ok: false, reason: "not_found" });
  });

  test("setTimeZone skips a rewrite naming an item the unit doesn't have", async () => {
    const orgId = randomId("org");
    const unit = aUnit(orgId);
    await store().fixtures.load(fixture({ units: [unit] }));
    const change = {
      expectedVersion: 1,
      timeZone: "UTC",
      rewrites: [{ kind: "tour" as const, id: "ghost", startAt: unit.id, endAt: unit.id }],
      event: aTimezoneEvent(unit),
    };
    assert.equal((await store().units.setTimeZone(orgId, unit.id, change)).ok, true);
    assert.deepEqual(await store().units.itemsOf(orgId, unit.id), []);
  });

  test("concurrent setTimeZone with one expected version: exactly one wins", async () => {
    const orgId = randomId("org");
    const unit = aUnit(orgId);
    await store().fixtures.load(fixture({ units: [unit] }));
    const outcomes = await Promise.all(
      ["UTC", "Europe/Paris", "Asia/Tokyo", "America/Denver"].map((timeZone) =>
        store().units.setTimeZone(orgId, unit.id, { expectedVersion: 1, timeZone, rewrites: [], event: aTimezoneEvent(unit) }),
      ),
    );
    assert.equal(outcomes.filter((o) => o.ok).length, 1);
    assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, 2);
  });

  test("getMany leaves out unknown and foreign ids", async () => {
    const orgId = randomId("org");
    const units = [aUnit(orgId), aUnit(orgId)];
    const foreign = aUnit(randomId("org"));
    await store().fixtures.load(fixture({ units: [...units, foreign] }));
    const found = await store().units.getMany(orgId, [units[1]!.id, "missing", foreign.id, units[0]!.id]);
    assert.deepEqual(found.map((u) => u.id).sort(), units.map((u) => u.id).sort());
  });
});
