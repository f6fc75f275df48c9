/**
 * One lock provider port in front of several: each lock goes to the provider registered for
 * its `provider` name, every other name to a fallback (`simulated` → the simulator,
 * every real vendor → Seam, or a refusal when Seam is not configured).
 */
import type { LockCodeProgrammer } from "../ports/lock-code-ports.js";
import type { LockProvider } from "../ports/ports.js";
import { ProviderUnavailableError } from "./provider-failure.js";

/** A provider that sends each lock to `byName[lock.provider]`, else to `otherwise`. */
export function routeLockProviders(byName: Readonly<Record<string, LockProvider>>, otherwise: LockProvider): LockProvider {
  const routes = new Map(Object.entries(byName));
  const of = (provider: string) => routes.get(provider) ?? otherwise;
  return {
    readState(lock, signal) {
      return of(lock.provider).readState(lock, signal);
    },
    // A provider that lists no codes (the simulator) lists none here either.
    readCodes(lock, signal) {
      const provider = of(lock.provider);
      return provider.readCodes === undefined ? Promise.resolve([]) : provider.readCodes(lock, signal);
    },
  };
}

/**
 * A provider for locks that nothing is configured to reach: every read fails at once with
 * `not_configured`, and `what` says what to set (e.g. `is read through Seam, and SEAM_API_KEY is not set.`).
 */
export function unconfiguredLockProvider(what: string): LockProvider {
  return {
    readState(lock) {
      return Promise.reject(new ProviderUnavailableError({ provider: lock.provider, reason: "not_configured", what }));
    },
  };
}

/** A programmer that sends each code to `byName[lock.provider]`, else to `otherwise` (as {@link routeLockProviders} routes reads). */
export function routeLockCodeProgrammers(
  byName: Readonly<Record<string, LockCodeProgrammer>>,
  otherwise: LockCodeProgrammer,
): LockCodeProgrammer {
  const routes = new Map(Object.entries(byName));
  const of = (provider: string) => routes.get(provider) ?? otherwise;
  return {
    create: (lock, code, signal) => of(lock.provider).create(lock, code, signal),
    update: (placed, code, signal) => of(placed.provider).update(placed, code, signal),
    remove: (placed, signal) => of(placed.provider).remove(placed, signal),
  };
}

/**
 * A programmer for locks that nothing is configured to reach: every call fails at once with
 * `not_configured`, and `what` says what to set (e.g. `is programmed through Seam, and SEAM_API_KEY is not set.`).
 */
export function unconfiguredLockCodeProgrammer(what: string): LockCodeProgrammer {
  const refuse = (provider: string) => Promise.reject(new ProviderUnavailableError({ provider, reason: "not_configured", what }));
  return {
    create: (lock) => refuse(lock.provider),
    update: (placed) => refuse(placed.provider),
    remove: (placed) => refuse(placed.provider),
  };
}
