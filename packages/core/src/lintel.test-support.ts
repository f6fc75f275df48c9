// Shared setup for the createLintel tests: the in-core fake store seeded with two orgs, a manual
// clock, a key lookup counter and a recording lock-state reader.
import assert from "node:assert/strict";
import { generateApiKey, SCOPES, type Lock, type LockState, type Scope } from "@lintel/domain";
import { fakeEventStore } from "./fake-event-store.test-support.js";
import { fakeStore } from "./fake-store.test-support.js";
import { parseFixture } from "./fixtures/fixture.js";
import { createLintel, type LintelSetup } from "./create-lintel.js";
import type { Caller } from "./admission/admission.js";
import type { Result } from "./common/problem.js";
import type { ApiKeyStore, LintelStore, LockProvider } from "./ports/ports.js";
import type { WebhookSender } from "./webhooks/webhook-sender.js";

/** A sender that sends nothing; destinations whose host is `private.test` are refused. */
export const refusingPrivateHosts: WebhookSender = {
  refusal: async (url) => (new URL(url).hostname === "private.test" ? "private.test resolves to a private address (10.0.0.1)." : null),
  send: async () => ({ ok: true, status: 204 }),
};

/** What a test may replace: any store port, and the lock provider (a `read` of a lock's state). */
export type PortOverrides = Partial<LintelStore> & { readonly lockStates?: { read(lock: Lock): Promise<LockState> } };

/** What a test may set besides the ports: createLintel's settings. */
export type SetupOptions = Partial<Omit<LintelSetup, "store" | "lockProvider" | "clock">>;

export const START = Date.parse("2026-06-01T12:00:00.000Z");
export const ALL: Scope[] = [...SCOPES];
export const keys = {
  a: generateApiKey(),
  b: generateApiKey(),
  roomy: generateApiKey(),
  tight: generateApiKey(),
  templatesOnly: generateApiKey(),
  expired: generateApiKey(),
  revoked: generateApiKey(),
  unknown: generateApiKey(),
};
const keyRecord = (id: string, orgId: string, key: string, extra: Record<string, unknown> = {}) => ({
  id,
  orgId,
  name: id,
  key,
  scopes: ALL,
  createdAt: "2026-01-01T00:00:00Z",
  ...extra,
});

const FIXTURE = {
  orgs: [
    { id: "org_a", name: "A" },
    { id: "org_b", name: "B" },
  ],
  apiKeys: [
    keyRecord("key_a", "org_a", keys.a),
    keyRecord("key_b", "org_b", keys.b),
    keyRecord("key_roomy", "org_a", keys.roomy, { rateLimit: { requests: 1000, windowSeconds: 60 } }),
    keyRecord("key_tight", "org_a", keys.tight, { rateLimit: { requests: 2, windowSeconds: 3600 }, scopes: ["messages:read"] }),
    keyRecord("key_tpl", "org_a", keys.templatesOnly, { scopes: ["messages:read"] }),
    keyRecord("key_old", "org_a", keys.expired, { expiresAt: "2026-06-01T12:00:00Z" }),
    keyRecord("key_rev", "org_a", keys.revoked, { revokedAt: "2026-05-01T00:00:00Z" }),
  ],
  units: [
    { id: "u_1", orgId: "org_a", urlKey: "12-elm-st", address: "12 Elm St", timeZone: "America/New_York", version: 2 },
    { id: "u_2", orgId: "org_a", urlKey: "14-elm-st", address: "14 Elm St", timeZone: "America/New_York" },
    { id: "u_b", orgId: "org_b", urlKey: "far-away", address: "Far away", timeZone: null },
  ],
  locks: [
    ...Array.from({ length: 7 }, (_, i) => ({
      lockId: `lk_${i}`,
      orgId: "org_a",
      name: `Door ${i}`,
      provider: "simulated",
      providerDeviceId: `d${i}`,
      unitIds: ["u_1", "u_2"],
      createdAt: `2026-01-0${1 + (i % 3)}T00:00:00Z`,
    })),
    {
      lockId: "lk_off",
      orgId: "org_a",
      name: "Old",
      provider: "simulated",
      providerDeviceId: "x",
      unitIds: [],
      status: "inactive",
      createdAt: "2026-01-09T00:00:00Z",
    },
    {
      lockId: "lk_b",
      orgId: "org_b",
      name: "Gate",
      provider: "simulated",
      providerDeviceId: "y",
      unitIds: ["u_b"],
      createdAt: "2026-01-01T00:00:00Z",
    },
  ],
  tours: [{ id: "t_1", unitId: "u_1", title: "Tour", startAt: "2026-12-01T15:00:00Z", endAt: "2026-12-01T16:00:00Z", lockId: "lk_0" }],
  codes: [{ id: "c_1", unitId: "u_1", lockId: "lk_1", name: "Cleaner", startAt: "2026-07-01T15:00:00Z", endAt: "2026-07-02T15:00:00Z" }],
  templates: [
    ...[3, -1, 3, 0, 10].map((sortOrder, i) => ({
      id: `tpl_${i}`,
      orgId: "org_a",
      name: `T${i}`,
      body: "Hi {{name}}",
      sortOrder,
      createdAt: "2026-01-01T00:00:00Z",
    })),
    { id: "tpl_b", orgId: "org_b", name: "B", body: "b", sortOrder: 0, createdAt: "2026-01-01T00:00:00Z" },
  ],
};

export async function setup({ lockStates: readOnly, ...overrides }: PortOverrides = {}, options: SetupOptions = {}) {
  let now = START;
  const clock = { now: () => now };
  const parsed = parseFixture(FIXTURE);
  assert.ok(parsed.ok, parsed.ok ? "" : parsed.errors.join("\n"));
  const eventStore = fakeEventStore();
  const base = fakeStore(parsed.data, clock);
  // One event log for both: what set_timezone stores lands in the fake event store, with its deliveries.
  const units = {
    ...base.units,
    setTimeZone: async (...args: Parameters<typeof base.units.setTimeZone>) => {
      const outcome = await base.units.setTimeZone(...args);
      if (outcome.ok) eventStore.append(args[2].event);
      return outcome;
    },
  };
  const store = { ...base, units, events: eventStore.events, observations: eventStore.observations, webhooks: eventStore.webhooks };
  const lookups = { count: 0 };
  const reads: Lock[] = [];
  const apiKeys: ApiKeyStore = {
    ...store.apiKeys,
    findAndConsume: (hash, defaultPolicy) => (lookups.count++, store.apiKeys.findAndConsume(hash, defaultPolicy)),
  };
  const recording = {
    async read(lock: Lock): Promise<LockState> {
      reads.push(lock);
      return lockedState(lock, new Date(now).toISOString());
    },
  };
  const reader = readOnly ?? recording;
  const lockProvider: LockProvider = { readState: (lock) => reader.read(lock) };
  const lintel = createLintel({
    store: { ...store, apiKeys, ...overrides },
    lockProvider,
    clock,
    cursorSecrets: ["s".repeat(32)],
    webhookSender: refusingPrivateHosts,
    defaultRateLimit: { requests: 5, windowSeconds: 60 },
    failedKeyLimit: { requests: 3, windowSeconds: 60 },
    ...options,
  });
  return { lintel, store, eventStore, lookups, reads, advance: (ms: number) => (now += ms) };
}

export const callerA: Caller = { keyId: "key_a", orgId: "org_a", scopes: ALL };
export const callerB: Caller = { keyId: "key_b", orgId: "org_b", scopes: ALL };

export function value<T>(result: Result<T>): T {
  assert.ok(result.ok, result.ok ? "" : `${result.problem.code}: ${result.problem.detail}`);
  return result.value;
}
export function problem<T>(result: Result<T>) {
  assert.equal(result.ok, false, "expected a problem");
  return result.ok ? undefined : result.problem;
}

/** A provider's answer for `lock`: locked, door closed, online, half battery, read at `fetchedAt`. */
export function lockedState(lock: Lock, fetchedAt: string): LockState {
  return {
    lockId: lock.lockId,
    provider: lock.provider,
    lockState: "locked",
    doorState: "closed",
    online: true,
    batteryLevel: 0.5,
    lastSeenAt: null,
    fetchedAt,
  };
}
