/**
 * A lock provider's own word on a code it holds (Seam's `access_code.set_on_device`,
 * `access_code.failed_to_set_on_device`, `access_code.removed_from_device`): it makes the code
 * `set` or `failed`, with the provider's words, unless a change of the code is still on its way
 * (the provider then speaks of an older state, and the pending work decides).
 */
import { isoInstant } from "@lintel/domain/adapters";
import type { LockSync } from "@lintel/domain/schemas";
import type { LockCodeOutbox } from "../ports/lock-code-ports.js";
import { codeSyncEvent } from "./lock-code-sync.js";
import type { Clock, LockDevices, UnitStore } from "../ports/ports.js";

/** What a provider said of a code it holds. */
export interface AccessCodeReport {
  /** The device the code is on (Seam's `device_id`). */
  readonly providerDeviceId: string;
  /** The provider's id of the code (Seam's `access_code_id`). */
  readonly providerCodeId: string;
  /** `set`: the code is on the device; `failed`: it could not be set, or was removed. */
  readonly status: "set" | "failed";
  /** The provider's words, for a `failed` code's `lockSync.error`. */
  readonly error: string | null;
}

/** Applies `report` to the codes it names (in every org with an active lock on the device); answers how many changed. */
export async function applyAccessCodeReport(
  ports: { readonly devices: LockDevices; readonly lockCodes: LockCodeOutbox; readonly units: UnitStore; readonly clock: Clock },
  report: AccessCodeReport,
): Promise<number> {
  const locks = await ports.devices.activeByProviderDevice(report.providerDeviceId);
  let changed = 0;
  for (const orgId of new Set(locks.map((lock) => lock.orgId))) {
    const ref = await ports.lockCodes.placedCode(orgId, report.providerCodeId);
    if (ref === null || ref.workPending) continue;
    const item = await ports.units.getItem(orgId, ref.unitId, "code", ref.codeId);
    if (item === null || item.lockId === null || item.lockSync?.status === report.status) continue;
    const provider = locks.find((lock) => lock.lockId === item.lockId)?.provider ?? "seam";
    const lockSync: LockSync = {
      status: report.status,
      error: report.status === "failed" ? `Lock provider "${provider}" ${report.error ?? "reported the code failed."}` : null,
      updatedAt: isoInstant(ports.clock.now()),
    };
    const event = await codeSyncEvent(
      ports.units,
      { orgId, unitId: ref.unitId, codeId: ref.codeId, lockId: item.lockId, name: item.title, startAt: item.startAt, endAt: item.endAt },
      lockSync,
    );
    if (await ports.lockCodes.reportLockSync(orgId, ref.unitId, ref.codeId, lockSync, event)) changed += 1;
  }
  return changed;
}
