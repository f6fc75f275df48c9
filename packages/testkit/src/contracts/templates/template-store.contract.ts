import assert from "node:assert/strict";
import type { Template } from "@lintel/domain";
import { templatePosition } from "@lintel/domain/adapters";
import type { FixtureSink, TemplateStore } from "@lintel/core/adapters";
import { aTemplate, eachTestStore, fixture, instant, randomId, randomInt, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { templates: TemplateStore; fixtures: FixtureSink } & Closable;

const SORT_ORDERS = [
  0,
  0,
  0,
  -1,
  -1,
  1,
  1,
  2,
  5,
  -5,
  1000,
  Number.MAX_SAFE_INTEGER - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  7,
  7,
];

/** Templates in list order, straight from the contract (not from `templatePosition`): sortOrder asc, id asc. */
function inListOrder(templates: readonly Template[]): Template[] {
  return [...templates].sort((a, b) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function seedOrg(store: Store): Promise<{ orgId: string; templates: Template[] }> {
  const orgId = randomId("org");
  const templates = SORT_ORDERS.map((sortOrder) => aTemplate(orgId, { sortOrder }));
  await store.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], templates }));
  return { orgId, templates };
}

/** The contract of {@link TemplateStore}: org-scoped, listed by sortOrder asc then id asc. */
export function describeTemplateStoreContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: TemplateStore contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("gets a template with every field as loaded", async () => {
      const orgId = randomId("org");
      const template = aTemplate(orgId, { body: "Door code {{code}} ✓", sortOrder: -3, createdAt: instant(1), updatedAt: instant(2) });
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], templates: [template] }));
      assert.deepEqual(await store().templates.get(orgId, template.id), template);
    });

    it("answers null for an unknown or another org's template", async () => {
      const { orgId, templates } = await seedOrg(store());
      assert.equal(await store().templates.get(orgId, randomId("tpl")), null);
      for (const template of templates) assert.equal(await store().templates.get(randomId("org"), template.id), null);
    });

    it("lists by sortOrder ascending (negative, equal and extreme values) then id ascending", async () => {
      const { orgId, templates } = await seedOrg(store());
      const listed = await store().templates.list(orgId, null, 100);
      assert.deepEqual(
        listed.map((t) => t.id),
        inListOrder(templates).map((t) => t.id),
      );
    });

    it("pages of any size, each after the last row's position, give the exact order once", async () => {
      const { orgId, templates } = await seedOrg(store());
      const expected = inListOrder(templates).map((t) => t.id);
      for (let run = 0; run < 5; run++) {
        const seen: string[] = [];
        let after: string | null = null;
        for (;;) {
          const limit = randomInt(1, 5);
          const rows: Template[] = await store().templates.list(orgId, after, limit);
          assert.ok(rows.length <= limit);
          seen.push(...rows.map((t) => t.id));
          const last = rows.at(-1);
          if (last === undefined) break;
          after = templatePosition(last);
        }
        assert.deepEqual(seen, expected);
      }
    });

    it("never lists another org's templates", async () => {
      await seedOrg(store());
      const { orgId, templates } = await seedOrg(store());
      const listed = await store().templates.list(orgId, null, 100);
      assert.deepEqual(listed.map((t) => t.id).sort(), templates.map((t) => t.id).sort());
      assert.deepEqual(await store().templates.list(randomId("org"), null, 100), []);
    });
  });
}
