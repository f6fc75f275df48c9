/** The soak's data: one org with 40 units (3 tours each), 2,000 simulated locks and 20 templates. */
import { generateApiKey, SCOPES } from "@lintel/domain";
import { testApiKey } from "@lintel/testkit/e2e";

const AT = "2026-01-01T00:00:00.000Z";

export function soakFixture() {
  const p = `soak_${Date.now().toString(36)}`;
  const orgId = `${p}_org`;
  const key = generateApiKey();
  const units = Array.from({ length: 40 }, (_, i) => ({
    ...{ id: `${p}_u${i}`, orgId, urlKey: `soak-u${i}`, address: `${i} Soak St` },
    ...{ timeZone: "America/Chicago", version: 1 },
  }));
  const locks = Array.from({ length: 2000 }, (_, i) => ({
    ...{ lockId: `${p}_lk${i}`, orgId, name: `Door ${i}`, provider: "simulated", providerDeviceId: `d${i}`, model: null },
    ...{ timeZone: null, unitIds: [units[i % units.length]!.id], status: "active", createdAt: AT, updatedAt: AT },
  }));
  const tours = units.flatMap((unit, i) =>
    [1, 2, 3].map((n) => ({
      ...{ id: `${p}_t${i}_${n}`, unitId: unit.id, title: `Tour ${n}`, lockId: locks[i]!.lockId },
      ...{ startAt: `2027-0${n}-1${n}T15:00:00.000Z`, endAt: `2027-0${n}-1${n}T16:00:00.000Z` },
    })),
  );
  const templates = Array.from({ length: 20 }, (_, i) => ({
    ...{ id: `${p}_tpl${i}`, orgId, name: `Template ${i}`, body: "Hi {{name}}", sortOrder: i, createdAt: AT, updatedAt: AT },
  }));
  const json = {
    orgs: [{ id: orgId, name: "Soak" }],
    apiKeys: [testApiKey(p, "soak", orgId, key, [...SCOPES], { rateLimit: { requests: 10_000_000, windowSeconds: 60 } })],
    ...{ units, locks, tours, templates },
  };
  return { json, key, units, locks };
}

export type SoakFixture = ReturnType<typeof soakFixture>;
