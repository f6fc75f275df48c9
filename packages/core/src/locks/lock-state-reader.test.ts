import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Lock, LockState } from "@lintel/domain";
import { aLock } from "../fake-store.test-support.js";
import { createLockStateReader } from "./lock-state-reader.js";
import { lockedState } from "../lintel.test-support.js";
import { ProviderUnavailableError } from "./provider-failure.js";
import type { LockProvider } from "../ports/ports.js";

const lock = (lockId: string, orgId = "org_1"): Lock => aLock(orgId, { lockId });

const stateOf = lockedState;

/** A provider whose calls stay pending until the test settles them. */
function controllableProvider() {
  const calls: { lock: Lock; signal: AbortSignal; resolve: (s: LockState) => void; reject: (e: unknown) => void }[] = [];
  const provider: LockProvider = {
    readState(l, signal) {
      return new Promise((resolve, reject) => calls.push({ lock: l, signal, resolve, reject }));
    },
  };
  return { provider, calls };
}

function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

const OPTIONS = { ttlMs: 2000, timeoutMs: 3000 };

describe("lock state reader", () => {
  it("coalescing: 10 concurrent reads of one lock make 1 provider call and get its answer", async () => {
    const { provider, calls } = controllableProvider();
    const reader = createLockStateReader(provider, fakeClock(), OPTIONS);
    const l = lock("lk_1");
    const reads = Array.from({ length: 10 }, () => reader.read(l));
    assert.equal(calls.length, 1);
    const answer = stateOf(l, "2026-01-01T00:00:00.000Z");
    calls[0]?.resolve(answer);
    for (const state of await Promise.all(reads)) assert.deepEqual(state, answer);
    assert.equal(calls.length, 1);
  });

  it("reads of different locks (or the same id in another org) are separate calls", async () => {
    const { provider, calls } = controllableProvider();
    const reader = createLockStateReader(provider, fakeClock(), OPTIONS);
    const reads = [reader.read(lock("lk_1")), reader.read(lock("lk_2")), reader.read(lock("lk_1", "org_2"))];
    assert.equal(calls.length, 3);
    for (const call of calls) call.resolve(stateOf(call.lock, "2026-01-01T00:00:00.000Z"));
    const states = await Promise.all(reads);
    assert.deepEqual(
      states.map((s) => s.lockId),
      ["lk_1", "lk_2", "lk_1"],
    );
  });

  it("ttl reuse: an answer is reused within ttlMs and asked again once ttlMs has passed", async () => {
    const { provider, calls } = controllableProvider();
    const clock = fakeClock();
    const reader = createLockStateReader(provider, clock, OPTIONS);
    const l = lock("lk_1");
    const first = reader.read(l);
    calls[0]?.resolve(stateOf(l, "first"));
    assert.equal((await first).fetchedAt, "first");

    clock.advance(1999);
    assert.equal((await reader.read(l)).fetchedAt, "first");
    assert.equal(calls.length, 1);

    clock.advance(1);
    const second = reader.read(l);
    assert.equal(calls.length, 2);
    calls[1]?.resolve(stateOf(l, "second"));
    assert.equal((await second).fetchedAt, "second");
    assert.equal((await reader.read(l)).fetchedAt, "second");
    assert.equal(calls.length, 2);
  });

  it("ttl is measured from when the provider answered, not when it was asked", async () => {
    const { provider, calls } = controllableProvider();
    const clock = fakeClock();
    const reader = createLockStateReader(provider, clock, OPTIONS);
    const l = lock("lk_1");
    const first = reader.read(l);
    clock.advance(1500);
    calls[0]?.resolve(stateOf(l, "first"));
    await first;
    clock.advance(1999);
    assert.equal((await reader.read(l)).fetchedAt, "first");
    assert.equal(calls.length, 1);
  });

  it("timeout: a provider that does not answer within timeoutMs → ProviderUnavailableError, and its call is aborted", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const { provider, calls } = controllableProvider();
    const reader = createLockStateReader(provider, fakeClock(), OPTIONS);
    const reads = [reader.read(lock("lk_1")), reader.read(lock("lk_1"))];
    t.mock.timers.tick(2999);
    assert.equal(calls[0]?.signal.aborted, false);
    t.mock.timers.tick(1);
    for (const read of reads) {
      await assert.rejects(read, (error: unknown) => {
        assert.ok(error instanceof ProviderUnavailableError);
        assert.equal(error.code, "unavailable");
        assert.equal(error.reason, "timeout");
        assert.equal(error.message, 'Lock provider "simulated" did not answer within 3000 ms.');
        return true;
      });
    }
    assert.equal(calls[0]?.signal.aborted, true);
    // A late answer changes nothing and is not cached.
    calls[0]?.resolve(stateOf(lock("lk_1"), "late"));
    const again = reader.read(lock("lk_1"));
    assert.equal(calls.length, 2);
    calls[1]?.resolve(stateOf(lock("lk_1"), "fresh"));
    assert.equal((await again).fetchedAt, "fresh");
  });

  it("a provider that rejects or throws → ProviderUnavailableError with the cause", async () => {
    const cause = new Error("vendor cloud said 502");
    const reader = createLockStateReader({ readState: () => Promise.reject(cause) }, fakeClock(), OPTIONS);
    await assert.rejects(reader.read(lock("lk_1")), (error: unknown) => error instanceof ProviderUnavailableError && error.cause === cause);
    const throwing = createLockStateReader(
      {
        readState: () => {
          throw cause;
        },
      },
      fakeClock(),
      OPTIONS,
    );
    await assert.rejects(throwing.read(lock("lk_1")), ProviderUnavailableError);
  });

  it("a provider's own ProviderUnavailableError passes through: its reason and Retry-After stay", async () => {
    const own = new ProviderUnavailableError({
      provider: "august",
      reason: "rate_limited",
      what: "rate-limited us.",
      retryAfterSeconds: 9,
    });
    const reader = createLockStateReader({ readState: () => Promise.reject(own) }, fakeClock(), OPTIONS);
    await assert.rejects(reader.read(lock("lk_1")), (error: unknown) => error === own);
  });

  it("failure is not cached: the next read asks the provider again", async () => {
    const { provider, calls } = controllableProvider();
    const reader = createLockStateReader(provider, fakeClock(), OPTIONS);
    const l = lock("lk_1");
    const failed = reader.read(l);
    calls[0]?.reject(new Error("down"));
    await assert.rejects(failed, ProviderUnavailableError);
    const retried = reader.read(l);
    assert.equal(calls.length, 2);
    calls[1]?.resolve(stateOf(l, "recovered"));
    assert.equal((await retried).fetchedAt, "recovered");
  });

  it("fresh hears each provider answer once, never a reused one; refresh drops the reused answer", async () => {
    const { provider, calls } = controllableProvider();
    const heard: string[] = [];
    const reader = createLockStateReader(provider, fakeClock(), {
      ...OPTIONS,
      fresh: async (_lock, state) => void heard.push(state.fetchedAt),
    });
    const l = lock("lk_1");
    const reads = [reader.read(l), reader.read(l)];
    calls[0]?.resolve(stateOf(l, "first"));
    await Promise.all(reads);
    await reader.read(l); // reused
    assert.deepEqual(heard, ["first"]);
    const refreshed = reader.refresh(l);
    assert.equal(calls.length, 2);
    calls[1]?.resolve(stateOf(l, "second"));
    assert.equal((await refreshed).fetchedAt, "second");
    assert.deepEqual(heard, ["first", "second"]);
  });
});
