/**
 * The time-zone use cases: read a unit, its items and the units their locks
 * serve, let the domain plan the change, and for set_timezone hand the plan to the store, which
 * applies it only if the unit's version is still the one the plan was made from.
 */
// The domain's previewTimezoneChange under another name: the use case below has that name.
import {
  canonicalTimeZone,
  planTimezoneChange,
  previewTimezoneChange as planPreview,
  refusedZoneReason,
  type ItemRewrite,
  type LockSharing,
  type PreviewInput,
  type ScheduleItem,
  type TimezonePreview,
  type Unit,
} from "@lintel/domain";
import type { LintelEvent, MovedItem } from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import { randomId } from "../common/event-ids.js";
import { codeWorkOf, pendingLockSync } from "../lock-codes/lock-code-work.js";
import type { Clock, LockDirectory, UnitStore } from "../ports/ports.js";
import type { TourStore } from "../ports/tour-ports.js";
import { fail, notFound, succeed, type Failure, type Result } from "../common/problem.js";
import { servedUnit } from "./write-rounds.js";
import { tourAccess } from "@lintel/domain/adapters";

export interface TimezoneChangePorts {
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly clock: Clock;
  /** The booked tours: the items of a tour whose access has started are no candidates (they keep their instants). */
  readonly tours?: Pick<TourStore, "getTour"> | undefined;
  /** Told after a change that moved items of booked tours: each tour's record and due time follow its item. */
  readonly toursMoved?: ((orgId: string, tourIds: readonly string[], heldCodes: ReadonlySet<string>) => Promise<void>) | undefined;
}

/** What to preview: a unit (by id, else urlKey) and the proposed zone (any tzdb spelling). */
export interface PreviewQuery {
  readonly unitIdOrKey: string;
  readonly proposedTimeZone: string;
}

/** What a zone change keeps: each item's instant, or its local date and time (the instants are rewritten). */
export type ZonePolicy = "keep_instant" | "keep_wall_clock";

/** A zone change, applied only while the unit is still at `expectedVersion`. */
export interface SetTimeZoneCommand {
  readonly unitIdOrKey: string;
  readonly timeZone: string;
  readonly expectedVersion: number;
  readonly policy: ZonePolicy;
}

/** What set_timezone answers: the unit as it now is, and how many items got new instants. */
export interface SetTimeZoneResult {
  readonly unit: Unit;
  readonly moved: number;
}

/**
 * The `unit.timezone_changed` a set_timezone stores if it applies: the unit as served after it
 * (one version on, the new zone, no owner), and every rewritten item with its previous instants.
 */
function timezoneChangedEvent(
  unit: Unit,
  timeZone: string,
  policy: ZonePolicy,
  items: readonly ScheduleItem[],
  rewrites: readonly ItemRewrite[],
  nowMs: number,
): LintelEvent {
  const before = new Map(items.map((item) => [`${item.kind}:${item.id}`, item]));
  const moved = rewrites.flatMap((rewrite): MovedItem[] => {
    const key = `${rewrite.kind}:${rewrite.id}`;
    const item = before.get(key);
    if (item === undefined) return [];
    const { kind, id, startAt, endAt } = rewrite;
    return [{ key, kind, id, previousStartAt: item.startAt, previousEndAt: item.endAt, startAt, endAt }];
  });
  return {
    id: randomId("evt_"),
    orgId: unit.orgId,
    type: "unit.timezone_changed",
    createdAt: new Date(nowMs).toISOString(),
    data: {
      unit: { ...servedUnit(unit), timeZone, version: unit.version + 1 },
      previousTimeZone: unit.timeZone,
      policy,
      moved,
    },
  };
}

function badZone(param: string, input: string): Failure<"invalid_request"> {
  const reason = refusedZoneReason(input);
  return fail("invalid_request", `${param}: ${reason}`, { invalidParams: [{ name: param, reason }] });
}

/** The preview and the apply of a unit's zone change. */
export interface TimezoneChanges {
  /**
   * What changing the unit's zone would do: every future item whose local time keep-wall-clock
   * would move, with labels; `noop` when the zone is the same, `conflict` when an item's lock
   * also serves a unit in another zone. Changes nothing.
   */
  previewTimezoneChange(caller: Caller, query: PreviewQuery): Promise<Result<TimezonePreview, "invalid_request" | "not_found">>;
  /**
   * Sets the unit's zone if `expectedVersion` is still its version (else `version_conflict` with
   * the version now), rewriting exactly the previewed items under keep_wall_clock; +1 version.
   */
  setTimeZone(
    caller: Caller,
    command: SetTimeZoneCommand,
  ): Promise<Result<SetTimeZoneResult, "invalid_request" | "not_found" | "version_conflict">>;
}

/** Builds the preview and set-timezone use cases. */
export function createTimezoneChange(ports: TimezoneChangePorts): TimezoneChanges {
  /** For each lock the items use: every unit of the org it serves, with that unit's zone. */
  async function lockUnitsOf(orgId: string, lockIds: readonly string[]) {
    const lockUnits = new Map<string, LockSharing[]>();
    if (lockIds.length === 0) return lockUnits;
    const locks = await ports.locks.getMany(orgId, lockIds);
    const unitIds = [...new Set(locks.flatMap((lock) => lock.unitIds))];
    const zones = new Map((await ports.units.getMany(orgId, unitIds)).map((u) => [u.id, u.timeZone]));
    for (const lock of locks) {
      const sharing = lock.unitIds.flatMap((unitId) => (zones.has(unitId) ? [{ unitId, timeZone: zones.get(unitId) ?? null }] : []));
      lockUnits.set(lock.lockId, sharing);
    }
    return lockUnits;
  }

  /** The unit's items less those of booked tours whose access has started at `nowMs` (they are not candidates). */
  async function candidateItems(orgId: string, unitId: string, nowMs: number): Promise<ScheduleItem[]> {
    const items = await ports.units.itemsOf(orgId, unitId);
    const tourIds = [...new Set(items.flatMap((item) => (item.tourId === undefined ? [] : [item.tourId])))];
    if (tourIds.length === 0 || ports.tours === undefined) return items;
    const started = new Set<string>();
    for (const tourId of tourIds) {
      const tour = await ports.tours.getTour(orgId, tourId);
      const own = items.find((item) => item.kind === "tour" && item.id === tourId);
      if (tour === null || own === undefined) continue;
      if (tourAccess({ ...tour, startAt: own.startAt, endAt: own.endAt }).startMs <= nowMs) started.add(tourId);
    }
    return items.filter((item) => item.tourId === undefined || !started.has(item.tourId));
  }

  /** What the domain plans from: the unit, its items, the units their locks serve, now. */
  async function planInput(caller: Caller, unit: Unit, proposedTimeZone: string): Promise<PreviewInput> {
    const items = await candidateItems(caller.orgId, unit.id, ports.clock.now());
    const lockIds = [...new Set(items.flatMap((item) => (item.lockId === null ? [] : [item.lockId])))];
    const lockUnits = await lockUnitsOf(caller.orgId, lockIds);
    return { unit, items, lockUnits, proposedTimeZone, nowMs: ports.clock.now() };
  }

  async function previewTimezoneChange(
    caller: Caller,
    query: PreviewQuery,
  ): Promise<Result<TimezonePreview, "invalid_request" | "not_found">> {
    const zone = canonicalTimeZone(query.proposedTimeZone);
    if (zone === null) return badZone("proposedTimeZone", query.proposedTimeZone);
    const unit = await ports.units.findByIdOrKey(caller.orgId, query.unitIdOrKey);
    if (unit === null) return notFound("unit", query.unitIdOrKey);
    return succeed(planPreview(await planInput(caller, unit, zone)));
  }

  /**
   * Reads what the plan needs, plans with the domain, and asks the store to apply the plan
   * atomically at `expectedVersion`: one pass, the store's answer is final (a refusal says the
   * version it found, so nothing is read again).
   */
  async function setTimeZone(
    caller: Caller,
    command: SetTimeZoneCommand,
  ): Promise<Result<SetTimeZoneResult, "invalid_request" | "not_found" | "version_conflict">> {
    const zone = canonicalTimeZone(command.timeZone);
    if (zone === null) return badZone("timeZone", command.timeZone);
    // a version is an integer 1..2^53−1; a huge or fractional one is refused, never "stale".
    if (!Number.isSafeInteger(command.expectedVersion) || command.expectedVersion < 1) {
      const reason = "expectedVersion must be an integer from 1 to 9007199254740991 (2^53−1)";
      return fail("invalid_request", reason, { invalidParams: [{ name: "expectedVersion", reason }] });
    }
    const stale = (currentVersion: number) =>
      fail(
        "version_conflict",
        `expectedVersion ${command.expectedVersion} is stale: the unit is at version ${currentVersion}. Preview again and retry.`,
        { currentVersion },
      );
    const unit = await ports.units.findByIdOrKey(caller.orgId, command.unitIdOrKey);
    if (unit === null) return notFound("unit", command.unitIdOrKey);
    // Stale already: answered before the items are read (the store checks again atomically).
    if (unit.version !== command.expectedVersion) return stale(unit.version);
    const input = await planInput(caller, unit, zone);
    const change = planTimezoneChange(input);
    const rewrites = command.policy === "keep_wall_clock" ? change.rewrites : [];
    // The event is built assuming success; the store keeps it (with its deliveries) only if the
    // change applies, in the same atomic step, so a crash right after the change loses nothing.
    const event = timezoneChangedEvent(unit, zone, command.policy, input.items, rewrites, ports.clock.now());
    // Past the request's store deadline the write is not sent; a write sent in time but answered
    // late may still apply (the client's retry meets the version check, or replays with its key).
    // Every code the change moves goes to its lock again, in the same step.
    const nowIso = new Date(ports.clock.now()).toISOString();
    const codes = new Map(input.items.flatMap((item) => (item.kind === "code" ? [[item.id, item] as const] : [])));
    const codeWork = rewrites.flatMap((rewrite) => {
      const code = rewrite.kind === "code" ? codes.get(rewrite.id) : undefined;
      // A held code (a tour awaiting verification) moves on the schedule and stays off the lock.
      return code === undefined || code.lockSync?.status === "held"
        ? []
        : [codeWorkOf(caller.orgId, { ...code, startAt: rewrite.startAt, endAt: rewrite.endAt }, "put", nowIso)];
    });
    const outcome = await ports.units.setTimeZone(caller.orgId, unit.id, {
      expectedVersion: command.expectedVersion,
      timeZone: zone,
      rewrites,
      codeWork,
      codeLockSync: pendingLockSync(nowIso),
      event,
    });
    // Lost a race: another change landed between the read and the write (the store says where it is now).
    if (!outcome.ok) return outcome.reason === "not_found" ? notFound("unit", command.unitIdOrKey) : stale(outcome.currentVersion);
    const tourIds = [
      ...new Set(
        rewrites.flatMap((rewrite) => input.items.find((item) => item.kind === rewrite.kind && item.id === rewrite.id)?.tourId ?? []),
      ),
    ];
    // The change is made: a tour whose record could not follow now is caught up by the tour timer (its due time is read again when it comes).
    // A held code was moved without lock work; one confirmed meanwhile (its work made with the old window) is sent again.
    const heldCodes = new Set([...codes.values()].filter((code) => code.lockSync?.status === "held").map((code) => code.id));
    if (tourIds.length > 0) await ports.toursMoved?.(caller.orgId, tourIds, heldCodes).catch(() => undefined);
    return succeed({ unit: outcome.unit, moved: rewrites.length });
  }

  return { previewTimezoneChange, setTimeZone };
}
