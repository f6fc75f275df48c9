import assert from "node:assert/strict";
import {
  scheduledAttempts,
  type AttemptOutcome,
  type EventLog,
  type LeasedAttempt,
  type LockObservations,
  type WebhookStore,
} from "@lintel/core/adapters";

import { newestFirstPosition, EVENT_RETENTION_MS, type LintelEvent, type WebhookEndpointRecord } from "@lintel/domain/adapters";
import { anEndpoint, anObservation, aTimezoneEvent } from "../seeds/event-seed.js";
import { eachTestStore, instant, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { events: EventLog; observations: LockObservations; webhooks: WebhookStore } & Closable;

/** 2026-01-01, the zero of `instant`: events are created at T + ms, and leased at `nowMs` T + ms. */
const T = Date.parse(instant(0));
const LEASE = 30_000;

/** Stores an event of the org at T + `atMs` (as a lock's first observation), with its deliveries. */
async function emit(store: Store, orgId: string, atMs: number): Promise<LintelEvent> {
  const event = aTimezoneEvent({ id: randomId("u"), orgId }, atMs);
  assert.deepEqual(await store.observations.swap(orgId, randomId("lk"), null, anObservation(), event), { swapped: true });
  return event;
}

/** An org with one endpoint for every type. */
async function orgWithEndpoint(store: Store, over: Partial<WebhookEndpointRecord> = {}) {
  const orgId = randomId("org");
  const endpoint = anEndpoint(orgId, ["*"], 0, over);
  assert.deepEqual(await store.webhooks.create(endpoint, 16), { ok: true });
  return { orgId, endpoint };
}

const outcome = (atMs: number, result: AttemptOutcome["result"], responseStatus: number | null = 500): AttemptOutcome => ({
  at: instant(atMs),
  responseStatus,
  error: result.kind === "delivered" ? null : `HTTP ${responseStatus}`,
  result,
});

/** The attempts of `orgId` among `leased` (a shared store may hold others' due deliveries), by delivery id. */
const ofOrg = (leased: readonly LeasedAttempt[], orgId: string) =>
  leased
    .filter((attempt) => attempt.delivery.orgId === orgId)
    .map((attempt) => attempt.delivery.id)
    .sort();

/**
 * The contract of {@link WebhookStore}: endpoints per org, their deliveries, and leases on due
 * attempts that no two callers share. Due times and leases are driven by the `nowMs` given.
 */
export function describeWebhookStoreContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: WebhookStore contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("endpoints: created, read back exactly, listed newest first by position, never to another org", async () => {
      const orgId = randomId("org");
      const endpoints = [3, 1, 2, 2].map((atMs) => anEndpoint(orgId, ["unit.timezone_changed"], atMs, { description: "Front desk é" }));
      for (const endpoint of endpoints) assert.deepEqual(await store().webhooks.create(endpoint, 16), { ok: true });
      const newestFirst = [...endpoints].sort((a, b) => (newestFirstPosition(a) < newestFirstPosition(b) ? 1 : -1));
      assert.deepEqual(await store().webhooks.list(orgId, null, 10), newestFirst);
      assert.deepEqual(await store().webhooks.list(orgId, null, 2), newestFirst.slice(0, 2));
      assert.deepEqual(await store().webhooks.list(orgId, newestFirstPosition(newestFirst[1]!), 2), newestFirst.slice(2));
      assert.deepEqual(await store().webhooks.get(orgId, endpoints[0]!.id), endpoints[0]);
      assert.equal(await store().webhooks.get(randomId("org"), endpoints[0]!.id), null);
      assert.deepEqual(await store().webhooks.list(randomId("org"), null, 10), []);
      assert.equal(await store().webhooks.get(orgId, randomId("we")), null);
    });

    it("create refuses past maxPerOrg; a deleted endpoint frees its place", async () => {
      const orgId = randomId("org");
      const [a, b, c] = [anEndpoint(orgId), anEndpoint(orgId), anEndpoint(orgId)];
      assert.deepEqual(await store().webhooks.create(a, 2), { ok: true });
      assert.deepEqual(await store().webhooks.create(b, 2), { ok: true });
      assert.deepEqual(await store().webhooks.create(c, 2), { ok: false, reason: "limit" });
      assert.equal(await store().webhooks.get(orgId, c.id), null);
      assert.deepEqual(await store().webhooks.create(anEndpoint(randomId("org")), 2), { ok: true }, "the limit is per org");
      assert.equal(await store().webhooks.delete(orgId, a.id), true);
      assert.equal(await store().webhooks.delete(orgId, a.id), false);
      assert.equal(await store().webhooks.delete(randomId("org"), b.id), false);
      assert.equal(await store().webhooks.get(orgId, a.id), null);
      assert.deepEqual(await store().webhooks.create(c, 2), { ok: true });
    });

    it("a deleted endpoint's pending deliveries fail and are never leased again; nothing more is delivered to it", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store());
      await emit(store(), orgId, 0);
      const leased = await store().webhooks.lease(T + 10, LEASE, 100);
      assert.equal(ofOrg(leased, orgId).length, 1);
      await emit(store(), orgId, 5);
      assert.equal(await store().webhooks.delete(orgId, endpoint.id), true);
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 10 * LEASE, LEASE, 100), orgId), []);
      const attempt = leased.find((a) => a.delivery.orgId === orgId)!;
      assert.equal(await store().webhooks.finish(attempt, outcome(20, { kind: "delivered" }, 200)), false);
      await emit(store(), orgId, 50);
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 20 * LEASE, LEASE, 100), orgId), []);
    });

    it("enable: a disabled endpoint is enabled again, its reason and failingSince cleared; unknown or foreign: null", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store(), {
        status: "disabled",
        disabledReason: "failing",
        failingSince: instant(0),
      });
      const enabled = { ...endpoint, status: "enabled", disabledReason: null, failingSince: null };
      assert.deepEqual(await store().webhooks.enable(orgId, endpoint.id), enabled);
      assert.deepEqual(await store().webhooks.get(orgId, endpoint.id), enabled);
      assert.equal(await store().webhooks.enable(orgId, randomId("we")), null);
      assert.equal(await store().webhooks.enable(randomId("org"), endpoint.id), null);
      const event = await emit(store(), orgId, 0);
      assert.deepEqual(
        (await store().webhooks.deliveries(orgId, endpoint.id, null, 10)).map((d) => d.eventId),
        [event.id],
        "an enabled endpoint receives the events created from then on",
      );
    });

    it("enable on an enabled endpoint changes nothing: its failingSince stays, so it can still be disabled as failing", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store(), { failingSince: instant(0) });
      assert.deepEqual(await store().webhooks.enable(orgId, endpoint.id), endpoint);
      assert.deepEqual(await store().webhooks.get(orgId, endpoint.id), endpoint);
    });

    it("deliveries list newest first by position and are another org's to no one", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store());
      const events = [];
      for (const atMs of [3, 1, 2, 5, 4]) events.push(await emit(store(), orgId, atMs));
      const all = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.deepEqual(
        all.map((d) => d.createdAt),
        [5, 4, 3, 2, 1].map(instant),
      );
      assert.deepEqual(await store().webhooks.deliveries(orgId, endpoint.id, newestFirstPosition(all[1]!), 2), all.slice(2, 4));
      assert.deepEqual(await store().webhooks.deliveries(randomId("org"), endpoint.id, null, 10), []);
    });

    it("of two concurrent leases none returns a delivery the other does; each returns the event and the endpoint", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store());
      const events = new Map<string, LintelEvent>();
      for (let i = 0; i < 8; i++) {
        const event = await emit(store(), orgId, i);
        events.set(event.id, event);
      }
      const [first, second] = await Promise.all([store().webhooks.lease(T + 100, LEASE, 5), store().webhooks.lease(T + 100, LEASE, 5)]);
      const a = ofOrg(first!, orgId);
      const b = ofOrg(second!, orgId);
      assert.equal(new Set([...a, ...b]).size, a.length + b.length, "no delivery in both");
      assert.equal(a.length + b.length, 8);
      for (const attempt of [...first!, ...second!].filter((x) => x.delivery.orgId === orgId)) {
        assert.deepEqual(attempt.event, events.get(attempt.delivery.eventId));
        assert.deepEqual(attempt.endpoint, endpoint);
        assert.equal(attempt.delivery.status, "pending");
      }
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 200, LEASE, 100), orgId), [], "all are leased");
    });

    it("only due deliveries are leased; a lease not finished comes back after leaseMs, with a new lease", async () => {
      const { orgId } = await orgWithEndpoint(store());
      await emit(store(), orgId, 1000);
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 999, LEASE, 100), orgId), [], "not due yet");
      const [held] = (await store().webhooks.lease(T + 1000, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.ok(held);
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 1000 + LEASE - 1, LEASE, 100), orgId), []);
      const [again] = (await store().webhooks.lease(T + 1000 + LEASE, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.equal(again?.delivery.id, held.delivery.id);
      assert.notEqual(again?.lease, held.lease);
    });

    it("finish with a lease taken over returns false and writes nothing; the holder's finish is kept", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store());
      await emit(store(), orgId, 0);
      const [stale] = (await store().webhooks.lease(T, 1000, 100)).filter((a) => a.delivery.orgId === orgId);
      const [holder] = (await store().webhooks.lease(T + 1000, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.ok(stale && holder);
      const before = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.equal(await store().webhooks.finish(stale, outcome(1500, { kind: "gone" }, 410)), false);
      assert.deepEqual(await store().webhooks.deliveries(orgId, endpoint.id, null, 10), before);
      assert.deepEqual(await store().webhooks.get(orgId, endpoint.id), endpoint);
      assert.equal(await store().webhooks.finish(holder, outcome(1500, { kind: "delivered" }, 204)), true);
      assert.equal(await store().webhooks.finish(holder, outcome(1600, { kind: "delivered" }, 204)), false, "finished once");
      const [delivered] = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.equal(delivered?.status, "delivered");
      assert.equal(delivered?.attempts, 2, "the stale lease's attempt may have gone out: counted");
    });

    it("an attempt is counted when leased: a lease that ran out and is taken over counts two", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store());
      await emit(store(), orgId, 0);
      const [crashed] = (await store().webhooks.lease(T + 10, 1000, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.ok(crashed);
      assert.deepEqual([crashed.delivery.attempts, crashed.delivery.lastAttemptAt], [1, instant(10)], "the lease carries its count");
      const [stored] = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.deepEqual(stored, crashed.delivery, "counted in the store at lease time, before any finish");
      // Its holder died without finishing; the lease runs out and another caller takes it over.
      const [takeover] = (await store().webhooks.lease(T + 1010, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.ok(takeover);
      assert.deepEqual([takeover.delivery.attempts, takeover.delivery.lastAttemptAt], [2, instant(1010)]);
      assert.equal(await store().webhooks.finish(crashed, outcome(1020, { kind: "delivered" }, 200)), false);
      assert.equal(await store().webhooks.finish(takeover, outcome(1100, { kind: "delivered" }, 200)), true);
      const [delivered] = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.deepEqual(
        [delivered?.status, delivered?.attempts, delivered?.lastAttemptAt],
        ["delivered", 2, instant(1100)],
        "finish adds no attempt of its own",
      );
      // An attempt not sent (its endpoint disabled) takes its count back.
      await emit(store(), orgId, 2000);
      const [unsent] = (await store().webhooks.lease(T + 2000, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.equal(unsent?.delivery.attempts, 1);
      assert.equal(await store().webhooks.finish(unsent!, { ...outcome(2010, { kind: "failed" }, null), unsent: true }), true);
      const [notSent] = await store().webhooks.deliveries(orgId, endpoint.id, null, 1);
      assert.deepEqual([notSent?.id, notSent?.status, notSent?.attempts], [unsent?.delivery.id, "failed", 0]);
      // retry keeps the count; the schedule starts over from it.
      const requeued = await store().webhooks.retry(orgId, endpoint.id, delivered!.id, T + 3000);
      assert.equal(requeued.ok && requeued.delivery.attempts, 2);
      const [again] = (await store().webhooks.lease(T + 3000, LEASE, 100)).filter((a) => a.delivery.id === delivered!.id);
      assert.deepEqual([again?.delivery.attempts, again && scheduledAttempts(again.delivery)], [3, 1]);
    });

    it("after a gone finish, the endpoint's other leased deliveries' finish returns false", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store());
      for (const atMs of [0, 1, 2]) await emit(store(), orgId, atMs);
      // Three holders (instances), one delivery each.
      const held: LeasedAttempt[] = [];
      for (let i = 0; i < 3; i++) {
        const [one] = (await store().webhooks.lease(T + 10, LEASE, 1)).filter((a) => a.delivery.orgId === orgId);
        if (one !== undefined) held.push(one);
      }
      // A shared store may hand the single slot to another org's due delivery: lease the rest in one go.
      held.push(...(await store().webhooks.lease(T + 10, LEASE, 100)).filter((a) => a.delivery.orgId === orgId));
      assert.equal(new Set(held.map((a) => a.delivery.id)).size, 3);
      const [goneOne, ...others] = held as [LeasedAttempt, ...LeasedAttempt[]];
      assert.equal(await store().webhooks.finish(goneOne, outcome(20, { kind: "gone" }, 410)), true);
      const before = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      for (const other of others) {
        assert.equal(await store().webhooks.finish(other, outcome(30, { kind: "delivered" }, 200)), false, "its lease is void");
        assert.equal(await store().webhooks.finish(other, outcome(30, { kind: "retry", nextAttemptAt: instant(40) })), false);
      }
      assert.deepEqual(await store().webhooks.deliveries(orgId, endpoint.id, null, 10), before, "nothing written");
      assert.deepEqual(new Set(before.map((d) => d.status)), new Set(["failed"]));
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 100 * LEASE, LEASE, 100), orgId), [], "never leased again");
    });

    it("retry reschedules and marks the endpoint failing since; delivered settles it and clears failingSince", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store());
      await emit(store(), orgId, 0);
      const [first] = (await store().webhooks.lease(T, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.ok(first);
      assert.equal(await store().webhooks.finish(first, outcome(100, { kind: "retry", nextAttemptAt: instant(5100) })), true);
      const [retried] = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.deepEqual(retried, {
        ...first.delivery,
        status: "pending",
        attempts: 1,
        lastAttemptAt: instant(100),
        lastResponseStatus: 500,
        lastError: "HTTP 500",
        nextAttemptAt: instant(5100),
      });
      assert.equal((await store().webhooks.get(orgId, endpoint.id))?.failingSince, instant(100));
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 5099, LEASE, 100), orgId), [], "due at nextAttemptAt");
      const [second] = (await store().webhooks.lease(T + 5100, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.deepEqual(second?.delivery, { ...retried, attempts: 2, lastAttemptAt: instant(5100) }, "the lease counts the second attempt");
      assert.equal(await store().webhooks.finish(second!, outcome(5200, { kind: "retry", nextAttemptAt: instant(9000) }, null)), true);
      assert.equal((await store().webhooks.get(orgId, endpoint.id))?.failingSince, instant(100), "counted from the first failure");
      const [third] = (await store().webhooks.lease(T + 9000, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.equal(await store().webhooks.finish(third!, outcome(9100, { kind: "delivered" }, 200)), true);
      const [delivered] = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.equal(delivered?.status, "delivered");
      assert.equal(delivered?.attempts, 3);
      assert.equal(delivered?.nextAttemptAt, null);
      assert.equal(delivered?.lastError, null);
      assert.equal((await store().webhooks.get(orgId, endpoint.id))?.failingSince, null);
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 100 * LEASE, LEASE, 100), orgId), [], "never leased again");
    });

    it("failed settles the delivery; the endpoint stays enabled", async () => {
      const { orgId, endpoint } = await orgWithEndpoint(store());
      await emit(store(), orgId, 0);
      const [attempt] = (await store().webhooks.lease(T, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      assert.equal(await store().webhooks.finish(attempt!, outcome(10, { kind: "failed" }, 503)), true);
      const [failed] = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.deepEqual([failed?.status, failed?.nextAttemptAt, failed?.lastResponseStatus], ["failed", null, 503]);
      assert.equal((await store().webhooks.get(orgId, endpoint.id))?.status, "enabled");
      assert.deepEqual(ofOrg(await store().webhooks.lease(T + 100 * LEASE, LEASE, 100), orgId), []);
    });

    for (const kind of ["gone", "failing"] as const) {
      it(`${kind} disables the endpoint and fails all its pending deliveries, leased ones too`, async () => {
        const { orgId, endpoint } = await orgWithEndpoint(store());
        const other = anEndpoint(orgId, ["*"], 1);
        await store().webhooks.create(other, 16);
        for (const atMs of [0, 1, 2]) await emit(store(), orgId, atMs);
        const leased = (await store().webhooks.lease(T + 10, LEASE, 100)).filter((a) => a.delivery.endpointId === endpoint.id);
        assert.equal(leased.length, 3);
        const [one, two] = leased as [LeasedAttempt, LeasedAttempt];
        assert.equal(await store().webhooks.finish(one, outcome(20, { kind }, kind === "gone" ? 410 : 500)), true);
        const disabled = await store().webhooks.get(orgId, endpoint.id);
        assert.deepEqual([disabled?.status, disabled?.disabledReason], ["disabled", kind]);
        const deliveries = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
        assert.deepEqual(
          deliveries.map((d) => [d.status, d.nextAttemptAt]),
          [
            ["failed", null],
            ["failed", null],
            ["failed", null],
          ],
        );
        assert.equal(await store().webhooks.finish(two, outcome(30, { kind: "delivered" }, 200)), false, "its lease is void");
        const later = (await store().webhooks.lease(T + 100 * LEASE, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
        assert.deepEqual(
          later.map((a) => a.delivery.endpointId),
          [other.id, other.id, other.id],
          "the other endpoint's deliveries are untouched",
        );
        await emit(store(), orgId, 100);
        assert.equal(
          (await store().webhooks.deliveries(orgId, endpoint.id, null, 10)).length,
          3,
          "a disabled endpoint gets no new delivery",
        );
      });
    }

    it("endpoints whose ids share a prefix keep their deliveries apart (list, gone)", async () => {
      const orgId = randomId("org");
      const short = anEndpoint(orgId, ["*"], 0);
      const long = anEndpoint(orgId, ["*"], 1, { id: `${short.id}0` });
      for (const endpoint of [short, long]) await store().webhooks.create(endpoint, 16);
      for (const atMs of [0, 1]) await emit(store(), orgId, atMs);
      for (const endpoint of [short, long]) {
        const deliveries = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
        assert.deepEqual(
          deliveries.map((d) => d.endpointId),
          [endpoint.id, endpoint.id],
        );
      }
      const leased = (await store().webhooks.lease(T + 10, LEASE, 100)).filter((a) => a.delivery.endpointId === short.id);
      assert.equal(await store().webhooks.finish(leased[0]!, outcome(20, { kind: "gone" }, 410)), true);
      const longOnes = await store().webhooks.deliveries(orgId, long.id, null, 10);
      assert.deepEqual(
        longOnes.map((d) => d.status),
        ["pending", "pending"],
      );
    });

    it("a delivery that aged out (30 days) while leased no longer finishes, and is no longer pending", async () => {
      const { orgId } = await orgWithEndpoint(store());
      const before = await store().webhooks.pending();
      await emit(store(), orgId, 0);
      const [attempt] = (await store().webhooks.lease(T, LEASE, 100)).filter((a) => a.delivery.orgId === orgId);
      await emit(store(), orgId, EVENT_RETENTION_MS + 1000);
      assert.equal(await store().webhooks.finish(attempt!, outcome(2000, { kind: "delivered" }, 200)), false);
      assert.equal((await store().webhooks.pending()).count - before.count, 1, "only the new event's delivery");
    });

    it("pending counts pending deliveries and the oldest due time; settled ones leave the count", async () => {
      const { orgId } = await orgWithEndpoint(store());
      const before = await store().webhooks.pending();
      for (const atMs of [300, 100, 200]) await emit(store(), orgId, atMs);
      const after = await store().webhooks.pending();
      assert.equal(after.count - before.count, 3);
      assert.ok(after.oldestDueMs !== null && after.oldestDueMs <= T + 100);
      const [attempt] = (await store().webhooks.lease(T + 100, LEASE, 1)).filter((a) => a.delivery.orgId === orgId);
      assert.equal(await store().webhooks.finish(attempt!, outcome(150, { kind: "delivered" }, 200)), true);
      assert.equal((await store().webhooks.pending()).count - before.count, 2);
    });
  });
}
