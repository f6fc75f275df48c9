/**
 * The codes on a lock's device that Lintel did not place (a property manager's own, set in the
 * lock's app or through Seam by someone else): a booking must not draw their PINs, yet Lintel
 * never keeps them. The code rules learner reads through {@link withOutsideCodes} (a request's
 * read never does): beside the state, the provider lists the device's codes, and the answer
 * carries only the tags of the PINs of those still ahead (no end, or an end not yet past) that
 * no org with a lock on the device placed (`LockCodeOutbox.placedCode`). The lock's observation
 * keeps the tags (lock-observation.js); the PINs go no further than this file.
 */
import type { Lock } from "@lintel/domain";
import type { DataCipher } from "@lintel/domain/adapters";
import type { LockCodeOutbox } from "../ports/lock-code-ports.js";
import type { Clock, DeviceCode, LockDevices, LockProvider } from "../ports/ports.js";

/** What telling Lintel's codes from others' reads. */
export interface OutsideCodePorts {
  readonly devices: LockDevices;
  readonly lockCodes: Pick<LockCodeOutbox, "placedCode">;
  /** Tags the PINs, under the first data key. */
  readonly secrets: Pick<DataCipher, "pinTag">;
  readonly clock: Clock;
}

/**
 * The tags of the PINs of `codes` (listed on `lock`'s device) still ahead that no org with an
 * active lock of the same provider on the device holds as a placed code: one store read per
 * code and org. Sorted, each once. A code placed by Lintel but not yet recorded (its create's
 * answer still on the way) counts as outside until the next learn: its PIN is Lintel's anyway.
 */
async function outsideTags(ports: OutsideCodePorts, lock: Lock, codes: readonly DeviceCode[]): Promise<string[]> {
  const atMs = ports.clock.now();
  // An end that does not parse is not known to be past: the code counts.
  const ahead = codes.filter((code) => code.pin !== "" && !(code.endsAt !== null && Date.parse(code.endsAt) <= atMs));
  if (ahead.length === 0) return [];
  const sharing = await ports.devices.activeByProviderDevice(lock.providerDeviceId);
  const orgIds = [...new Set([lock.orgId, ...sharing.filter((other) => other.provider === lock.provider).map((other) => other.orgId)])];
  const tags = new Set<string>();
  for (const code of ahead) {
    const placed = await Promise.all(orgIds.map((orgId) => ports.lockCodes.placedCode(orgId, code.providerCodeId)));
    if (placed.every((ref) => ref === null)) tags.add(ports.secrets.pinTag(code.pin));
  }
  return [...tags].sort();
}

/**
 * `provider` whose state answers also carry `outsideTags`: the device's codes are listed beside
 * the state (in parallel; either failing fails the read). A provider that lists no codes answers
 * as it is.
 */
export function withOutsideCodes(provider: LockProvider, ports: OutsideCodePorts): LockProvider {
  return {
    async readState(lock, signal) {
      if (provider.readCodes === undefined) return provider.readState(lock, signal);
      const [reading, codes] = await Promise.all([provider.readState(lock, signal), provider.readCodes(lock, signal)]);
      return { ...reading, outsideTags: await outsideTags(ports, lock, codes) };
    },
  };
}
