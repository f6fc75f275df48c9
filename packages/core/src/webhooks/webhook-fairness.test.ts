// Fair delivery over the in-core fakes: one org whose receivers never answer holds a quarter of
// the slots, never another org's deliveries; an endpoint whose attempts keep failing rests on
// its own schedule, holding no slot meanwhile, and a success ends its rest.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "node:test";
import { isoInstant, type LintelEvent, type WebhookEndpointRecord } from "@lintel/domain/adapters";
import { fakeEventStore } from "../fake-event-store.test-support.js";
import { createWebhookDispatcher, endpointRestMs, WEBHOOK_ENDPOINT_REST_MAX_MS } from "./webhook-dispatcher.js";
import type { WebhookRequest, WebhookResponse } from "./webhook-sender.js";

const T0 = Date.parse("2026-06-01T12:00:00.000Z");

function event(id: string, orgId: string): LintelEvent {
  const unit = { id: "u_1", urlKey: "a", address: "A", timeZone: "Europe/Paris", version: 2, showingRules: null };
  const data = { unit, previousTimeZone: null, policy: "keep_instant", moved: [] } as const;
  return { id, orgId, createdAt: isoInstant(T0), type: "unit.timezone_changed", data };
}

function endpointOf(id: string, orgId: string, url: string): WebhookEndpointRecord {
  return {
    ...{ id, orgId, url, eventTypes: ["*"], description: null, status: "enabled", disabledReason: null },
    ...{ createdAt: isoInstant(T0), secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", failingSince: null },
  };
}

/** Never answers: resolves only when the dispatcher aborts it at stop. */
const never = (request: WebhookRequest) =>
  new Promise<WebhookResponse>((resolve) =>
    request.signal.addEventListener("abort", () => resolve({ ok: false, kind: "connection", error: "cancelled at shutdown" })),
  );

describe("fair webhook delivery", () => {
  it("an org whose 16 endpoints never answer holds a quarter of the slots; another org's deliveries go at once", async () => {
    const store = fakeEventStore();
    for (let i = 0; i < 16; i++) await store.webhooks.create(endpointOf(`we_a${i}`, "org_a", `https://hangs.example/${i}`), 16);
    await store.webhooks.create(endpointOf("we_b", "org_b", "https://fine.example/hook"), 16);
    let hanging = 0;
    const sender = {
      refusal: async () => null,
      send: (request: WebhookRequest) => {
        if (request.url.includes("fine")) return Promise.resolve<WebhookResponse>({ ok: true, status: 204 });
        hanging += 1;
        return never(request);
      },
    };
    const dispatcher = createWebhookDispatcher(
      { webhooks: store.webhooks, sender, clock: { now: () => T0 } },
      { retryScheduleSeconds: [5], pollMs: 10_000, random: () => 0 },
    );
    for (let i = 0; i < 10; i++) store.append(event(`evt_a${i}`, "org_a")); // A's 160 due deliveries come first
    dispatcher.start();
    try {
      await sleep(30);
      for (let i = 0; i < 3; i++) store.append(event(`evt_b${i}`, "org_b"));
      dispatcher.wake();
      await sleep(30);
      const ofB = store.deliveriesOf().filter((d) => d.endpointId === "we_b");
      assert.deepEqual(
        ofB.map((d) => d.status),
        ["delivered", "delivered", "delivered"],
      );
      assert.equal(hanging, 4, "16 slots, a quarter for one org");
    } finally {
      await dispatcher.stop(0);
    }
  });

  it("an endpoint whose attempts keep failing rests as a delivery would after as many failures, capped; its backlog is not leased meanwhile", async () => {
    let now = T0;
    const store = fakeEventStore();
    await store.webhooks.create(endpointOf("we_1", "org_a", "https://fails.example/hook"), 16);
    let sent = 0;
    let status = 500;
    const sender = {
      refusal: async () => null,
      send: async () => {
        sent += 1;
        return { ok: true, status } as const;
      },
    };
    const dispatcher = createWebhookDispatcher(
      { webhooks: store.webhooks, sender, clock: { now: () => now } },
      { retryScheduleSeconds: [5, 300], pollMs: 10_000, random: () => 0 },
    );
    for (let i = 0; i < 5; i++) store.append(event(`evt_${i}`, "org_a"));
    dispatcher.start();
    const after = async (ms: number) => {
      now += ms;
      dispatcher.wake();
      await sleep(20);
      return sent;
    };
    try {
      assert.equal(await after(0), 1, "one attempt; it fails and the endpoint rests 5 s");
      assert.equal(await after(4_999), 1, "the other four are due, but the endpoint rests");
      assert.equal(await after(1), 2, "rest over: one attempt (the earliest due: the second event's first), which fails again");
      assert.equal(await after(WEBHOOK_ENDPOINT_REST_MAX_MS - 1), 2, "the second rest: 300 s by the schedule, capped at 60 s");
      status = 204;
      assert.equal(await after(1), 7, "a success ends the rest: the backlog goes one after another (both retries are due)");
    } finally {
      await dispatcher.stop(100);
    }
    const statuses = store.deliveriesOf().map((d) => d.status);
    assert.equal(statuses.filter((s) => s === "delivered").length, 5);
  });

  it("endpointRestMs: the schedule's step after as many failures, its last step past its end, never past the cap", () => {
    const noJitter = () => 0;
    assert.equal(endpointRestMs(1, [1, 2, 4], noJitter), 1_000);
    assert.equal(endpointRestMs(3, [1, 2, 4], noJitter), 4_000);
    assert.equal(endpointRestMs(9, [1, 2, 4], noJitter), 4_000);
    assert.equal(endpointRestMs(2, [5, 300], noJitter), WEBHOOK_ENDPOINT_REST_MAX_MS);
  });
});
