// The codes others put on a lock's device (outside-codes.js): the learner's reads carry the tags
// of the PINs ahead that no org with a lock on the device placed, never a PIN; the observation
// keeps them while reads that list no codes come and go.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Lock } from "@lintel/domain";
import { createDataCipher, randomDataKey } from "@lintel/domain/adapters";
import { fakeEventStore } from "../fake-event-store.test-support.js";
import { aLock } from "../fake-store.test-support.js";
import type { DeviceCode, LockProvider, LockReading } from "../ports/ports.js";
import { observeLockState } from "./lock-observation.js";
import { withOutsideCodes } from "./outside-codes.js";

const nowMs = Date.parse("2026-06-01T12:00:00.000Z");
const clock = { now: () => nowMs };
const secrets = createDataCipher([randomDataKey()]);
const signal = () => new AbortController().signal;

/** A provider answering every lock locked, listing `codes` on every device (none: it lists no codes). */
function provider(codes?: readonly DeviceCode[]): LockProvider {
  const readState = async (lock: Lock): Promise<LockReading> => ({
    lockId: lock.lockId,
    provider: lock.provider,
    lockState: "locked",
    doorState: "closed",
    online: true,
    batteryLevel: null,
    lastSeenAt: null,
    fetchedAt: new Date(nowMs).toISOString(),
  });
  return codes === undefined ? { readState } : { readState, readCodes: async () => codes };
}

describe("outside codes", () => {
  const lockA = aLock("org_a", { provider: "august", providerDeviceId: "dev_shared" });
  const lockB = aLock("org_b", { provider: "august", providerDeviceId: "dev_shared" });
  const simulatedC = aLock("org_c", { provider: "simulated", providerDeviceId: "dev_shared" });
  /** Lintel placed `code_a` in org A and `code_b` in org B; org C's simulated lock names the device too. */
  const ports = {
    devices: { activeByProviderDevice: async () => [lockA, lockB, simulatedC] },
    lockCodes: {
      placedCode: async (orgId: string, providerCodeId: string) =>
        [`org_a code_a`, `org_b code_b`, `org_c code_c`].includes(`${orgId} ${providerCodeId}`)
          ? { unitId: "u", codeId: providerCodeId, workPending: false }
          : null,
    },
    secrets,
    clock,
  };
  const future = "2026-06-02T00:00:00.000Z";

  it("tags the PINs ahead of the codes no org on the device placed: an unmanaged one, another client's, one whose end reads as nothing", async () => {
    const codes: DeviceCode[] = [
      { providerCodeId: "code_a", pin: "1111", endsAt: future }, // Lintel's, org A
      { providerCodeId: "code_b", pin: "2222", endsAt: null }, // Lintel's, org B on the same device
      { providerCodeId: "code_c", pin: "7777", endsAt: null }, // placed in org C, whose lock is another provider's: not Lintel's here
      { providerCodeId: "unmanaged", pin: "3333", endsAt: null },
      { providerCodeId: "other_client", pin: "4444", endsAt: future },
      { providerCodeId: "ended", pin: "5555", endsAt: "2026-06-01T11:59:59.999Z" },
      { providerCodeId: "ends_now", pin: "5556", endsAt: new Date(nowMs).toISOString() },
      { providerCodeId: "odd_end", pin: "6666", endsAt: "soon" },
      { providerCodeId: "same_pin", pin: "3333", endsAt: null },
      { providerCodeId: "no_pin", pin: "", endsAt: null },
    ];
    const reading = await withOutsideCodes(provider(codes), ports).readState(lockA, signal());
    assert.deepEqual(reading.outsideTags, ["3333", "4444", "6666", "7777"].map((pin) => secrets.pinTag(pin)).sort());
    for (const pin of ["3333", "4444", "6666", "7777"])
      assert.ok(!JSON.stringify(reading).includes(pin), `the PIN ${pin} is in the reading`);
  });

  it("no code ahead: an empty list; a provider that lists no codes: the reading as it was", async () => {
    const ended: DeviceCode = { providerCodeId: "ended", pin: "5555", endsAt: "2020-01-01T00:00:00.000Z" };
    assert.deepEqual((await withOutsideCodes(provider([ended]), ports).readState(lockA, signal())).outsideTags, []);
    assert.equal("outsideTags" in (await withOutsideCodes(provider(), ports).readState(lockA, signal())), false);
  });

  it("the observation keeps the tags a learner's read brought while other reads (listing no codes) come; the next list replaces them", async () => {
    const store = fakeEventStore();
    const reading = (ms: number, outsideTags?: string[]): LockReading => ({
      lockId: "lk_1",
      provider: "august",
      lockState: "locked",
      doorState: "closed",
      online: true,
      batteryLevel: null,
      lastSeenAt: null,
      fetchedAt: new Date(ms).toISOString(),
      ...(outsideTags === undefined ? {} : { outsideTags }),
    });
    await observeLockState(store, "org_a", reading(nowMs + 1, ["t1"]), clock);
    await observeLockState(store, "org_a", reading(nowMs + 2), clock);
    assert.deepEqual((await store.observations.last("org_a", "lk_1"))?.outsideTags, ["t1"]);
    await observeLockState(store, "org_a", reading(nowMs + 3, []), clock);
    assert.deepEqual((await store.observations.last("org_a", "lk_1"))?.outsideTags, []);
  });
});
