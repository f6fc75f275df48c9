import assert from "node:assert/strict";
import {
  scheduledAttempts,
  type AttemptOutcome,
  type EventLog,
  type LeasedAttempt,
  type LockObservations,
  type WebhookStore,
} from "@lintel/core/adapters";
import { EARLIER_SECRETS_KEPT, type LintelEvent, type WebhookEndpointRecord, type WebhookTestEvent } from "@lintel/domain/adapters";
import { anEndpoint, anObservation, aTimezoneEvent, randomBase62Id } from "../seeds/event-seed.js";
import { eachTestStore, instant, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { events: EventLog; observations: LockObservations; webhooks: WebhookStore } & Closable;

/** 2026-01-01, the zero of `instant`. */
const T = Date.parse(instant(0));
const LEASE = 30_000;

async function emit(store: Store, orgId: string, atMs: number): Promise<LintelEvent> {
  const event = aTimezoneEvent({ id: randomId("u"), orgId }, atMs);
  assert.deepEqual(await store.observations.swap(orgId, randomId("lk"), null, anObservation(), event), { swapped: true });
  return event;
}

async function anOrgEndpoint(store: Store, orgId = randomId("org"), over: Partial<WebhookEndpointRecord> = {}) {
  const endpoint = anEndpoint(orgId, ["*"], 0, over);
  assert.deepEqual(await store.webhooks.create(endpoint, 16), { ok: true });
  return endpoint;
}

const failedOutcome = (atMs: number): AttemptOutcome => ({
  at: instant(atMs),
  responseStatus: 500,
  error: "HTTP 500",
  result: { kind: "failed" },
});

/** The org's attempts among `leased`. */
const ofOrg = (leased: readonly LeasedAttempt[], orgId: string) => leased.filter((attempt) => attempt.delivery.orgId === orgId);

/** Leases every due attempt of the org at `nowMs` and fails each (its retries spent); answers them. */
async function failAll(store: Store, orgId: string, nowMs: number): Promise<LeasedAttempt[]> {
  const leased = ofOrg(await store.webhooks.lease(nowMs, LEASE, 1000), orgId);
  for (const attempt of leased) assert.equal(await store.webhooks.finish(attempt, failedOutcome(nowMs - T)), true);
  return leased;
}

/**
 * The contract of the {@link WebhookStore} operations integrators run: update, rotateSecret,
 * retry, recoverPage, sendTest, and the events `finish` stores with an outcome.
 */
export function describeWebhookOperationsContract(
  name: string,
  makeStore: () => Promise<Store>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: WebhookStore operations contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("resealSecrets rewrites each endpoint's secret, previous and earlier secrets as told, leaves the rest, and a second pass finds nothing", async () => {
      const orgId = randomId("org");
      const plain = await anOrgEndpoint(store(), orgId, { secret: "whsec_plain-one" });
      await store().webhooks.rotateSecret(orgId, plain.id, "whsec_plain-two", instant(60_000));
      await store().webhooks.rotateSecret(orgId, plain.id, "whsec_plain-three", instant(70_000));
      const done = await anOrgEndpoint(store(), orgId, { secret: "sealed:whsec_done" });
      const seal = (secret: string) => (secret.startsWith("sealed:") ? null : `sealed:${secret}`);
      assert.ok((await store().webhooks.resealSecrets(seal)) >= 1);
      const rotated = await store().webhooks.get(orgId, plain.id);
      assert.equal(rotated?.secret, "sealed:whsec_plain-three");
      assert.deepEqual(rotated?.previousSecret, { secret: "sealed:whsec_plain-two", expiresAt: instant(70_000) });
      assert.deepEqual(rotated?.earlierSecrets, [{ secret: "sealed:whsec_plain-one", expiresAt: instant(60_000) }]);
      assert.equal((await store().webhooks.get(orgId, done.id))?.secret, "sealed:whsec_done", "left as it was");
      assert.equal(await store().webhooks.resealSecrets(seal), 0, "nothing left to reseal");
    });

    it("update replaces the fields given, keeps the rest; a pending delivery is leased with the new url; foreign: null", async () => {
      const orgId = randomId("org");
      const endpoint = await anOrgEndpoint(store(), orgId, { description: "old", failingSince: instant(1) });
      await emit(store(), orgId, 0);
      const url = `https://new.example.com/${randomId("h")}`;
      const updated = await store().webhooks.update(orgId, endpoint.id, { url, eventTypes: ["unit.created"], description: null });
      assert.deepEqual(updated, { ...endpoint, url, eventTypes: ["unit.created"], description: null });
      assert.deepEqual(await store().webhooks.get(orgId, endpoint.id), updated);
      assert.deepEqual(await store().webhooks.update(orgId, endpoint.id, { description: "kept url" }), {
        ...updated,
        description: "kept url",
      });
      const [attempt] = ofOrg(await store().webhooks.lease(T + 10, LEASE, 100), orgId);
      assert.equal(attempt?.endpoint.url, url, "the pending delivery goes to the new url");
      assert.equal(await store().webhooks.update(randomId("org"), endpoint.id, { description: "x" }), null);
      assert.equal(await store().webhooks.update(orgId, randomBase62Id("we"), { description: "x" }), null);
    });

    it("rotateSecret: the new secret signs, the one it replaces is kept until its expiry; earlier ones stay behind it (newest first, at most EARLIER_SECRETS_KEPT)", async () => {
      const orgId = randomId("org");
      const endpoint = await anOrgEndpoint(store(), orgId);
      const rotated = await store().webhooks.rotateSecret(orgId, endpoint.id, "whsec_bmV3", instant(86_400_000));
      assert.deepEqual(rotated, {
        ...endpoint,
        secret: "whsec_bmV3",
        previousSecret: { secret: endpoint.secret, expiresAt: instant(86_400_000) },
      });
      const again = await store().webhooks.rotateSecret(orgId, endpoint.id, "whsec_bmV3ZXI=", instant(90_000_000));
      assert.deepEqual(again?.previousSecret, { secret: "whsec_bmV3", expiresAt: instant(90_000_000) });
      assert.deepEqual(again?.earlierSecrets, [{ secret: endpoint.secret, expiresAt: instant(86_400_000) }]);
      assert.deepEqual(await store().webhooks.get(orgId, endpoint.id), again);
      for (let i = 0; i < EARLIER_SECRETS_KEPT + 2; i++) {
        await store().webhooks.rotateSecret(orgId, endpoint.id, `whsec_${i}`, instant(91_000_000 + i));
      }
      const many = await store().webhooks.get(orgId, endpoint.id);
      assert.equal(many?.earlierSecrets?.length, EARLIER_SECRETS_KEPT, "the oldest dropped");
      assert.deepEqual(many?.earlierSecrets?.[0], {
        secret: `whsec_${EARLIER_SECRETS_KEPT - 1}`,
        expiresAt: instant(91_000_000 + EARLIER_SECRETS_KEPT), // rotated out by the next
      });
      assert.equal(await store().webhooks.rotateSecret(randomId("org"), endpoint.id, "whsec_eA==", instant(0)), null);
    });

    it("retry queues a failed delivery again (pending, its attempts kept, the schedule from its start, due at once, same event); a pending one is refused; foreign: not found", async () => {
      const orgId = randomId("org");
      const endpoint = await anOrgEndpoint(store(), orgId);
      const other = await anOrgEndpoint(store(), orgId);
      const event = await emit(store(), orgId, 0);
      const pending = (await store().webhooks.deliveries(orgId, other.id, null, 10))[0]!;
      assert.deepEqual(await store().webhooks.retry(orgId, other.id, pending.id, T + 50), { ok: false, reason: "pending" });
      const [failed] = (await failAll(store(), orgId, T + 100)).filter((a) => a.endpoint.id === endpoint.id);
      assert.ok(failed);
      assert.deepEqual(await store().webhooks.retry(randomId("org"), endpoint.id, failed.delivery.id, T + 200), {
        ok: false,
        reason: "not_found",
      });
      assert.deepEqual(await store().webhooks.retry(orgId, other.id, failed.delivery.id, T + 200), { ok: false, reason: "not_found" });
      const retried = await store().webhooks.retry(orgId, endpoint.id, failed.delivery.id, T + 200);
      assert.ok(retried.ok);
      assert.deepEqual(
        [retried.delivery.status, retried.delivery.attempts, retried.delivery.nextAttemptAt, retried.delivery.lastError],
        ["pending", 1, instant(200), "HTTP 500"],
      );
      assert.equal(retried.delivery.attemptsBeforeRequeue, 1, "the schedule counts from the attempt the retry found");
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 199, LEASE, 100), orgId), [], "due at the retry's time");
      const [again] = ofOrg(await store().webhooks.lease(T + 200, LEASE, 100), orgId);
      assert.deepEqual([again?.delivery.id, again?.event.id, again?.delivery.attempts], [failed.delivery.id, event.id, 2]);
      assert.equal(scheduledAttempts(again!.delivery), 1, "the first attempt of the schedule started over");
    });

    it("recoverPage queues, page by page, exactly the failed deliveries of the endpoint created at `since` or later", async () => {
      const orgId = randomId("org");
      const endpoint = await anOrgEndpoint(store(), orgId);
      const other = await anOrgEndpoint(store(), orgId);
      for (const atMs of [10, 20, 30, 40, 50, 60, 70]) await emit(store(), orgId, atMs);
      await failAll(store(), orgId, T + 1000);
      await emit(store(), orgId, 80); // pending: not a failed one
      let queued = 0;
      let pages = 0;
      let after: string | null = null;
      do {
        const page = await store().webhooks.recoverPage(orgId, endpoint.id, instant(30), after, 2, T + 2000);
        queued += page.queued;
        after = page.next;
        pages += 1;
      } while (after !== null && pages < 20);
      assert.equal(queued, 5, "the failed ones at 30, 40, 50, 60, 70");
      assert.ok(pages >= 3, `paged (${pages} pages of 2)`);
      const rows = await store().webhooks.deliveries(orgId, endpoint.id, null, 20);
      const byTime = Object.fromEntries(rows.map((d) => [d.createdAt, d.status]));
      assert.deepEqual(byTime, {
        [instant(80)]: "pending",
        [instant(70)]: "pending",
        [instant(60)]: "pending",
        [instant(50)]: "pending",
        [instant(40)]: "pending",
        [instant(30)]: "pending",
        [instant(20)]: "failed",
        [instant(10)]: "failed",
      });
      assert.ok((await store().webhooks.deliveries(orgId, other.id, null, 20)).filter((d) => d.status === "failed").length === 7);
      const leased = ofOrg(await store().webhooks.lease(T + 2000, LEASE, 100), orgId);
      assert.equal(leased.filter((a) => a.endpoint.id === endpoint.id).length, 6, "the 5 recovered and the pending one");
      assert.deepEqual(await store().webhooks.recoverPage(randomId("org"), endpoint.id, instant(0), null, 10, T + 3000), {
        queued: 0,
        next: null,
      });
    });

    it("sendTest stores one delivery of a test event, leased with it; the event is not in the log; unknown or foreign: null", async () => {
      const orgId = randomId("org");
      const endpoint = await anOrgEndpoint(store(), orgId, { eventTypes: ["unit.created"] });
      const event: WebhookTestEvent = {
        id: randomBase62Id("evt"),
        orgId,
        type: "webhook_endpoint.test",
        createdAt: instant(5),
        data: { endpointId: endpoint.id },
      };
      const delivery = await store().webhooks.sendTest(event);
      assert.deepEqual([delivery?.status, delivery?.eventId, delivery?.eventType], ["pending", event.id, "webhook_endpoint.test"]);
      assert.deepEqual(await store().webhooks.deliveries(orgId, endpoint.id, null, 10), [delivery]);
      assert.equal(await store().events.get(orgId, event.id), null);
      assert.deepEqual(await store().events.list(orgId, null, null, 10), []);
      const [attempt] = ofOrg(await store().webhooks.lease(T + 5, LEASE, 100), orgId);
      assert.deepEqual(attempt?.event, event);
      assert.equal(await store().webhooks.sendTest({ ...event, id: randomBase62Id("evt"), orgId: randomId("org") }), null);
      assert.equal(
        await store().webhooks.sendTest({ ...event, id: randomBase62Id("evt"), data: { endpointId: randomBase62Id("we") } }),
        null,
      );
    });

    it("finish stores the event an outcome emits in the same step, delivered to the org's other endpoints that want it", async () => {
      const orgId = randomId("org");
      const failing = await anOrgEndpoint(store(), orgId);
      const watcher = await anOrgEndpoint(store(), orgId, { eventTypes: ["webhook_delivery.failed", "webhook_endpoint.disabled"] });
      await emit(store(), orgId, 0);
      const [attempt] = ofOrg(await store().webhooks.lease(T + 10, LEASE, 100), orgId);
      assert.ok(attempt);
      const failedEvent = aTimezoneEvent({ id: "u", orgId }, 20, { type: "webhook_delivery.failed" } as Partial<LintelEvent>);
      const emitted = { ...failedEvent, data: { endpointId: failing.id, delivery: { id: attempt.delivery.id } } } as unknown as LintelEvent;
      assert.equal(await store().webhooks.finish(attempt, failedOutcome(20), emitted), true);
      assert.deepEqual(await store().events.get(orgId, emitted.id), emitted);
      assert.deepEqual(
        (await store().webhooks.deliveries(orgId, watcher.id, null, 10)).map((d) => [d.eventId, d.eventType]),
        [[emitted.id, "webhook_delivery.failed"]],
      );
      assert.equal((await store().webhooks.deliveries(orgId, failing.id, null, 10)).length, 1, "no delivery of its own failure");
      await emit(store(), orgId, 30);
      const disabledEvent = (atMs: number) =>
        ({ ...aTimezoneEvent({ id: "u", orgId }, atMs), type: "webhook_endpoint.disabled", data: {} }) as unknown as LintelEvent;
      const leased = ofOrg(await store().webhooks.lease(T + 40, LEASE, 100), orgId).filter((a) => a.endpoint.id === failing.id);
      assert.equal(leased.length, 1);
      const first = disabledEvent(50);
      const gone: AttemptOutcome = { at: instant(50), responseStatus: 410, error: "HTTP 410", result: { kind: "gone" } };
      assert.equal(await store().webhooks.finish(leased[0]!, gone, first), true);
      assert.deepEqual(await store().events.get(orgId, first.id), first);
      assert.equal((await store().webhooks.get(orgId, failing.id))?.status, "disabled");
      const told = (await store().webhooks.deliveries(orgId, watcher.id, null, 10)).map((d) => d.eventType);
      assert.deepEqual(told.filter((type) => type === "webhook_endpoint.disabled").length, 1);
    });
  });
}
