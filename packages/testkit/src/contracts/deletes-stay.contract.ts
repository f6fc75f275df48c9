import assert from "node:assert/strict";
import { anItem, aTemplate, eachTestStore, fixture, itemView } from "./seed.js";
import { nodeTestRunner, type TestRunner } from "./runner.js";
import { aWriteEvent, deleteCheck, seedUnit, servedUnit, templateDeleted, type WritesStore } from "./write-seed.js";

/**
 * A delete through the API is a change like any other: a fixture load (a restart's, in `add`
 * mode; the seed command's `update`) never adds the deleted template or item back.
 */
export function describeDeletesStayContract(
  name: string,
  makeStore: () => Promise<WritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: deletes stay deleted contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("a template and an item deleted through the store stay deleted when the same fixture is loaded again, in add and in update mode", async () => {
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
      for (const mode of ["add", "update"] as const) {
        const report = await store().fixtures.load(again, { mode });
        assert.ok(report.items.kept.includes(`${gone.kind}:${gone.id}`), `${mode}: the deleted item is kept (deleted)`);
        assert.ok(report.templates.kept.includes(template.id), `${mode}: the deleted template is kept (deleted)`);
        assert.equal(await store().units.getItem(orgId, unit.id, gone.kind, gone.id), null, `${mode}: the item is not back`);
        assert.equal(await store().templates.get(orgId, template.id), null, `${mode}: the template is not back`);
        assert.deepEqual(await store().units.getItem(orgId, unit.id, stays.kind, stays.id), itemView(stays), "the other item is there");
        assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, unit.version + 1, "the delete's version stays");
      }
    });
  });
}
