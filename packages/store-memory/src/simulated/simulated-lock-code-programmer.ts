/**
 * A stand-in for a smart-lock vendor's cloud that is asked to write codes: it accepts every code
 * at once and keeps what it holds in process memory, so tests and demos can see what a lock has.
 */
import { ProviderUnavailableError } from "@lintel/core";
import type { LockCodeProgrammer, PlacedCode, ProgrammedCode } from "@lintel/core/adapters";

export interface SimulatedLockCodeProgrammerOptions {
  /**
   * The most codes held at once (default 10,000): past it, the code created first is forgotten,
   * and updating it later answers `device_unknown` as a vendor that lost it would (0 keeps none).
   */
  readonly capacity?: number;
}

/** A {@link LockCodeProgrammer} whose codes can be read back. */
export interface SimulatedLockCodeProgrammer extends LockCodeProgrammer {
  /** The codes held on the device (a lock's `providerDeviceId`), oldest first, each with its id. */
  codesOn(providerDeviceId: string): readonly (ProgrammedCode & { readonly providerCodeId: string })[];
}

interface HeldCode {
  readonly providerDeviceId: string;
  readonly code: ProgrammedCode;
}

/** A simulated programmer; ids are `sim_code_<n>`. See {@link SimulatedLockCodeProgrammerOptions}. */
export function createSimulatedLockCodeProgrammer(options: SimulatedLockCodeProgrammerOptions = {}): SimulatedLockCodeProgrammer {
  const capacity = options.capacity ?? 10_000;
  const held = new Map<string, HeldCode>(); // in creation order: the first key is the oldest
  let created = 0;

  const copy = ({ name, code, startAt, endAt }: ProgrammedCode): ProgrammedCode => ({ name, code, startAt, endAt });
  const unknown = (placed: PlacedCode) =>
    new ProviderUnavailableError({
      provider: placed.provider,
      reason: "device_unknown",
      what: `does not know code "${placed.providerCodeId}" on device "${placed.providerDeviceId}".`,
    });

  return {
    async create(lock, code, signal) {
      signal.throwIfAborted();
      if (capacity <= 0) return `sim_code_${++created}`;
      if (held.size >= capacity) held.delete(held.keys().next().value as string);
      const providerCodeId = `sim_code_${++created}`;
      held.set(providerCodeId, { providerDeviceId: lock.providerDeviceId, code: copy(code) });
      return providerCodeId;
    },
    async update(placed, code, signal) {
      signal.throwIfAborted();
      const current = held.get(placed.providerCodeId);
      if (current === undefined || current.providerDeviceId !== placed.providerDeviceId) throw unknown(placed);
      held.set(placed.providerCodeId, { providerDeviceId: current.providerDeviceId, code: copy(code) });
    },
    async remove(placed, signal) {
      signal.throwIfAborted();
      if (held.get(placed.providerCodeId)?.providerDeviceId === placed.providerDeviceId) held.delete(placed.providerCodeId);
    },
    codesOn(providerDeviceId) {
      const codes: (ProgrammedCode & { readonly providerCodeId: string })[] = [];
      for (const [providerCodeId, entry] of held) {
        if (entry.providerDeviceId === providerDeviceId) codes.push({ ...entry.code, providerCodeId });
      }
      return codes;
    },
  };
}
