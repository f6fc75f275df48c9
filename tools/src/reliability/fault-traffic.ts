/**
 * The fixture and the traffic of the faults-under-load script: reads of every kind (lists, one
 * lock, a unit, its schedule, a preview, templates, live state of simulated and of Seam locks)
 * and set_timezone writes, one writer per unit. Every write answered 200 is remembered, so the
 * data can be checked against Redis afterwards.
 */
import { generateApiKey, SCOPES } from "@lintel/domain";
import { testApiKey } from "@lintel/testkit/e2e";
import type { Plan } from "./load.js";

const UNITS = 12;
const ZONES = ["America/Chicago", "America/Denver", "Europe/Berlin"] as const;
const AT = "2026-01-01T00:00:00.000Z";

export function faultFixture(seamDeviceIds: readonly string[]) {
  const p = `faults_${Date.now().toString(36)}`;
  const orgId = `${p}_org`;
  const key = generateApiKey();
  const units = Array.from({ length: UNITS }, (_, i) => ({
    ...{ id: `${p}_u${i}`, orgId, urlKey: `${p.replace(/_/g, "-")}-u${i}`, address: `${i} Fault St` },
    ...{ timeZone: "America/Chicago", version: 1 },
  }));
  const lock = (lockId: string, provider: string, providerDeviceId: string, unitId: string) => ({
    ...{ lockId, orgId, name: lockId, provider, providerDeviceId, model: null, timeZone: "America/Chicago" },
    ...{ unitIds: [unitId], status: "active", createdAt: AT, updatedAt: AT },
  });
  const simulated = units.map((unit, i) => lock(`${p}_sim${i}`, "simulated", `d${i}`, unit.id));
  const seam = seamDeviceIds.map((deviceId, i) => lock(`${p}_seam${i}`, "august", deviceId, units[i % UNITS]!.id));
  const tours = units.flatMap((unit, i) =>
    [1, 2, 3].map((n) => ({
      ...{ id: `${p}_t${i}_${n}`, unitId: unit.id, title: `Tour ${n}` },
      ...{ startAt: `2027-0${n}-1${n}T15:00:00.000Z`, endAt: `2027-0${n}-1${n}T16:00:00.000Z`, lockId: simulated[i]!.lockId },
    })),
  );
  const json = {
    orgs: [{ id: orgId, name: "Faults" }],
    apiKeys: [testApiKey(p, "load", orgId, key, [...SCOPES], { rateLimit: { requests: 1_000_000, windowSeconds: 60 } })],
    units,
    locks: [...simulated, ...seam],
    tours,
    templates: [{ id: `${p}_tpl`, orgId, name: "Hello", body: "Hi {{name}}", sortOrder: 1, createdAt: AT, updatedAt: AT }],
  };
  return { json, key, units, simulated, seam };
}

export type FaultFixture = ReturnType<typeof faultFixture>;

interface Writer {
  readonly unitId: string;
  known: number;
  busy: boolean;
  /** A write ended without a clear answer (503, hang): the version must be read again. */
  unsure: boolean;
  writes: number;
  /** The versions of the writes answered 200. */
  readonly acked: number[];
  /** The write that ended last, when it was answered 200 (else null). */
  lastAcked: { version: number; timeZone: string } | null;
  conflicts: number;
}

export interface Unit {
  readonly id: string;
  readonly version: number;
  readonly timeZone: string | null;
}

/** The mixed traffic over `fixture`: `plan(n)` for the load generator, and the writers' record. */
export function faultTraffic(fixture: FaultFixture) {
  const writers: Writer[] = fixture.units.map((unit) => ({
    ...{ unitId: unit.id, known: unit.version, busy: false, unsure: false, writes: 0 },
    ...{ acked: [], lastAcked: null, conflicts: 0 },
  }));
  let nextWriter = 0;

  function write(): Plan | null {
    const free = writers.map((_, i) => (nextWriter + i) % writers.length).find((i) => !writers[i]!.busy);
    if (free === undefined) return null;
    const writer = writers[free]!;
    nextWriter = (free + 1) % writers.length;
    writer.busy = true;
    if (writer.unsure) {
      return {
        kind: "get_unit",
        path: `/v1/units/get_unit?unitIdOrKey=${writer.unitId}`,
        answered(status, json) {
          if (status === 200) writer.known = (json as { unit: Unit }).unit.version;
          writer.unsure = status !== 200;
          writer.busy = false;
        },
      };
    }
    const timeZone = ZONES[++writer.writes % ZONES.length]!;
    const policy = writer.writes % 2 === 0 ? "keep_instant" : "keep_wall_clock";
    return {
      kind: "set_timezone",
      path: "/v1/units/set_timezone",
      method: "POST",
      body: { unitIdOrKey: writer.unitId, timeZone, expectedVersion: writer.known, policy },
      answered(status, json) {
        if (status === 200) {
          const unit = (json as { unit: Unit }).unit;
          writer.known = unit.version;
          writer.acked.push(unit.version);
          writer.lastAcked = { version: unit.version, timeZone: unit.timeZone ?? "" };
        } else {
          writer.lastAcked = null;
          writer.unsure = true;
          if (status === 409) writer.conflicts++;
        }
        writer.busy = false;
      },
    };
  }

  const { units, simulated, seam } = fixture;
  const reads: ((n: number) => Plan)[] = [
    () => ({ kind: "list_locks", path: "/v1/locks?limit=10" }),
    (n) => ({ kind: "get_lock", path: `/v1/locks/${simulated[n % simulated.length]!.lockId}` }),
    (n) => ({ kind: "get_unit", path: `/v1/units/get_unit?unitIdOrKey=${units[n % units.length]!.urlKey}` }),
    (n) => ({ kind: "list_schedule", path: `/v1/units/list_schedule?unitIdOrKey=${units[n % units.length]!.id}&limit=5` }),
    (n) => ({
      kind: "preview",
      path: `/v1/units/preview_timezone_change?unitIdOrKey=${units[n % units.length]!.id}&proposedTimeZone=Asia%2FTokyo`,
    }),
    () => ({ kind: "list_templates", path: "/v1/templates/list_message_templates" }),
    (n) => ({ kind: "state_simulated", path: `/v1/locks/${simulated[n % simulated.length]!.lockId}/state` }),
    (n) => ({ kind: "state_seam", path: `/v1/locks/${seam[n % seam.length]!.lockId}/state` }),
    (n) => ({ kind: "state_seam", path: `/v1/locks/${seam[(n + 1) % seam.length]!.lockId}/state` }),
  ];

  return {
    writers,
    /** One write in every 10 requests (when a unit is free), the rest reads in turn. */
    plan(n: number): Plan | null {
      if (n % 10 === 0) return write() ?? reads[0]!(n);
      return reads[n % reads.length]!(n);
    },
  };
}

export type FaultWriters = ReturnType<typeof faultTraffic>["writers"];
