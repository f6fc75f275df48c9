/**
 * The {@link LockProvider} for real vendors (August, Yale, Schlage, igloohome, …) through Seam
 * as the contract says, with Seam's official client: a lock's `providerDeviceId` is its Seam `device_id`.
 *
 * Each read gets a client bound to the read's AbortSignal, so when the lock-state reader gives
 * up (LOCK_PROVIDER_TIMEOUT_MS) the request and the client's own retries stop with it. The
 * client retries transport errors and 5xx within that budget, never a 429: Seam's Retry-After
 * is passed on to our caller instead. `readCodes` lists the device's access codes (with their
 * PINs: never logged, never part of an error) for the code rules learner, never for a request.
 */
import type { SeamHttp } from "@seamapi/http";
import type { Clock } from "@lintel/core";
import type { DeviceCode, LockProvider } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
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

/** What Seam lists of an access code, managed or not: the fields a PIN ahead is told by. */
interface ListedCode {
  readonly access_code_id: string;
  readonly device_id: string;
  readonly code?: string | null;
  readonly ends_at?: string | null;
}

/** Reads live lock state from Seam; see {@link SeamLockProviderOptions}. */
export function createSeamLockProvider(options: SeamLockProviderOptions): LockProvider {
  const clientFor = (signal: AbortSignal) => seamClient(options, { timeoutMs: options.timeoutMs, signal, retries: 2 });

  /** Runs `request` for `lock` under `signal`; every failure as the ProviderUnavailableError it is. */
  async function attempt<T>(lock: Lock, signal: AbortSignal, request: (seam: SeamHttp) => Promise<T>): Promise<T> {
    signal.throwIfAborted();
    try {
      return await request(clientFor(signal));
    } catch (error) {
      if (signal.aborted) throw signal.reason; // the caller has already answered (timeout)
      throw seamFailure(error, lock, options.timeoutMs, options.clock.now());
    }
  }

  return {
    readState: (lock, signal) =>
      attempt(lock, signal, async (seam) =>
        lockStateFromSeamDevice(lock, await seam.devices.get({ device_id: lock.providerDeviceId }), options.clock.now()),
      ),
    // Seam lists the codes it manages (Lintel's among them, and any other client's) and those set on the device
    // outside Seam (the lock's app, its keypad) apart: both lists, each code once, only the device's (the fake's
    // managed list answers the whole workspace's). Two calls, made only by the code rules learner.
    readCodes: (lock, signal) =>
      attempt(lock, signal, async (seam) => {
        const body = { device_id: lock.providerDeviceId };
        const lists = await Promise.all(
          ["/access_codes/list", "/access_codes/unmanaged/list"].map((path) =>
            seam.client.post<{ access_codes?: ListedCode[] }>(path, body),
          ),
        );
        const codes = new Map<string, DeviceCode>();
        for (const listed of lists.flatMap((list) => list.data.access_codes ?? [])) {
          if (listed.device_id !== lock.providerDeviceId || typeof listed.code !== "string") continue;
          codes.set(listed.access_code_id, { providerCodeId: listed.access_code_id, pin: listed.code, endsAt: listed.ends_at ?? null });
        }
        return [...codes.values()];
      }),
  };
}
