import assert from "node:assert/strict";
import type { Lock, LockState } from "@lintel/domain";
import type { LockProvider } from "@lintel/core/adapters";
import { ProviderUnavailableError } from "@lintel/core";
import { eachTestStore, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

/** What a {@link LockProvider} contract run needs: the provider and locks it does and doesn't know. */
export interface LockProviderSubject extends Closable {
  readonly provider: LockProvider;
  /** A lock whose device the provider knows and can read. */
  readonly knownLock: Lock;
  /** A lock whose device the provider does not know; omitted by a provider that knows every device. */
  readonly unknownLock?: Lock;
}

const LOCK_STATES = ["locked", "unlocked", "jammed", "unknown"];
const DOOR_STATES = ["open", "closed", "unknown"];
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function assertWellFormed(state: LockState, lock: Lock, askedAt: number): void {
  assert.equal(state.lockId, lock.lockId);
  assert.equal(state.provider, lock.provider);
  assert.ok(LOCK_STATES.includes(state.lockState), `lockState ${state.lockState}`);
  assert.ok(DOOR_STATES.includes(state.doorState), `doorState ${state.doorState}`);
  assert.equal(typeof state.online, "boolean");
  if (state.batteryLevel !== null) assert.ok(state.batteryLevel >= 0 && state.batteryLevel <= 1, `batteryLevel ${state.batteryLevel}`);
  if (state.lastSeenAt !== null) assert.match(state.lastSeenAt, ISO_INSTANT);
  assert.match(state.fetchedAt, ISO_INSTANT);
  // fetchedAt is when the provider answered: not before this read began (a second of clock slack).
  assert.ok(Date.parse(state.fetchedAt) >= askedAt - 1000, `fetchedAt ${state.fetchedAt} is before the read`);
}

/** The contract of {@link LockProvider} (a lock's live state, or a ProviderUnavailableError naming what happened), for the simulator and for every vendor adapter. */
export function describeLockProviderContract(
  name: string,
  makeSubject: () => Promise<LockProviderSubject>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: LockProvider contract`, () => {
    const subject = eachTestStore(makeSubject, runner);

    it("a known device answers a well-formed LockState for that lock", async () => {
      const { provider, knownLock } = subject();
      const askedAt = Date.now();
      assertWellFormed(await provider.readState(knownLock, new AbortController().signal), knownLock, askedAt);
    });

    it("two reads of an unchanged device agree on its state", async () => {
      const { provider, knownLock } = subject();
      const signal = new AbortController().signal;
      const deviceState = ({ lockState, doorState, online, batteryLevel }: LockState) => ({ lockState, doorState, online, batteryLevel });
      const first = deviceState(await provider.readState(knownLock, signal));
      assert.deepEqual(deviceState(await provider.readState(knownLock, signal)), first);
    });

    it("an aborted signal ends the read with a rejection instead of an answer", async () => {
      const { provider, knownLock } = subject();
      const controller = new AbortController();
      controller.abort(new Error("the caller gave up"));
      await assert.rejects(provider.readState(knownLock, controller.signal));
    });

    it("an unknown device is ProviderUnavailableError device_unknown, naming the provider", async (t) => {
      const { provider, unknownLock } = subject();
      if (unknownLock === undefined) return t.skip(`${name} knows every device`);
      await assert.rejects(provider.readState(unknownLock, new AbortController().signal), (error: unknown) => {
        assert.ok(error instanceof ProviderUnavailableError, String(error));
        assert.equal(error.reason, "device_unknown");
        assert.equal(error.provider, unknownLock.provider);
        assert.match(error.message, new RegExp(`"${unknownLock.provider}"`));
        return true;
      });
    });
  });
}
