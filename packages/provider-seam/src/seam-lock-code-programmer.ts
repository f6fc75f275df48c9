/**
 * The {@link LockCodeProgrammer} for real vendors through Seam, with Seam's official client: a
 * code is a Seam access code on the lock's device (`providerDeviceId` is its `device_id`), and
 * the provider's id of the code is Seam's `access_code_id`. A code's `startAt`/`endAt` are its
 * `starts_at`/`ends_at` (a time-bound access code), its name and PIN Seam's `name` and `code`.
 *
 * `update` and `remove` are `POST /access_codes/update` and `POST /access_codes/delete` through
 * the client's HTTP instance (so with its authentication and Seam's typed errors): Seam accepts
 * POST on every route, while the client's own `accessCodes.update` sends PATCH and its
 * `accessCodes.delete` sends DELETE with the id in the query, which Seam's fake answers 405 and
 * 404 (the code still there) respectively.
 *
 * Each call is one attempt, aborted after `timeoutMs` (the `timeout` failure) or when the
 * caller's signal aborts (rejecting with the signal's reason). The client does not retry: a
 * create whose answer was lost could otherwise put the code on the lock twice, and the lock
 * work's own retries (with backoff, across instances) are the ones that count.
 */
import { isSeamHttpApiError } from "@seamapi/http";
import { systemClock, type Clock } from "@lintel/core";
import type { LockCodeProgrammer, ProgrammedCode } from "@lintel/core/adapters";
import { seamClient } from "./seam-client.js";
import { seamFailure, seamTimeout, type SeamSubject } from "./seam-failure.js";

export interface SeamLockCodeProgrammerOptions {
  /** SEAM_API_KEY. Never logged, never part of an error. */
  readonly apiKey: string;
  /** SEAM_ENDPOINT; Seam's own when absent. */
  readonly endpoint?: string | undefined;
  /** The longest one call may take before it is aborted and rejects with `timeout`; 3000 by default. */
  readonly timeoutMs?: number | undefined;
  /** The time a `Retry-After` date is counted from; the system clock by default. */
  readonly clock?: Clock | undefined;
}

/** What Seam is sent for a code: never logged, never part of an error (the PIN is in it). */
function seamCode(code: ProgrammedCode) {
  return { name: code.name, code: code.code, starts_at: code.startAt, ends_at: code.endAt };
}

/** Seam's own "no such access code" (or no such device, so no code on it either): the code is gone. */
function alreadyGone(error: unknown): boolean {
  return (
    isSeamHttpApiError(error) && error.statusCode === 404 && (error.code === "access_code_not_found" || error.code === "device_not_found")
  );
}

/** What Seam lists of an access code: the fields a code of Lintel's is recognized by. */
interface ListedCode {
  readonly access_code_id: string;
  readonly device_id: string;
  readonly name?: string | null;
  readonly code?: string | null;
  readonly starts_at?: string | null;
  readonly ends_at?: string | null;
}

/**
 * The id of the code on `deviceId` that is exactly `code` (PIN, name, starts_at, ends_at), or
 * null: a code that only shares the PIN is another one, never taken over.
 */
async function sameCodeOn(seam: ReturnType<typeof seamClient>, deviceId: string, code: ProgrammedCode): Promise<string | null> {
  const listed = await seam.client.post<{ access_codes?: ListedCode[] }>("/access_codes/list", { device_id: deviceId });
  const instant = (text: string | null | undefined) => (text === null || text === undefined ? NaN : Date.parse(text));
  const match = (listed.data.access_codes ?? []).find(
    (held) =>
      held.device_id === deviceId &&
      held.code === code.code &&
      held.name === code.name &&
      instant(held.starts_at) === Date.parse(code.startAt) &&
      instant(held.ends_at) === Date.parse(code.endAt),
  );
  return match?.access_code_id ?? null;
}

/** Puts codes on locks, changes and removes them through Seam; see {@link SeamLockCodeProgrammerOptions}. */
export function createSeamLockCodeProgrammer(options: SeamLockCodeProgrammerOptions): LockCodeProgrammer {
  const timeoutMs = options.timeoutMs ?? 3000;
  const clock = options.clock ?? systemClock;

  /** Runs one request under the call's deadline and signal; every failure as the ProviderUnavailableError it is. */
  async function attempt<T>(
    subject: SeamSubject,
    signal: AbortSignal,
    request: (seam: ReturnType<typeof seamClient>) => Promise<T>,
  ): Promise<T> {
    signal.throwIfAborted();
    const deadline = AbortSignal.timeout(timeoutMs);
    const seam = seamClient(options, { timeoutMs, signal: AbortSignal.any([signal, deadline]), retries: 0 });
    try {
      return await request(seam);
    } catch (error) {
      if (signal.aborted) throw signal.reason; // the caller gave up: its reason, not ours
      if (deadline.aborted) throw seamTimeout(subject, timeoutMs);
      throw seamFailure(error, subject, timeoutMs, clock.now());
    }
  }

  return {
    create(lock, code, signal) {
      return attempt(lock, signal, async (seam) => {
        try {
          const created = await seam.accessCodes.create({ device_id: lock.providerDeviceId, ...seamCode(code) });
          return created.access_code_id;
        } catch (error) {
          // A create whose answer was lost (a timeout, a crash before its id was kept) put the code
          // there already: Seam refuses the same PIN twice on a device. That very code is adopted.
          if (!(isSeamHttpApiError(error) && error.statusCode === 409)) throw error;
          const same = await sameCodeOn(seam, lock.providerDeviceId, code);
          if (same === null) throw error;
          return same;
        }
      });
    },
    async update(placed, code, signal) {
      await attempt(placed, signal, (seam) =>
        seam.client.post("/access_codes/update", { access_code_id: placed.providerCodeId, ...seamCode(code) }),
      );
    },
    async remove(placed, signal) {
      await attempt(placed, signal, async (seam) => {
        try {
          await seam.client.post("/access_codes/delete", { access_code_id: placed.providerCodeId });
        } catch (error) {
          if (!alreadyGone(error)) throw error;
        }
      });
    },
  };
}
