/**
 * A provider's webhook names a device, not a lock (SPEC 5.10, Seam's `device_id`): the locks it
 * concerns are found by `providerDeviceId` across orgs, and each is read again through the
 * lock-state reader (its reused answer dropped, a call in flight shared), whose fresh answer is
 * observed for `lock.state_changed`.
 */
import type { Lock } from "@lintel/domain";
import type { LockStateReader } from "./lock-state-reader.js";
import { ProviderUnavailableError } from "./provider-failure.js";

/** Finds locks by their provider's device id. */
export interface LockDevices {
  /** The active locks, of any org, whose `providerDeviceId` is this one (simulated ones included; the caller filters). */
  activeByProviderDevice(providerDeviceId: string): Promise<Lock[]>;
}

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

/** A device index over a list of locks (until the store has one of its own: locks enter it only through fixtures). */
export function lockDevicesOf(locks: readonly Lock[]): LockDevices {
  const byDevice = new Map<string, Lock[]>();
  for (const lock of locks) byDevice.set(lock.providerDeviceId, [...(byDevice.get(lock.providerDeviceId) ?? []), lock]);
  return { activeByProviderDevice: async (deviceId) => (byDevice.get(deviceId) ?? []).filter((lock) => lock.status === "active") };
}
