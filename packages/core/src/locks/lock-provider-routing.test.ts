import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Lock, LockState } from "@lintel/domain";
import { aLock } from "../fake-store.test-support.js";
import { routeLockProviders, unconfiguredLockProvider } from "./lock-provider-routing.js";
import type { LockProvider } from "../ports/ports.js";
import { ProviderUnavailableError } from "./provider-failure.js";

/** A provider that answers with its own name in `provider`, so the route taken shows. */
const named = (name: string): LockProvider => ({
  readState: async (lock: Lock): Promise<LockState> => ({
    lockId: lock.lockId,
    provider: name,
    lockState: "locked",
    doorState: "closed",
    online: true,
    batteryLevel: null,
    lastSeenAt: null,
    fetchedAt: "2026-01-01T00:00:00.000Z",
  }),
});

const signal = () => new AbortController().signal;

describe("lock provider routing", () => {
  it("each lock goes to the provider registered for its name, every other name to the fallback", async () => {
    const provider = routeLockProviders({ simulated: named("simulator") }, named("seam"));
    assert.equal((await provider.readState(aLock("o", { provider: "simulated" }), signal())).provider, "simulator");
    for (const vendor of ["august", "yale", "schlage", "igloohome", "kwikset", "nuki", "constructor", "toString"]) {
      assert.equal((await provider.readState(aLock("o", { provider: vendor }), signal())).provider, "seam", vendor);
    }
  });

  it("an unconfigured provider fails at once with not_configured, naming the lock's provider and what to set", async () => {
    const provider = unconfiguredLockProvider("is read through Seam, and SEAM_API_KEY is not set.");
    await assert.rejects(provider.readState(aLock("o", { provider: "august" }), signal()), (error: unknown) => {
      assert.ok(error instanceof ProviderUnavailableError);
      assert.equal(error.reason, "not_configured");
      assert.equal(error.provider, "august");
      assert.equal(error.message, 'Lock provider "august" is read through Seam, and SEAM_API_KEY is not set.');
      return true;
    });
  });
});
