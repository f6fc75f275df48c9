/**
 * Provider faults on demand, so the 503 can be seen from outside (demo data, a
 * hand-written fixture): a lock whose `providerDeviceId` is `simulate-timeout` never gets an
 * answer (the reader's LOCK_PROVIDER_TIMEOUT_MS deadline ends the call), and one whose
 * `providerDeviceId` is `simulate-failure` gets a provider error. Every other lock goes to the
 * wrapped provider unchanged.
 */
import type { LockProvider } from "@lintel/core/adapters";

/** The device ids that trigger a fault. */
export const FAULT_DEVICE_IDS = { timeout: "simulate-timeout", failure: "simulate-failure" } as const;

/** Never settles on its own; rejects with the signal's reason when it aborts. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** Wraps `provider` with the faults above. */
export function withSimulatedFaults(provider: LockProvider): LockProvider {
  return {
    async readState(lock, signal) {
      if (lock.providerDeviceId === FAULT_DEVICE_IDS.timeout) return untilAborted(signal);
      if (lock.providerDeviceId === FAULT_DEVICE_IDS.failure) {
        throw new Error(`The simulated provider failed for lock ${lock.lockId}.`);
      }
      return provider.readState(lock, signal);
    },
  };
}
