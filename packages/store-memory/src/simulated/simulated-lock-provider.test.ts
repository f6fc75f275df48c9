import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { ProviderUnavailableError } from "@lintel/core";
import { createLockStateReader } from "@lintel/core/adapters";
import { aLock } from "@lintel/testkit";
import type { Lock } from "@lintel/domain";
import { createSimulatedLockProvider, simulatedLockState } from "./simulated-lock-provider.js";

const lock = (lockId: string): Lock => aLock("org_1", { lockId });

const NOW = Date.parse("2026-03-01T12:00:00.000Z");
const clock = { now: () => NOW };

describe("simulated lock provider", () => {
  it("state is deterministic per lockId, fetchedAt is the clock's time, and fields are in range", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), (lockId) => {
        const state = simulatedLockState(lock(lockId), NOW);
        assert.deepEqual(simulatedLockState(lock(lockId), NOW), state);
        assert.equal(state.lockId, lockId);
        assert.equal(state.provider, "simulated");
        assert.equal(state.fetchedAt, "2026-03-01T12:00:00.000Z");
        assert.ok(["locked", "unlocked", "jammed", "unknown"].includes(state.lockState));
        assert.ok(["open", "closed", "unknown"].includes(state.doorState));
        assert.ok(state.batteryLevel === null || (state.batteryLevel >= 0 && state.batteryLevel <= 1));
        assert.ok(state.lastSeenAt === null || Date.parse(state.lastSeenAt) <= NOW);
      }),
    );
  });

  it("different locks get varied states", () => {
    const states = Array.from({ length: 200 }, (_, i) => simulatedLockState(lock(`lk_${i}`), NOW));
    assert.ok(new Set(states.map((s) => s.lockState)).size >= 3);
    assert.ok(states.some((s) => s.online) && states.some((s) => !s.online));
  });

  it("counts calls and answers with the clock's time", async () => {
    const provider = createSimulatedLockProvider({ clock });
    const signal = new AbortController().signal;
    assert.equal(provider.calls, 0);
    const state = await provider.readState(lock("lk_1"), signal);
    await provider.readState(lock("lk_2"), signal);
    assert.equal(provider.calls, 2);
    assert.deepEqual(state, simulatedLockState(lock("lk_1"), NOW));
  });

  it("failFor makes the chosen locks fail", async () => {
    const provider = createSimulatedLockProvider({ clock, failFor: (l) => l.lockId === "lk_bad" });
    const signal = new AbortController().signal;
    await assert.rejects(provider.readState(lock("lk_bad"), signal), /simulated provider failed for lock lk_bad/);
    assert.equal((await provider.readState(lock("lk_ok"), signal)).lockId, "lk_ok");
  });

  it("latency is honoured and an abort stops the wait with the signal's reason", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const provider = createSimulatedLockProvider({ clock, latencyMs: 500 });
    let settled = false;
    const slow = provider.readState(lock("lk_1"), new AbortController().signal).then((s) => ((settled = true), s));
    t.mock.timers.tick(499);
    await Promise.resolve();
    assert.equal(settled, false);
    t.mock.timers.tick(1);
    assert.equal((await slow).lockId, "lk_1");

    const controller = new AbortController();
    const aborted = provider.readState(lock("lk_2"), controller.signal);
    const reason = new Error("timed out");
    controller.abort(reason);
    await assert.rejects(aborted, (error: unknown) => error === reason);
  });

  it("behind the lock state reader: concurrent reads share one call, a slow provider times out", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const provider = createSimulatedLockProvider({ clock, latencyMs: 100 });
    const reader = createLockStateReader(provider, clock, { ttlMs: 2000, timeoutMs: 3000 });
    const reads = Array.from({ length: 10 }, () => reader.read(lock("lk_1")));
    t.mock.timers.tick(100);
    for (const state of await Promise.all(reads)) assert.deepEqual(state, simulatedLockState(lock("lk_1"), NOW));
    assert.equal(provider.calls, 1);

    const slow = createLockStateReader(createSimulatedLockProvider({ clock, latencyMs: 5000 }), clock, { ttlMs: 2000, timeoutMs: 3000 });
    const read = slow.read(lock("lk_1"));
    t.mock.timers.tick(3000);
    await assert.rejects(read, ProviderUnavailableError);
  });
});
