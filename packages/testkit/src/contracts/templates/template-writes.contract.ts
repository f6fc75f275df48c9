import assert from "node:assert/strict";
import { MAX_TEMPLATES_PER_ORG } from "@lintel/core/adapters";
import type { Template } from "@lintel/domain";
import { templatePosition } from "@lintel/domain/adapters";
import { aTemplate, eachTestStore, fixture, instant, randomId } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import {
  assertEvents,
  aWriteEvent,
  deleteCheck as checkOf,
  NOW,
  templateDeleted as deleted,
  type WritesStore,
} from "../seeds/write-seed.js";

const created = (template: Template) => aWriteEvent(template.orgId, "template.created", { template });
const updated = (template: Template, previous: Template) => aWriteEvent(template.orgId, "template.updated", { template, previous });

/** Templates in list order, from sortOrder asc, id asc. */
const inListOrder = (templates: readonly Template[]) =>
  [...templates].sort((a, b) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((t) => t.id);

/** The contract of {@link TemplateStore}'s writes: create, update and delete, with the list order and the events they keep. */
export function describeTemplateWritesContract(
  name: string,
  makeStore: () => Promise<WritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: template writes contract`, () => {
    const store = eachTestStore(makeStore, runner);
    const ids = async (orgId: string, after: string | null = null) => (await store().templates.list(orgId, after, 2000)).map((t) => t.id);
    /** A fresh org with `templates(orgId)` loaded. */
    const seedTemplates = async (templates: (orgId: string) => Template[]) => {
      const orgId = randomId("org");
      const loaded = templates(orgId);
      await store().fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], templates: loaded }));
      return { orgId, loaded };
    };

    it("create stores the template (get, list by sortOrder then id) and its event", async () => {
      const { orgId, loaded } = await seedTemplates((org) => [0, 3, 5].map((sortOrder) => aTemplate(org, { sortOrder })));
      const made = aTemplate(orgId, { sortOrder: 3, name: "Made", body: "Code {{code}} ✓", createdAt: instant(9), updatedAt: instant(9) });
      const event = created(made);
      assert.deepEqual(await store().templates.create(made, event), { ok: true });
      assert.deepEqual(await store().templates.get(orgId, made.id), made);
      assert.deepEqual(await ids(orgId), inListOrder([...loaded, made]));
      assert.deepEqual(await ids(orgId, templatePosition(loaded[0]!)), inListOrder([...loaded, made]).slice(1));
      await assertEvents(store(), orgId, [event]);
    });

    it(`create is too_many_templates at ${MAX_TEMPLATES_PER_ORG} templates, storing nothing and no event`, async () => {
      const { orgId, loaded } = await seedTemplates((org) => Array.from({ length: MAX_TEMPLATES_PER_ORG }, () => aTemplate(org)));
      const extra = aTemplate(orgId);
      assert.deepEqual(await store().templates.create(extra, created(extra)), { ok: false, reason: "too_many_templates" });
      assert.equal(await store().templates.get(orgId, extra.id), null);
      assert.equal((await ids(orgId)).length, MAX_TEMPLATES_PER_ORG);
      await assertEvents(store(), orgId, []);
      const gone = loaded[0]!;
      const events = [deleted(gone), created(extra)];
      assert.deepEqual(await store().templates.delete(orgId, gone.id, checkOf(gone), events[0]!), { ok: true });
      assert.deepEqual(await store().templates.create(extra, events[1]!), { ok: true }, "one below the limit again");
      await assertEvents(store(), orgId, events);
    });

    it("update with the stored updatedAt replaces the template, and a new sortOrder moves it in the list", async () => {
      const { orgId, loaded } = await seedTemplates((org) => [1, 2, 3].map((sortOrder) => aTemplate(org, { sortOrder })));
      const [t1, t2, t3] = loaded as [Template, Template, Template];
      const last = { ...t1, name: "Renamed", sortOrder: 10, updatedAt: instant(5) };
      const first = { ...last, body: "New {{body}}", sortOrder: 0, updatedAt: instant(6) };
      const events = [updated(last, t1), updated(first, last)];
      assert.deepEqual(await store().templates.update(last, t1.updatedAt, events[0]!), { ok: true });
      assert.deepEqual(await store().templates.get(orgId, t1.id), last);
      assert.deepEqual(await ids(orgId), [t2.id, t3.id, t1.id]);
      assert.deepEqual(await ids(orgId, templatePosition(t3)), [t1.id]);
      assert.deepEqual(await store().templates.update(first, last.updatedAt, events[1]!), { ok: true });
      assert.deepEqual(await store().templates.get(orgId, t1.id), first);
      assert.deepEqual(await ids(orgId), [t1.id, t2.id, t3.id], "listed once, at its new position");
      await assertEvents(store(), orgId, events);
    });

    it("update at a stale updatedAt is changed; of an unknown or another org's template not_found; nothing changes, no event", async () => {
      const { orgId, loaded } = await seedTemplates((org) =>
        [1, 2].map((sortOrder) => aTemplate(org, { sortOrder, updatedAt: instant(3) })),
      );
      const [t1] = loaded as [Template];
      const other = randomId("org");
      const next = { ...t1, sortOrder: 9, updatedAt: instant(8) };
      assert.deepEqual(await store().templates.update(next, instant(2), updated(next, t1)), { ok: false, reason: "changed" });
      const foreign = { ...next, orgId: other };
      assert.deepEqual(await store().templates.update(foreign, t1.updatedAt, updated(foreign, t1)), { ok: false, reason: "not_found" });
      const unknown = aTemplate(orgId);
      assert.deepEqual(await store().templates.update(unknown, unknown.updatedAt, updated(unknown, unknown)), {
        ok: false,
        reason: "not_found",
      });
      assert.deepEqual(await store().templates.get(orgId, t1.id), t1);
      assert.equal(await store().templates.get(other, t1.id), null);
      assert.deepEqual(await ids(orgId), inListOrder(loaded));
      await assertEvents(store(), orgId, []);
      await assertEvents(store(), other, []);
    });

    it("delete removes the template from get and list with its event; a stale updatedAt is changed, an unknown or foreign one not_found", async () => {
      const { orgId, loaded } = await seedTemplates((org) => [1, 2, 3].map((sortOrder) => aTemplate(org, { sortOrder })));
      const [t1, t2, t3] = loaded as [Template, Template, Template];
      const other = randomId("org");
      const stale = { expectedUpdatedAt: instant(7), nowIso: NOW };
      assert.deepEqual(await store().templates.delete(orgId, t2.id, stale, deleted(t2)), { ok: false, reason: "changed" });
      assert.deepEqual(await store().templates.delete(other, t2.id, checkOf(t2), deleted(t2)), { ok: false, reason: "not_found" });
      assert.deepEqual(await store().templates.delete(orgId, randomId("tpl"), checkOf(t2), deleted(t2)), {
        ok: false,
        reason: "not_found",
      });
      assert.deepEqual(await ids(orgId), [t1.id, t2.id, t3.id]);
      await assertEvents(store(), orgId, []);
      const event = deleted(t2);
      assert.deepEqual(await store().templates.delete(orgId, t2.id, checkOf(t2), event), { ok: true });
      assert.equal(await store().templates.get(orgId, t2.id), null);
      assert.deepEqual(await ids(orgId), [t1.id, t3.id]);
      assert.deepEqual(await store().templates.delete(orgId, t2.id, checkOf(t2), deleted(t2)), { ok: false, reason: "not_found" });
      await assertEvents(store(), orgId, [event]);
      await assertEvents(store(), other, []);
    });
  });
}
