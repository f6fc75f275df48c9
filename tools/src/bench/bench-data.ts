/** Generated data for the benchmarks: a busy unit for the time-zone plan, many locks for the pages. */
import type { FixtureData } from "@lintel/core";
import type { Lock, LockSharing, PreviewInput, ScheduleItem } from "@lintel/domain";
import { ITEM_KINDS } from "@lintel/domain/schemas";

const HOUR = 3_600_000;

/** A unit in Chicago with `count` future items spread over 2027 (across both DST changes), a quarter on shared locks. */
export function unitWithItems(count: number): PreviewInput {
  const start = Date.parse("2027-01-01T15:00:00.000Z");
  const items: ScheduleItem[] = Array.from({ length: count }, (_, n) => {
    const kind = ITEM_KINDS[n % ITEM_KINDS.length] ?? "tour";
    const startMs = start + n * 8 * HOUR + (n % 7) * 15 * 60_000;
    const endMs = kind === "scheduled_message" ? startMs : startMs + HOUR;
    return {
      kind,
      id: `item_${n}`,
      unitId: "unit_bench",
      title: `${kind} ${n}`,
      startAt: new Date(startMs).toISOString(),
      endAt: new Date(endMs).toISOString(),
      lockId: kind === "scheduled_message" ? null : `lock_${n % 4}`,
      ...(kind === "scheduled_message" ? { templateId: null } : {}),
    };
  });
  const lockUnits = new Map<string, readonly LockSharing[]>([
    [
      "lock_0",
      [
        { unitId: "unit_bench", timeZone: "America/Chicago" },
        { unitId: "unit_lobby", timeZone: "America/Denver" },
      ],
    ],
    ["lock_1", [{ unitId: "unit_bench", timeZone: "America/Chicago" }]],
    ["lock_2", [{ unitId: "unit_bench", timeZone: "America/Chicago" }]],
    ["lock_3", [{ unitId: "unit_bench", timeZone: "America/Chicago" }]],
  ]);
  return {
    unit: { id: "unit_bench", address: "1 Bench St", timeZone: "America/Chicago", version: 1 },
    items,
    lockUnits,
    proposedTimeZone: "America/New_York",
    nowMs: Date.parse("2026-06-01T00:00:00.000Z"),
  };
}

/**
 * A fixture with one org and `count` active locks, createdAt one minute apart (every tenth
 * shares its neighbour's createdAt, so ties are broken by lockId as in real data).
 */
export function orgWithLocks(orgId: string, count: number): FixtureData {
  const start = Date.parse("2024-01-01T00:00:00.000Z");
  const locks: Lock[] = Array.from({ length: count }, (_, n) => {
    const createdAt = new Date(start + (n - (n % 10 === 9 ? 1 : 0)) * 60_000).toISOString();
    return {
      lockId: `lock_${String(n).padStart(6, "0")}`,
      orgId,
      name: `Door ${n}`,
      provider: "simulated",
      providerDeviceId: `dev_${n}`,
      model: null,
      timeZone: "America/Chicago",
      unitIds: ["unit_1"],
      status: "active",
      createdAt,
      updatedAt: createdAt,
    };
  });
  return {
    orgs: [{ id: orgId, name: "Bench Org" }],
    apiKeys: [],
    units: [{ id: "unit_1", orgId, urlKey: "bench-unit", address: "1 Bench St", timeZone: "America/Chicago", version: 1 }],
    locks,
    items: [],
    templates: [],
  };
}
