import assert from "node:assert/strict";
import { MAX_TEMPLATES_PER_ORG } from "@lintel/core";
import { templatePosition } from "@lintel/domain/adapters";
import type { ScheduleItem, Template, Unit } from "@lintel/domain";
import { aTimezoneEvent } from "./event-seed.js";
import { itemChange } from "./item-writes.contract.js";
import { anItem, aTemplate, eachTestStore, fixture, instant, itemView, randomId } from "./seed.js";
import { nodeTestRunner, type TestRunner } from "./runner.js";
import { assertEvents, aWriteEvent, DAY, seedUnit, type WritesStore } from "./write-seed.js";

/** "Now" for every delete: 5 days after 2026-01-01. */
const NOW = instant(5 * DAY);

const created = (template: Template) => aWriteEvent(template.orgId, "template.created", { template });
const updated = (template: Template, previous: Template) => aWriteEvent(template.orgId, "template.updated", { template, previous });
const deleted = (template: Template) => aWriteEvent(template.orgId, "template.deleted", { template });
/** The delete check of `template` as stored, at {@link NOW}. */
const checkOf = (template: Template) => ({ expectedUpdatedAt: template.updatedAt, nowIso: NOW });

/** Templates in list order, from SPEC 5.4: sortOrder asc, id asc. */
const inListOrder = (templates: readonly Template[]) =>
  [...templates].sort((a, b) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((t) => t.id);

/** A scheduled message of the unit sent `day` days after 2026-01-01, naming `templateId`. */
const messageAt = (unit: Pick<Unit, "id" | "orgId">, day: number, templateId: string | null): ScheduleItem =>
  itemView(anItem(unit, "scheduled_message", { startAt: instant(day * DAY), endAt: instant(day * DAY), templateId }));

/** The contract of {@link TemplateStore}'s writes, and of the templates a message names. */
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

    it("a message naming an unknown or another org's template is template_missing (nothing stored, no event); the org's template it may name", async () => {
      const { loaded } = await seedTemplates((org) => [aTemplate(org)]);
      const foreign = loaded[0]!;
      const { orgId, unit, items } = await seedUnit(store(), (u) => [anItem(u, "scheduled_message")]);
      const template = aTemplate(orgId);
      await store().fixtures.load(fixture({ templates: [template] }));
      const existing = itemView(items[0]!);
      for (const named of [randomId("tpl"), foreign.id]) {
        const fresh = messageAt(unit, 10, named);
        assert.deepEqual(await store().units.writeItem(orgId, unit.id, itemChange(unit, "put", fresh)), {
          ok: false,
          reason: "template_missing",
        });
        assert.equal(await store().units.getItem(orgId, unit.id, fresh.kind, fresh.id), null);
        const repointed = itemChange(unit, "put", { ...existing, templateId: named });
        assert.deepEqual(await store().units.writeItem(orgId, unit.id, repointed), { ok: false, reason: "template_missing" });
      }
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.deepEqual(itemView((await store().units.getItem(orgId, unit.id, existing.kind, existing.id))!), existing);
      await assertEvents(store(), orgId, []);
      const named = messageAt(unit, 10, template.id);
      const change = itemChange(unit, "put", named);
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, change), { ok: true, unit: { ...unit, version: 2 } });
      assert.deepEqual(itemView((await store().units.getItem(orgId, unit.id, named.kind, named.id))!), named);
      await assertEvents(store(), orgId, [change.event]);
    });

    it("a template that a message sent after now names is in_use; one sent before or at now does not hold it", async () => {
      const { orgId, unit } = await seedUnit(store());
      const [future, past, exact] = [aTemplate(orgId), aTemplate(orgId), aTemplate(orgId)];
      const items = [messageAt(unit, 10, future.id), messageAt(unit, 1, past.id), messageAt(unit, 5, exact.id)];
      await store().fixtures.load(fixture({ templates: [future, past, exact], items: items.map((m) => ({ ...m, orgId })) }));
      assert.deepEqual(await store().templates.delete(orgId, future.id, checkOf(future), deleted(future)), { ok: false, reason: "in_use" });
      assert.deepEqual(await store().templates.get(orgId, future.id), future);
      await assertEvents(store(), orgId, []);
      const events = [deleted(past), deleted(exact)];
      assert.deepEqual(await store().templates.delete(orgId, past.id, checkOf(past), events[0]!), { ok: true });
      assert.deepEqual(await store().templates.delete(orgId, exact.id, checkOf(exact), events[1]!), { ok: true });
      await assertEvents(store(), orgId, events);
    });

    it("a message re-pointed, deleted, or moved before now (by a put, setTimeZone or a fixture update) frees its template; one moved after now holds it", async () => {
      const { orgId, unit } = await seedUnit(store());
      const [a, b, c, d, e, f, g, h] = Array.from({ length: 8 }, () => aTemplate(orgId)) as [
        Template,
        Template,
        Template,
        Template,
        Template,
        Template,
        Template,
        Template,
      ];
      const [m1, m2, m3, m4, m5, m6, m7] = [
        messageAt(unit, 10, a.id),
        messageAt(unit, 10, b.id),
        messageAt(unit, 10, c.id),
        messageAt(unit, 1, d.id),
        messageAt(unit, 10, f.id),
        messageAt(unit, 10, g.id),
        messageAt(unit, 1, h.id),
      ] as [ScheduleItem, ScheduleItem, ScheduleItem, ScheduleItem, ScheduleItem, ScheduleItem, ScheduleItem];
      const items = [m1, m2, m3, m4, m5, m6, m7].map((m) => ({ ...m, orgId }));
      await store().fixtures.load(fixture({ templates: [a, b, c, d, e, f, g, h], items }));
      // m2 moves before now and m4 after it by set_timezone; m1 is re-pointed to e, m3 deleted,
      // m5 moved before now and m7 after it by puts; m6 loses its template in a fixture update.
      const rewrites = [
        { kind: m2.kind, id: m2.id, startAt: instant(DAY), endAt: instant(DAY) },
        { kind: m4.kind, id: m4.id, startAt: instant(10 * DAY), endAt: instant(10 * DAY) },
      ];
      const zone = { expectedVersion: 1, timeZone: "UTC", rewrites, event: aTimezoneEvent(unit) };
      assert.equal((await store().units.setTimeZone(orgId, unit.id, zone)).ok, true);
      const writes = [
        itemChange(unit, "put", { ...m1, templateId: e.id }, 2),
        itemChange(unit, "delete", m3, 3),
        itemChange(unit, "put", { ...m5, startAt: instant(2 * DAY), endAt: instant(2 * DAY) }, 4),
        itemChange(unit, "put", { ...m7, startAt: instant(9 * DAY), endAt: instant(9 * DAY) }, 5),
      ];
      for (const change of writes) assert.equal((await store().units.writeItem(orgId, unit.id, change)).ok, true);
      await store().fixtures.load(fixture({ items: [{ ...m6, orgId, templateId: null }] }), { mode: "update" });
      for (const held of [d, e, h]) {
        const outcome = await store().templates.delete(orgId, held.id, checkOf(held), deleted(held));
        assert.deepEqual(outcome, { ok: false, reason: "in_use" }, `${held.id} is named by a message sent after now`);
      }
      for (const free of [a, b, c, f, g])
        assert.deepEqual(await store().templates.delete(orgId, free.id, checkOf(free), deleted(free)), { ok: true });
    });

    it("a put naming a template racing that template's delete: exactly one of them applies", async () => {
      for (let round = 0; round < 6; round++) {
        const { orgId, unit } = await seedUnit(store());
        const template = aTemplate(orgId);
        await store().fixtures.load(fixture({ templates: [template] }));
        const message = messageAt(unit, 10, template.id);
        const change = itemChange(unit, "put", message);
        const gone = deleted(template);
        const put = () => store().units.writeItem(orgId, unit.id, change);
        const remove = () => store().templates.delete(orgId, template.id, checkOf(template), gone);
        const [written, removed] =
          round % 2 === 0 ? await Promise.all([put(), remove()]) : await Promise.all([remove(), put()]).then(([r, w]) => [w, r] as const);
        if (written.ok) assert.deepEqual(removed, { ok: false, reason: "in_use" }, `round ${round}`);
        else assert.deepEqual([written, removed], [{ ok: false, reason: "template_missing" }, { ok: true }], `round ${round}`);
        assert.equal((await store().templates.get(orgId, template.id)) === null, !written.ok);
        assert.equal((await store().units.getItem(orgId, unit.id, message.kind, message.id)) === null, !written.ok);
        await assertEvents(store(), orgId, [written.ok ? change.event : gone]);
      }
    });
  });
}
