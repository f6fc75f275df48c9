// The dispatcher over the in-core fakes: a delivered attempt is signed as Standard Webhooks says
// with the body GET /v1/events/{id} serves; failures retry on the schedule with the same
// webhook-id and fail when it is spent; a 410 disables; a wake-up sends at once; stop drains.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, it } from "node:test";
import { checkWebhookSignature, isoInstant, type LintelEvent, type WebhookEndpointRecord } from "@lintel/domain/adapters";
import { eventBody } from "./event-view.js";
import { fakeEventStore } from "../fake-event-store.test-support.js";
import { createWebhookDispatcher, decideAttempt, type AttemptReport } from "./webhook-dispatcher.js";
import type { WebhookRequest, WebhookResponse } from "./webhook-sender.js";

const T0 = Date.parse("2026-06-01T12:00:00.000Z");
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

function event(id: string, createdAt = isoInstant(T0)): LintelEvent {
  const unit = { id: "u_1", urlKey: "a", address: "A", timeZone: "Europe/Paris", version: 2, showingRules: null };
  return {
    id,
    orgId: "org_a",
    createdAt,
    type: "unit.timezone_changed",
    data: { unit, previousTimeZone: null, policy: "keep_instant", moved: [] },
  };
}

/** An enabled endpoint for every event type, made at T0. */
function endpointOf(id: string, orgId: string, url: string): WebhookEndpointRecord {
  return {
    id,
    orgId,
    url,
    eventTypes: ["*"],
    description: null,
    status: "enabled",
    disabledReason: null,
    createdAt: isoInstant(T0),
    secret: SECRET,
    failingSince: null,
  };
}

async function harness(answers: (request: WebhookRequest, n: number) => WebhookResponse, schedule = [5, 300]) {
  let now = T0;
  const clock = { now: () => now };
  const store = fakeEventStore();
  await store.webhooks.create(endpointOf("we_1", "org_a", "https://example.com/hook"), 16);
  const sent: WebhookRequest[] = [];
  const reports: AttemptReport[] = [];
  const sender = {
    refusal: async () => null,
    send: async (request: WebhookRequest) => {
      sent.push(request);
      return answers(request, sent.length);
    },
  };
  const dispatcher = createWebhookDispatcher(
    { webhooks: store.webhooks, sender, clock },
    {
      retryScheduleSeconds: schedule,
      pollMs: 10_000, // only wake-ups move it in these tests
      random: () => 0,
      observer: { attempted: (report) => reports.push(report), pending: () => undefined, failed: (error) => assert.fail(String(error)) },
    },
  );
  dispatcher.start();
  const settle = async () => {
    dispatcher.wake();
    await sleep(20);
  };
  return { store, sent, reports, dispatcher, settle, advance: (ms: number) => (now += ms) };
}

describe("the webhook dispatcher", () => {
  it("sends the served event, signed (webhook-id, -timestamp, -signature), and records it delivered", async () => {
    const { store, sent, reports, dispatcher, settle } = await harness(() => ({ ok: true, status: 200 }));
    store.append(event("evt_1"));
    await settle();
    await dispatcher.stop(100);
    assert.equal(sent.length, 1);
    const [request] = sent;
    assert.ok(request !== undefined);
    assert.equal(request.body, eventBody(event("evt_1")));
    assert.equal(JSON.parse(request.body).orgId, undefined);
    assert.equal(request.headers["webhook-id"], "evt_1");
    assert.equal(request.headers["webhook-timestamp"], String(T0 / 1000));
    const check = checkWebhookSignature(
      {
        id: "evt_1",
        timestamp: request.headers["webhook-timestamp"] ?? "",
        body: request.body,
        signatureHeader: request.headers["webhook-signature"] ?? "",
      },
      SECRET,
      T0 / 1000,
    );
    assert.deepEqual(check, { ok: true });
    assert.deepEqual(
      store.deliveriesOf().map((d) => [d.status, d.attempts, d.lastResponseStatus]),
      [["delivered", 1, 200]],
    );
    assert.equal(reports[0]?.outcome, "delivered");
  });

  it("500s retry after each delay of the schedule with the same webhook-id, then fail", async () => {
    const { store, sent, dispatcher, settle, advance } = await harness(() => ({ ok: true, status: 500 }));
    store.append(event("evt_1"));
    await settle();
    assert.equal(store.deliveriesOf()[0]?.nextAttemptAt, isoInstant(T0 + 5000));
    await settle(); // not due yet
    assert.equal(sent.length, 1);
    advance(5000);
    await settle();
    advance(300_000);
    await settle();
    await dispatcher.stop(100);
    assert.equal(sent.length, 3);
    assert.deepEqual(new Set(sent.map((r) => r.headers["webhook-id"])), new Set(["evt_1"]));
    const [delivery] = store.deliveriesOf();
    assert.deepEqual([delivery?.status, delivery?.attempts, delivery?.lastError, delivery?.nextAttemptAt], ["failed", 3, "HTTP 500", null]);
  });

  it("a 410 disables the endpoint (gone) and fails the delivery", async () => {
    const { store, dispatcher, settle } = await harness(() => ({ ok: true, status: 410 }));
    store.append(event("evt_1"));
    await settle();
    await dispatcher.stop(100);
    const endpoint = await store.webhooks.get("org_a", "we_1");
    assert.deepEqual([endpoint?.status, endpoint?.disabledReason], ["disabled", "gone"]);
    assert.equal(store.deliveriesOf()[0]?.status, "failed");
  });

  it("stop waits for an attempt in flight", async () => {
    const { store, sent, dispatcher, settle } = await harness(() => ({ ok: true, status: 200 }));
    store.append(event("evt_1"));
    await settle();
    await dispatcher.stop(100);
    assert.equal(sent.length, 1);
    assert.equal(store.deliveriesOf()[0]?.status, "delivered");
  });
});

describe("the webhook dispatcher, one attempt per endpoint", () => {
  it("a receiver that never answers (endpoint A, with a backlog) does not hold up endpoint B's deliveries", async () => {
    const store = fakeEventStore();
    await store.webhooks.create(endpointOf("we_a", "org_a", "https://hangs.example/hook"), 16);
    await store.webhooks.create(endpointOf("we_b", "org_b", "https://fine.example/hook"), 16);
    const sentTo: string[] = [];
    const sender = {
      refusal: async () => null,
      send: (request: WebhookRequest) => {
        sentTo.push(request.url);
        if (request.url.includes("fine")) return Promise.resolve<WebhookResponse>({ ok: true, status: 204 });
        return new Promise<WebhookResponse>((resolve) =>
          request.signal.addEventListener("abort", () => resolve({ ok: false, kind: "connection", error: "cancelled at shutdown" })),
        );
      },
    };
    const dispatcher = createWebhookDispatcher(
      { webhooks: store.webhooks, sender, clock: { now: () => T0 } },
      { retryScheduleSeconds: [5], pollMs: 10_000, concurrency: 8, random: () => 0 },
    );
    for (let i = 0; i < 30; i++) store.append({ ...event(`evt_a${i}`), orgId: "org_a" }); // A's backlog comes first
    for (let i = 0; i < 3; i++) store.append({ ...event(`evt_b${i}`), orgId: "org_b" });
    dispatcher.start();
    try {
      await sleep(50); // one lease: no poll passes in this test (pollMs 10 s)
      const ofB = store.deliveriesOf().filter((d) => d.endpointId === "we_b");
      assert.deepEqual(
        ofB.map((d) => d.status),
        ["delivered", "delivered", "delivered"],
      );
      assert.equal(sentTo.filter((url) => url.includes("hangs")).length, 1, "one attempt at a time to the endpoint that hangs");
    } finally {
      await dispatcher.stop(0);
    }
    // The attempts to A not made are still pending, none lost nor counted; the one cut short by
    // shutdown (under its lease) stays counted: it may have been sent.
    const ofA = store.deliveriesOf().filter((d) => d.endpointId === "we_a");
    assert.equal(ofA.length, 30);
    assert.equal(ofA.filter((d) => d.status === "pending" && d.attempts === 0).length, 29);
    assert.equal(ofA.filter((d) => d.status === "pending" && d.attempts === 1).length, 1);
  });

  it("a healthy endpoint's backlog is sent one after another, none left to its lease's end", async () => {
    const { store, sent, dispatcher, settle } = await harness(() => ({ ok: true, status: 200 }));
    for (let i = 0; i < 5; i++) store.append(event(`evt_${i}`));
    await settle();
    await dispatcher.stop(100);
    assert.equal(sent.length, 5);
    assert.deepEqual(new Set(store.deliveriesOf().map((d) => d.status)), new Set(["delivered"]));
  });

  it("a burst of 200 to one endpoint is all sent, one at a time, none leased and left to its lease's end", async () => {
    const { store, sent, dispatcher } = await harness(() => ({ ok: true, status: 204 }));
    for (let i = 0; i < 200; i++) store.append(event(`evt_${i}`));
    dispatcher.wake();
    await sleep(300); // the clock stands still: a lease left to run out would never come back
    await dispatcher.stop(100);
    assert.equal(sent.length, 200);
    assert.deepEqual(new Set(store.deliveriesOf().map((d) => d.status)), new Set(["delivered"]));
  });

  it("an attempt leased with its endpoint disabled is not made and starts no failingSince", async () => {
    const { store, sent, reports, dispatcher, settle } = await harness(() => ({ ok: true, status: 200 }));
    const lease = store.webhooks.lease.bind(store.webhooks);
    store.webhooks.lease = async (...args) =>
      (await lease(...args)).map((one) => ({ ...one, endpoint: { ...one.endpoint, status: "disabled", disabledReason: "failing" } }));
    store.append(event("evt_1"));
    await settle();
    await dispatcher.stop(100);
    assert.equal(sent.length, 0);
    const endpoint = await store.webhooks.get("org_a", "we_1");
    assert.equal(endpoint?.failingSince, null);
    const [delivery] = store.deliveriesOf();
    assert.deepEqual(
      [delivery?.status, delivery?.lastError, delivery?.attempts],
      ["failed", "endpoint disabled", 0],
      "not sent: not counted",
    );
    assert.equal(reports[0]?.outcome, "failing");
  });

  it("a delivery taken over after a crash reports attempt 2 and its retry waits the schedule's second delay", async () => {
    const { store, sent, reports, dispatcher, settle, advance } = await harness(() => ({ ok: true, status: 500 }));
    store.append(event("evt_1"));
    // Another instance leases it, sends it (maybe) and dies before its finish.
    const [crashed] = await store.webhooks.lease(T0, 20_000, 1);
    assert.equal(crashed?.delivery.attempts, 1);
    await settle();
    assert.equal(sent.length, 0, "under the dead instance's lease");
    advance(20_000);
    await settle();
    await dispatcher.stop(100);
    assert.equal(sent.length, 1);
    assert.deepEqual(
      reports.map((r) => [r.attempt, r.outcome]),
      [[2, "retry"]],
    );
    const [delivery] = store.deliveriesOf();
    assert.deepEqual(
      [delivery?.status, delivery?.attempts, delivery?.nextAttemptAt],
      ["pending", 2, isoInstant(T0 + 20_000 + 300_000)],
      "the schedule's second delay (300 s), not its first",
    );
  });

  it("an attempt whose endpoint was disabled meanwhile is not sent", async () => {
    const { store, sent, reports, dispatcher, settle } = await harness(() => ({ ok: true, status: 200 }));
    store.append(event("evt_1"));
    store.append(event("evt_2"));
    // Another instance holds evt_1's attempt; its receiver answers 410 right after this instance leased evt_2's.
    const [other] = await store.webhooks.lease(T0, 20_000, 1);
    assert.ok(other);
    const lease = store.webhooks.lease.bind(store.webhooks);
    let gone = false;
    store.webhooks.lease = async (...args) => {
      const leased = await lease(...args);
      if (leased.length > 0 && !gone) {
        gone = true;
        const at = isoInstant(T0);
        assert.equal(await store.webhooks.finish(other, { at, responseStatus: 410, error: "HTTP 410", result: { kind: "gone" } }), true);
      }
      return leased;
    };
    await settle();
    await dispatcher.stop(100);
    assert.ok(gone, "evt_2's attempt was leased with its endpoint enabled");
    assert.equal(sent.length, 0, "nothing sent to the endpoint disabled meanwhile");
    assert.deepEqual(
      reports.map((r) => [r.deliveryId === other.delivery.id, r.outcome]),
      [[false, "lease_lost"]],
      "the gone finish voided its lease",
    );
    assert.deepEqual(new Set(store.deliveriesOf().map((d) => d.status)), new Set(["failed"]));
  });
});

describe("decideAttempt", () => {
  const endpoint = { failingSince: null } as const;
  const delivery = { attempts: 1 } as const;
  /** `attempts` as leased: 1 for the first attempt. */
  const decide = (response: WebhookResponse, failingSince: string | null = null, attempts = 1, attemptsBeforeRequeue?: number) =>
    decideAttempt(
      { delivery: { ...delivery, attempts, attemptsBeforeRequeue } as never, endpoint: { ...endpoint, failingSince } as never },
      response,
      T0,
      [5, 300],
      () => 0,
    );

  it("2xx delivered; 3xx retried; timeouts retried with their words; a spent schedule fails", () => {
    assert.equal(decide({ ok: true, status: 204 }).result.kind, "delivered");
    assert.deepEqual(decide({ ok: true, status: 302 }).result, { kind: "retry", nextAttemptAt: isoInstant(T0 + 5000) });
    const timeout = decide({ ok: false, kind: "timeout", error: "timed out after 15 s" });
    assert.deepEqual([timeout.responseStatus, timeout.error], [null, "timed out after 15 s"]);
    assert.deepEqual(decide({ ok: true, status: 500 }, null, 2).result, { kind: "retry", nextAttemptAt: isoInstant(T0 + 300_000) });
    assert.equal(decide({ ok: true, status: 500 }, null, 3).result.kind, "failed");
  });

  it("a delivery queued again (retry, recover) keeps its attempts and runs the schedule from its start", () => {
    // Three attempts, then a retry: the fourth is the schedule's first, the fifth its second, the sixth fails it.
    assert.deepEqual(decide({ ok: true, status: 500 }, null, 4, 3).result, { kind: "retry", nextAttemptAt: isoInstant(T0 + 5000) });
    assert.deepEqual(decide({ ok: true, status: 500 }, null, 5, 3).result, { kind: "retry", nextAttemptAt: isoInstant(T0 + 300_000) });
    assert.equal(decide({ ok: true, status: 500 }, null, 6, 3).result.kind, "failed");
  });

  it("Retry-After counts on a 429 or 503 only", () => {
    assert.deepEqual(decide({ ok: true, status: 429, retryAfterSeconds: 60 }).result, {
      kind: "retry",
      nextAttemptAt: isoInstant(T0 + 60_000),
    });
    assert.deepEqual(decide({ ok: true, status: 500, retryAfterSeconds: 60 }).result, {
      kind: "retry",
      nextAttemptAt: isoInstant(T0 + 5000),
    });
  });

  it("an endpoint failing for 5 days is disabled (failing)", () => {
    assert.equal(decide({ ok: true, status: 500 }, isoInstant(T0 - 5 * 86_400_000)).result.kind, "failing");
    assert.equal(decide({ ok: true, status: 500 }, isoInstant(T0 - 4 * 86_400_000)).result.kind, "retry");
  });
});
