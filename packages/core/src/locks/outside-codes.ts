/**
 * The codes on a lock's device that Lintel did not place (a property manager's own, set in the
 * lock's app or through Seam by someone else): a booking must not draw their PINs, yet Lintel
 * never keeps them. The code rules learner reads through {@link withOutsideCodes} (a request's
 * read never does): beside the state, the provider lists the device's codes, and the answer
 * carries only the tags of the PINs of those still ahead (no end, or an end not yet past) that
 * no org with a lock on the device placed (`LockCodeOutbox.placedCode`, with the same PIN). The lock's observation
 * keeps the tags (lock-observation.js); the PINs go no further than this file.
 */
import type { Lock } from "@lintel/domain";
import type { DataCipher } from "@lintel/domain/adapters";
import type { LockCodeOutbox } from "../ports/lock-code-ports.js";
import type { Clock, DeviceCode, LockDevices, LockProvider } from "../ports/ports.js";
import type { UnitStore } from "../ports/unit-ports.js";

/** What telling Lintel's codes from others' reads. */
export interface OutsideCodePorts {
  readonly devices: LockDevices;
  readonly lockCodes: Pick<LockCodeOutbox, "placedCode">;
  readonly units: Pick<UnitStore, "getItem">;
  /** Opens Lintel's own PINs to compare them, and tags the others' under the first data key. */
  readonly secrets: Pick<DataCipher, "open" | "pinTag">;
  readonly clock: Clock;
}

/**
 * The tags of the PINs of `codes` (listed on `lock`'s device) still ahead that are not Lintel's.
 * A code is Lintel's when an org with an active lock of the same provider on the device holds it
 * as a placed code (`placedCode`) whose item names such a lock and holds the same PIN: a provider
 * id alone could be another workspace's (Seam's fake counts its ids from 1). One store read per
 * code and org, and a read per code found. Sorted, each once. A code Lintel is still placing (its
 * id not yet kept) counts as outside until the next learn: its PIN is held on the device anyway.
 */
async function outsideTags(ports: OutsideCodePorts, lock: Lock, codes: readonly DeviceCode[]): Promise<string[]> {
  const atMs = ports.clock.now();
  // An end that does not parse is not known to be past: the code counts.
  const ahead = codes.filter((code) => code.pin !== "" && !(code.endsAt !== null && Date.parse(code.endsAt) <= atMs));
  if (ahead.length === 0) return [];
  const sharing = (await ports.devices.activeByProviderDevice(lock.providerDeviceId)).filter((other) => other.provider === lock.provider);
  const onDevice = new Set([lock, ...sharing].map((each) => `${each.orgId}\n${each.lockId}`));
  const orgIds = [...new Set([lock.orgId, ...sharing.map((other) => other.orgId)])];
  const opened = (sealed: string | undefined) => {
    try {
      return sealed === undefined || sealed === "" ? null : ports.secrets.open(sealed);
    } catch {
      return null; // a PIN under a key no longer given is not compared: the code counts as another's
    }
  };
  async function lintels(code: DeviceCode): Promise<boolean> {
    for (const orgId of orgIds) {
      const ref = await ports.lockCodes.placedCode(orgId, code.providerCodeId);
      const item = ref === null ? null : await ports.units.getItem(orgId, ref.unitId, "code", ref.codeId);
      if (item?.lockId != null && onDevice.has(`${orgId}\n${item.lockId}`) && opened(item.code) === code.pin) return true;
    }
    return false;
  }
  const tags = new Set<string>();
  for (const code of ahead) if (!(await lintels(code))) tags.add(ports.secrets.pinTag(code.pin));
  return [...tags].sort();
}

/**
 * `provider` whose state answers also carry `outsideTags`: the device's codes are listed beside
 * the state, in parallel. The state decides: its failure fails the read; a listing that fails (a
 * provider that keeps no unmanaged codes, a 429, a store read) answers the state without
 * `outsideTags`, so the rules are still learned and the stored tags stay until a later learn.
 * A provider that lists no codes answers as it is.
 */
export function withOutsideCodes(provider: LockProvider, ports: OutsideCodePorts): LockProvider {
  return {
    async readState(lock, signal) {
      if (provider.readCodes === undefined) return provider.readState(lock, signal);
      const [reading, codes] = await Promise.allSettled([provider.readState(lock, signal), provider.readCodes(lock, signal)]);
      if (reading.status === "rejected") throw reading.reason;
      if (codes.status === "rejected") return reading.value;
      try {
        return { ...reading.value, outsideTags: await outsideTags(ports, lock, codes.value) };
      } catch {
        return reading.value;
      }
    },
  };
}
