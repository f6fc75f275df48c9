/**
 * Arranging an organization's locks: which units each serves, its name, its zone, whether it is
 * active. Locks themselves come from the operator (a fixture, the seed command); an update is
 * how a unit created through the API gets a lock, and so a code.
 *
 * An update is made from the lock as read: the store applies it only while the lock's
 * `updatedAt` is still the one read (so an `If-Match` checked against that read holds until the
 * write), and `updatedAt` moves forward by at least 1 ms on every change. A lock stops serving a
 * unit (it leaves it, or becomes inactive) only while no code of that unit ending ahead names
 * it; the tours and open houses of that unit ending ahead that name it lose their `lockId` in
 * the same step, each with its `schedule.item_updated`, and the unit's version + 1. What the
 * update was made from (the lock, those items, their unit) is checked again by the store: when
 * another write got in first, the update is read and made anew.
 */
import { canonicalTimeZone, refusedZoneReason, type Lock, type ScheduleItem, type Unit } from "@lintel/domain";
import { schedulePosition, scheduleEntry, type LintelEvent } from "@lintel/domain/adapters";
import { TEXT_RULES, textProblem, type LockStatus } from "@lintel/domain/schemas";
import type { Caller } from "../admission/admission.js";
import { scheduleFrom } from "../units/schedule-scan.js";
import { randomId } from "../common/event-ids.js";
import { StoreUnavailableError, type Clock, type LockDirectory, type UnitLeft, type UnitStore } from "../ports/ports.js";
import { fail, notFound, succeed, type Failure, type Result } from "../common/problem.js";
import { invalid } from "../units/item-fields.js";
import { basisOf, servedUnit } from "../units/write-rounds.js";

/** The most units one lock serves through an update. */
export const MAX_LOCK_UNITS = 50;

/**
 * How many times an update reads again when what it was made from changed meanwhile. Each round
 * means another write applied; a request's store deadline bounds the time (see write-rounds.js).
 */
const ROUNDS = 1_000;

/**
 * A change of a lock: the fields given are set (`timeZone: null` clears it). `ifMatch`, when the
 * request names a version (`If-Match`), tells whether the lock as it is now is that version.
 */
export interface UpdateLockCommand {
  readonly lockId: string;
  readonly name?: string | undefined;
  /** 1 to {@link MAX_LOCK_UNITS} units of the org, each once. */
  readonly unitIds?: readonly string[] | undefined;
  /** An IANA zone name or link (normalized), or null: none. */
  readonly timeZone?: string | null | undefined;
  readonly status?: LockStatus | undefined;
  /** Whether the lock as it is now is the version the request names (its `If-Match`); absent: any version. */
  readonly ifMatch?: ((current: Lock) => boolean) | undefined;
}

/** The lock writes of the API; each stores its event with its change. */
export interface LockWrites {
  /**
   * Sets the given fields of a lock of the caller's org, active or not; answers the lock after
   * (`updatedAt` set), or as it is when nothing changes. `precondition_failed` when `ifMatch`
   * refuses it as it is; `conflict` when a unit it would stop serving has codes ending ahead that name it.
   */
  updateLock(
    caller: Caller,
    command: UpdateLockCommand,
  ): Promise<Result<Lock, "invalid_request" | "not_found" | "precondition_failed" | "conflict">>;
}

/** What the lock writes read and write through. */
export interface LockWritePorts {
  readonly locks: LockDirectory;
  readonly units: UnitStore;
  readonly clock: Clock;
}

/** The units a lock serves: its `unitIds` while active, none while inactive. */
const served = (lock: Lock): readonly string[] => (lock.status === "active" ? lock.unitIds : []);

const stale = () =>
  fail("precondition_failed", "If-Match names a version of the lock that is no longer current. Get it again (its ETag) and retry.");

/** The 409 of codes ahead that still name the lock at a unit it would stop serving. */
function codesAhead(count: number, firstKey: string): Failure<"conflict"> {
  const [codes, them] = count === 1 ? ["1 code that ends ahead names", "it"] : [`${count} codes that end ahead name`, "them"];
  return fail(
    "conflict",
    `${codes} this lock at a unit it would stop serving (the first: ${firstKey}). Move ${them} to another lock or delete ${them} first.`,
  );
}

/** The first refusal of the fields given, by the writes' rules; null when every field is good. */
function fieldProblem(command: UpdateLockCommand): Failure<"invalid_request"> | null {
  const nameProblem = command.name === undefined ? null : textProblem(command.name, TEXT_RULES.text);
  if (nameProblem !== null) return invalid("name", nameProblem);
  const { unitIds, timeZone } = command;
  if (unitIds !== undefined) {
    if (unitIds.length < 1 || unitIds.length > MAX_LOCK_UNITS) return invalid("unitIds", `must list 1 to ${MAX_LOCK_UNITS} units`);
    const repeated = unitIds.findIndex((id, i) => unitIds.indexOf(id) !== i);
    if (repeated >= 0) return invalid(`unitIds.${repeated}`, "names a unit listed before it: list each unit once");
  }
  if (typeof timeZone === "string" && canonicalTimeZone(timeZone) === null) return invalid("timeZone", refusedZoneReason(timeZone));
  return null;
}

/** The lock as events serve it (no owner). */
function servedLock({ lockId, name, provider, providerDeviceId, model, timeZone, unitIds, status, createdAt, updatedAt }: Lock) {
  return { lockId, name, provider, providerDeviceId, model, timeZone, unitIds: [...unitIds], status, createdAt, updatedAt };
}

/** Builds the lock write use cases. */
export function createLockWrites(ports: LockWritePorts): LockWrites {
  const nowIso = () => new Date(ports.clock.now()).toISOString();
  const event = (orgId: string, type: LintelEvent["type"], data: unknown): LintelEvent =>
    ({ id: randomId("evt_"), orgId, type, createdAt: nowIso(), data }) as LintelEvent;
  /** A time after `previous` (at least 1 ms), so every version of a lock has its own `updatedAt`. */
  const nextUpdatedAt = (previous: string) => new Date(Math.max(ports.clock.now(), Date.parse(previous) + 1)).toISOString();

  /** The unit's tours, codes and open houses ending after `fromMs` that name `lockId`, in schedule order. */
  async function aheadNaming(orgId: string, unitId: string, lockId: string, fromMs: number): Promise<ScheduleItem[]> {
    const found: ScheduleItem[] = [];
    for await (const item of scheduleFrom(ports.units, orgId, unitId, fromMs)) if (item.lockId === lockId) found.push(item);
    return found;
  }

  /** What leaving `unit` takes: its codes ahead naming the lock, and the clears of its tours and open houses. */
  async function leave(orgId: string, unit: Unit, lockId: string, nowMs: number) {
    const ahead = await aheadNaming(orgId, unit.id, lockId, nowMs);
    const after = servedUnit({ ...unit, version: unit.version + 1 });
    const clears = ahead
      .filter((item) => item.kind !== "code")
      .map((item) => {
        const cleared = { ...item, lockId: null };
        const entries = { item: scheduleEntry(cleared, unit.timeZone), previous: scheduleEntry(item, unit.timeZone) };
        return { item, event: event(orgId, "schedule.item_updated", { unit: after, ...entries }) };
      });
    const left: UnitLeft = { unitId: unit.id, basis: basisOf(unit), clears };
    return { left, codes: ahead.filter((item) => item.kind === "code") };
  }

  async function updateLock(caller: Caller, command: UpdateLockCommand) {
    const refused = fieldProblem(command);
    if (refused !== null) return refused;
    const { orgId } = caller;
    if (command.unitIds !== undefined) {
      // Units are never deleted: one found now is there at the write.
      const found = new Set((await ports.units.getMany(orgId, command.unitIds)).map((unit) => unit.id));
      const missing = command.unitIds.findIndex((id) => !found.has(id));
      if (missing >= 0) return invalid(`unitIds.${missing}`, "names no unit of the organization");
    }
    const timeZone = typeof command.timeZone === "string" ? canonicalTimeZone(command.timeZone) : command.timeZone;
    for (let round = 0; round < ROUNDS; round++) {
      const [current] = await ports.locks.getMany(orgId, [command.lockId]);
      if (current === undefined) return notFound("lock", command.lockId);
      if (command.ifMatch !== undefined && !command.ifMatch(current)) return stale();
      const name = command.name ?? current.name;
      const unitIds = command.unitIds ?? current.unitIds;
      const zone = timeZone === undefined ? current.timeZone : timeZone;
      const status = command.status ?? current.status;
      const same = unitIds.length === current.unitIds.length && unitIds.every((id, i) => id === current.unitIds[i]);
      if (same && name === current.name && zone === current.timeZone && status === current.status) return succeed(current); // changes nothing
      const lock: Lock = { ...current, name, unitIds: [...unitIds], timeZone: zone, status, updatedAt: nextUpdatedAt(current.updatedAt) };
      const nowMs = ports.clock.now();
      const stays = new Set(served(lock));
      const leaving = served(current).filter((unitId) => !stays.has(unitId));
      const units = await ports.units.getMany(orgId, leaving);
      const leaves = await Promise.all(units.map((unit) => leave(orgId, unit, lock.lockId, nowMs)));
      const codes = leaves.flatMap((left) => left.codes).sort((a, b) => (schedulePosition(a) < schedulePosition(b) ? -1 : 1));
      if (codes[0] !== undefined) return codesAhead(codes.length, `${codes[0].kind}:${codes[0].id}`);
      const previous = { name: current.name, unitIds: [...current.unitIds], timeZone: current.timeZone, status: current.status };
      const outcome = await ports.locks.update(orgId, {
        lock,
        expectedUpdatedAt: current.updatedAt,
        nowIso: new Date(nowMs).toISOString(),
        left: leaves.map((left) => left.left),
        event: event(orgId, "lock.updated", { lock: servedLock(lock), previous }),
      });
      if (outcome.ok) return succeed(lock);
      if (outcome.reason === "not_found") return notFound("lock", command.lockId);
      if (outcome.reason === "codes_ahead") return codesAhead(outcome.codes, outcome.firstKey);
      // changed: another write got in first; the next round reads it (a stale If-Match is then refused).
    }
    throw new StoreUnavailableError(`The lock kept changing under this write (${ROUNDS} rounds).`);
  }

  return { updateLock };
}
