import assert from "node:assert/strict";
import type { LeasedMessage, LeaseShare } from "@lintel/core/adapters";
import type { LintelEvent } from "@lintel/domain/adapters";
import { aTimezoneEvent } from "../seeds/event-seed.js";
import {
  aMessage,
  deliveryOf,
  dueOf,
  endOf,
  eventIdsOf,
  LEASE,
  messageEvent,
  movedTo,
  NOW,
  seedMessages,
  T,
  writeMessage,
  type MessageStore,
} from "../seeds/message-seed.js";
import { aTemplate, eachTestStore, fixture, instant, randomId } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { DAY, deleteCheck, seedUnit, templateDeleted } from "../seeds/write-seed.js";
import { aTour, bookingOf, cancelOf } from "../tours/tour-store.contract.js";

const idsOf = (leased: readonly LeasedMessage[]) => leased.map((one) => one.messageId).sort();
const withoutLease = ({ lease: _lease, ...rest }: LeasedMessage) => rest;
const shareOf = (room: Record<string, number>, skip: Record<string, readonly string[]> = {}): LeaseShare => ({
  roomOf: (orgId) => room[orgId] ?? 16,
  skipOf: (orgId) => skip[orgId] ?? [],
});

/**
 * The contract of {@link MessageOutbox} and of the writes that keep its index: a message still
 * to be sent (`delivery` absent or `scheduled`) is due at its sendAt, every write of it (put,
 * delete, set_timezone, a tour's, a fixture's) makes it afresh and ends a lease held on it; it is
 * leased once at a time across callers, orgs in turn, and finished only under its lease.
 */
export function describeMessageOutboxContract(
  name: string,
  makeStore: () => Promise<MessageStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: MessageOutbox contract`, () => {
    const store = eachTestStore(makeStore, runner);
    const lease = (nowMs = NOW, max = 10, share?: LeaseShare) => store().messages.lease(nowMs, LEASE, max, share);

    it("a due message is leased once, in phase due with no attempt; one ahead is not, until its sendAt", async () => {
      const { orgId, unit, messages } = await seedMessages(store(), [5_000, 60_000]);
      const [due, ahead] = messages as [(typeof messages)[0], (typeof messages)[0]];
      const leased = await lease();
      assert.deepEqual(leased.map(withoutLease), [{ orgId, unitId: unit.id, messageId: due.id, phase: "due", attempts: 0 }]);
      assert.ok(typeof leased[0]?.lease === "string" && leased[0].lease !== "");
      assert.deepEqual(await lease(), [], "leased: not due again while its lease holds");
      assert.deepEqual(await lease(NOW + LEASE - 1), [], "the other is not due before its sendAt");
      assert.deepEqual(idsOf(await lease(T + 60_000)), [due.id, ahead.id].sort(), "the lease ran out; the other's time came");
    });

    it("a lease that ran out is taken over, and the first holder's finish answers false, writing nothing", async () => {
      const { orgId, unit, messages } = await seedMessages(store(), [5_000]);
      const message = messages[0]!;
      const [first] = await lease();
      const [second] = await lease(NOW + LEASE);
      assert.ok(first && second && first.lease !== second.lease);
      const end = endOf(orgId, message);
      assert.equal(await store().messages.finish(first, { kind: "end", ...end }), false);
      assert.deepEqual(await store().units.getItem(orgId, unit.id, message.kind, message.id), message, "nothing written");
      assert.deepEqual(await eventIdsOf(store(), orgId, "message.sent"), []);
      assert.equal(await store().messages.finish(second, { kind: "end", ...end }), true);
    });

    it("of 12 concurrent leases of one due message, exactly one gets it", async () => {
      const { messages } = await seedMessages(store(), [5_000]);
      const all = await Promise.all(Array.from({ length: 12 }, () => lease()));
      assert.deepEqual(all.map((one) => one.length).sort(), [...Array.from({ length: 11 }, () => 0), 1]);
      assert.deepEqual(idsOf(all.flat()), [messages[0]!.id]);
    });

    it("a put of the message ends its lease (finish answers false) and it is due afresh at its sendAt", async () => {
      const { orgId, messages } = await seedMessages(store(), [5_000]);
      const message = messages[0]!;
      const [first] = await lease();
      await writeMessage(store(), orgId, { ...message, title: "Changed" });
      assert.equal(await store().messages.finish(first!, dueOf(orgId, message, 10_000, null)), false);
      assert.deepEqual(await eventIdsOf(store(), orgId, "message.due"), []);
      const [again] = await lease();
      assert.equal(again?.messageId, message.id, "updated: due again at once, its lease ended");
      assert.notEqual(again?.lease, first?.lease);
      await writeMessage(store(), orgId, movedTo(message, 50_000));
      assert.equal(await store().messages.finish(again!, { kind: "retry", nextAttemptAt: instant(20_000), counted: true }), false);
      assert.deepEqual(await lease(T + 49_999), [], "moved later: not due before its new sendAt");
      assert.deepEqual(idsOf(await lease(T + 50_000)), [message.id]);
    });

    it("a put starts a message in its email phase, or with attempts made, afresh: phase due, no attempt", async () => {
      const { orgId, messages } = await seedMessages(store(), [5_000]);
      const message = messages[0]!;
      assert.equal(await store().messages.finish((await lease())[0]!, dueOf(orgId, message, 10_000, null)), true);
      const [email] = await lease();
      assert.equal(email?.phase, "email");
      assert.equal(await store().messages.finish(email!, { kind: "retry", nextAttemptAt: instant(10_000), counted: true }), true);
      assert.deepEqual(
        (await lease()).map((one) => [one.phase, one.attempts]),
        [["email", 1]],
      );
      await writeMessage(store(), orgId, { ...message, title: "Changed" });
      assert.deepEqual((await lease()).map(withoutLease), [
        { orgId, unitId: message.unitId, messageId: message.id, phase: "due", attempts: 0 },
      ]);
    });

    it("a delete takes the message out: never leased again, and a lease held on it finishes nothing", async () => {
      const { orgId, unit, messages } = await seedMessages(store(), [5_000, 6_000]);
      const [held, waiting] = messages as [(typeof messages)[0], (typeof messages)[0]];
      const [leased] = await lease(NOW, 1);
      assert.equal(leased?.messageId, held.id, "the earlier first");
      await writeMessage(store(), orgId, held, "delete");
      await writeMessage(store(), orgId, waiting, "delete");
      assert.equal(await store().messages.finish(leased!, { kind: "end", ...endOf(orgId, held) }), false);
      assert.deepEqual(await lease(NOW + 10 * LEASE), []);
      await store().fixtures.load(fixture({ items: messages.map((message) => ({ ...message, orgId })) }));
      assert.equal(await store().units.getItem(orgId, unit.id, held.kind, held.id), null, "stays deleted");
      assert.deepEqual(await lease(NOW + 10 * LEASE), []);
    });

    it("held, sent, failed and skipped messages are never leased; a put back to scheduled (a confirmation) makes one due", async () => {
      const { orgId, unit } = await seedUnit(store());
      const [held, sent, failed, skipped, scheduled] = (["held", "sent", "failed", "skipped", "scheduled"] as const).map((status) =>
        aMessage(unit, 5_000, { delivery: deliveryOf(status) }),
      ) as [ReturnType<typeof aMessage>, ...ReturnType<typeof aMessage>[]];
      for (const message of [held, sent, failed, skipped, scheduled]) await writeMessage(store(), orgId, message!);
      assert.deepEqual(idsOf(await lease()), [scheduled!.id], "only the scheduled one");
      await writeMessage(store(), orgId, { ...held, delivery: deliveryOf("scheduled") });
      assert.deepEqual(idsOf(await lease()), [held.id]);
      await writeMessage(store(), orgId, { ...sent!, delivery: deliveryOf("held") });
      assert.deepEqual(idsOf(await lease(NOW + 10 * LEASE)), [held.id, scheduled!.id].sort(), "held again: only the two scheduled ones");
    });

    it("set_timezone moving a message moves its due time and ends its lease; a message it leaves alone keeps its lease", async () => {
      const { orgId, unit, messages } = await seedMessages(store(), [5_000, 6_000]);
      const [moved, kept] = messages as [(typeof messages)[0], (typeof messages)[0]];
      const leased = await lease();
      assert.deepEqual(idsOf(leased), [moved.id, kept.id].sort());
      const to = movedTo(moved, 50_000);
      const outcome = await store().units.setTimeZone(orgId, unit.id, {
        expectedVersion: 3,
        timeZone: "Europe/Paris",
        rewrites: [{ kind: moved.kind, id: moved.id, startAt: to.startAt, endAt: to.endAt }],
        event: aTimezoneEvent(unit, 4_000),
      });
      assert.equal(outcome.ok, true);
      const leaseOf = (id: string) => leased.find((one) => one.messageId === id)!;
      assert.equal(await store().messages.finish(leaseOf(moved.id), dueOf(orgId, moved, 10_000, null)), false);
      const retry = { kind: "retry", nextAttemptAt: instant(100_000), counted: true } as const;
      assert.equal(await store().messages.finish(leaseOf(kept.id), retry), true);
      assert.deepEqual(await lease(T + 49_999), []);
      assert.deepEqual(idsOf(await lease(T + 50_000)), [moved.id]);
    });

    it("due with no end stores message.due once and leaves the message due at once for its email, with no attempt", async () => {
      const { orgId, messages } = await seedMessages(store(), [5_000]);
      const message = messages[0]!;
      const [leased] = await lease();
      const outcome = dueOf(orgId, message, 10_000, null);
      assert.equal(await store().messages.finish(leased!, outcome), true);
      assert.equal(await store().messages.finish(leased!, outcome), false, "the lease ended with the outcome");
      assert.deepEqual(await eventIdsOf(store(), orgId, "message.due"), [outcome.kind === "due" ? outcome.event.id : ""]);
      const [email] = await lease();
      assert.deepEqual(withoutLease(email!), { ...withoutLease(leased!), phase: "email", attempts: 0 });
      assert.equal((await store().units.getItem(orgId, message.unitId, message.kind, message.id))?.delivery, undefined);
    });

    it("retry keeps the message in its phase, due at nextAttemptAt, one more attempt only when counted", async () => {
      const { orgId, messages } = await seedMessages(store(), [5_000]);
      const message = messages[0]!;
      const retry = (ms: number, counted: boolean) => ({ kind: "retry", nextAttemptAt: instant(ms), counted }) as const;
      assert.equal(await store().messages.finish((await lease())[0]!, retry(60_000, false)), true, "waiting for the tour's code");
      assert.deepEqual(await lease(T + 59_999), []);
      const [waited] = await lease(T + 60_000);
      assert.deepEqual([waited?.phase, waited?.attempts], ["due", 0]);
      assert.equal(await store().messages.finish(waited!, dueOf(orgId, message, 60_000, null)), true);
      const [email] = await lease(T + 60_000);
      assert.equal(await store().messages.finish(email!, retry(90_000, true)), true);
      assert.deepEqual(await lease(T + 89_999), []);
      const [again] = await lease(T + 90_000);
      assert.deepEqual([again?.phase, again?.attempts], ["email", 1]);
      assert.equal(await store().messages.finish(again!, retry(90_000, true)), true);
      assert.deepEqual(
        (await lease(T + 90_000)).map((one) => [one.phase, one.attempts]),
        [["email", 2]],
      );
    });

    it("end sets the message's delivery (getItem, scheduleAfter) keeping its place and the unit's version, and stores its event", async () => {
      const { orgId, unit, messages } = await seedMessages(store(), [5_000, 4_000, 6_000]);
      const message = messages[0]!;
      const before = await store().units.findByIdOrKey(orgId, unit.id);
      const keys = async () => (await store().units.scheduleAfter(orgId, unit.id, T, null, 10)).map((item) => item.id);
      const order = await keys();
      const leased = (await lease()).find((one) => one.messageId === message.id)!;
      const end = endOf(orgId, message);
      assert.equal(await store().messages.finish(leased, { kind: "end", ...end }), true);
      const stored = await store().units.getItem(orgId, unit.id, message.kind, message.id);
      assert.deepEqual(stored, { ...message, delivery: end.delivery });
      assert.deepEqual((await store().units.scheduleAfter(orgId, unit.id, T, null, 10))[1], stored, "the schedule reads its delivery");
      assert.deepEqual(await keys(), order, "its place in the schedule kept");
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), before, "no version bump");
      assert.deepEqual(await eventIdsOf(store(), orgId, "message.sent"), [end.event.id]);
      assert.deepEqual(await eventIdsOf(store(), orgId, "schedule.item_updated"), [], "no schedule event");
      assert.equal(await store().messages.finish(leased, { kind: "end", ...end }), false);
      assert.deepEqual(idsOf(await lease(NOW + 10 * LEASE)), [messages[1]!.id, messages[2]!.id].sort(), "never leased again");
    });

    it("due with an end stores message.due and the end's event and ends the message", async () => {
      const { orgId, unit, messages } = await seedMessages(store(), [5_000]);
      const message = messages[0]!;
      const end = endOf(orgId, message, "failed");
      const outcome = dueOf(orgId, message, 10_000, end);
      assert.equal(await store().messages.finish((await lease())[0]!, outcome), true);
      assert.deepEqual(await eventIdsOf(store(), orgId, "message.due"), [outcome.kind === "due" ? outcome.event.id : ""]);
      assert.deepEqual(await eventIdsOf(store(), orgId, "message.failed"), [end.event.id]);
      assert.deepEqual((await store().units.getItem(orgId, unit.id, message.kind, message.id))?.delivery, end.delivery);
      assert.deepEqual(await lease(NOW + 10 * LEASE), []);
    });

    it("a message loaded from a fixture, or booked with a tour, is due at its sendAt; the tour's cancel takes it out", async () => {
      const { orgId, unit } = await seedUnit(store());
      const loaded = aMessage(unit, 5_000);
      await store().fixtures.load(fixture({ items: [{ ...loaded, orgId }] }));
      const [first] = await lease();
      assert.equal(first?.messageId, loaded.id);
      assert.equal(await store().messages.finish(first!, { kind: "end", ...endOf(orgId, loaded) }), true);
      const template = aTemplate(orgId);
      await store().fixtures.load(fixture({ templates: [template] }));
      const tour = aTour(unit, 1, { messages: [{ id: randomId("msg"), templateId: template.id, anchor: "start", offsetMinutes: -60 }] });
      const sendMs = Date.parse(tour.startAt) - 3_600_000 - T;
      assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf(unit, tour, template.id))).ok, true);
      assert.deepEqual(await lease(T + sendMs - 1), []);
      const [booked] = await lease(T + sendMs);
      assert.equal(booked?.messageId, tour.messages[0]!.id);
      assert.equal((await store().tours.writeTour(orgId, unit.id, cancelOf({ ...unit, version: 2 }, tour))).ok, true);
      const retry = { kind: "retry", nextAttemptAt: instant(sendMs), counted: true } as const;
      assert.equal(await store().messages.finish(booked!, retry), false, "deleted by the cancel");
      assert.deepEqual(await lease(T + sendMs + 10 * LEASE), []);
    });

    it("orgs are served in turn; a share keeps to each org's room and skips the messages it names", async () => {
      const a = await seedMessages(store(), [5_000, 5_000, 5_000]);
      const b = await seedMessages(store(), [5_000, 5_000]);
      const c = await seedMessages(store(), [5_000]);
      const perOrg = (leased: readonly LeasedMessage[]) => [a, b, c].map(({ orgId }) => leased.filter((one) => one.orgId === orgId).length);
      assert.deepEqual(perOrg(await lease(NOW, 3)), [1, 1, 1], "in turn: one of each org first");
      const skippedId = b.messages[0]!.id;
      const shared = await lease(NOW + LEASE, 100, shareOf({ [a.orgId]: 1 }, { [b.orgId]: [skippedId] }));
      assert.deepEqual(perOrg(shared), [1, 1, 1], "room 1 for A; B's one named skipped");
      assert.ok(!shared.some((one) => one.messageId === skippedId));
      assert.deepEqual(perOrg(await lease(NOW + LEASE, 100)), [2, 1, 0], "the rest");
    });

    it("a template stays in use while a message still to be sent names it, held or past its sendAt; once sent it frees it", async () => {
      const { orgId, unit } = await seedUnit(store());
      const template = aTemplate(orgId);
      await store().fixtures.load(fixture({ templates: [template] }));
      const held = aMessage(unit, 1_000, { templateId: template.id, delivery: deliveryOf("held") });
      const waiting = aMessage(unit, 2_000, { templateId: template.id });
      for (const message of [held, waiting]) await writeMessage(store(), orgId, message);
      const remove = () => store().templates.delete(orgId, template.id, deleteCheck(template), templateDeleted(template));
      assert.ok(Date.parse(deleteCheck(template).nowIso) > T + 4 * DAY, "both sendAts are past");
      assert.deepEqual(await remove(), { ok: false, reason: "in_use", messageKey: `scheduled_message:${held.id}` });
      await writeMessage(store(), orgId, { ...held, delivery: deliveryOf("sent") });
      assert.deepEqual(await remove(), { ok: false, reason: "in_use", messageKey: `scheduled_message:${waiting.id}` });
      const [leased] = await lease();
      assert.equal(await store().messages.finish(leased!, { kind: "end", ...endOf(orgId, waiting) }), true);
      assert.deepEqual(await remove(), { ok: true });
    });

    it("resealDueEvents rewrites each stored message.due's sealed copy as told, each once; other events are left alone", async () => {
      const { orgId, messages } = await seedMessages(store(), [5_000]);
      const message = messages[0]!;
      const [leased] = await lease();
      const event = messageEvent(orgId, "message.due", message, 6_000);
      const sealed = { ...event, data: { ...event.data, sealed: `old:${orgId}` } } as LintelEvent;
      assert.equal(await store().messages.finish(leased!, { kind: "due", event: sealed, end: endOf(orgId, message) }), true);
      const reseal = (sealed: string) => (sealed === `old:${orgId}` ? `new:${orgId}` : null);
      assert.ok((await store().messages.resealDueEvents(reseal)) >= 1);
      const [stored] = await store().events.list(orgId, "message.due", null, 10);
      assert.equal((stored?.data as { sealed?: string }).sealed, `new:${orgId}`);
      assert.equal(await store().messages.resealDueEvents(reseal), 0, "nothing left to reseal");
      const [sent] = await store().events.list(orgId, "message.sent", null, 10);
      assert.ok(sent, "the message.sent is still there");
    });
  });
}
