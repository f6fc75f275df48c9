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

/** One page of a Seam list of access codes, with where the next one starts. */
interface ListedPage {
  readonly access_codes?: ListedCode[];
  readonly pagination?: { readonly has_next_page?: boolean; readonly next_page_cursor?: string | null } | null;
}

/** The most pages of one list read for one device (Seam's pages hold hundreds; a device holds far fewer codes). */
const MAX_CODE_PAGES = 20;

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
    // managed list answers the whole workspace's), every page of each. Two calls (more for a device with more codes
    // than a page), made only by the code rules learner.
    readCodes: (lock, signal) =>
      attempt(lock, signal, async (seam) => {
        /** Every page of the list at `path` for the device (Seam pages both lists). */
        const listed = async (path: string): Promise<ListedCode[]> => {
          const found: ListedCode[] = [];
          let cursor: string | null = null;
          for (let page = 0; page < MAX_CODE_PAGES; page++) {
            const body: Record<string, string> = { device_id: lock.providerDeviceId };
            if (cursor !== null) body["page_cursor"] = cursor;
            const answer: { readonly data: ListedPage } = await seam.client.post<ListedPage>(path, body);
            const data = answer.data;
            found.push(...(data.access_codes ?? []));
            cursor = data.pagination?.has_next_page === true ? (data.pagination.next_page_cursor ?? null) : null;
            if (cursor === null) break;
          }
          return found;
        };
        const lists = await Promise.all(["/access_codes/list", "/access_codes/unmanaged/list"].map(listed));
        const codes = new Map<string, DeviceCode>();
        for (const listed of lists.flat()) {
          if (listed.device_id !== lock.providerDeviceId || typeof listed.code !== "string") continue;
          codes.set(listed.access_code_id, { providerCodeId: listed.access_code_id, pin: listed.code, endsAt: listed.ends_at ?? null });
        }
        return [...codes.values()];
      }),
  };
}
