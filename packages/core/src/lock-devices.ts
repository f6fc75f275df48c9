/**
 * A provider's webhook names a device, not a lock (SPEC 5.10, Seam's `device_id`): the locks it
 * concerns are found by `providerDeviceId` across orgs (the store's {@link LockDevices}), and
 * each is read again through the lock-state reader (its reused answer dropped, a call in flight
 * shared), whose fresh answer is observed for `lock.state_changed`.
 */
import type { LockStateReader } from "./lock-state-reader.js";
import type { LockDevices } from "./ports.js";
import { ProviderUnavailableError } from "./provider-failure.js";

/** What {@link refreshDevice} did: the locks read again, and those whose provider could not answer. */
export interface DeviceRefresh {
  readonly refreshed: number;
  readonly unavailable: readonly ProviderUnavailableError[];
}

/** Reads again every active, non-simulated lock of `providerDeviceId`. */
export async function refreshDevice(
  ports: { readonly devices: LockDevices; readonly lockStates: LockStateReader },
  providerDeviceId: string,
): Promise<DeviceRefresh> {
  const locks = (await ports.devices.activeByProviderDevice(providerDeviceId)).filter(
    (lock) => lock.status === "active" && lock.provider !== "simulated",
  );
  const unavailable: ProviderUnavailableError[] = [];
  await Promise.all(
    locks.map((lock) =>
      ports.lockStates.refresh(lock).catch((error: unknown) => {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        unavailable.push(error);
      }),
    ),
  );
  return { refreshed: locks.length, unavailable };
}
