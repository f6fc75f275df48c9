// The README's embedding story, shared by embedding.test.ts and embedding.e2e.test.ts.
import assert from "node:assert/strict";
import { createLintel, parseFixture, systemClock } from "@lintel/core";
import { generateApiKey } from "@lintel/domain";
import { createMemoryStore, createSimulatedLockProvider } from "@lintel/store-memory";

/** The README's "whole product on your own ports": core + the memory store, one org, one key, one lock. */
export async function lintelWithOneLock() {
  const store = createMemoryStore();
  const key = generateApiKey();
  const parsed = parseFixture({
    orgs: [{ id: "org_1", name: "Acme" }],
    apiKeys: [
      {
        id: "key_1",
        orgId: "org_1",
        name: "app",
        key,
        scopes: ["locks:read"],
        expiresAt: null,
        revokedAt: null,
        rateLimit: null,
        createdAt: "2026-01-01T00:00:00Z",
      },
    ],
    locks: [
      {
        lockId: "lk_1",
        orgId: "org_1",
        name: "Front door",
        provider: "simulated",
        providerDeviceId: "d1",
        model: null,
        timeZone: null,
        unitIds: [],
        status: "active",
        createdAt: "2026-01-01T00:00:00Z",
        updatedAt: "2026-01-01T00:00:00Z",
      },
    ],
  });
  assert.ok(parsed.ok);
  await store.fixtures.load(parsed.data);
  const clock = systemClock;
  const lintel = createLintel({
    store,
    lockProvider: createSimulatedLockProvider(),
    clock,
    cursorSecrets: ["an example secret of at least 32 characters"],
  });
  return { lintel, key };
}
