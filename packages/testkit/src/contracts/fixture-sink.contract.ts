import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { ApiKeyStore, FixtureLoadReport, FixtureSink, LockDirectory, TemplateStore, UnitStore } from "@lintel/core";
import {
  aLock,
  anApiKey,
  anItem,
  aTemplate,
  aUnit,
  eachTestStore,
  fixture,
  instant,
  itemView,
  randomId,
  randomUrlKey,
  type Closable,
} from "./seed.js";
import { nodeTestRunner, type TestRunner } from "./runner.js";

type Store = {
  fixtures: FixtureSink;
  apiKeys: ApiKeyStore;
  units: UnitStore;
  locks: LockDirectory;
  templates: TemplateStore;
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
    orgs: [{ id: orgId, name: "Org" }],
    units: [unit],
    locks: [lock, other],
    templates,
    items: [tour],
    apiKeys: [key],
  });
  return { orgId, unit, lock, other, templates, tour, key, data };
}

const UPDATE = { mode: "update" } as const;

/** The report of a load where each list's records all went one way (`ids` by list). */
function allWent(outcome: "added" | "updated" | "kept", ids: Partial<Record<keyof FixtureLoadReport, string[]>>): FixtureLoadReport {
  const lists = ["orgs", "units", "locks", "templates", "items", "apiKeys"] as const;
  const none = { added: [], updated: [], kept: [] };
  return Object.fromEntries(lists.map((list) => [list, { ...none, [outcome]: ids[list] ?? [] }])) as unknown as FixtureLoadReport;
}

/** Every id of `sample()`, by list, as a load reports them. */
function idsOf(s: ReturnType<typeof sample>) {
  return {
    orgs: [s.orgId],
    units: [s.unit.id],
    locks: [s.lock.lockId, s.other.lockId],
    templates: s.templates.map((t) => t.id),
    items: [`${s.tour.kind}:${s.tour.id}`],
    apiKeys: [s.key.id],
  };
}

/**
 * The contract of {@link FixtureSink}: a load adds the records whose ids the store lacks and
 * leaves the others exactly as they are (a restart never undoes a change made since); an
 * `update` load rewrites them too, never moving a unit's version back nor clearing a
 * revocation; a dry run decides the same way and writes nothing.
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
      const changed = await store().units.setTimeZone(orgId, unit.id, { expectedVersion: 1, timeZone: "Asia/Tokyo", rewrites });
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
      assert.equal((await store().units.setTimeZone(orgId, unit.id, { expectedVersion: 1, timeZone: "Asia/Tokyo", rewrites })).ok, true);
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
        (await store().units.setTimeZone(orgId, unit.id, { expectedVersion: 1, timeZone: "Asia/Tokyo", rewrites: [] })).ok,
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
      const change = { expectedVersion: 1, timeZone: "Asia/Tokyo", rewrites: [] };
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
  });
}
