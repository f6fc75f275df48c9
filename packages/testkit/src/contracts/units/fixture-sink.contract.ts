import assert from "node:assert/strict";
import { FixtureConflictError } from "@lintel/core";
import { anApiKey, anItem, aUnit, eachTestStore, fixture, instant, itemView, randomId } from "../seeds/seed.js";
import { aTimezoneEvent } from "../seeds/event-seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { allWent, idsOf, sample, type Store } from "../seeds/fixture-sample.js";

/**
 * The contract of the `FixtureSink` port (core's loader over the stores' `load…` steps): a load
 * adds the records whose ids the store lacks, as the fixture gives them, and leaves the others
 * exactly as they are, so a restart never undoes a change made since. A unit that would take a
 * urlKey another stored unit of its org holds refuses the load before anything is written.
 */
export function describeFixtureSinkContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: FixtureSink contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("loading the same fixture twice stores every record once, and the second load keeps them all", async () => {
      const s = sample();
      const { orgId, unit, data } = s;
      assert.deepEqual(await store().fixtures.load(data), allWent("added", idsOf(s)));
      assert.deepEqual(await store().fixtures.load(data), allWent("kept", idsOf(s)));
      assert.equal((await store().locks.listActive(orgId, null, 100)).length, 2);
      assert.equal((await store().templates.list(orgId, null, 100)).length, 2);
      assert.equal((await store().units.itemsOf(orgId, unit.id)).length, 1);
      assert.equal((await store().apiKeys.listByOrg(orgId)).length, 1);
    });

    it("a load stores each record as the fixture gives it, a unit's version included", async () => {
      const { orgId, unit, lock, templates, tour, key, data } = sample();
      const versioned = { ...unit, version: 7 };
      await store().fixtures.load({ ...data, units: [versioned] });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.urlKey), versioned);
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), lock);
      assert.deepEqual(await store().templates.list(orgId, null, 100), templates);
      assert.deepEqual(await store().units.getItem(orgId, unit.id, tour.kind, tour.id), itemView(tour));
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), key);
    });

    it("a load leaves every record the store already has exactly as it is, whatever the fixture says now", async () => {
      const s = sample();
      const { orgId, unit, lock, templates, tour, key, data } = s;
      await store().fixtures.load(data);
      const changed = fixture({
        orgs: [{ id: orgId, name: "Renamed" }],
        units: [{ ...unit, address: "14 Elm St", timeZone: "Europe/Paris", version: 5 }],
        locks: [{ ...lock, name: "Back door", status: "inactive" }, s.other],
        templates: templates.map((t) => ({ ...t, body: "changed" })),
        items: [{ ...tour, title: "Evening tour", startAt: instant(5000), endAt: instant(6000) }],
        apiKeys: [{ ...key, scopes: ["messages:read"], revokedAt: instant(1) }],
      });
      assert.deepEqual(await store().fixtures.load(changed), allWent("kept", idsOf(s)));
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), lock);
      assert.deepEqual(await store().templates.list(orgId, null, 100), templates);
      assert.deepEqual((await store().units.itemsOf(orgId, unit.id)).map(itemView), [itemView(tour)]);
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), key);
    });

    it("loading the same fixture after a set_timezone and a revocation keeps both", async () => {
      const s = sample();
      const { orgId, unit, tour, key, data } = s;
      await store().fixtures.load(data);
      const rewrites = [{ kind: tour.kind, id: tour.id, startAt: instant(7000), endAt: instant(8000) }];
      const changed = await store().units.setTimeZone(orgId, unit.id, {
        expectedVersion: 1,
        timeZone: "Asia/Tokyo",
        rewrites,
        event: aTimezoneEvent(unit),
      });
      assert.equal(changed.ok, true);
      assert.equal(await store().apiKeys.revoke(key.id, instant(9000)), true);
      assert.deepEqual(await store().fixtures.load(data), allWent("kept", idsOf(s)));
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), { ...unit, timeZone: "Asia/Tokyo", version: 2 });
      assert.deepEqual((await store().units.itemsOf(orgId, unit.id)).map(itemView), [
        itemView({ ...tour, startAt: instant(7000), endAt: instant(8000) }),
      ]);
      assert.equal((await store().apiKeys.findByHash(key.hash))?.revokedAt, instant(9000));
    });

    it("a load adds what is missing next to what it keeps", async () => {
      const { orgId, unit, key, data } = sample();
      await store().fixtures.load(data);
      const second = aUnit(orgId);
      const item = anItem(second, "code");
      const onKept = anItem(unit, "tour");
      const newKey = anApiKey(orgId);
      const report = await store().fixtures.load(fixture({ units: [unit, second], items: [item, onKept], apiKeys: [key, newKey] }));
      assert.deepEqual(report.units, { added: [second.id], kept: [unit.id] });
      assert.deepEqual(report.items, { added: [`code:${item.id}`, `tour:${onKept.id}`], kept: [] });
      assert.deepEqual(report.apiKeys, { added: [newKey.id], kept: [key.id] });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, second.id), second);
      assert.deepEqual((await store().units.itemsOf(orgId, second.id)).map(itemView), [itemView(item)]);
      assert.deepEqual(await store().units.getItem(orgId, unit.id, onKept.kind, onKept.id), itemView(onKept));
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit, "an item loaded onto a stored unit bumped its version");
      assert.deepEqual(await store().apiKeys.findByHash(newKey.hash), newKey);
    });

    it("a load leaves a record another org holds in that org", async () => {
      const { orgId, unit, lock, templates, tour, key, data } = sample();
      await store().fixtures.load(data);
      const newOrg = randomId("org");
      const [template] = templates;
      assert.ok(template !== undefined);
      const moved = aUnit(newOrg);
      const report = await store().fixtures.load(
        fixture({
          orgs: [{ id: newOrg, name: "New" }],
          units: [{ ...unit, orgId: newOrg }, moved],
          locks: [{ ...lock, orgId: newOrg, unitIds: [] }],
          templates: [{ ...template, orgId: newOrg }],
          items: [{ ...tour, unitId: moved.id, orgId: newOrg, lockId: null }],
          apiKeys: [{ ...key, orgId: newOrg }],
        }),
      );
      assert.deepEqual(report.units, { added: [moved.id], kept: [unit.id] });
      assert.deepEqual(report.locks.kept, [lock.lockId]);
      assert.deepEqual(report.templates.kept, [template.id]);
      assert.deepEqual(report.items.kept, [`${tour.kind}:${tour.id}`]);
      assert.deepEqual(report.apiKeys.kept, [key.id]);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.equal(await store().units.findByIdOrKey(newOrg, unit.id), null);
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), lock);
      assert.deepEqual(await store().locks.listActive(newOrg, null, 100), []);
      assert.deepEqual(await store().templates.list(newOrg, null, 100), []);
      assert.deepEqual(await store().units.itemsOf(newOrg, moved.id), []);
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), key);
    });

    it("loads racing a set_timezone and a revocation never undo them", async () => {
      const { orgId, unit, key, data } = sample();
      await store().fixtures.load(data);
      const change = { expectedVersion: 1, timeZone: "Asia/Tokyo", rewrites: [], event: aTimezoneEvent(unit) };
      const [changed, revoked] = await Promise.all([
        store().units.setTimeZone(orgId, unit.id, change),
        store().apiKeys.revoke(key.id, instant(9000)),
        ...Array.from({ length: 6 }, () => store().fixtures.load(data)),
      ]);
      const after = { ...unit, timeZone: "Asia/Tokyo", version: 2 };
      assert.deepEqual([changed, revoked], [{ ok: true, unit: after }, true]);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), after);
      assert.equal((await store().apiKeys.findByHash(key.hash))?.revokedAt, instant(9000));
    });

    it("a new unit taking a urlKey a stored unit of its org holds is refused, naming it, and nothing is loaded", async () => {
      const { orgId, unit, data } = sample();
      await store().fixtures.load(data);
      const taker = aUnit(orgId, { urlKey: unit.urlKey });
      const innocent = aUnit(orgId);
      const refusal = (error: unknown) =>
        error instanceof FixtureConflictError &&
        error.message.includes(taker.id) &&
        error.message.includes(unit.id) &&
        error.conflicts.length === 1 &&
        !error.partly;
      await assert.rejects(store().fixtures.load(fixture({ units: [innocent, taker], items: [anItem(innocent, "tour")] })), refusal);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.urlKey), unit);
      assert.equal(await store().units.findByIdOrKey(orgId, taker.id), null);
      assert.equal(await store().units.findByIdOrKey(orgId, innocent.id), null, "a refused load wrote a unit");
      assert.equal((await store().units.listUnits(orgId, null, 100)).filter((u) => u.urlKey === unit.urlKey).length, 1);
    });

    it("loadUnit of a unit whose urlKey another unit of its org holds stores nothing: a holder that appears during a load", async () => {
      const { orgId, unit, data } = sample();
      await store().fixtures.load(data);
      const taker = aUnit(orgId, { urlKey: unit.urlKey });
      assert.equal(await store().units.loadUnit(taker), "url_key_taken");
      assert.equal(await store().units.findByIdOrKey(orgId, taker.id), null);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.urlKey), unit);
    });

    it("the same urlKey in another org, or a stored unit the load keeps, is no conflict", async () => {
      const { unit, data } = sample();
      await store().fixtures.load(data);
      const elsewhere = aUnit(randomId("org"), { urlKey: unit.urlKey });
      const renamed = { ...unit, urlKey: "taken-by-nobody" };
      const report = await store().fixtures.load(fixture({ units: [elsewhere, renamed] }));
      assert.deepEqual(report.units, { added: [elsewhere.id], kept: [unit.id] });
      assert.deepEqual(await store().units.findByIdOrKey(elsewhere.orgId, unit.urlKey), elsewhere);
    });
  });
}
