/**
 * Probing a world (isolation-world.ts) on a running server: for every org A, every other org's
 * ids, urlKeys and cursors are sent with A's key to every endpoint, each next to an unknown
 * look-alike of the same length. A foreign name must answer exactly like the unknown one
 * (status, content type, body but requestId and the name itself) unless it is also one of A's
 * own (a urlKey A uses too), when A must get its own unit. Lists must hold A's records only.
 */
import { randomUUID } from "node:crypto";
import { call, withoutRequestId, type Answer } from "@lintel/testkit/e2e";
import { resolveUnit, unknownLike, type World, type WorldOrg } from "./isolation-world.js";

interface ProbeRequest {
  readonly path: string;
  /** A POST body (JSON); without one the request is a GET. */
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}
type Probe = (name: string) => ProbeRequest;

const setTimezone = (name: string, expectedVersion = 1) => ({
  path: "/v1/units/set_timezone",
  body: JSON.stringify({ unitIdOrKey: name, timeZone: "UTC", expectedVersion, policy: "keep_instant" }),
});

/** Every endpoint that takes a unit (id or urlKey), a lock id or a template id. */
export const PROBES: Readonly<Record<string, { readonly unit: boolean; readonly probe: Probe }>> = {
  get_unit: { unit: true, probe: (n) => ({ path: `/v1/units/get_unit?unitIdOrKey=${n}` }) },
  preview_timezone_change: {
    unit: true,
    probe: (n) => ({ path: `/v1/units/preview_timezone_change?unitIdOrKey=${n}&proposedTimeZone=UTC` }),
  },
  list_schedule: { unit: true, probe: (n) => ({ path: `/v1/units/list_schedule?unitIdOrKey=${n}&limit=1` }) },
  set_timezone: { unit: true, probe: setTimezone },
  get_lock: { unit: false, probe: (n) => ({ path: `/v1/locks/${n}` }) },
  get_lock_state: { unit: false, probe: (n) => ({ path: `/v1/locks/${n}/state` }) },
  update_lock: { unit: false, probe: (n) => ({ path: "/v1/locks/update_lock", body: JSON.stringify({ lockId: n, name: "Probe" }) }) },
  get_message_template: { unit: false, probe: (n) => ({ path: `/v1/templates/get_message_template?templateId=${n}` }) },
};

const LISTS = { list_units: "units", list_locks: "locks", list_message_templates: "templates" } as const;
const LIST_PATHS: Record<keyof typeof LISTS, string> = {
  list_units: "/v1/units/list_units",
  list_locks: "/v1/locks",
  list_message_templates: "/v1/templates/list_message_templates",
};

export interface ProbeReport {
  readonly mismatches: string[];
  /** Foreign-vs-unknown pairs sent. */
  pairs: number;
  /** Latencies (ms) by endpoint, of foreign and of unknown names. */
  readonly timings: Map<string, { foreign: number[]; unknown: number[] }>;
}

async function send(base: string, key: string, request: ProbeRequest): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now();
  const headers = { ...(request.body === undefined ? {} : { "content-type": "application/json" }), ...request.headers };
  const answer = await call(
    base,
    request.path,
    request.body === undefined ? { key, headers } : { key, method: "POST", body: request.body, headers },
  );
  return { answer, ms: performance.now() - started };
}

const normalized = (answer: Answer, name: string) =>
  `${answer.status} ${answer.headers.get("content-type")} ${JSON.stringify(answer.json === undefined ? answer.text : withoutRequestId(answer.json)).replaceAll(name, "{name}")}`;

/** Sends `probe` with `foreign` and with its unknown look-alike; records a mismatch and the timings. */
async function pair(base: string, org: WorldOrg, label: string, probe: Probe, foreign: string, unknown: string, report: ProbeReport) {
  const [a, b] = Math.random() < 0.5 ? [foreign, unknown] : [unknown, foreign]; // neither always goes first
  const first = await send(base, org.key, probe(a));
  const second = await send(base, org.key, probe(b));
  const [f, u] = a === foreign ? [first, second] : [second, first];
  report.pairs++;
  const timing = report.timings.get(label) ?? { foreign: [], unknown: [] };
  timing.foreign.push(f.ms);
  timing.unknown.push(u.ms);
  report.timings.set(label, timing);
  if (f.answer.status !== 404 || normalized(f.answer, foreign) !== normalized(u.answer, unknown)) {
    report.mismatches.push(`${org.orgId} ${label} ${foreign}: ${normalized(f.answer, foreign)} ≠ unknown ${normalized(u.answer, unknown)}`);
  }
}

/** A cursor with one character in its middle changed: as malformed as a foreign cursor should look. */
function editedCursor(cursor: string): string {
  const at = Math.floor(cursor.length / 2);
  return cursor.slice(0, at) + (cursor[at] === "A" ? "B" : "A") + cursor.slice(at + 1);
}

/**
 * Probes every org of `world` on the server at `base`, `rounds` times. With `parallel` the orgs
 * are probed side by side (the test, for speed); without, one request at a time (for timing).
 */
export async function probeWorld(base: string, world: World, { rounds = 1, parallel = false } = {}): Promise<ProbeReport> {
  const report: ProbeReport = { mismatches: [], pairs: 0, timings: new Map() };
  const each = async (work: (org: WorldOrg) => Promise<void>) => {
    if (parallel) await Promise.all(world.orgs.map(work));
    else for (const org of world.orgs) await work(org);
  };
  await each((org) => expectOwnLists(base, org, report));
  for (let round = 0; round < rounds; round++) {
    await each(async (org) => {
      for (const other of world.orgs.filter((o) => o !== org)) {
        const names = [...other.units.flatMap((u) => [u.id, u.urlKey]), ...other.lockIds, ...other.templateIds];
        for (const name of names) {
          for (const [label, { unit, probe }] of Object.entries(PROBES)) {
            const own = unit ? resolveUnit(org, name) : undefined;
            if (own === undefined) await pair(base, org, label, probe, name, unknownLike(name, world), report);
            else if (round === 0 && label !== "set_timezone") await expectOwn(base, org, label, probe(name), own.id, report);
          }
        }
        await probeCursors(base, org, other, report);
        await probeIdempotencyKey(base, org, other, world, report);
      }
    });
  }
  await expectUnchanged(base, world, report);
  return report;
}

/** `org`'s lists hold exactly its own units, locks and templates. */
async function expectOwnLists(base: string, org: WorldOrg, report: ProbeReport) {
  for (const [list, field] of Object.entries(LISTS) as [keyof typeof LISTS, string][]) {
    const answer = (await send(base, org.key, { path: `${LIST_PATHS[list]}?limit=100` })).answer;
    const own = list === "list_units" ? org.units.map((u) => u.id) : list === "list_locks" ? org.lockIds : org.templateIds;
    const listed = ((answer.json?.[field] ?? []) as { id?: string; lockId?: string }[]).map((row) => row.id ?? row.lockId);
    if (JSON.stringify([...listed].sort()) !== JSON.stringify([...own].sort())) {
      report.mismatches.push(`${org.orgId} ${list} lists ${JSON.stringify(listed)}, owns ${JSON.stringify(own)}`);
    }
  }
}

/** A name that is also one of `org`'s urlKeys answers `org`'s own unit. */
async function expectOwn(base: string, org: WorldOrg, label: string, request: { path: string }, unitId: string, report: ProbeReport) {
  const { answer } = await send(base, org.key, request);
  // get_unit names the unit, a preview its unitId, a schedule's first tour is `<unitId>_t1`.
  const seen = answer.json?.unit?.id ?? answer.json?.unitId ?? String(answer.json?.items?.[0]?.id).replace(/_t1$/, "");
  if (answer.status !== 200 || seen !== unitId) {
    report.mismatches.push(`${org.orgId} ${label} ${request.path}: ${answer.status}, unit ${String(seen)}, expected its own ${unitId}`);
  }
}

/** `other`'s cursors (of each list, and of a schedule) with `org`'s key answer like an edited cursor. */
async function probeCursors(base: string, org: WorldOrg, other: WorldOrg, report: ProbeReport) {
  const unit = other.units[0]!;
  const lists = [
    ...Object.values(LIST_PATHS).map((path) => `${path}?limit=1`),
    `/v1/units/list_schedule?unitIdOrKey=${unit.urlKey}&limit=1`,
  ];
  for (const path of lists) {
    const cursor = (await send(base, other.key, { path })).answer.json?.nextCursor as string | null | undefined;
    if (typeof cursor !== "string") {
      report.mismatches.push(`${other.orgId} ${path}: no nextCursor to probe with`);
      continue;
    }
    const withCursor = (c: string) => ({ path: `${path}&cursor=${encodeURIComponent(c)}` });
    await pair(base, org, `cursor ${path.replace(/\?.*/, "")}`, withCursor, cursor, editedCursor(cursor), report);
  }
}

/**
 * An Idempotency-Key `other` used (its kept answer a 409 that names its unit's version) sent by
 * `org` with the same body answers like an unknown unit with a fresh key: never `other`'s replay.
 */
async function probeIdempotencyKey(base: string, org: WorldOrg, other: WorldOrg, world: World, report: ProbeReport) {
  const unit = other.units.find((u) => resolveUnit(org, u.id) === undefined);
  if (unit === undefined) return;
  const used = `isolation-${randomUUID()}`;
  const stale = (name: string) => ({ ...setTimezone(name, 99), headers: { "idempotency-key": name === unit.id ? used : randomUUID() } });
  const kept = (await send(base, other.key, stale(unit.id))).answer;
  if (kept.status !== 409) report.mismatches.push(`${other.orgId} stale set_timezone of ${unit.id} answered ${kept.status}, not 409`);
  await pair(base, org, "set_timezone, foreign Idempotency-Key", stale, unit.id, unknownLike(unit.id, world), report);
}

/** No probe changed anything: every unit is still at version 1 for its own org. */
async function expectUnchanged(base: string, world: World, report: ProbeReport) {
  for (const org of world.orgs) {
    for (const unit of org.units) {
      const { answer } = await send(base, org.key, { path: `/v1/units/get_unit?unitIdOrKey=${unit.id}` });
      if (answer.json?.unit?.version !== 1) report.mismatches.push(`${org.orgId} ${unit.id} is at version ${answer.json?.unit?.version}`);
    }
  }
}
