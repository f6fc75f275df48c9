// The embedding story of the README, as code that must keep compiling and working: a service
// that uses the domain package alone, and one that runs the whole product on its own ports.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { createApp, createLogger } from "@lintel/api";
import { createLintel, createLockStateReader, parseFixture, routeLockProviders, systemClock } from "@lintel/core";
import { createSeamLockProvider } from "@lintel/provider-seam";
import { startFakeSeam } from "@lintel/provider-seam/testing";
import { canonicalTimeZone, createCursorCodec, generateApiKey, planTimezoneChange } from "@lintel/domain";
import { createMemoryStore, createSimulatedLockProvider } from "@lintel/store-memory";

/** The README's "whole product on your own ports": core + the memory store, one org, one key, one lock. */
async function lintelWithOneLock() {
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
  const lintel = createLintel(
    { ...store, lockStates: createLockStateReader(createSimulatedLockProvider(), clock, { ttlMs: 2000, timeoutMs: 3000 }), clock },
    {
      cursors: createCursorCodec(["an example secret of at least 32 characters"]),
      defaultRateLimit: { requests: 600, windowSeconds: 60 },
      failedAuthLimit: { requests: 30, windowSeconds: 60 },
    },
  );
  return { lintel, key };
}

describe("embedding", () => {
  it("the domain package alone previews a time-zone change", () => {
    const zone = canonicalTimeZone("asia/calcutta");
    assert.equal(zone, "Asia/Kolkata");
    const { preview, rewrites } = planTimezoneChange({
      unit: { id: "u1", address: "1 Main St", timeZone: "America/Chicago", version: 3 },
      items: [
        {
          kind: "tour",
          id: "t1",
          unitId: "u1",
          title: "Tour",
          startAt: "2027-03-14T15:00:00.000Z",
          endAt: "2027-03-14T16:00:00.000Z",
          lockId: null,
        },
      ],
      lockUnits: new Map(),
      proposedTimeZone: zone!,
      nowMs: Date.parse("2026-12-01T00:00:00.000Z"),
    });
    assert.equal(preview.status, "ok");
    assert.equal(preview.items[0]?.wallClockStart, "2027-03-14T10:00:00+05:30");
    assert.deepEqual(rewrites, [{ kind: "tour", id: "t1", startAt: "2027-03-14T04:30:00.000Z", endAt: "2027-03-14T05:30:00.000Z" }]);
  });

  it("core + the memory store run the whole product without HTTP", async () => {
    const { lintel, key } = await lintelWithOneLock();
    const admitted = await lintel.admit({ apiKey: key, clientAddress: "127.0.0.1", scope: "locks:read" });
    assert.ok(admitted.ok);
    const page = await lintel.listLocks(admitted.admission.caller, { limit: 20, cursor: undefined });
    assert.ok(page.ok);
    assert.deepEqual(
      page.value.locks.map((lock) => lock.lockId),
      ["lk_1"],
    );
    assert.equal(page.value.nextCursor, null);
  });

  it("the Koa app mounted in your own server, logging with the server's logger", async () => {
    const { lintel, key } = await lintelWithOneLock();
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const app = createApp({
      lintel,
      config: { docsUrl: "https://example.test/docs", publicBaseUrl: "https://example.test", trustedProxies: 0 },
      logger,
    });
    const handle = app.callback(); // Koa answers every error itself
    const server = createServer((request, response) => void handle(request, response)).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/v1/locks?limit=20`, { headers: { "x-api-key": key } });
      assert.equal(answer.status, 200);
      assert.deepEqual(
        ((await answer.json()) as { locks: { lockId: string }[] }).locks.map((lock) => lock.lockId),
        ["lk_1"],
      );
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.deepEqual(
        logged.map(({ msg, path, status, keyId }) => ({ msg, path, status, keyId })),
        [{ msg: "request", path: "/v1/locks", status: 200, keyId: "key_1" }],
      );
      assert.ok(!lines.join("").includes(key), "the API key never reaches a log line");
    } finally {
      server.close();
    }
  });

  it("live lock state from real vendors through Seam (here Seam's fake), simulated locks from the simulator", async () => {
    const fake = await startFakeSeam();
    try {
      const deviceId = fake.addLock("Front door", { locked: true, door_open: false, online: true, battery_level: 0.8 });
      const clock = systemClock;
      const provider = routeLockProviders(
        { simulated: createSimulatedLockProvider() },
        createSeamLockProvider({ apiKey: fake.apiKey, endpoint: fake.endpoint, timeoutMs: 3000, clock }),
      );
      const lockStates = createLockStateReader(provider, clock, { ttlMs: 2000, timeoutMs: 3000 });
      const lock = {
        lockId: "lk_1",
        orgId: "org_1",
        name: "Front door",
        provider: "august",
        providerDeviceId: deviceId,
        model: null,
        timeZone: null,
        unitIds: [],
        status: "active" as const,
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
      };
      const state = await lockStates.read(lock);
      assert.deepEqual([state.lockState, state.doorState, state.online, state.batteryLevel], ["locked", "closed", true, 0.8]);
    } finally {
      await fake.close();
    }
  });
});
