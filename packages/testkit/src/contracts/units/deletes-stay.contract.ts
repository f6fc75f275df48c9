import assert from "node:assert/strict";
import { anItem, aTemplate, aUnit, eachTestStore, fixture, itemView } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { aWriteEvent, assertEvents, deleteCheck, seedUnit, servedUnit, templateDeleted, type WritesStore } from "../seeds/write-seed.js";

/**
 * A fixture load beside the API's writes: it stores no event and bumps no version, and never
 * undoes a write: a template or an item deleted through the API stays deleted.
 */
export function describeDeletesStayContract(
  name: string,
  makeStore: () => Promise<WritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: fixture loads beside the writes contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("a template and an item deleted through the store stay deleted when the same fixture is loaded again", async () => {
      const { orgId, unit, items } = await seedUnit(store(), (u) => [anItem(u, "open_house"), anItem(u, "tour")]);
      const template = aTemplate(orgId);
      await store().fixtures.load(fixture({ templates: [template] }));
      const [gone, stays] = items as [(typeof items)[number], (typeof items)[number]];
      const removed = await store().units.writeItem(orgId, unit.id, {
        expectedVersion: unit.version,
        op: "delete",
        item: itemView(gone),
        event: aWriteEvent(orgId, "schedule.item_deleted", { unit: servedUnit(unit), item: itemView(gone) }),
      });
      assert.equal(removed.ok, true);
      assert.deepEqual(await store().templates.delete(orgId, template.id, deleteCheck(template), templateDeleted(template)), { ok: true });
      const again = fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], templates: [template], items });
      for (let round = 0; round < 2; round++) {
        const report = await store().fixtures.load(again);
        assert.ok(report.items.kept.includes(`${gone.kind}:${gone.id}`), "the deleted item is kept (deleted)");
        assert.ok(report.templates.kept.includes(template.id), "the deleted template is kept (deleted)");
        assert.equal(await store().units.getItem(orgId, unit.id, gone.kind, gone.id), null, "the item is not back");
        assert.equal(await store().templates.get(orgId, template.id), null, "the template is not back");
        assert.deepEqual(await store().units.getItem(orgId, unit.id, stays.kind, stays.id), itemView(stays), "the other item is there");
        assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, unit.version + 1, "the delete's version stays");
      }
    });

    it("a load stores no event and bumps no version: units, templates and items added next to the API's", async () => {
      const { orgId, unit } = await seedUnit(store(), (u) => [anItem(u, "tour")], { version: 4 });
      const second = aUnit(orgId, { version: 9 });
      const more = [anItem(unit, "code"), anItem(second, "scheduled_message")];
      await store().fixtures.load(fixture({ units: [unit, second], templates: [aTemplate(orgId)], items: more }));
      assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, 4);
      assert.equal((await store().units.findByIdOrKey(orgId, second.id))?.version, 9);
      assert.equal((await store().units.itemsOf(orgId, unit.id)).length, 2);
      await assertEvents(store(), orgId, []);
      const item = anItem(second, "tour");
      const put = aWriteEvent(orgId, "schedule.item_created", { unit: servedUnit({ ...second, version: 10 }), item: itemView(item) });
      const written = await store().units.writeItem(orgId, second.id, { expectedVersion: 9, op: "put", item: itemView(item), event: put });
      assert.deepEqual(written.ok && written.unit.version, 10, "the API's write counts on from the loaded version");
      await assertEvents(store(), orgId, [put]);
    });
  });
}
