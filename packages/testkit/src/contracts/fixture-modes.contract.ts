/**
 * The FixtureSink contract's loading modes: a load never undoes what the store has (a restart
 * keeps every change made since), an update never moves a unit's version back nor clears a
 * revocation, and a dry run writes nothing. Run by `describeFixtureSinkContract`.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { FixtureConflictError } from "@lintel/core";
import { anApiKey, anItem, aUnit, eachTestStore, fixture, instant, itemView, randomId } from "./seed.js";
import { aTimezoneEvent } from "./event-seed.js";
import { allWent, idsOf, sample, UPDATE, type Store } from "./fixture-sample.js";
import { nodeTestRunner, type TestRunner } from "./runner.js";

/** The add, update and dry-run modes of `FixtureSink.load`; see the module comment. */
export function describeFixtureModesContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: FixtureSink contract, loading modes`, () => {
    const store = eachTestStore(makeStore, runner);

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
      const newKey = anApiKey(orgId);
      const report = await store().fixtures.load(fixture({ units: [unit, second], items: [item], apiKeys: [key, newKey] }));
      assert.deepEqual(report.units, { added: [second.id], updated: [], kept: [unit.id] });
      assert.deepEqual(report.items, { added: [`code:${item.id}`], updated: [], kept: [] });
      assert.deepEqual(report.apiKeys, { added: [newKey.id], updated: [], kept: [key.id] });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, second.id), second);
      assert.deepEqual((await store().units.itemsOf(orgId, second.id)).map(itemView), [itemView(item)]);
      assert.deepEqual(await store().apiKeys.findByHash(newKey.hash), newKey);
    });

    it("a load leaves a record another org holds in that org", async () => {
      const { orgId, unit, lock, key, data } = sample();
      await store().fixtures.load(data);
      const newOrg = randomId("org");
      const report = await store().fixtures.load(
        fixture({
          units: [{ ...unit, orgId: newOrg }],
          locks: [{ ...lock, orgId: newOrg, unitIds: [] }],
          apiKeys: [{ ...key, orgId: newOrg }],
        }),
      );
      assert.deepEqual(report.units.kept, [unit.id]);
      assert.deepEqual(report.locks.kept, [lock.lockId]);
      assert.deepEqual(report.apiKeys.kept, [key.id]);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.equal(await store().units.findByIdOrKey(newOrg, unit.id), null);
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), lock);
      assert.deepEqual(await store().locks.listActive(newOrg, null, 100), []);
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), key);
    });

    it("an update rewrites fields but never moves a unit's version back nor clears a revocation", async () => {
      const { orgId, unit, tour, key, data } = sample();
      await store().fixtures.load(data);
      const rewrites = [{ kind: tour.kind, id: tour.id, startAt: instant(7000), endAt: instant(8000) }];
      assert.equal(
        (
          await store().units.setTimeZone(orgId, unit.id, {
            expectedVersion: 1,
            timeZone: "Asia/Tokyo",
            rewrites,
            event: aTimezoneEvent(unit),
          })
        ).ok,
        true,
      );
      assert.equal(await store().apiKeys.revoke(key.id, instant(9000)), true);
      const readdressed = { ...unit, address: "14 Elm St" }; // version 1, zone America/New_York: the fixture's
      const renamed = { ...key, name: "renamed" }; // revokedAt null: the fixture's
      const report = await store().fixtures.load(fixture({ units: [readdressed], apiKeys: [renamed] }), UPDATE);
      assert.deepEqual(report.units, { added: [], updated: [unit.id], kept: [] });
      assert.deepEqual(report.apiKeys, { added: [], updated: [key.id], kept: [] });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), { ...readdressed, version: 3 });
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), { ...renamed, revokedAt: instant(9000) });
    });

    it("an update that gives a revoked key's id a new secret keeps it revoked: the new key is refused too", async () => {
      const { key, data } = sample();
      await store().fixtures.load(data);
      assert.equal(await store().apiKeys.revoke(key.id, instant(9000)), true);
      const rekeyed = { ...key, hash: randomBytes(32).toString("hex") }; // the fixture's: not revoked
      const report = await store().fixtures.load(fixture({ apiKeys: [rekeyed] }), UPDATE);
      assert.deepEqual(report.apiKeys, { added: [], updated: [key.id], kept: [] });
      assert.equal((await store().apiKeys.findByHash(rekeyed.hash))?.revokedAt, instant(9000));
      assert.equal(await store().apiKeys.findByHash(key.hash), null, "the old secret opens nothing");
    });

    it("an update keeps a record with nothing to change, its version included, and takes a higher fixture version", async () => {
      const { orgId, unit, key, data } = sample();
      await store().fixtures.load(data);
      assert.equal(
        (
          await store().units.setTimeZone(orgId, unit.id, {
            expectedVersion: 1,
            timeZone: "Asia/Tokyo",
            rewrites: [],
            event: aTimezoneEvent(unit),
          })
        ).ok,
        true,
      );
      assert.equal(await store().apiKeys.revoke(key.id, instant(9000)), true);
      const same = { ...unit, timeZone: "Asia/Tokyo", version: 9 }; // differs in its version only
      const report = await store().fixtures.load(fixture({ units: [same], apiKeys: [key] }), UPDATE);
      assert.deepEqual(report.units, { added: [], updated: [], kept: [unit.id] });
      assert.deepEqual(report.apiKeys, { added: [], updated: [], kept: [key.id] }, "a revocation is not a change to undo");
      assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, 2);
      const jumped = { ...same, address: "14 Elm St" };
      await store().fixtures.load(fixture({ units: [jumped] }), UPDATE);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), jumped);
    });

    it("loads racing a set_timezone and a revocation never undo them", async () => {
      const { orgId, unit, key, data } = sample();
      await store().fixtures.load(data);
      const change = { expectedVersion: 1, timeZone: "Asia/Tokyo", rewrites: [], event: aTimezoneEvent(unit) };
      const [changed, revoked] = await Promise.all([
        store().units.setTimeZone(orgId, unit.id, change),
        store().apiKeys.revoke(key.id, instant(9000)),
        ...Array.from({ length: 4 }, () => store().fixtures.load(data)),
        ...Array.from({ length: 4 }, () => store().fixtures.load(data, UPDATE)),
      ]);
      assert.deepEqual([changed, revoked], [{ ok: true, unit: { ...unit, timeZone: "Asia/Tokyo", version: 2 } }, true]);
      const after = await store().units.findByIdOrKey(orgId, unit.id);
      assert.ok(after !== null && after.version >= 2, `the version went back to ${after?.version}`);
      assert.equal((await store().apiKeys.findByHash(key.hash))?.revokedAt, instant(9000));
      await store().fixtures.load(data);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), after, "an add after the race changed the unit");
    });

    it("a dry run writes nothing and reports what the load would do", async () => {
      const s = sample();
      const { orgId, unit, lock, tour, key, data } = s;
      await store().fixtures.load(fixture({ orgs: data.orgs, units: [unit], locks: [lock], items: [tour], apiKeys: [key] }));
      const changedLock = { ...lock, name: "Back door" };
      const next = { ...data, locks: [changedLock, s.other] };
      const ids = idsOf(s);
      const adds = { orgs: [], units: [], locks: [s.other.lockId], templates: ids.templates, items: [], apiKeys: [] };
      const added = await store().fixtures.load(next, { dryRun: true });
      assert.deepEqual(added.locks, { added: adds.locks, updated: [], kept: [lock.lockId] });
      assert.deepEqual(added.templates, { added: adds.templates, updated: [], kept: [] });
      assert.deepEqual(added.units, { added: [], updated: [], kept: [unit.id] });
      const updated = await store().fixtures.load(next, { mode: "update", dryRun: true });
      assert.deepEqual(updated.locks, { added: adds.locks, updated: [lock.lockId], kept: [] });
      assert.deepEqual(updated.units, { added: [], updated: [], kept: [unit.id] });
      assert.deepEqual(updated.apiKeys, { added: [], updated: [], kept: [key.id] });
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), lock, "a dry run wrote a lock");
      assert.equal(await store().locks.getActive(orgId, s.other.lockId), null, "a dry run added a lock");
      assert.deepEqual(await store().templates.list(orgId, null, 100), [], "a dry run added templates");
      assert.deepEqual(await store().fixtures.load(next, UPDATE), updated, "the load did other than its dry run said");
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), changedLock);
    });

    it("a dry run of a move to another org reports it and moves nothing", async () => {
      const { orgId, unit, data } = sample();
      await store().fixtures.load(data);
      const newOrg = randomId("org");
      const report = await store().fixtures.load(fixture({ units: [{ ...unit, orgId: newOrg }] }), { mode: "update", dryRun: true });
      assert.deepEqual(report.units, { added: [], updated: [unit.id], kept: [] });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.equal(await store().units.findByIdOrKey(newOrg, unit.id), null);
    });

    for (const mode of ["add", "update"] as const) {
      it(`${mode}: a new unit taking a urlKey a stored unit of its org holds is refused, naming it, and nothing is loaded`, async () => {
        const { orgId, unit, data } = sample();
        await store().fixtures.load(data);
        const taker = aUnit(orgId, { urlKey: unit.urlKey });
        const innocent = aUnit(orgId);
        const refusal = (error: unknown) =>
          error instanceof FixtureConflictError &&
          error.message.includes(taker.id) &&
          error.message.includes(unit.id) &&
          error.conflicts.length === 1;
        const next = fixture({ units: [innocent, taker] });
        await assert.rejects(store().fixtures.load(next, { mode, dryRun: true }), refusal);
        await assert.rejects(store().fixtures.load(next, { mode }), refusal);
        assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.urlKey), unit);
        assert.equal(await store().units.findByIdOrKey(orgId, taker.id), null);
        assert.equal(await store().units.findByIdOrKey(orgId, innocent.id), null, "a refused load wrote a unit");
        assert.equal((await store().units.listUnits(orgId, null, 100)).filter((u) => u.urlKey === unit.urlKey).length, 1);
      });
    }

    it("the same urlKey in another org, or a stored unit the add keeps, is no conflict", async () => {
      const { unit, data } = sample();
      await store().fixtures.load(data);
      const elsewhere = aUnit(randomId("org"), { urlKey: unit.urlKey });
      const renamed = { ...unit, urlKey: "taken-by-nobody" };
      const report = await store().fixtures.load(fixture({ units: [elsewhere, renamed] }));
      assert.deepEqual(report.units, { added: [elsewhere.id], updated: [], kept: [unit.id] });
      assert.deepEqual(await store().units.findByIdOrKey(elsewhere.orgId, unit.urlKey), elsewhere);
    });

    it("an update may swap two units' urlKeys in one load", async () => {
      const orgId = randomId("org");
      const [a, b] = [aUnit(orgId, { urlKey: "swap-a" }), aUnit(orgId, { urlKey: "swap-b" })];
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [a, b] }));
      await store().fixtures.load(
        fixture({
          units: [
            { ...a, urlKey: "swap-b" },
            { ...b, urlKey: "swap-a" },
          ],
        }),
        UPDATE,
      );
      assert.equal((await store().units.findByIdOrKey(orgId, "swap-a"))?.id, b.id);
      assert.equal((await store().units.findByIdOrKey(orgId, "swap-b"))?.id, a.id);
    });
  });
}
