// message.due's recipient and text (docs/contract.md "Messages in events"): sealed at rest, opened
// for whom may read tours (a key with tours:read, an endpoint that names the type), null for
// everyone else, `sealed` never served; naming message.due in an endpoint needs tours:read.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "node:test";
import type { Scope } from "@lintel/domain";
import { createDataCipher, randomDataKey, scheduleEntry, type LintelEvent, type WebhookEndpointRecord } from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import { fakeEventStore } from "../fake-event-store.test-support.js";
import { callerA, problem, setup, value } from "../lintel.test-support.js";
import { eventBody, eventView } from "./event-view.js";
import { openedEvent, sealMessageDue, type MessageDueData } from "./sealed-events.js";
import { createWebhookDispatcher } from "./webhook-dispatcher.js";
import type { WebhookRequest } from "./webhook-sender.js";

const KEY = randomDataKey();
const cipher = createDataCipher([KEY]);
const TO = { name: "Ada Lovelace", email: "ada@lovelace.example", phone: "+13125550123" };
const TEXT = "Your access code for the gate is 482913.";
const SEND_AT = "2026-06-01T11:00:00.000Z";

/** The due data of a tour's message at u_1, in the clear. */
function dueData(): Omit<MessageDueData, "sealed"> {
  const message = {
    kind: "scheduled_message",
    id: "msg_1",
    unitId: "u_1",
    title: "Access code",
    startAt: SEND_AT,
    endAt: SEND_AT,
    lockId: null,
    templateId: "tpl_0",
    tourId: "tour_1",
  } as const;
  return { unitId: "u_1", item: scheduleEntry(message, "America/New_York", null), tourId: "tour_1", to: TO, text: TEXT };
}

/** A message.due of org_a as the sender stores it: sealed under `secrets`. */
function storedDue(id: string, secrets = cipher): LintelEvent {
  return { id, orgId: "org_a", type: "message.due", createdAt: "2026-06-01T11:00:00.100Z", data: sealMessageDue(dueData(), secrets) };
}

const callerWith = (...scopes: Scope[]): Caller => ({ keyId: "key_a", orgId: "org_a", scopes });

describe("sealMessageDue and openedEvent", () => {
  it("at rest: to and text null beside sealed, which shows neither the text nor any contact detail", () => {
    const stored = storedDue("evt_1");
    assert.equal(stored.type, "message.due");
    const data = stored.data as MessageDueData;
    assert.equal(data.to, null);
    assert.equal(data.text, null);
    assert.match(data.sealed ?? "", /^enc1\./);
    for (const clear of [TO.name, TO.email, TO.phone, "482913"]) assert.ok(!JSON.stringify(stored).includes(clear), clear);
  });

  it("opened for whom shows personal data, null for anyone else; sealed is never served", () => {
    const stored = storedDue("evt_1");
    const shown = openedEvent(stored, cipher, true);
    assert.deepEqual(shown.data, { ...dueData(), to: TO, text: TEXT });
    assert.ok(!("sealed" in shown.data));
    const hidden = openedEvent(stored, cipher, false);
    assert.deepEqual(hidden.data, { ...dueData(), to: null, text: null });
    assert.ok(!("sealed" in hidden.data));
    assert.equal((stored.data as MessageDueData).sealed === undefined, false, "the stored event is left as it was");
  });

  it("a copy sealed under a data key this server does not have opens as not shown (null), not as a failure", () => {
    const foreign = storedDue("evt_1", createDataCipher([randomDataKey()]));
    assert.deepEqual(openedEvent(foreign, cipher, true).data, { ...dueData(), to: null, text: null });
  });

  it("any other event is served as it is", () => {
    const sent: LintelEvent = { ...storedDue("evt_2"), type: "message.sent", data: { unitId: "u_1", item: dueData().item } };
    assert.equal(openedEvent(sent, cipher, true), sent);
    assert.equal(openedEvent(sent, cipher, false), sent);
  });

  it("eventView drops sealed whichever path the event came by", () => {
    const view = eventView(storedDue("evt_1"));
    assert.ok(!("sealed" in view.data));
    assert.ok(!eventBody(storedDue("evt_1")).includes("enc1."));
  });
});

describe("message.due through the event log", () => {
  it("listEvents and getEvent serve to and text to tours:read (tours:write too), null to a key without; sealed never", async () => {
    const { lintel, eventStore } = await setup({}, { dataKeys: [KEY] });
    eventStore.append(storedDue("evt_due"));
    for (const [caller, shown] of [
      [callerA, true],
      [callerWith("events:read", "tours:write"), true],
      [callerWith("events:read", "tours:read"), true],
      [callerWith("events:read"), false],
      [callerWith("events:read", "units:write", "messages:write", "webhooks:write"), false],
    ] as const) {
      const expected = shown ? { ...dueData(), to: TO, text: TEXT } : { ...dueData(), to: null, text: null };
      const [listed] = value(await lintel.listEvents(caller, { limit: 10 })).events;
      assert.deepEqual(listed?.data, expected, caller.scopes.join(" "));
      assert.deepEqual(value(await lintel.getEvent(caller, "evt_due")).data, expected, caller.scopes.join(" "));
      assert.ok(!JSON.stringify(eventView(value(await lintel.getEvent(caller, "evt_due")))).includes("sealed"));
    }
  });
});

describe("naming message.due in a webhook endpoint", () => {
  const HOOK = { url: "https://example.com/hook" };

  it("create: 403 missing_scope naming tours:read and message.due without tours:read; 201 with tours:read or tours:write; ['*'] needs neither", async () => {
    const { lintel } = await setup();
    for (const eventTypes of [["message.due"], ["unit.created", "message.due"]]) {
      const refused = problem(await lintel.createWebhookEndpoint(callerWith("webhooks:write", "events:read"), { ...HOOK, eventTypes }));
      assert.equal(refused?.code, "missing_scope");
      assert.match(refused?.detail ?? "", /'tours:read'/);
      assert.match(refused?.detail ?? "", /message\.due/);
    }
    // The scope comes first, as admission checks scopes before parameters.
    const beforeUrl = problem(
      await lintel.createWebhookEndpoint(callerWith("webhooks:write"), { url: "http://x", eventTypes: ["message.due"] }),
    );
    assert.equal(beforeUrl?.code, "missing_scope");
    for (const scope of ["tours:read", "tours:write"] as const) {
      const made = value(await lintel.createWebhookEndpoint(callerWith("webhooks:write", scope), { ...HOOK, eventTypes: ["message.due"] }));
      assert.deepEqual(made.webhookEndpoint.eventTypes, ["message.due"]);
    }
    value(await lintel.createWebhookEndpoint(callerWith("webhooks:write"), { ...HOOK, eventTypes: ["*"] }));
    value(await lintel.createWebhookEndpoint(callerWith("webhooks:write"), { ...HOOK, eventTypes: ["message.sent", "message.failed"] }));
  });

  it("update: naming it, or a new url for an endpoint that names it, is 403 without tours:read; its description is not", async () => {
    const { lintel } = await setup();
    const plain = callerWith("webhooks:write");
    const other = value(await lintel.createWebhookEndpoint(plain, { ...HOOK, eventTypes: ["*"] })).webhookEndpoint.id;
    assert.equal(problem(await lintel.updateWebhookEndpoint(plain, other, { eventTypes: ["message.due"] }))?.code, "missing_scope");
    const due = value(await lintel.createWebhookEndpoint(callerA, { ...HOOK, eventTypes: ["message.due"] })).webhookEndpoint.id;
    const moved = problem(await lintel.updateWebhookEndpoint(plain, due, { url: "https://elsewhere.example/hook" }));
    assert.equal(moved?.code, "missing_scope");
    assert.equal(value(await lintel.getWebhookEndpoint(callerA, due)).url, HOOK.url, "nothing changed");
    assert.equal(value(await lintel.updateWebhookEndpoint(plain, due, { description: "SMS" })).description, "SMS");
    // Dropping the type needs no scope; so does a new url along with types that no longer name it.
    assert.deepEqual(value(await lintel.updateWebhookEndpoint(plain, due, { eventTypes: ["*"], url: "https://b.example/h" })).eventTypes, [
      "*",
    ]);
    const withScope = callerWith("webhooks:write", "tours:read");
    assert.deepEqual(value(await lintel.updateWebhookEndpoint(withScope, other, { eventTypes: ["message.due"] })).eventTypes, [
      "message.due",
    ]);
    assert.equal(value(await lintel.updateWebhookEndpoint(withScope, other, { url: "https://c.example/h" })).url, "https://c.example/h");
  });
});

describe("delivering message.due", () => {
  /** An enabled endpoint of org_a for `eventTypes`. */
  const endpoint = (id: string, eventTypes: WebhookEndpointRecord["eventTypes"]): WebhookEndpointRecord => ({
    id,
    orgId: "org_a",
    url: `https://example.com/${id}`,
    eventTypes,
    description: null,
    status: "enabled",
    disabledReason: null,
    createdAt: "2026-06-01T10:00:00.000Z",
    secret: cipher.seal("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"),
    failingSince: null,
  });

  it("goes to the endpoint that names it with to and text opened and no sealed copy; ['*'] gets none", async () => {
    const store = fakeEventStore();
    await store.webhooks.create(endpoint("we_named", ["message.due"]), 16);
    await store.webhooks.create(endpoint("we_all", ["*"]), 16);
    const sent: WebhookRequest[] = [];
    const dispatcher = createWebhookDispatcher(
      {
        webhooks: store.webhooks,
        sender: { refusal: async () => null, send: async (request) => (sent.push(request), { ok: true, status: 204 }) },
        clock: { now: () => Date.parse("2026-06-01T11:00:01.000Z") },
        secrets: cipher,
      },
      { retryScheduleSeconds: [5], pollMs: 10_000, random: () => 0 },
    );
    dispatcher.start();
    store.append(storedDue("evt_due"));
    dispatcher.wake();
    await sleep(20);
    await dispatcher.stop(100);
    assert.deepEqual(
      store.deliveriesOf().map((d) => d.endpointId),
      ["we_named"],
    );
    assert.deepEqual(
      sent.map((request) => request.url),
      ["https://example.com/we_named"],
    );
    const body = JSON.parse(sent[0]?.body ?? "{}") as { type: string; data: Record<string, unknown> };
    assert.equal(body.type, "message.due");
    assert.deepEqual(body.data, { ...dueData(), to: TO, text: TEXT });
    assert.ok(!("sealed" in body.data));
  });

  it("an endpoint that no longer names it when the attempt is made gets to and text null", async () => {
    const store = fakeEventStore();
    await store.webhooks.create(endpoint("we_named", ["message.due"]), 16);
    store.append(storedDue("evt_due"));
    await store.webhooks.update("org_a", "we_named", { eventTypes: ["message.sent"] });
    const sent: WebhookRequest[] = [];
    const dispatcher = createWebhookDispatcher(
      {
        webhooks: store.webhooks,
        sender: { refusal: async () => null, send: async (request) => (sent.push(request), { ok: true, status: 204 }) },
        clock: { now: () => Date.parse("2026-06-01T11:00:01.000Z") },
        secrets: cipher,
      },
      { retryScheduleSeconds: [5], pollMs: 10_000, random: () => 0 },
    );
    dispatcher.start();
    dispatcher.wake();
    await sleep(20);
    await dispatcher.stop(100);
    assert.equal(sent.length, 1);
    assert.deepEqual(JSON.parse(sent[0]?.body ?? "{}").data, { ...dueData(), to: null, text: null });
  });
});
