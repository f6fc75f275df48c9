// lock.state_changed (SPEC 5.10): the first observation emits nothing, a change emits one event
// with the previous observed part, the same state again emits nothing, and instances observing
// one change at once write exactly one event, and an older answer arriving late changes nothing.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LockState } from "@lintel/domain";
import { fakeEventStore } from "../fake-event-store.test-support.js";
import { observeLockState } from "./lock-observation.js";

const clock = { now: () => Date.parse("2026-06-01T12:00:00.000Z") };

let fetchedMs = Date.parse("2026-06-01T12:00:00.000Z");

/** A provider's answer, fetched 1 ms after the previous one unless `fetchedAt` is given. */
function state(lockState: LockState["lockState"], online = true, fetchedAt = new Date(++fetchedMs).toISOString()): LockState {
  return {
    lockId: "lk_1",
    provider: "august",
    lockState,
    doorState: "closed",
    online,
    batteryLevel: 0.5,
    lastSeenAt: null,
    fetchedAt,
  };
}

const fetchedAtOf = (ms: number) => new Date(ms).toISOString();

describe("observeLockState", () => {
  it("first: nothing; a change: one event with the previous part; the same again: nothing", async () => {
    const store = fakeEventStore();
    assert.equal(await observeLockState(store, "org_a", state("locked"), clock), null);
    const unlocked = state("unlocked");
    const event = await observeLockState(store, "org_a", { ...unlocked, extra: "x" } as LockState, clock);
    assert.ok(event !== null && event.type === "lock.state_changed");
    assert.match(event.id, /^evt_[0-9A-Za-z]{24}$/);
    assert.deepEqual(event.data, {
      lockId: "lk_1",
      provider: "august",
      previous: { lockState: "locked", doorState: "closed", online: true },
      state: unlocked,
    });
    assert.equal(await observeLockState(store, "org_a", { ...state("unlocked"), batteryLevel: 0.1 }, clock), null);
    assert.ok((await observeLockState(store, "org_a", state("unlocked", false), clock)) !== null);
    assert.equal((await store.events.list("org_a", null, null, 10)).length, 2);
    assert.equal((await store.events.list("org_b", null, null, 10)).length, 0);
  });

  it("ten observers of one change at once: exactly one event", async () => {
    const store = fakeEventStore();
    await observeLockState(store, "org_a", state("locked"), clock);
    const unlocked = state("unlocked");
    const events = await Promise.all(Array.from({ length: 10 }, () => observeLockState(store, "org_a", unlocked, clock)));
    assert.equal(events.filter((e) => e !== null).length, 1);
    assert.equal((await store.events.list("org_a", null, null, 10)).length, 1);
  });

  it("a lost swap compares with what the winner stored", async () => {
    const store = fakeEventStore();
    await observeLockState(store, "org_a", state("locked"), clock);
    const last = store.observations.last.bind(store.observations);
    const jammed = state("jammed"); // fetched before ours
    let raced = false;
    store.observations.last = async (orgId, lockId) => {
      const seen = await last(orgId, lockId);
      if (!raced) {
        raced = true; // another instance observes "jammed" between our read and our swap
        await observeLockState(store, "org_a", jammed, clock);
      }
      return seen;
    };
    const event = await observeLockState(store, "org_a", state("unlocked"), clock);
    assert.ok(event?.type === "lock.state_changed");
    assert.equal(event.data.previous.lockState, "jammed");
  });

  it("an older answer arriving late changes nothing: one change, one event", async () => {
    const store = fakeEventStore();
    await observeLockState(store, "org_a", state("locked"), clock);
    const older = state("locked"); // instance A's provider answer, fetched at t1 ...
    const newer = state("unlocked"); // ... instance B's, fetched at t2 > t1, arrives first
    assert.ok((await observeLockState(store, "org_a", newer, clock)) !== null);
    assert.equal(await observeLockState(store, "org_a", older, clock), null);
    assert.equal(await observeLockState(store, "org_a", state("unlocked"), clock), null);
    assert.equal((await store.events.list("org_a", null, null, 10)).length, 1);
    assert.equal((await store.observations.last("org_a", "lk_1"))?.fetchedAt, fetchedAtOf(fetchedMs));
  });

  it("an unchanged answer advances the stored fetchedAt, so an older change arriving after it is stale too", async () => {
    const store = fakeEventStore();
    await observeLockState(store, "org_a", state("unlocked"), clock);
    const older = state("locked");
    assert.equal(await observeLockState(store, "org_a", state("unlocked"), clock), null);
    assert.equal(await observeLockState(store, "org_a", older, clock), null);
    assert.equal((await store.events.list("org_a", null, null, 10)).length, 0);
  });

  it("the same answer twice (same fetchedAt) emits once", async () => {
    const store = fakeEventStore();
    await observeLockState(store, "org_a", state("locked"), clock);
    const unlocked = state("unlocked");
    assert.ok((await observeLockState(store, "org_a", unlocked, clock)) !== null);
    assert.equal(await observeLockState(store, "org_a", { ...unlocked, lockState: "jammed" }, clock), null);
    assert.equal((await store.events.list("org_a", null, null, 10)).length, 1);
  });
});
