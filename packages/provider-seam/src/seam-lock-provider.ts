/**
 * The {@link LockProvider} for real vendors (August, Yale, Schlage, igloohome, …) through Seam
 * as the contract says, with Seam's official client: a lock's `providerDeviceId` is its Seam `device_id`.
 *
 * Each read gets a client bound to the read's AbortSignal, so when the lock-state reader gives
 * up (LOCK_PROVIDER_TIMEOUT_MS) the request and the client's own retries stop with it. The
 * client retries transport errors and 5xx within that budget, never a 429: Seam's Retry-After
 * is passed on to our caller instead.
 */
import type { Clock } from "@lintel/core";
import type { LockProvider } from "@lintel/core/adapters";
import { seamClient } from "./seam-client.js";
import { lockStateFromSeamDevice } from "./seam-device-state.js";
import { seamFailure } from "./seam-failure.js";

export interface SeamLockProviderOptions {
  /** SEAM_API_KEY. Never logged, never part of an error. */
  readonly apiKey: string;
  /** SEAM_ENDPOINT; Seam's own when absent. */
  readonly endpoint?: string | undefined;
  /** The longest one attempt may take (LOCK_PROVIDER_TIMEOUT_MS); the reader's deadline bounds the whole read. */
  readonly timeoutMs: number;
  /** The time for `fetchedAt`. */
  readonly clock: Clock;
}

/** Reads live lock state from Seam; see {@link SeamLockProviderOptions}. */
export function createSeamLockProvider(options: SeamLockProviderOptions): LockProvider {
  const clientFor = (signal: AbortSignal) => seamClient(options, { timeoutMs: options.timeoutMs, signal, retries: 2 });
  return {
    async readState(lock, signal) {
      signal.throwIfAborted();
      try {
        const device = await clientFor(signal).devices.get({ device_id: lock.providerDeviceId });
        return lockStateFromSeamDevice(lock, device, options.clock.now());
      } catch (error) {
        if (signal.aborted) throw signal.reason; // the caller has already answered (timeout)
        throw seamFailure(error, lock, options.timeoutMs, options.clock.now());
      }
    },
  };
}
