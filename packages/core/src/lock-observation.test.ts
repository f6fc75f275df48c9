// lock.state_changed (SPEC 5.10): the first observation emits nothing, a change emits one event
// with the previous observed part, the same state again emits nothing, and instances observing
// one change at once write exactly one event.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LockState } from "@lintel/domain";
import { fakeEventStore } from "./fake-event-store.test-support.js";
import { observeLockState } from "./lock-observation.js";

const clock = { now: () => Date.parse("2026-06-01T12:00:00.000Z") };

function state(lockState: LockState["lockState"], online = true): LockState {
  return {
    lockId: "lk_1",
    provider: "august",
    lockState,
    doorState: "closed",
    online,
    batteryLevel: 0.5,
    lastSeenAt: null,
    fetchedAt: "2026-06-01T12:00:00.000Z",
  };
}

describe("observeLockState", () => {
  it("first: nothing; a change: one event with the previous part; the same again: nothing", async () => {
    const store = fakeEventStore();
    assert.equal(await observeLockState(store, "org_a", state("locked"), clock), null);
    const event = await observeLockState(store, "org_a", { ...state("unlocked"), extra: "x" } as LockState, clock);
    assert.ok(event !== null && event.type === "lock.state_changed");
    assert.match(event.id, /^evt_[0-9A-Za-z]{24}$/);
    assert.deepEqual(event.data, {
      lockId: "lk_1",
      provider: "august",
      previous: { lockState: "locked", doorState: "closed", online: true },
      state: state("unlocked"),
    });
    assert.equal(await observeLockState(store, "org_a", { ...state("unlocked"), batteryLevel: 0.1 }, clock), null);
    assert.ok((await observeLockState(store, "org_a", state("unlocked", false), clock)) !== null);
    assert.equal((await store.events.list("org_a", null, null, 10)).length, 2);
    assert.equal((await store.events.list("org_b", null, null, 10)).length, 0);
  });

  it("ten observers of one change at once: exactly one event", async () => {
    const store = fakeEventStore();
    await observeLockState(store, "org_a", state("locked"), clock);
    const events = await Promise.all(Array.from({ length: 10 }, () => observeLockState(store, "org_a", state("unlocked"), clock)));
    assert.equal(events.filter((e) => e !== null).length, 1);
    assert.equal((await store.events.list("org_a", null, null, 10)).length, 1);
  });

  it("a lost swap compares with what the winner stored", async () => {
    const store = fakeEventStore();
    await observeLockState(store, "org_a", state("locked"), clock);
    const last = store.observations.last.bind(store.observations);
    let raced = false;
    store.observations.last = async (orgId, lockId) => {
      const seen = await last(orgId, lockId);
      if (!raced) {
        raced = true; // another instance observes "jammed" between our read and our swap
        await observeLockState(store, "org_a", state("jammed"), clock);
      }
      return seen;
    };
    const event = await observeLockState(store, "org_a", state("unlocked"), clock);
    assert.ok(event?.type === "lock.state_changed");
    assert.equal(event.data.previous.lockState, "jammed");
  });
});
