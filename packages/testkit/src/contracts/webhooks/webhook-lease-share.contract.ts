import assert from "node:assert/strict";
import type { EventLog, LeasedAttempt, LeaseShare, LockObservations, WebhookStore } from "@lintel/core/adapters";
import { anEndpoint, anObservation, aTimezoneEvent } from "../seeds/event-seed.js";
import { eachTestStore, instant, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { events: EventLog; observations: LockObservations; webhooks: WebhookStore } & Closable;

const T = Date.parse(instant(0));
const LEASE = 30_000;

/** An org with `endpoints` endpoints for every type and `events` events at T + 1 ms, T + 2 ms, ...: endpoints × events due deliveries. */
async function busyOrg(store: Store, endpoints: number, events: number) {
  const orgId = randomId("org");
  const ids: string[] = [];
  for (let i = 0; i < endpoints; i++) {
    const endpoint = anEndpoint(orgId, ["*"], i);
    assert.deepEqual(await store.webhooks.create(endpoint, 16), { ok: true });
    ids.push(endpoint.id);
  }
  for (let i = 1; i <= events; i++) {
    const event = aTimezoneEvent({ id: randomId("u"), orgId }, i);
    assert.deepEqual(await store.observations.swap(orgId, randomId("lk"), null, anObservation(), event), { swapped: true });
  }
  return { orgId, endpointIds: ids };
}

/** How many of `leased` each org got, in the order of `orgIds`. */
const perOrg = (leased: readonly LeasedAttempt[], orgIds: readonly string[]) =>
  orgIds.map((orgId) => leased.filter((attempt) => attempt.delivery.orgId === orgId).length);

/** A share that gives each org `room` (by default 16) and skips the endpoints given. */
function shareOf(room: Record<string, number>, skip: Record<string, readonly string[]> = {}): LeaseShare {
  return { roomOf: (orgId) => room[orgId] ?? 16, skipOf: (orgId) => skip[orgId] ?? [] };
}

/**
 * The fairness of {@link WebhookStore.lease} (fair delivery): orgs are served in turn, and a
 * lease with a share keeps to each org's room, one attempt per endpoint, and skips the endpoints
 * named, however many due deliveries they have.
 */
export function describeWebhookLeaseShareContract(
  name: string,
  makeStore: () => Promise<Store>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: WebhookStore lease fairness`, () => {
    const store = eachTestStore(makeStore, runner);

    it("a lease of N attempts takes from every org with due attempts before taking a second from any", async () => {
      const orgs = [await busyOrg(store(), 2, 3), await busyOrg(store(), 1, 4), await busyOrg(store(), 3, 1)];
      const orgIds = orgs.map((org) => org.orgId);
      assert.deepEqual(perOrg(await store().webhooks.lease(T + 100, LEASE, 3), orgIds), [1, 1, 1]);
      assert.deepEqual(perOrg(await store().webhooks.lease(T + 100, LEASE, 6), orgIds), [2, 2, 2]);
      // What is left: 3, 1 and 0: the third org has none, the second one, the first takes the rest.
      assert.deepEqual(perOrg(await store().webhooks.lease(T + 100, LEASE, 100), orgIds), [3, 1, 0]);
    });

    it("a lease of fewer attempts than orgs with due attempts takes one of each org it serves", async () => {
      const orgs = await Promise.all([1, 2, 3, 4, 5].map(() => busyOrg(store(), 1, 3)));
      const counts = perOrg(
        await store().webhooks.lease(T + 100, LEASE, 3),
        orgs.map((org) => org.orgId),
      );
      assert.deepEqual(
        counts.filter((n) => n > 0),
        [1, 1, 1],
      );
    });

    it("with a share: at most the org's room, one attempt per endpoint, none of an endpoint skipped", async () => {
      const a = await busyOrg(store(), 4, 3);
      const b = await busyOrg(store(), 2, 2);
      const share = shareOf({ [a.orgId]: 2, [b.orgId]: 0 }, { [a.orgId]: [a.endpointIds[0]!] });
      const leased = await store().webhooks.lease(T + 100, LEASE, 100, share);
      assert.deepEqual(perOrg(leased, [a.orgId, b.orgId]), [2, 0]);
      const endpoints = leased.map((attempt) => attempt.endpoint.id);
      assert.equal(new Set(endpoints).size, 2, "one attempt per endpoint");
      assert.ok(!endpoints.includes(a.endpointIds[0]!), "the skipped endpoint's due deliveries stay");
      // With room and nothing skipped, one per endpoint still: A's 4 endpoints, B's 2.
      assert.deepEqual(perOrg(await store().webhooks.lease(T + 100, LEASE, 100, shareOf({})), [a.orgId, b.orgId]), [4, 2]);
    });

    it("a lease with a share looks past a skipped endpoint's older due deliveries to another endpoint's", async () => {
      const { orgId, endpointIds } = await busyOrg(store(), 1, 40);
      const late = anEndpoint(orgId, ["*"], 99);
      assert.deepEqual(await store().webhooks.create(late, 16), { ok: true });
      const event = aTimezoneEvent({ id: randomId("u"), orgId }, 50);
      await store().observations.swap(orgId, randomId("lk"), null, anObservation(), event);
      const leased = await store().webhooks.lease(T + 100, LEASE, 1, shareOf({}, { [orgId]: endpointIds }));
      assert.deepEqual(
        leased.map((attempt) => attempt.endpoint.id),
        [late.id],
      );
    });

    it("one org's many due attempts on endpoints it may not take leave another org's attempt leased at once", async () => {
      const noisy = await busyOrg(store(), 16, 20);
      const quiet = await busyOrg(store(), 1, 1);
      const share = shareOf({ [noisy.orgId]: 4 }, { [noisy.orgId]: noisy.endpointIds.slice(0, 12) });
      const leased = await store().webhooks.lease(T + 100, LEASE, 16, share);
      assert.deepEqual(perOrg(leased, [noisy.orgId, quiet.orgId]), [4, 1]);
      const skipped = new Set(noisy.endpointIds.slice(0, 12));
      assert.ok(leased.every((attempt) => !skipped.has(attempt.endpoint.id)));
    });
  });
}
