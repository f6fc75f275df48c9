import { test } from "node:test";
import assert from "node:assert/strict";
import type { Lock } from "@lintel/domain";
import { systemClock } from "@lintel/core";
import { createLockStateReader } from "@lintel/core/adapters";
import { createSimulatedLockProvider } from "@lintel/store-memory";
import { FAULT_DEVICE_IDS, withSimulatedFaults } from "./simulated-faults.js";

const lock = (providerDeviceId: string): Lock => ({
  lockId: `lk_${providerDeviceId}`,
  orgId: "org",
  name: "Door",
  provider: "simulated",
  providerDeviceId,
  model: null,
  timeZone: null,
  unitIds: [],
  status: "active",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const reader = () => createLockStateReader(withSimulatedFaults(createSimulatedLockProvider()), systemClock, { ttlMs: 2000, timeoutMs: 20 });

test("simulated faults: simulate-timeout never answers, so the reader's deadline gives ProviderUnavailableError", async () => {
  await assert.rejects(reader().read(lock(FAULT_DEVICE_IDS.timeout)), { name: "ProviderUnavailableError", message: /within 20 ms/ });
});

test("simulated faults: simulate-failure fails, reported as ProviderUnavailableError", async () => {
  await assert.rejects(reader().read(lock(FAULT_DEVICE_IDS.failure)), { name: "ProviderUnavailableError", message: /failed/ });
});

test("simulated faults: any other device id is answered by the wrapped provider", async () => {
  const state = await reader().read(lock("dev-1"));
  assert.equal(state.lockId, "lk_dev-1");
  assert.equal(state.provider, "simulated");
});
