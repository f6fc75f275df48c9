import assert from "node:assert/strict";
import type { ScheduleItem, Template } from "@lintel/domain";
import type { MessageDelivery } from "@lintel/domain/schemas";
import { aTimezoneEvent } from "../seeds/event-seed.js";
import { itemChange } from "../units/item-writes.contract.js";
import { anItem, aTemplate, eachTestStore, fixture, instant, itemView, randomId } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import {
  assertEvents,
  DAY,
  deleteCheck as checkOf,
  messageAt,
  seedUnit,
  templateDeleted as deleted,
  type WritesStore,
} from "../seeds/write-seed.js";

/** A schedule item's key, `<kind>:<id>`, as a template's `in_use` names its message. */
const keyOf = (item: Pick<ScheduleItem, "kind" | "id">): string => `${item.kind}:${item.id}`;

/** A message's delivery once sent (history: it holds its template only while its sendAt is ahead). */
const sent: MessageDelivery = { status: "sent", channel: "email", sentAt: instant(DAY), error: null };

/**
 * The contract of the templates messages name: a put names only a template of the org
 * (`template_missing`, checked in the write's own step), and a template that a message still to
 * be sent names (sent after now, or `scheduled` or `held` whatever its sendAt: one held or waiting
 * past its time is still to be sent) is not deleted (`in_use`), however the message got, lost or
 * moved its template or its delivery (put, delete, set_timezone, fixture loads and org moves).
 */
export function describeTemplateUsesContract(
  name: string,
  makeStore: () => Promise<WritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: templates named by messages contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("a message naming an unknown or another org's template is template_missing (nothing stored, no event); the org's template it may name", async () => {
      const foreign = aTemplate(randomId("org"));
      await store().fixtures.load(fixture({ templates: [foreign] }));
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

    it("a template that a message still to be sent names is in_use (sent after now, or scheduled or held past its time); history sent before or at now does not hold it", async () => {
      const { orgId, unit } = await seedUnit(store());
      const [future, past, exact, waiting, held] = [
        aTemplate(orgId),
        aTemplate(orgId),
        aTemplate(orgId),
        aTemplate(orgId),
        aTemplate(orgId),
      ];
      const items = [
        messageAt(unit, 10, future.id),
        { ...messageAt(unit, 1, past.id), delivery: sent },
        { ...messageAt(unit, 5, exact.id), delivery: { ...sent, status: "skipped", channel: null, sentAt: null } },
        messageAt(unit, 1, waiting.id),
        { ...messageAt(unit, 2, held.id), delivery: { ...sent, status: "held", channel: null, sentAt: null } },
      ] as const;
      await store().fixtures.load(fixture({ templates: [future, past, exact, waiting, held], items: items.map((m) => ({ ...m, orgId })) }));
      for (const [template, message] of [
        [future, items[0]],
        [waiting, items[3]],
        [held, items[4]],
      ] as const) {
        assert.deepEqual(await store().templates.delete(orgId, template.id, checkOf(template), deleted(template)), {
          ok: false,
          reason: "in_use",
          messageKey: keyOf(message),
        });
        assert.deepEqual(await store().templates.get(orgId, template.id), template);
      }
      await assertEvents(store(), orgId, []);
      const events = [deleted(past), deleted(exact)];
      assert.deepEqual(await store().templates.delete(orgId, past.id, checkOf(past), events[0]!), { ok: true });
      assert.deepEqual(await store().templates.delete(orgId, exact.id, checkOf(exact), events[1]!), { ok: true });
      await assertEvents(store(), orgId, events);
    });

    it("in_use names the key of the first message to be sent that names the template (by sendAt, then key)", async () => {
      const { orgId, unit } = await seedUnit(store());
      const template = aTemplate(orgId);
      // Sent after now (day 5): later on day 10, sooner and its twin on day 7; past on day 1, sent, holds nothing.
      const [later, sooner, twin, past] = [10, 7, 7, 1].map((day) => messageAt(unit, day, template.id)) as [
        ScheduleItem,
        ScheduleItem,
        ScheduleItem,
        ScheduleItem,
      ];
      const items = [later, sooner, twin, { ...past, delivery: sent }].map((m) => ({ ...m, orgId }));
      await store().fixtures.load(fixture({ templates: [template], items }));
      const first = [keyOf(sooner), keyOf(twin)].sort()[0];
      const remove = () => store().templates.delete(orgId, template.id, checkOf(template), deleted(template));
      assert.deepEqual(await remove(), { ok: false, reason: "in_use", messageKey: first });
      // A message held past its time (day 3) is still to be sent, and sooner than any of them.
      const held = { ...messageAt(unit, 3, template.id), delivery: { ...sent, status: "held", channel: null, sentAt: null } } as const;
      assert.equal((await store().units.writeItem(orgId, unit.id, itemChange(unit, "put", held))).ok, true);
      assert.deepEqual(await remove(), { ok: false, reason: "in_use", messageKey: keyOf(held) });
    });

    it("a message re-pointed, deleted, or sent and moved before now (by a put) frees its template; one moved after now, or before now still to be sent (setTimeZone), holds it", async () => {
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
      // m2 moves before now (still to be sent: it holds b) and m4 after it by set_timezone; m1 is
      // re-pointed to e, m3 deleted, m5 sent and moved before now and m7 after it by puts; m6 loses
      // its template by a put.
      const rewrites = [
        { kind: m2.kind, id: m2.id, startAt: instant(DAY), endAt: instant(DAY) },
        { kind: m4.kind, id: m4.id, startAt: instant(10 * DAY), endAt: instant(10 * DAY) },
      ];
      const zone = { expectedVersion: 1, timeZone: "UTC", rewrites, event: aTimezoneEvent(unit) };
      assert.equal((await store().units.setTimeZone(orgId, unit.id, zone)).ok, true);
      const writes = [
        itemChange(unit, "put", { ...m1, templateId: e.id }, 2),
        itemChange(unit, "delete", m3, 3),
        itemChange(unit, "put", { ...m5, startAt: instant(2 * DAY), endAt: instant(2 * DAY), delivery: sent }, 4),
        itemChange(unit, "put", { ...m7, startAt: instant(9 * DAY), endAt: instant(9 * DAY) }, 5),
        itemChange(unit, "put", { ...m6, templateId: null }, 6),
      ];
      for (const change of writes) assert.equal((await store().units.writeItem(orgId, unit.id, change)).ok, true);
      for (const [held, message] of [
        [b, m2],
        [d, m4],
        [e, m1],
        [h, m7],
      ] as const) {
        const outcome = await store().templates.delete(orgId, held.id, checkOf(held), deleted(held));
        assert.deepEqual(
          outcome,
          { ok: false, reason: "in_use", messageKey: keyOf(message) },
          `${held.id} is named by a message still to be sent`,
        );
      }
      for (const free of [a, c, f, g])
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
        if (written.ok) assert.deepEqual(removed, { ok: false, reason: "in_use", messageKey: keyOf(message) }, `round ${round}`);
        else assert.deepEqual([written, removed], [{ ok: false, reason: "template_missing" }, { ok: true }], `round ${round}`);
        assert.equal((await store().templates.get(orgId, template.id)) === null, !written.ok);
        assert.equal((await store().units.getItem(orgId, unit.id, message.kind, message.id)) === null, !written.ok);
        await assertEvents(store(), orgId, [written.ok ? change.event : gone]);
      }
    });
  });
}
