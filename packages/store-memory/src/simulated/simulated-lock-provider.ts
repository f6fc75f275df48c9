/**
 * A stand-in for a smart-lock vendor's cloud: every lock's state is derived from a hash of
 * its lockId, so it is stable across calls, processes and instances; `fetchedAt` is the
 * clock's time. Latency and failures can be switched on for tests and demos.
 */
import { createHash } from "node:crypto";
import { systemClock, type Clock } from "@lintel/core";
import type { LockProvider } from "@lintel/core/adapters";
import type { Lock, LockState } from "@lintel/domain";
import type { DoorState, LockStateValue } from "@lintel/domain/schemas";

export interface SimulatedLockProviderOptions {
  /** How long each answer takes (real time); the call stops early when its signal aborts. */
  readonly latencyMs?: number;
  /** Locks for which the provider fails instead of answering. */
  readonly failFor?: (lock: Lock) => boolean;
  /** The time for `fetchedAt` and `lastSeenAt`; the system clock by default. */
  readonly clock?: Clock;
}

/** A {@link LockProvider} that also counts the calls it got. */
export interface SimulatedLockProvider extends LockProvider {
  /** How many times `readState` was called. */
  readonly calls: number;
}

const LOCK_STATES: readonly LockStateValue[] = ["locked", "locked", "locked", "locked", "unlocked", "unlocked", "jammed", "unknown"];

/** The state the simulated vendor reports for `lock` at `nowMs`. */
export function simulatedLockState(lock: Pick<Lock, "lockId" | "provider">, nowMs: number): LockState {
  const hash = createHash("sha256").update(lock.lockId, "utf8").digest();
  const byte = (i: number) => hash[i] ?? 0;
  const online = byte(0) % 10 !== 0;
  const lockState: LockStateValue = online ? (LOCK_STATES[byte(1) % LOCK_STATES.length] ?? "unknown") : "unknown";
  const doorState: DoorState = !online ? "unknown" : byte(2) % 4 === 0 ? "open" : "closed";
  const batteryLevel = byte(3) % 16 === 0 ? null : Math.round((byte(4) / 255) * 100) / 100;
  // Online devices checked in within the last minute; offline ones 1..72 hours ago.
  const lastSeenAgoMs = online ? (byte(5) % 60) * 1000 : (1 + (byte(5) % 72)) * 3_600_000;
  return {
    lockId: lock.lockId,
    provider: lock.provider,
    lockState,
    doorState,
    online,
    batteryLevel,
    lastSeenAt: byte(6) % 32 === 0 ? null : new Date(nowMs - lastSeenAgoMs).toISOString(),
    fetchedAt: new Date(nowMs).toISOString(),
  };
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** A simulated provider; see {@link SimulatedLockProviderOptions}. */
export function createSimulatedLockProvider(options: SimulatedLockProviderOptions = {}): SimulatedLockProvider {
  const clock = options.clock ?? systemClock;
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    async readState(lock, signal) {
      calls += 1;
      await wait(options.latencyMs ?? 0, signal);
      if (options.failFor?.(lock)) throw new Error(`The simulated provider failed for lock ${lock.lockId}.`);
      return simulatedLockState(lock, clock.now());
    },
  };
}
