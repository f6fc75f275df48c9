import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProviderUnavailableError } from "@lintel/core";
import type { PlacedCode, ProgrammedCode } from "@lintel/core/adapters";
import type { Lock } from "@lintel/domain";
import { aLock } from "@lintel/testkit";
import { createSimulatedLockCodeProgrammer } from "./simulated-lock-code-programmer.js";

const signal = () => new AbortController().signal;
const lockOn = (providerDeviceId: string): Lock => aLock("org_1", { providerDeviceId });
const placed = (lock: Lock, providerCodeId: string): PlacedCode => ({
  lockId: lock.lockId,
  provider: lock.provider,
  providerDeviceId: lock.providerDeviceId,
  providerCodeId,
});
const code = (pin: string, over: Partial<ProgrammedCode> = {}): ProgrammedCode => ({
  name: `Tour ${pin}`,
  code: pin,
  startAt: "2026-12-01T15:00:00.000Z",
  endAt: "2026-12-01T16:30:00.000Z",
  ...over,
});

describe("simulated lock code programmer", () => {
  it("create holds the code on the lock's device under sim_code_<n>; codesOn reads each device's own", async () => {
    const programmer = createSimulatedLockCodeProgrammer();
    const front = lockOn("sim_dev_front");
    const back = lockOn("sim_dev_back");
    assert.equal(await programmer.create(front, code("1111"), signal()), "sim_code_1");
    assert.equal(await programmer.create(back, code("2222"), signal()), "sim_code_2");
    assert.equal(await programmer.create(front, code("3333"), signal()), "sim_code_3");
    assert.deepEqual(programmer.codesOn("sim_dev_front"), [
      { ...code("1111"), providerCodeId: "sim_code_1" },
      { ...code("3333"), providerCodeId: "sim_code_3" },
    ]);
    assert.deepEqual(programmer.codesOn("sim_dev_back"), [{ ...code("2222"), providerCodeId: "sim_code_2" }]);
    assert.deepEqual(programmer.codesOn("sim_dev_other"), []);
  });

  it("update replaces name, PIN and times under the same id; remove forgets it, and again is no failure", async () => {
    const programmer = createSimulatedLockCodeProgrammer();
    const lock = lockOn("sim_dev_1");
    const id = await programmer.create(lock, code("1111"), signal());
    const moved = code("4444", { name: "Moved", startAt: "2026-12-02T09:00:00.000Z", endAt: "2026-12-02T10:00:00.000Z" });
    await programmer.update(placed(lock, id), moved, signal());
    assert.deepEqual(programmer.codesOn("sim_dev_1"), [{ ...moved, providerCodeId: id }]);
    await programmer.remove(placed(lock, id), signal());
    await programmer.remove(placed(lock, id), signal());
    await programmer.remove(placed(lock, "sim_code_never"), signal());
    assert.deepEqual(programmer.codesOn("sim_dev_1"), []);
  });

  it("update of a code it does not hold (never, removed, or on another device) → device_unknown without the PIN", async () => {
    const programmer = createSimulatedLockCodeProgrammer();
    const lock = lockOn("sim_dev_1");
    const id = await programmer.create(lock, code("1111"), signal());
    for (const target of [placed(lock, "sim_code_99"), placed(lockOn("sim_dev_2"), id)]) {
      await assert.rejects(programmer.update(target, code("987654"), signal()), (error: unknown) => {
        assert.ok(error instanceof ProviderUnavailableError);
        assert.equal(error.reason, "device_unknown");
        assert.match(error.message, /^Lock provider "simulated" does not know code "sim_code_\d+" on device "sim_dev_\d"\.$/);
        assert.ok(!error.message.includes("987654"));
        return true;
      });
    }
    await programmer.remove(placed(lockOn("sim_dev_2"), id), signal()); // another device's: not this one
    assert.equal(programmer.codesOn("sim_dev_1").length, 1);
  });

  it("holds at most `capacity` codes: the oldest goes first and is then unknown to update", async () => {
    const programmer = createSimulatedLockCodeProgrammer({ capacity: 2 });
    const lock = lockOn("sim_dev_1");
    const first = await programmer.create(lock, code("1111"), signal());
    await programmer.create(lock, code("2222"), signal());
    await programmer.create(lock, code("3333"), signal());
    assert.deepEqual(
      programmer.codesOn("sim_dev_1").map((held) => held.code),
      ["2222", "3333"],
    );
    await assert.rejects(programmer.update(placed(lock, first), code("1111"), signal()), { reason: "device_unknown" });
  });

  it("keeps its own copy of a code, and an aborted signal rejects with its reason before anything changes", async () => {
    const programmer = createSimulatedLockCodeProgrammer();
    const lock = lockOn("sim_dev_1");
    const mutable = { ...code("1111") };
    await programmer.create(lock, mutable, signal());
    mutable.code = "0000";
    assert.equal(programmer.codesOn("sim_dev_1")[0]?.code, "1111");
    const aborted = new AbortController();
    aborted.abort(new Error("stopped"));
    await assert.rejects(programmer.create(lock, code("2222"), aborted.signal), { message: "stopped" });
    assert.equal(programmer.codesOn("sim_dev_1").length, 1);
  });
});
