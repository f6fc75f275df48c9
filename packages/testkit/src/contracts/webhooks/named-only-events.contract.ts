import assert from "node:assert/strict";
import type { EventLog, LockObservations, WebhookStore } from "@lintel/core/adapters";
import { scheduleEntry, type EventTypeFilter, type LintelEvent, type WebhookEndpointRecord } from "@lintel/domain/adapters";
import { anEndpoint, anObservation, randomBase62Id } from "../seeds/event-seed.js";
import { eachTestStore, instant, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { events: EventLog; observations: LockObservations; webhooks: WebhookStore } & Closable;

/** A message of the org's unit as its `message.*` events carry it. */
function messageEntry(unitId: string) {
  const sendAt = instant(60_000);
  const message = {
    kind: "scheduled_message",
    id: randomId("msg"),
    unitId,
    title: "Code",
    startAt: sendAt,
    endAt: sendAt,
    lockId: null,
  } as const;
  return scheduleEntry(message, "America/Chicago", null);
}

/** A `message.due` as the sender stores it: `to` and `text` null beside their sealed copy (opaque to the store). */
function aMessageDue(orgId: string, unitId: string, atMs: number): LintelEvent {
  const data = {
    unitId,
    item: messageEntry(unitId),
    tourId: null,
    to: null,
    text: null,
    sealed: `enc1.00000000.${randomId("iv")}.tag.body`,
  };
  return { id: randomBase62Id("evt"), orgId, type: "message.due", createdAt: instant(atMs), data };
}

/** A `message.sent` of the same shape of message. */
function aMessageSent(orgId: string, unitId: string, atMs: number): LintelEvent {
  return { id: randomBase62Id("evt"), orgId, type: "message.sent", createdAt: instant(atMs), data: { unitId, item: messageEntry(unitId) } };
}

/**
 * The event types `["*"]` leaves out (`NAMED_ONLY_EVENT_TYPES`: `message.due`, whose data is a
 * message's text and recipient): an event of one gets a delivery only at the enabled endpoints of
 * its org that name it, whichever way the store appends events; every other type still goes to `["*"]`.
 */
export function describeNamedOnlyEventsContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: event types ["*"] leaves out (message.due)`, () => {
    const store = eachTestStore(makeStore, runner);

    /** An org with one endpoint per filter, each created in turn. */
    async function orgWith(filters: readonly (readonly EventTypeFilter[])[]) {
      const orgId = randomId("org");
      const endpoints: WebhookEndpointRecord[] = filters.map((filter, i) => anEndpoint(orgId, filter, i));
      for (const endpoint of endpoints) assert.deepEqual(await store().webhooks.create(endpoint, 16), { ok: true });
      return { orgId, endpoints };
    }

    /** Stores `event` as a lock's first observation would (a fresh lock each time). */
    async function emit(event: LintelEvent): Promise<void> {
      assert.deepEqual(await store().observations.swap(event.orgId, randomId("lk"), null, anObservation(), event), { swapped: true });
    }

    /** The ids of the events delivered to each endpoint, in the order given. */
    async function deliveredEvents(orgId: string, endpoints: readonly WebhookEndpointRecord[]): Promise<string[][]> {
      const all: string[][] = [];
      for (const endpoint of endpoints) {
        const deliveries = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
        all.push(deliveries.map((delivery) => delivery.eventId).sort());
      }
      return all;
    }

    it('a message.due is delivered to the endpoints that name it, never to ["*"]; message.sent goes to ["*"] as ever', async () => {
      const { orgId, endpoints } = await orgWith([["*"], ["message.due"], ["message.sent", "message.due"], ["message.sent"]]);
      const unitId = randomId("u");
      const due = aMessageDue(orgId, unitId, 1_000);
      const sent = aMessageSent(orgId, unitId, 2_000);
      await emit(due);
      await emit(sent);
      assert.deepEqual(await deliveredEvents(orgId, endpoints), [[sent.id], [due.id], [due.id, sent.id].sort(), [sent.id]]);
      const [dueDelivery] = await store().webhooks.deliveries(orgId, endpoints[1]!.id, null, 10);
      assert.deepEqual([dueDelivery?.eventType, dueDelivery?.status], ["message.due", "pending"]);
    });

    it("the stored message.due is kept exactly as given (its sealed copy included) and listed by its type", async () => {
      const { orgId } = await orgWith([["*"]]);
      const due = aMessageDue(orgId, randomId("u"), 1_000);
      await emit(due);
      assert.deepEqual(await store().events.get(orgId, due.id), due);
      assert.deepEqual(await store().events.list(orgId, "message.due", null, 10), [due]);
      assert.deepEqual(await store().events.list(orgId, "message.sent", null, 10), []);
    });

    it("a disabled endpoint that names it, and another org's, get no delivery of it", async () => {
      const { orgId, endpoints } = await orgWith([["message.due"]]);
      const disabled = anEndpoint(orgId, ["message.due"], 5, { status: "disabled", disabledReason: "gone" });
      const foreign = anEndpoint(randomId("org"), ["message.due"], 6);
      for (const endpoint of [disabled, foreign]) assert.deepEqual(await store().webhooks.create(endpoint, 16), { ok: true });
      const due = aMessageDue(orgId, randomId("u"), 1_000);
      await emit(due);
      assert.deepEqual(await deliveredEvents(orgId, [...endpoints, disabled]), [[due.id], []]);
      assert.deepEqual(await store().webhooks.deliveries(foreign.orgId, foreign.id, null, 10), []);
    });
  });
}
