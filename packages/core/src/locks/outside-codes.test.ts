// The codes others put on a lock's device (outside-codes.js): the learner's reads carry the tags
// of the PINs ahead that no org with a lock on the device placed, never a PIN; the observation
// keeps them while reads that list no codes come and go.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Lock, ScheduleItem } from "@lintel/domain";
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
  const elsewhere = aLock("org_a", { provider: "august", providerDeviceId: "dev_other" });
  /** What Lintel placed: provider code id → its org, lock and PIN (`stale_a`: Lintel's id, but the device holds another PIN under it). */
  const placed = new Map([
    ["code_a", { orgId: "org_a", lock: lockA, pin: "1111" }],
    ["code_b", { orgId: "org_b", lock: lockB, pin: "2222" }],
    ["code_c", { orgId: "org_c", lock: simulatedC, pin: "7777" }],
    ["stale_a", { orgId: "org_a", lock: lockA, pin: "1234" }],
    ["moved_a", { orgId: "org_a", lock: elsewhere, pin: "8888" }],
  ]);
  const ports = {
    devices: { activeByProviderDevice: async () => [lockA, lockB, simulatedC] },
    lockCodes: {
      placedCode: async (orgId: string, providerCodeId: string) =>
        placed.get(providerCodeId)?.orgId === orgId ? { unitId: "u", codeId: providerCodeId, workPending: false } : null,
    },
    units: {
      getItem: async (orgId: string, _unitId: string, _kind: string, codeId: string) => {
        const code = placed.get(codeId);
        return code === undefined || code.orgId !== orgId
          ? null
          : ({ kind: "code", id: codeId, lockId: code.lock.lockId, code: secrets.seal(code.pin) } as unknown as ScheduleItem);
      },
    },
    secrets,
    clock,
  };
  const future = "2026-06-02T00:00:00.000Z";

  it("tags the PINs ahead of the codes no org on the device placed with that PIN: an unmanaged one, another client's, one whose end reads as nothing", async () => {
    const codes: DeviceCode[] = [
      { providerCodeId: "code_a", pin: "1111", endsAt: future }, // Lintel's, org A
      { providerCodeId: "code_b", pin: "2222", endsAt: null }, // Lintel's, org B on the same device
      { providerCodeId: "code_c", pin: "7777", endsAt: null }, // placed in org C, whose lock is another provider's: not Lintel's here
      { providerCodeId: "stale_a", pin: "4321", endsAt: null }, // Lintel's id, another PIN: not Lintel's code
      { providerCodeId: "moved_a", pin: "8888", endsAt: null }, // Lintel's id and PIN, on a lock of another device
      { providerCodeId: "unmanaged", pin: "3333", endsAt: null },
      { providerCodeId: "other_client", pin: "4444", endsAt: future },
      { providerCodeId: "ended", pin: "5555", endsAt: "2026-06-01T11:59:59.999Z" },
      { providerCodeId: "ends_now", pin: "5556", endsAt: new Date(nowMs).toISOString() },
      { providerCodeId: "odd_end", pin: "6666", endsAt: "soon" },
      { providerCodeId: "same_pin", pin: "3333", endsAt: null },
      { providerCodeId: "no_pin", pin: "", endsAt: null },
    ];
    const reading = await withOutsideCodes(provider(codes), ports).readState(lockA, signal());
    assert.deepEqual(reading.outsideTags, ["3333", "4321", "4444", "6666", "7777", "8888"].map((pin) => secrets.pinTag(pin)).sort());
    for (const pin of ["3333", "4321", "4444", "6666", "7777", "8888"])
      assert.ok(!JSON.stringify(reading).includes(pin), `the PIN ${pin} is in the reading`);
  });

  it("no code ahead: an empty list; a provider that lists no codes: the reading as it was", async () => {
    const ended: DeviceCode = { providerCodeId: "ended", pin: "5555", endsAt: "2020-01-01T00:00:00.000Z" };
    assert.deepEqual((await withOutsideCodes(provider([ended]), ports).readState(lockA, signal())).outsideTags, []);
    assert.equal("outsideTags" in (await withOutsideCodes(provider(), ports).readState(lockA, signal())), false);
  });

  it("a listing that fails answers the state without tags (the rules are still learned); a state that fails fails the read", async () => {
    const listingDown: LockProvider = { ...provider([]), readCodes: async () => Promise.reject(new Error("429 from the lists")) };
    const reading = await withOutsideCodes(listingDown, ports).readState(lockA, signal());
    assert.equal(reading.lockState, "locked");
    assert.equal("outsideTags" in reading, false, "the stored tags stay: this read brings none");
    const stateDown: LockProvider = { readState: async () => Promise.reject(new Error("device down")), readCodes: async () => [] };
    await assert.rejects(withOutsideCodes(stateDown, ports).readState(lockA, signal()), /device down/);
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
