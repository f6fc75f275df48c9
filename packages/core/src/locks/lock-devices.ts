/**
 * A provider's webhook names a device, not a lock (Seam's `device_id`): the locks it
 * concerns are found by `providerDeviceId` across orgs (the store's {@link LockDevices}), and
 * each is read again through the lock-state reader (its reused answer dropped, a call in flight
 * shared), whose fresh answer is observed for `lock.state_changed`.
 */
import type { Lock } from "@lintel/domain";
import type { LockStateReader } from "./lock-state-reader.js";
import type { LockDevices } from "../ports/ports.js";
import { ProviderUnavailableError } from "./provider-failure.js";

/** What {@link refreshDevice} did: the locks read again, those held back, and those whose provider could not answer. */
export interface DeviceRefresh {
  readonly refreshed: number;
  /** Locks of the device that `admit` held back (read lately). */
  readonly held: number;
  readonly unavailable: readonly ProviderUnavailableError[];
}

/**
 * Reads again every active, non-simulated lock of `providerDeviceId` that `admit` lets through
 * (all by default): a caller that bounds how often a lock is read says no to one read lately.
 */
export async function refreshDevice(
  ports: { readonly devices: LockDevices; readonly lockStates: LockStateReader },
  providerDeviceId: string,
  admit: (lock: Lock) => Promise<boolean> = async () => true,
): Promise<DeviceRefresh> {
  const locks = (await ports.devices.activeByProviderDevice(providerDeviceId)).filter(
    (lock) => lock.status === "active" && lock.provider !== "simulated",
  );
  const admitted = await Promise.all(locks.map(admit));
  const unavailable: ProviderUnavailableError[] = [];
  await Promise.all(
    locks
      .filter((_, i) => admitted[i])
      .map((lock) =>
        ports.lockStates.refresh(lock).catch((error: unknown) => {
          if (!(error instanceof ProviderUnavailableError)) throw error;
          unavailable.push(error);
        }),
      ),
  );
  const refreshed = admitted.filter(Boolean).length;
  return { refreshed, held: locks.length - refreshed, unavailable };
}
