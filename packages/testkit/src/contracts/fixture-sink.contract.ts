import assert from "node:assert/strict";
import { aTemplate, aUnit, eachTestStore, fixture, instant, itemView, randomId, randomUrlKey } from "./seed.js";
import { nodeTestRunner, type TestRunner } from "./runner.js";
import { describeFixtureModesContract } from "./fixture-modes.contract.js";
import { allWent, idsOf, sample, UPDATE, type Store } from "./fixture-sample.js";

/**
 * The contract of the `FixtureSink` port: a load adds the records whose ids the store lacks and
 * leaves the others exactly as they are (a restart never undoes a change made since); an
 * `update` load rewrites them too, never moving a unit's version back nor clearing a
 * revocation; a dry run decides the same way and writes nothing.
 */
export function describeFixtureSinkContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  describeFixtureModesContract(name, makeStore, runner);
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

    it("an update load replaces records by id, moving them in their lists", async () => {
      const { orgId, unit, lock, other, templates, tour, key, data } = sample();
      await store().fixtures.load(data);
      const movedLock = { ...lock, name: "Back door", createdAt: instant(3000), updatedAt: instant(3000) };
      const movedTemplate = { ...(templates[0] ?? aTemplate(orgId)), sortOrder: 9, body: "new" };
      const renamedUnit = { ...unit, address: "14 Elm St", urlKey: randomUrlKey(), version: 7 };
      const retitled = { ...tour, title: "Evening tour", startAt: instant(5000), endAt: instant(6000) };
      const rescoped = { ...key, scopes: ["messages:read" as const] };
      await store().fixtures.load(
        fixture({ units: [renamedUnit], locks: [movedLock], templates: [movedTemplate], items: [retitled], apiKeys: [rescoped] }),
        UPDATE,
      );
      assert.deepEqual(
        (await store().locks.listActive(orgId, null, 100)).map((l) => l.lockId),
        [lock.lockId, other.lockId],
      );
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), movedLock);
      const listedTemplates = await store().templates.list(orgId, null, 100);
      assert.deepEqual(
        listedTemplates.map((t) => t.id),
        [templates[1]?.id, movedTemplate.id],
      );
      assert.deepEqual(await store().templates.get(orgId, movedTemplate.id), movedTemplate);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), renamedUnit);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, renamedUnit.urlKey), renamedUnit);
      assert.equal(await store().units.findByIdOrKey(orgId, unit.urlKey), null, "the old urlKey still finds the unit");
      assert.deepEqual((await store().units.itemsOf(orgId, unit.id)).map(itemView), [itemView(retitled)]);
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), rescoped);
    });

    it("reloading a lock as inactive takes it out of the list, and as active puts it back", async () => {
      const { orgId, lock, other, data } = sample();
      await store().fixtures.load(data);
      await store().fixtures.load(fixture({ locks: [{ ...lock, status: "inactive" }] }), UPDATE);
      assert.deepEqual(
        (await store().locks.listActive(orgId, null, 100)).map((l) => l.lockId),
        [other.lockId],
      );
      assert.equal(await store().locks.getActive(orgId, lock.lockId), null);
      await store().fixtures.load(fixture({ locks: [lock] }), UPDATE);
      assert.deepEqual(
        (await store().locks.listActive(orgId, null, 100)).map((l) => l.lockId),
        [other.lockId, lock.lockId],
      );
    });

    it("an item reloaded under another unit moves there", async () => {
      const { orgId, unit, tour, data } = sample();
      await store().fixtures.load(data);
      const second = aUnit(orgId);
      const moved = { ...tour, unitId: second.id };
      await store().fixtures.load(fixture({ units: [second], items: [moved] }), UPDATE);
      assert.deepEqual(await store().units.itemsOf(orgId, unit.id), []);
      assert.deepEqual((await store().units.itemsOf(orgId, second.id)).map(itemView), [itemView(moved)]);
    });

    it("a unit reloaded under another org moves there, with its items", async () => {
      const { orgId, unit, tour, data } = sample();
      await store().fixtures.load(data);
      const newOrg = randomId("org");
      const moved = { ...unit, orgId: newOrg };
      await store().fixtures.load(fixture({ orgs: [{ id: newOrg, name: "New" }], units: [moved] }), UPDATE);
      assert.equal(await store().units.findByIdOrKey(orgId, unit.id), null);
      assert.equal(await store().units.findByIdOrKey(orgId, unit.urlKey), null);
      assert.deepEqual(await store().units.getMany(orgId, [unit.id]), []);
      assert.deepEqual(await store().units.itemsOf(orgId, unit.id), []);
      const counted = { ...moved, version: 2 }; // a move changes the unit: its version goes on from the old org's
      assert.deepEqual(await store().units.findByIdOrKey(newOrg, unit.id), counted);
      assert.deepEqual(await store().units.findByIdOrKey(newOrg, unit.urlKey), counted);
      assert.deepEqual((await store().units.itemsOf(newOrg, unit.id)).map(itemView), [itemView(tour)]);
    });

    it("an active lock reloaded under another org leaves the old org's list for the new one's", async () => {
      const { orgId, lock, other, data } = sample();
      await store().fixtures.load(data);
      const newOrg = randomId("org");
      const moved = { ...lock, orgId: newOrg, unitIds: [] };
      await store().fixtures.load(fixture({ orgs: [{ id: newOrg, name: "New" }], locks: [moved] }), UPDATE);
      assert.deepEqual(
        (await store().locks.listActive(orgId, null, 100)).map((l) => l.lockId),
        [other.lockId],
      );
      assert.equal(await store().locks.getActive(orgId, lock.lockId), null);
      assert.deepEqual(await store().locks.getMany(orgId, [lock.lockId]), []);
      assert.deepEqual(await store().locks.listActive(newOrg, null, 100), [moved]);
      assert.deepEqual(await store().locks.getActive(newOrg, lock.lockId), moved);
    });

    it("a template reloaded under another org leaves the old org's list for the new one's", async () => {
      const { orgId, templates, data } = sample();
      await store().fixtures.load(data);
      const [first, second] = templates;
      assert.ok(first !== undefined && second !== undefined);
      const newOrg = randomId("org");
      const moved = { ...first, orgId: newOrg };
      await store().fixtures.load(fixture({ orgs: [{ id: newOrg, name: "New" }], templates: [moved] }), UPDATE);
      assert.deepEqual(
        (await store().templates.list(orgId, null, 100)).map((t) => t.id),
        [second.id],
      );
      assert.equal(await store().templates.get(orgId, first.id), null);
      assert.deepEqual(await store().templates.list(newOrg, null, 100), [moved]);
      assert.deepEqual(await store().templates.get(newOrg, first.id), moved);
    });

    it("an item reloaded under a unit of another org leaves its old unit for the new one", async () => {
      const { orgId, unit, tour, data } = sample();
      await store().fixtures.load(data);
      const newOrg = randomId("org");
      const target = aUnit(newOrg);
      const moved = { ...tour, unitId: target.id, orgId: newOrg, lockId: null };
      await store().fixtures.load(fixture({ orgs: [{ id: newOrg, name: "New" }], units: [target], items: [moved] }), UPDATE);
      assert.deepEqual(await store().units.itemsOf(orgId, unit.id), []);
      assert.deepEqual((await store().units.itemsOf(newOrg, target.id)).map(itemView), [itemView(moved)]);
    });

    it("an API key reloaded under another org answers for the new org only", async () => {
      const { orgId, key, data } = sample();
      await store().fixtures.load(data);
      const newOrg = randomId("org");
      const moved = { ...key, orgId: newOrg };
      await store().fixtures.load(fixture({ orgs: [{ id: newOrg, name: "New" }], apiKeys: [moved] }), UPDATE);
      assert.deepEqual(await store().apiKeys.findByHash(key.hash), moved);
      assert.deepEqual(await store().apiKeys.listByOrg(orgId), []);
      assert.deepEqual(await store().apiKeys.listByOrg(newOrg), [moved]);
    });

    it("records moved to another org and back are listed once, in their first org only", async () => {
      const { orgId, unit, lock, other, templates, tour, data } = sample();
      await store().fixtures.load(data);
      const newOrg = randomId("org");
      const away = fixture({
        orgs: [{ id: newOrg, name: "New" }],
        units: [{ ...unit, orgId: newOrg }],
        locks: [{ ...lock, orgId: newOrg }],
        templates: templates.map((t) => ({ ...t, orgId: newOrg })),
        items: [{ ...tour, orgId: newOrg }],
      });
      await store().fixtures.load(away, UPDATE);
      await store().fixtures.load(fixture({ units: [unit], locks: [lock], templates, items: [tour] }), UPDATE);
      assert.deepEqual(
        (await store().locks.listActive(orgId, null, 100)).map((l) => l.lockId),
        [other.lockId, lock.lockId],
      );
      assert.deepEqual(
        (await store().templates.list(orgId, null, 100)).map((t) => t.id),
        templates.map((t) => t.id),
      );
      assert.deepEqual((await store().units.itemsOf(orgId, unit.id)).map(itemView), [itemView(tour)]);
      assert.deepEqual(await store().locks.listActive(newOrg, null, 100), []);
      assert.deepEqual(await store().templates.list(newOrg, null, 100), []);
      assert.equal(await store().units.findByIdOrKey(newOrg, unit.urlKey), null);
      assert.deepEqual(await store().units.itemsOf(newOrg, unit.id), []);
    });
  });
}
