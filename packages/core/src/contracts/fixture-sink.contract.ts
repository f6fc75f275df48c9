import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ApiKeyStore, FixtureSink, LockDirectory, TemplateStore, UnitStore } from "../ports.js";
import { aLock, anApiKey, anItem, aTemplate, aUnit, eachTestStore, fixture, instant, itemView, randomId, randomUrlKey, type Closable } from "./seed.js";

type Store = {
  fixtures: FixtureSink; apiKeys: ApiKeyStore; units: UnitStore; locks: LockDirectory; templates: TemplateStore;
} & Closable;

function sample() {
  const orgId = randomId("org");
  const unit = aUnit(orgId);
  const lock = aLock(orgId, { unitIds: [unit.id], createdAt: instant(1000) });
  const other = aLock(orgId, { createdAt: instant(2000) });
  const templates = [aTemplate(orgId, { sortOrder: 1 }), aTemplate(orgId, { sortOrder: 2 })];
  const tour = anItem(unit, "tour", { lockId: lock.lockId });
  const key = anApiKey(orgId);
  const data = fixture({
    orgs: [{ id: orgId, name: "Org" }], units: [unit], locks: [lock, other], templates, items: [tour], apiKeys: [key],
  });
  return { orgId, unit, lock, other, templates, tour, key, data };
}

/** The contract of {@link FixtureSink}: records are upserted by id, so loads repeat and replace. */
export function describeFixtureSinkContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`${name}: FixtureSink contract`, () => {
    const store = eachTestStore(makeStore);

    it("loading the same fixture twice stores every record once", async () => {
      const { orgId, unit, data } = sample();
      await store().fixtures.load(data);
      await store().fixtures.load(data);
      assert.equal((await store().locks.listActive(orgId, null, 100)).length, 2);
      assert.equal((await store().templates.list(orgId, null, 100)).length, 2);
      assert.equal((await store().units.itemsOf(orgId, unit.id)).length, 1);
      assert.equal((await store().apiKeys.listByOrg(orgId)).length, 1);
    });

    it("a later load replaces records by id, moving them in their lists", async () => {
      const { orgId, unit, lock, other, templates, tour, key, data } = sample();
      await store().fixtures.load(data);
      const movedLock = { ...lock, name: "Back door", createdAt: instant(3000), updatedAt: instant(3000) };
      const movedTemplate = { ...(templates[0] ?? aTemplate(orgId)), sortOrder: 9, body: "new" };
      const renamedUnit = { ...unit, address: "14 Elm St", urlKey: randomUrlKey(), version: 7 };
      const retitled = { ...tour, title: "Evening tour", startAt: instant(5000), endAt: instant(6000) };
      const rescoped = { ...key, scopes: ["messages:read" as const] };
      await store().fixtures.load(
        fixture({ units: [renamedUnit], locks: [movedLock], templates: [movedTemplate], items: [retitled], apiKeys: [rescoped] }),
      );
      assert.deepEqual((await store().locks.listActive(orgId, null, 100)).map((l) => l.lockId), [lock.lockId, other.lockId]);
      assert.deepEqual(await store().locks.getActive(orgId, lock.lockId), movedLock);
      const listedTemplates = await store().templates.list(orgId, null, 100);
      assert.deepEqual(listedTemplates.map((t) => t.id), [templates[1]?.id, movedTemplate.id]);
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
      await store().fixtures.load(fixture({ locks: [{ ...lock, status: "inactive" }] }));
      assert.deepEqual((await store().locks.listActive(orgId, null, 100)).map((l) => l.lockId), [other.lockId]);
      assert.equal(await store().locks.getActive(orgId, lock.lockId), null);
      await store().fixtures.load(fixture({ locks: [lock] }));
      assert.deepEqual((await store().locks.listActive(orgId, null, 100)).map((l) => l.lockId), [other.lockId, lock.lockId]);
    });

    it("an item reloaded under another unit moves there", async () => {
      const { orgId, unit, tour, data } = sample();
      await store().fixtures.load(data);
      const second = aUnit(orgId);
      const moved = { ...tour, unitId: second.id };
      await store().fixtures.load(fixture({ units: [second], items: [moved] }));
      assert.deepEqual(await store().units.itemsOf(orgId, unit.id), []);
      assert.deepEqual((await store().units.itemsOf(orgId, second.id)).map(itemView), [itemView(moved)]);
    });
  });
}
