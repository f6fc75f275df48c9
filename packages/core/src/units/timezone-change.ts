/**
 * The time-zone use cases: read a unit, its items and the units their locks
 * serve, let the domain plan the change, and for set_timezone hand the plan to the store, which
 * applies it (with the booked tours it moves) only if the unit's version is still the one the
 * plan was made from and each of those tours is still as read.
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
import { StoreUnavailableError, type Clock, type LockDirectory, type TourMove, type UnitStore } from "../ports/ports.js";
import type { TourStore } from "../ports/tour-ports.js";
import { fail, notFound, succeed, type Failure, type Result } from "../common/problem.js";
import { servedUnit } from "./write-rounds.js";
import { nextTimedTransition, tourAccess, type TourRecord } from "@lintel/domain/adapters";

export interface TimezoneChangePorts {
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly clock: Clock;
  /**
   * The booked tours: the items of a tour whose access has started are no candidates (they keep
   * their instants), and a tour whose items move is stored with them, in the same step.
   */
  readonly tours?: Pick<TourStore, "getTour"> | undefined;
}

/**
 * How many times set_timezone plans again when a tour it moves changed meanwhile (a confirm, a
 * check-in or a timed transition got in first; each takes the tour one step on, so a few rounds
 * end it). The request's store deadline bounds their time.
 */
const TOUR_ROUNDS = 100;

/** The plan's input and the booked tours of its candidate items, as stored. */
interface Planned {
  readonly input: PreviewInput;
  readonly tours: ReadonlyMap<string, TourRecord>;
}

/**
 * The tours `rewrites` move: each booked tour one of whose items moves, with the times its tour
 * item has after them and its next due time.
 */
function tourMoves(planned: Planned, rewrites: readonly ItemRewrite[], nowMs: number): TourMove[] {
  const moved = new Map(rewrites.map((rewrite) => [`${rewrite.kind}:${rewrite.id}`, rewrite]));
  // One pass over the items: each tour's own item, and the tours one of whose items moves.
  const tourItems = new Map<string, ScheduleItem>();
  const touched = new Set<string>();
  for (const item of planned.input.items) {
    if (item.tourId === undefined) continue;
    if (item.kind === "tour") tourItems.set(item.id, item);
    if (moved.has(`${item.kind}:${item.id}`)) touched.add(item.tourId);
  }
  const moves: TourMove[] = [];
  for (const [tourId, read] of planned.tours) {
    const own = tourItems.get(tourId);
    if (own === undefined || !touched.has(tourId)) continue;
    const times = moved.get(`tour:${tourId}`) ?? own;
    const tour: TourRecord = { ...read, startAt: times.startAt, endAt: times.endAt, updatedAt: new Date(nowMs).toISOString() };
    const due = nextTimedTransition({ status: tour.status, access: tourAccess(tour) });
    moves.push({ read, tour, dueAtMs: due?.atMs ?? null });
  }
  return moves;
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

  /**
   * The unit's items less those of booked tours whose access has started at `nowMs` (they are not
   * candidates), and the booked tours of the rest, as stored.
   */
  async function candidateItems(orgId: string, unitId: string, nowMs: number) {
    const items = await ports.units.itemsOf(orgId, unitId);
    const tours = new Map<string, TourRecord>();
    if (ports.tours === undefined) return { items, tours };
    const started = new Set<string>();
    // Each booked tour's own item: one that has begun is a tour whose access has started (its margin is never negative),
    // so only the tours still ahead are read.
    const ahead = new Map<string, ScheduleItem>();
    for (const item of items) {
      if (item.kind !== "tour" || item.tourId === undefined) continue;
      if (Date.parse(item.startAt) <= nowMs) started.add(item.tourId);
      else ahead.set(item.tourId, item);
    }
    if (ahead.size > 0) {
      const { tours: store } = ports;
      const read = await Promise.all([...ahead.keys()].map((tourId) => store.getTour(orgId, tourId)));
      for (const tour of read) {
        const own = tour === null ? undefined : ahead.get(tour.id);
        if (tour === null || own === undefined) continue;
        if (tourAccess({ ...tour, startAt: own.startAt, endAt: own.endAt }).startMs <= nowMs) started.add(tour.id);
        else tours.set(tour.id, tour);
      }
    }
    return { items: started.size === 0 ? items : items.filter((item) => item.tourId === undefined || !started.has(item.tourId)), tours };
  }

  /** What the domain plans from (the unit, its items, the units their locks serve, now) and the tours of those items. */
  async function planInput(caller: Caller, unit: Unit, proposedTimeZone: string): Promise<Planned> {
    const { items, tours } = await candidateItems(caller.orgId, unit.id, ports.clock.now());
    const lockIds = [...new Set(items.flatMap((item) => (item.lockId === null ? [] : [item.lockId])))];
    const lockUnits = await lockUnitsOf(caller.orgId, lockIds);
    return { input: { unit, items, lockUnits, proposedTimeZone, nowMs: ports.clock.now() }, tours };
  }

  async function previewTimezoneChange(
    caller: Caller,
    query: PreviewQuery,
  ): Promise<Result<TimezonePreview, "invalid_request" | "not_found">> {
    const zone = canonicalTimeZone(query.proposedTimeZone);
    if (zone === null) return badZone("proposedTimeZone", query.proposedTimeZone);
    const unit = await ports.units.findByIdOrKey(caller.orgId, query.unitIdOrKey);
    if (unit === null) return notFound("unit", query.unitIdOrKey);
    return succeed(planPreview((await planInput(caller, unit, zone)).input));
  }

  /**
   * Reads what the plan needs, plans with the domain, and asks the store to apply the plan
   * atomically at `expectedVersion` with the booked tours it moves: a refusal of the version is
   * final (it says the version found); a tour changed meanwhile is read and planned again.
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
    for (let round = 0; round < TOUR_ROUNDS; round++) {
      const unit = await ports.units.findByIdOrKey(caller.orgId, command.unitIdOrKey);
      if (unit === null) return notFound("unit", command.unitIdOrKey);
      // Stale already: answered before the items are read (the store checks again atomically).
      if (unit.version !== command.expectedVersion) return stale(unit.version);
      const planned = await planInput(caller, unit, zone);
      const { input } = planned;
      const change = planTimezoneChange(input);
      const rewrites = command.policy === "keep_wall_clock" ? change.rewrites : [];
      const nowMs = ports.clock.now();
      // The event is built assuming success; the store keeps it (with its deliveries) only if the
      // change applies, in the same atomic step, so a crash right after the change loses nothing.
      const event = timezoneChangedEvent(unit, zone, command.policy, input.items, rewrites, nowMs);
      // Past the request's store deadline the write is not sent; a write sent in time but answered
      // late may still apply (the client's retry meets the version check, or replays with its key).
      // Every code the change moves goes to its lock again, in the same step.
      const nowIso = new Date(nowMs).toISOString();
      const codes = new Map(input.items.flatMap((item) => (item.kind === "code" ? [[item.id, item] as const] : [])));
      const codeWork = rewrites.flatMap((rewrite) => {
        const code = rewrite.kind === "code" ? codes.get(rewrite.id) : undefined;
        // A held code (a tour awaiting verification) moves on the schedule and stays off the lock:
        // a confirm meanwhile changes its tour, which this change then finds changed.
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
        // A moved tour's record, its place in the lists and its due time follow its items in the same step.
        tours: tourMoves(planned, rewrites, nowMs),
        event,
      });
      if (outcome.ok) return succeed({ unit: outcome.unit, moved: rewrites.length });
      // A tour it moves changed meanwhile: read and plan again (the version still decides).
      if (outcome.reason === "changed") continue;
      // Lost a race: another change landed between the read and the write (the store says where it is now).
      return outcome.reason === "not_found" ? notFound("unit", command.unitIdOrKey) : stale(outcome.currentVersion);
    }
    throw new StoreUnavailableError(`The unit's tours kept changing under this zone change (${TOUR_ROUNDS} rounds).`);
  }

  return { previewTimezoneChange, setTimeZone };
}
