import assert from "node:assert/strict";
import {
  observeLockState,
  type EventLog,
  type FixtureSink,
  type LockObservations,
  type UnitStore,
  type WebhookStore,
} from "@lintel/core/adapters";
import type { LockState, Unit } from "@lintel/domain";
import { newestFirstPosition, EVENT_RETENTION_MS, type LintelEvent } from "@lintel/domain/adapters";
import { aLockEvent, anEndpoint, anObservation, aTimezoneEvent } from "../seeds/event-seed.js";
import { aUnit, eachTestStore, fixture, instant, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = {
  units: UnitStore;
  fixtures: FixtureSink;
  events: EventLog;
  observations: LockObservations;
  webhooks: WebhookStore;
} & Closable;

const DAY = 86_400_000;

/** An org with one unit at version 1. */
async function seedUnit(store: Store): Promise<Unit> {
  const orgId = randomId("org");
  const unit = aUnit(orgId, { version: 1 });
  await store.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit] }));
  return unit;
}

/** Stores `event` as a lock's first observation would (a fresh lock each time). */
async function emit(store: Store, event: LintelEvent): Promise<LintelEvent> {
  const outcome = await store.observations.swap(event.orgId, randomId("lk"), null, anObservation(), event);
  assert.deepEqual(outcome, { swapped: true });
  return event;
}

/** Every event of the org, newest first, read `limit` at a time by following positions. */
async function readAll(store: Store, orgId: string, type: LintelEvent["type"] | null, limit: number): Promise<LintelEvent[]> {
  const all: LintelEvent[] = [];
  for (let after: string | null = null; ;) {
    const page = await store.events.list(orgId, type, after, limit);
    all.push(...page);
    if (page.length < limit) return all;
    after = newestFirstPosition(page.at(-1)!);
  }
}

/**
 * The contract of {@link EventLog} and {@link LockObservations}, with the event written by
 * `UnitStore.setTimeZone` and `LockObservations.swap` in the same atomic step as their change,
 * with one pending delivery per enabled endpoint of the org that wants it.
 */
export function describeEventLogContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: EventLog and LockObservations contract`, () => {
    const store = eachTestStore(makeStore, runner);

    it("an applied setTimeZone stores its event, with a pending delivery for each enabled endpoint that wants it", async () => {
      const unit = await seedUnit(store());
      const { webhooks } = store();
      const all = anEndpoint(unit.orgId, ["*"], 1);
      const named = anEndpoint(unit.orgId, ["unit.timezone_changed"], 2);
      const other = anEndpoint(unit.orgId, ["lock.state_changed"], 3);
      const disabled = anEndpoint(unit.orgId, ["*"], 4, { status: "disabled", disabledReason: "gone" });
      const foreign = anEndpoint(randomId("org"), ["*"], 5);
      for (const endpoint of [all, named, other, disabled, foreign]) assert.deepEqual(await webhooks.create(endpoint, 16), { ok: true });
      const event = aTimezoneEvent(unit, 10 * DAY, {
        data: {
          unit: {
            id: unit.id,
            urlKey: unit.urlKey,
            address: 'é \u2028 "quoted" {x}',
            timeZone: "Asia/Tokyo",
            version: Number.MAX_SAFE_INTEGER,
            showingRules: null,
          },
          previousTimeZone: "America/New_York",
          policy: "keep_wall_clock",
          moved: [],
        },
      } as Partial<LintelEvent>);
      const outcome = await store().units.setTimeZone(unit.orgId, unit.id, {
        expectedVersion: 1,
        timeZone: "Asia/Tokyo",
        rewrites: [],
        event,
      });
      assert.equal(outcome.ok, true);
      assert.deepEqual(await store().events.get(unit.orgId, event.id), event, "kept exactly, numbers to 2^53−1 included");
      assert.deepEqual(await store().events.list(unit.orgId, null, null, 10), [event]);
      for (const endpoint of [all, named]) {
        const [delivery, ...more] = await webhooks.deliveries(unit.orgId, endpoint.id, null, 10);
        assert.deepEqual(more, []);
        assert.match(delivery?.id ?? "", /^dlv_[0-9A-Za-z]{24}$/);
        assert.deepEqual(delivery, {
          id: delivery?.id,
          orgId: unit.orgId,
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: "unit.timezone_changed",
          status: "pending",
          attempts: 0,
          lastAttemptAt: null,
          lastResponseStatus: null,
          lastError: null,
          nextAttemptAt: event.createdAt,
          createdAt: event.createdAt,
        });
      }
      for (const endpoint of [other, disabled]) assert.deepEqual(await webhooks.deliveries(unit.orgId, endpoint.id, null, 10), []);
      assert.deepEqual(await webhooks.deliveries(foreign.orgId, foreign.id, null, 10), []);
      assert.equal(await store().events.get(foreign.orgId, event.id), null);
    });

    it("a refused setTimeZone (stale version, unknown or foreign unit) stores no event and no delivery", async () => {
      const unit = await seedUnit(store());
      const endpoint = anEndpoint(unit.orgId);
      await store().webhooks.create(endpoint, 16);
      const change = (expectedVersion: number) => ({ expectedVersion, timeZone: "UTC", rewrites: [], event: aTimezoneEvent(unit) });
      assert.equal((await store().units.setTimeZone(unit.orgId, unit.id, change(2))).ok, false);
      assert.equal((await store().units.setTimeZone(unit.orgId, randomId("u"), change(1))).ok, false);
      assert.equal((await store().units.setTimeZone(randomId("org"), unit.id, change(1))).ok, false);
      assert.deepEqual(await store().events.list(unit.orgId, null, null, 10), []);
      assert.deepEqual(await store().webhooks.deliveries(unit.orgId, endpoint.id, null, 10), []);
    });

    it("lists newest first (createdAt, then id), page by page from positions, by type, never another org's", async () => {
      const orgId = randomId("org");
      const lockId = randomId("lk");
      const unit = { id: randomId("u"), orgId };
      const events: LintelEvent[] = [];
      for (const atMs of [4, 1, 9, 4, 3, 6, 7, 4]) {
        const event =
          atMs % 2 === 1 ? aTimezoneEvent(unit, atMs * 1000) : aLockEvent(orgId, lockId, anObservation(), anObservation(), atMs * 1000);
        events.push(await emit(store(), event));
      }
      events.push(await emit(store(), aTimezoneEvent(unit, 5000, { id: `evt_${"z".repeat(24)}` })));
      events.push(await emit(store(), aTimezoneEvent(unit, 5000, { id: `evt_${"0".repeat(24)}` })));
      await emit(store(), aTimezoneEvent({ id: unit.id, orgId: randomId("org") }, 6000));
      const newestFirst = [...events].sort((a, b) => (newestFirstPosition(a) < newestFirstPosition(b) ? 1 : -1));
      for (const limit of [1, 2, 3, 100]) assert.deepEqual(await readAll(store(), orgId, null, limit), newestFirst, `limit ${limit}`);
      const timezones = newestFirst.filter((event) => event.type === "unit.timezone_changed");
      assert.deepEqual(await readAll(store(), orgId, "unit.timezone_changed", 2), timezones);
      assert.deepEqual(
        await readAll(store(), orgId, "lock.state_changed", 1),
        newestFirst.filter((event) => event.type === "lock.state_changed"),
      );
      assert.deepEqual(await store().events.list(orgId, null, newestFirstPosition(newestFirst[2]!), 2), newestFirst.slice(3, 5));
      assert.deepEqual(await store().events.list(orgId, null, null, 0), []);
      assert.deepEqual(await store().events.list(randomId("org"), null, null, 10), []);
      assert.equal(await store().events.get(randomId("org"), events[0]!.id), null);
      assert.equal(await store().events.get(orgId, randomId("evt")), null);
    });

    it("swap: the first observation stores only the state; a stale expected writes nothing and says what is stored", async () => {
      const orgId = randomId("org");
      const lockId = randomId("lk");
      const endpoint = anEndpoint(orgId);
      await store().webhooks.create(endpoint, 16);
      const locked = anObservation();
      const open = anObservation({ lockState: "unlocked", doorState: "open" });
      assert.equal(await store().observations.last(orgId, lockId), null);
      assert.deepEqual(await store().observations.swap(orgId, lockId, null, locked, null), { swapped: true });
      assert.deepEqual(await store().observations.last(orgId, lockId), locked);
      assert.deepEqual(await store().events.list(orgId, null, null, 10), []);
      const event = aLockEvent(orgId, lockId, locked, open, 1000);
      assert.deepEqual(await store().observations.swap(orgId, lockId, null, open, event), { swapped: false, current: locked });
      assert.deepEqual(await store().observations.swap(orgId, lockId, open, open, event), { swapped: false, current: locked });
      assert.deepEqual(await store().events.list(orgId, null, null, 10), []);
      assert.deepEqual(await store().observations.swap(orgId, lockId, locked, open, event), { swapped: true });
      assert.deepEqual(await store().observations.last(orgId, lockId), open);
      assert.deepEqual(await store().events.list(orgId, null, null, 10), [event]);
      const deliveries = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.deepEqual(
        deliveries.map((d) => [d.eventId, d.eventType, d.status]),
        [[event.id, "lock.state_changed", "pending"]],
      );
      assert.equal(await store().observations.last(randomId("org"), lockId), null, "another org's lock is another lock");
    });

    it("swap is a compare-and-set: of a concurrent pair, and of 10, with one expected exactly one swaps and one event is stored", async () => {
      for (const count of [2, 10]) {
        const orgId = randomId("org");
        const lockId = randomId("lk");
        const locked = anObservation();
        await store().observations.swap(orgId, lockId, null, locked, null);
        const nexts = Array.from({ length: count }, (_, i) => anObservation({ online: i % 2 === 0, lockState: "unlocked" }));
        const outcomes = await Promise.all(
          nexts.map((next, i) => store().observations.swap(orgId, lockId, locked, next, aLockEvent(orgId, lockId, locked, next, i))),
        );
        const won = outcomes.flatMap((outcome, i) => (outcome.swapped ? [i] : []));
        assert.equal(won.length, 1, `of ${count}`);
        const winner = nexts[won[0]!]!;
        for (const outcome of outcomes) if (!outcome.swapped) assert.deepEqual(outcome.current, winner);
        assert.deepEqual(await store().observations.last(orgId, lockId), winner);
        assert.equal((await store().events.list(orgId, null, null, 100)).length, 1);
      }
    });

    it("an observation keeps the device's code rules it was stored with; a later one replaces them; swaps compare without them", async () => {
      const orgId = randomId("org");
      const lockId = randomId("lk");
      const fourDigits = anObservation({ codeRules: { lengths: [4], constraints: ["no_zeros", "at_least_three_unique_digits"] } });
      assert.deepEqual(await store().observations.swap(orgId, lockId, null, fourDigits, null), { swapped: true });
      assert.deepEqual(await store().observations.last(orgId, lockId), fourDigits);
      // Read back, the observation is the `expected` of the next swap: the rules come back as they went in.
      const stored = await store().observations.last(orgId, lockId);
      const eightDigits = anObservation({ codeRules: { lengths: [8], constraints: [] } });
      assert.deepEqual(await store().observations.swap(orgId, lockId, stored, eightDigits, null), { swapped: true });
      assert.deepEqual(await store().observations.last(orgId, lockId), eightDigits);
      // An answer that lists no rules (the simulator's) stores none.
      const none = anObservation();
      assert.deepEqual(await store().observations.swap(orgId, lockId, eightDigits, none, null), { swapped: true });
      assert.deepEqual(await store().observations.last(orgId, lockId), none);
      assert.equal((await store().observations.last(orgId, lockId))?.codeRules, undefined);
    });

    it("an observation keeps the outside tags it was stored with, read back as the next swap's expected; an empty list stays empty", async () => {
      const orgId = randomId("org");
      const lockId = randomId("lk");
      const tagged = anObservation({ codeRules: { lengths: [4], constraints: [] }, outsideTags: ["tagA", "tagB"] });
      assert.deepEqual(await store().observations.swap(orgId, lockId, null, tagged, null), { swapped: true });
      const stored = await store().observations.last(orgId, lockId);
      assert.deepEqual(stored, tagged);
      const cleared = anObservation({ outsideTags: [] });
      assert.deepEqual(await store().observations.swap(orgId, lockId, stored, cleared, null), { swapped: true });
      assert.deepEqual(await store().observations.last(orgId, lockId), cleared);
    });

    it("swap never stores an observation fetched no later than the stored one: it answers lost with the current", async () => {
      const orgId = randomId("org");
      const lockId = randomId("lk");
      const open = anObservation({ lockState: "unlocked", fetchedAt: instant(2000) });
      assert.deepEqual(await store().observations.swap(orgId, lockId, null, open, null), { swapped: true });
      for (const fetchedAt of [instant(1000), instant(2000)]) {
        const late = anObservation({ fetchedAt });
        const event = aLockEvent(orgId, lockId, open, late, 3000);
        assert.deepEqual(await store().observations.swap(orgId, lockId, open, late, event), { swapped: false, current: open }, fetchedAt);
      }
      assert.deepEqual(await store().observations.last(orgId, lockId), open);
      assert.deepEqual(await store().events.list(orgId, null, null, 10), []);
    });

    it("two instances, the older provider answer arriving last: one change, exactly one event", async () => {
      const orgId = randomId("org");
      const lockId = randomId("lk");
      const clock = { now: () => Date.parse(instant(10_000)) };
      const read = (lockState: LockState["lockState"], atMs: number): LockState => ({
        lockId,
        provider: "simulated",
        lockState,
        doorState: "closed",
        online: true,
        batteryLevel: 0.8,
        lastSeenAt: null,
        fetchedAt: instant(atMs),
      });
      assert.equal(await observeLockState(store(), orgId, read("locked", 0), clock), null);
      // A reads what is stored (locked, t0) and asks its provider (answer fetched at t1) ...
      const seenByA = await store().observations.last(orgId, lockId);
      // ... meanwhile B observes the change (fetched at t2 > t1) ...
      assert.ok((await observeLockState(store(), orgId, read("unlocked", 2000), clock)) !== null);
      // ... then A's older answer arrives: its swap is lost, and so is its retry against what B stored.
      const late = anObservation({ lockState: "locked", fetchedAt: instant(1000) });
      const outcome = await store().observations.swap(orgId, lockId, seenByA, late, null);
      assert.equal(outcome.swapped, false);
      assert.equal(await observeLockState(store(), orgId, read("locked", 1000), clock), null);
      assert.equal(await observeLockState(store(), orgId, read("unlocked", 3000), clock), null);
      const events = await store().events.list(orgId, null, null, 10);
      assert.deepEqual(
        events.map((event) => event.type === "lock.state_changed" && [event.data.previous.lockState, event.data.state.lockState]),
        [["locked", "unlocked"]],
      );
      assert.equal((await store().observations.last(orgId, lockId))?.fetchedAt, instant(3000));
    });

    it("events and deliveries older than 30 days before a new event are dropped as it is stored", async () => {
      const orgId = randomId("org");
      const unit = { id: randomId("u"), orgId };
      const endpoint = anEndpoint(orgId);
      await store().webhooks.create(endpoint, 16);
      const old = await emit(store(), aTimezoneEvent(unit, 0));
      const kept = await emit(store(), aTimezoneEvent(unit, 2 * DAY));
      assert.equal((await store().events.list(orgId, null, null, 10)).length, 2);
      const fresh = await emit(store(), aTimezoneEvent(unit, EVENT_RETENTION_MS + DAY));
      assert.equal(await store().events.get(orgId, old.id), null);
      assert.deepEqual(await store().events.list(orgId, null, null, 10), [fresh, kept]);
      assert.deepEqual(await store().events.list(orgId, "unit.timezone_changed", null, 10), [fresh, kept]);
      const deliveries = await store().webhooks.deliveries(orgId, endpoint.id, null, 10);
      assert.deepEqual(
        deliveries.map((d) => d.eventId),
        [fresh.id, kept.id],
      );
    });
  });
}
