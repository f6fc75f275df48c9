// The mapping cases Seam's fake cannot produce: a jam reported as an error or warning code.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Device } from "@seamapi/http";
import { aLock } from "@lintel/testkit";
import { lockStateFromSeamDevice } from "./seam-device-state.js";

const device = (over: { locked?: boolean; errors?: unknown[]; warnings?: unknown[] }) =>
  ({ properties: { online: true, locked: over.locked }, errors: over.errors ?? [], warnings: over.warnings ?? [] }) as unknown as Device;

test("seam mapping: a jam in an error or a warning code is jammed, whatever locked says", () => {
  const lock = aLock("org_1", { provider: "yale" });
  const jam = { created_at: "2026-11-20T00:00:00.000Z", message: "Bolt jammed" };
  assert.equal(
    lockStateFromSeamDevice(lock, device({ locked: true, errors: [{ ...jam, error_code: "lock_jammed" }] }), 0).lockState,
    "jammed",
  );
  assert.equal(
    lockStateFromSeamDevice(lock, device({ locked: false, warnings: [{ ...jam, warning_code: "bolt_jam_detected" }] }), 0).lockState,
    "jammed",
  );
  assert.equal(
    lockStateFromSeamDevice(lock, device({ locked: false, warnings: [{ ...jam, warning_code: "power_saving_mode" }] }), 0).lockState,
    "unlocked",
  );
});
