import assert from "node:assert/strict";
import { it } from "node:test";
import type { LockState } from "@lintel/domain";
import { aLock } from "../fake-store.test-support.js";
import { createLockStateReader } from "./lock-state-reader.js";
import { ProviderUnavailableError } from "./provider-failure.js";

const clock = { now: () => 1_700_000_000_000 };
const ANSWER = {
  lockState: "locked",
  doorState: "closed",
  online: true,
  batteryLevel: null,
  lastSeenAt: null,
  fetchedAt: "2026-01-01T00:00:00.000Z",
} as const;

it("lock provider observer: hears each provider call once with its outcome; cached reads are not calls", async () => {
  const heard: string[] = [];
  const ok = aLock("org_1", { lockId: "lk_ok", provider: "august" });
  const bad = aLock("org_1", { lockId: "lk_bad", provider: "yale" });
  const reader = createLockStateReader(
    {
      async readState(lock) {
        if (lock.lockId === "lk_bad")
          throw new ProviderUnavailableError({ provider: "yale", reason: "credentials_refused", what: "refused the credentials." });
        const state: LockState = { lockId: lock.lockId, provider: lock.provider, ...ANSWER };
        return state;
      },
    },
    clock,
    { ttlMs: 2000, timeoutMs: 1000, observer: { providerCalled: (provider, outcome) => heard.push(`${provider}:${outcome}`) } },
  );
  await Promise.all([reader.read(ok), reader.read(ok)]);
  await reader.read(ok); // within the ttl: reused
  await assert.rejects(reader.read(bad), ProviderUnavailableError);
  await assert.rejects(reader.read(bad), ProviderUnavailableError); // failures are not cached: a second call
  assert.deepEqual(heard, ["august:ok", "yale:credentials_refused", "yale:credentials_refused"]);
});
