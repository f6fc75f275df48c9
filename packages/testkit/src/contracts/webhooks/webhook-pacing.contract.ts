import assert from "node:assert/strict";
import type { AttemptOutcome, EventLog, LeasedAttempt, LeaseShare, LockObservations, WebhookStore } from "@lintel/core/adapters";
import type { LintelEvent } from "@lintel/domain/adapters";
import { anEndpoint, anObservation, aTimezoneEvent } from "../seeds/event-seed.js";
import { eachTestStore, instant, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { events: EventLog; observations: LockObservations; webhooks: WebhookStore } & Closable;

/** 2026-01-01, the zero of `instant`: events are created at T + ms, and leased at T + ms. */
const T = Date.parse(instant(0));
const LEASE = 30_000;
/** A retry due long after the test: only the attempts the test makes are due in it. */
const LATER = 10_000_000;
const oneEach: LeaseShare = { roomOf: () => 16, skipOf: () => [] };

/** Stores an event of the org at T + `atMs` (as a lock's first observation), with its deliveries. */
async function emit(store: Store, orgId: string, atMs: number): Promise<LintelEvent> {
  const event = aTimezoneEvent({ id: randomId("u"), orgId }, atMs);
  assert.deepEqual(await store.observations.swap(orgId, randomId("lk"), null, anObservation(), event), { swapped: true });
  return event;
}

/** A failure at T + `atMs`, retried at T + `retryMs`, its endpoint's lane resting `restMs` and paced `paceMs`. */
const failure = (atMs: number, retryMs: number, restMs: number, paceMs = restMs): AttemptOutcome => ({
  at: instant(atMs),
  responseStatus: 500,
  error: "HTTP 500",
  result: { kind: "retry", nextAttemptAt: instant(retryMs) },
  rest: { ms: restMs, paceMs },
});

const delivered = (atMs: number): AttemptOutcome => ({
  at: instant(atMs),
  responseStatus: 204,
  error: null,
  result: { kind: "delivered" },
});

/**
 * The lane of a failing endpoint ({@link WebhookStore.lease} with an outcome's `rest`, and
 * {@link WebhookStore.pacedAttempts}): kept by the store, so every caller paces the endpoint
 * alike, and the times it serves for the waiting deliveries are when the lease takes them.
 */
export function describeWebhookPacingContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: WebhookStore pacing of a failing endpoint`, () => {
    const store = eachTestStore(makeStore, runner);

    /** An org with a failing-to-be endpoint and a sound one, and `events` events at T + 1 ms, T + 2 ms, ... */
    async function orgOf(events: number) {
      const orgId = randomId("org");
      const [failing, sound] = [anEndpoint(orgId, ["*"], 0), anEndpoint(orgId, ["*"], 1)];
      for (const endpoint of [failing, sound]) assert.deepEqual(await store().webhooks.create(endpoint, 16), { ok: true });
      const emitted: LintelEvent[] = [];
      for (let i = 1; i <= events; i++) emitted.push(await emit(store(), orgId, i));
      /** The attempts of `endpointId` a lease at T + `atMs` takes (with a share when given). */
      const lease = async (atMs: number, endpointId: string, share?: LeaseShare): Promise<LeasedAttempt[]> =>
        (await store().webhooks.lease(T + atMs, LEASE, 100, share)).filter((attempt) => attempt.endpoint.id === endpointId);
      return { orgId, failing, sound, emitted, lease };
    }

    it("after a failure with a rest, none of the endpoint's deliveries is leased until it ends, then one at a time; a success ends it", async () => {
      const { failing, sound, emitted, lease } = await orgOf(5);
      const [first] = await lease(10, failing.id, oneEach);
      assert.equal(first?.delivery.eventId, emitted[0]!.id, "the earliest due");
      assert.equal(first.laneFailures ?? 0, 0);
      assert.equal(await store().webhooks.finish(first, failure(20, LATER, 5_000)), true);
      const resting = await store().webhooks.lease(T + 5_019, LEASE, 100);
      const of = (endpointId: string) => resting.filter((attempt) => attempt.endpoint.id === endpointId);
      assert.deepEqual(of(failing.id), [], "it rests until 20 + 5,000");
      assert.equal(of(sound.id).length, 4, "another endpoint of the org is not held (its first is leased already)");
      const second = await lease(5_020, failing.id);
      assert.deepEqual(
        second.map((attempt) => [attempt.delivery.eventId, attempt.laneFailures]),
        [[emitted[1]!.id, 1]],
        "one, without a share too",
      );
      assert.deepEqual(await lease(6_000, failing.id), [], "its attempt holds the lane");
      assert.equal(await store().webhooks.finish(second[0]!, failure(6_000, LATER, 5_000)), true);
      assert.deepEqual(await lease(10_999, failing.id), []);
      const third = await lease(11_000, failing.id);
      assert.deepEqual(
        third.map((attempt) => attempt.laneFailures),
        [2],
      );
      assert.equal(await store().webhooks.finish(third[0]!, delivered(11_010)), true);
      assert.equal((await lease(11_010, failing.id)).length, 2, "sound again: every due one");
    });

    it("pacedAttempts: the time the lane takes each waiting delivery, never before now; one in flight and a sound endpoint's are not answered", async () => {
      const { orgId, failing, sound, lease } = await orgOf(6);
      const [first] = await lease(10, failing.id, oneEach);
      // The first one's retry is due at 1,510: after the five others, which fell due at 2..6 ms.
      assert.equal(await store().webhooks.finish(first!, failure(10, 1_510, 1_000)), true);
      const pending = (await store().webhooks.deliveries(orgId, failing.id, null, 10)).map((delivery) => delivery.id);
      const paced = await store().webhooks.pacedAttempts(orgId, failing.id, pending, T + 10);
      const told = [...paced].map(([id, ms]) => [id, ms - T]).sort((a, b) => Number(a[1]) - Number(b[1]));
      assert.deepEqual(
        told.map(([, ms]) => ms),
        [1_010, 2_010, 3_010, 4_010, 5_010, 6_010],
      );
      assert.equal(told.at(-1)?.[0], first!.delivery.id, "its retry last, a pace after the others");
      const late = await store().webhooks.pacedAttempts(orgId, failing.id, pending, T + 1_200);
      assert.equal(Math.min(...late.values()), T + 1_200, "a lane that could have gone already: now, not a time past");
      const soundIds = (await store().webhooks.deliveries(orgId, sound.id, null, 10)).map((delivery) => delivery.id);
      assert.equal((await store().webhooks.pacedAttempts(orgId, sound.id, soundIds, T + 10)).size, 0);

      // Each attempt fails at once; each is leased at the time told, and not a ms before.
      const order = told as [string, number][];
      for (const [i, [id, ms]] of order.entries()) {
        assert.deepEqual(await lease(ms - 1, failing.id), [], `nothing before ${ms}`);
        const leased = await lease(ms, failing.id);
        assert.deepEqual(
          leased.map((attempt) => attempt.delivery.id),
          [id],
          `attempted at ${ms}`,
        );
        const next = order[i + 1];
        if (next !== undefined) {
          const inFlight = await store().webhooks.pacedAttempts(orgId, failing.id, [id, next[0]], T + ms);
          assert.deepEqual([...inFlight], [[next[0], T + next[1]]], "the one in flight is not told, the next one still is");
        }
        assert.equal(await store().webhooks.finish(leased[0]!, failure(ms, LATER, 1_000)), true);
      }
    });
  });
}
