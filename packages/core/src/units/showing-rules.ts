/**
 * Showing availability: a unit's rules (set_showing_rules) and the slots they offer
 * (list_available_slots), computed by the domain (`availableSlots`) from the rules, the unit's
 * zone and what its schedule holds (tours take a place, open houses close a slot). A booking must
 * be one of the slots (`slotProblem`, which the tour writes check): exact under concurrency
 * because a booking on a unit with rules names the version it checked against, so two bookings
 * made from one read never both apply (the other reads again and checks again).
 */
import type { ServedSlot, ShowingRules, Unit } from "@lintel/domain";
import {
  availableSlots,
  isAvailableSlot,
  servedSlot,
  SHOWING_BOUNDS,
  showingRulesProblem,
  type LintelEvent,
  type SlotQuery,
  type Span,
  type Weekday,
} from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import { scheduleFrom } from "./schedule-scan.js";
import { randomId } from "../common/event-ids.js";
import { normalizeInstant } from "../common/instant-text.js";
import { fail, notFound, succeed, type Failure, type Result } from "../common/problem.js";
import type { Clock, UnitStore } from "../ports/ports.js";
import type { TourStore } from "../ports/tour-ports.js";
import { tourStatusAt } from "../tours/tour-view.js";
import { invalid } from "./item-fields.js";
import { basisOf, CHANGED, servedUnit, staleVersion, unitAtVersion, type Round } from "./write-rounds.js";

/** Rules as a write gives them: the numbers may be left out (their defaults apply). */
export interface ShowingRulesInput {
  readonly weekly: readonly { readonly day: Weekday; readonly opens: string; readonly closes: string }[];
  readonly slotMinutes?: number | undefined;
  readonly bufferMinutes?: number | undefined;
  readonly minNoticeMinutes?: number | undefined;
  readonly maxDaysAhead?: number | undefined;
  readonly maxConcurrent?: number | undefined;
  readonly blackouts?: readonly { readonly startAt: string; readonly endAt: string }[] | undefined;
}

/** A unit's rules set, or removed with `rules: null`. */
export interface SetShowingRulesCommand {
  readonly unitIdOrKey: string;
  readonly rules: ShowingRulesInput | null;
  readonly expectedVersion?: number | undefined;
}

/** The slots between `from` (default now) and `to` (default from + 7 days, at most 31 days after from). Epoch ms. */
export interface SlotsQuery {
  readonly unitIdOrKey: string;
  readonly from?: number | undefined;
  readonly to?: number | undefined;
}

/** The slots of a unit. */
export interface SlotList {
  readonly unitId: string;
  readonly timeZone: string | null;
  readonly slots: readonly ServedSlot[];
}

/** How far a slot list may reach after its `from`. */
export const MAX_SLOT_RANGE_DAYS = 31;
const DAY = 86_400_000;
const MINUTE = 60_000;

/** The availability use cases. */
export interface ShowingRulesUseCases {
  /** Sets (or, with null, removes) a unit's showing rules; +1 version, `unit.showing_rules_changed`. A unit without a zone is a `conflict`. */
  setShowingRules(
    caller: Caller,
    command: SetShowingRulesCommand,
  ): Promise<Result<Unit, "invalid_request" | "not_found" | "version_conflict" | "conflict">>;
  /** The unit's available slots in a range (none when it has no rules). */
  listAvailableSlots(caller: Caller, query: SlotsQuery): Promise<Result<SlotList, "invalid_request" | "not_found">>;
}

/** What a slot count reads: the schedule, and the booked tours (whose status says whether they still take a place). */
export interface BusyPorts {
  readonly units: Pick<UnitStore, "scheduleAfter">;
  readonly tours: Pick<TourStore, "getTour">;
}

/**
 * What the unit's schedule holds in `[fromMs, toMs)` at `nowMs`: tours (but those of
 * `exceptTourId`, and booked ones over by now: a no-show or a completed tour takes no place) and
 * open houses. A booked tour can only be over once its end has passed, so only those few are read.
 */
export async function scheduleBusy(
  ports: BusyPorts,
  unit: Unit,
  fromMs: number,
  toMs: number,
  nowMs: number,
  exceptTourId: string | null = null,
): Promise<{ tours: Span[]; openHouses: Span[] }> {
  const tours: Span[] = [];
  const openHouses: Span[] = [];
  const ended: { tourId: string; span: Span }[] = [];
  for await (const item of scheduleFrom(ports.units, unit.orgId, unit.id, fromMs)) {
    const span = { startMs: Date.parse(item.startAt), endMs: Date.parse(item.endAt) };
    if (span.startMs >= toMs) break;
    if (item.kind === "tour" && (exceptTourId === null || item.tourId !== exceptTourId)) {
      if (item.tourId !== undefined && span.endMs <= nowMs) ended.push({ tourId: item.tourId, span });
      else tours.push(span);
    }
    if (item.kind === "open_house") openHouses.push(span);
  }
  for (const { tourId, span } of ended) {
    const tour = await ports.tours.getTour(unit.orgId, tourId);
    const status = tour === null ? null : tourStatusAt(tour, nowMs);
    if (status !== "no_show" && status !== "completed" && status !== "cancelled") tours.push(span);
  }
  return { tours, openHouses };
}

/**
 * The 409 of a tour's span that is not an available slot of `unit` (which has rules) at `nowMs`,
 * or null when it is one. `exceptTourId`: a tour being moved does not count against itself.
 */
export async function slotProblem(
  ports: BusyPorts,
  unit: Unit,
  span: Span,
  nowMs: number,
  exceptTourId: string | null,
): Promise<Failure<"slot_unavailable"> | null> {
  const rules = unit.showingRules;
  if (rules === undefined || rules === null || unit.timeZone === null) return null;
  const margin = rules.bufferMinutes * MINUTE;
  const busy = await scheduleBusy(ports, unit, span.startMs - margin, span.endMs + margin, nowMs, exceptTourId);
  const query: Omit<SlotQuery, "fromMs" | "toMs"> = { rules, timeZone: unit.timeZone, nowMs, ...busy };
  if (isAvailableSlot(query, span)) return null;
  return fail("slot_unavailable", "The tour's times are not an available slot of the unit now: read list_available_slots and pick one.");
}

/** The rules with every default filled in. */
function withDefaults(input: ShowingRulesInput): ShowingRules {
  return {
    weekly: input.weekly.map(({ day, opens, closes }) => ({ day, opens, closes })),
    slotMinutes: input.slotMinutes ?? SHOWING_BOUNDS.slotMinutes.default,
    bufferMinutes: input.bufferMinutes ?? SHOWING_BOUNDS.bufferMinutes.default,
    minNoticeMinutes: input.minNoticeMinutes ?? SHOWING_BOUNDS.minNoticeMinutes.default,
    maxDaysAhead: input.maxDaysAhead ?? SHOWING_BOUNDS.maxDaysAhead.default,
    maxConcurrent: input.maxConcurrent ?? SHOWING_BOUNDS.maxConcurrent.default,
    blackouts: (input.blackouts ?? []).map(({ startAt, endAt }) => ({ startAt, endAt })),
  };
}

/** Builds the availability use cases. */
export function createShowingRules(ports: {
  readonly units: UnitStore;
  readonly tours: Pick<TourStore, "getTour">;
  readonly clock: Clock;
}): ShowingRulesUseCases {
  const atVersion = unitAtVersion(ports.units);
  const event = (orgId: string, data: unknown): LintelEvent =>
    ({
      id: randomId("evt_"),
      orgId,
      type: "unit.showing_rules_changed",
      createdAt: new Date(ports.clock.now()).toISOString(),
      data,
    }) as LintelEvent;

  async function setShowingRules(caller: Caller, command: SetShowingRulesCommand) {
    let rules: ShowingRules | null = null;
    if (command.rules !== null) {
      rules = withDefaults(command.rules);
      const blackouts = rules.blackouts.map(({ startAt, endAt }) => ({
        startAt: normalizeInstant(startAt),
        endAt: normalizeInstant(endAt),
      }));
      const bad = blackouts.findIndex((b) => b.startAt === null || b.endAt === null);
      if (bad >= 0) return invalid(`rules.blackouts.${bad}`, "startAt and endAt must be RFC 3339 instants");
      rules = { ...rules, blackouts: blackouts as { startAt: string; endAt: string }[] };
      const problem = showingRulesProblem(rules);
      if (problem !== null) return invalid(problem.field, problem.reason);
    }
    return atVersion<Unit, "invalid_request" | "conflict">(
      caller,
      command.unitIdOrKey,
      command.expectedVersion,
      async (unit): Promise<Round<Unit, "invalid_request" | "conflict" | "version_conflict" | "not_found">> => {
        if (unit.timeZone === null && rules !== null) {
          return fail("conflict", "The unit has no time zone: showing rules are local times, so set its zone (set_timezone) first.");
        }
        const previous = unit.showingRules ?? null;
        if (JSON.stringify(previous) === JSON.stringify(rules)) return succeed(unit); // changes nothing
        const after = { ...unit, showingRules: rules, version: unit.version + 1 };
        const outcome = await ports.units.setShowingRules(caller.orgId, unit.id, {
          expectedVersion: command.expectedVersion ?? null,
          basis: { unit: basisOf(unit), rules: previous },
          rules,
          event: event(caller.orgId, { unit: servedUnit(after), previous }),
        });
        if (outcome.ok) return succeed(outcome.unit);
        switch (outcome.reason) {
          case "version_conflict":
            return staleVersion(command.expectedVersion ?? outcome.currentVersion, outcome.currentVersion);
          case "not_found":
            return notFound("unit", command.unitIdOrKey);
          default:
            return CHANGED;
        }
      },
    );
  }

  async function listAvailableSlots(caller: Caller, query: SlotsQuery): Promise<Result<SlotList, "invalid_request" | "not_found">> {
    const nowMs = ports.clock.now();
    const fromMs = query.from ?? nowMs;
    const toMs = query.to ?? fromMs + 7 * DAY;
    if (!(toMs > fromMs)) return invalid("to", "must be after from");
    if (toMs - fromMs > MAX_SLOT_RANGE_DAYS * DAY) return invalid("to", `must be at most ${MAX_SLOT_RANGE_DAYS} days after from`);
    const unit = await ports.units.findByIdOrKey(caller.orgId, query.unitIdOrKey);
    if (unit === null) return notFound("unit", query.unitIdOrKey);
    const rules = unit.showingRules;
    if (rules === undefined || rules === null || unit.timeZone === null)
      return succeed({ unitId: unit.id, timeZone: unit.timeZone, slots: [] });
    const margin = rules.bufferMinutes * MINUTE;
    const busy = await scheduleBusy(ports, unit, fromMs - margin, toMs + margin, nowMs);
    const zone = unit.timeZone;
    const slots = availableSlots({ rules, timeZone: zone, fromMs, toMs, nowMs, ...busy }).map((slot) => servedSlot(slot, zone));
    return succeed({ unitId: unit.id, timeZone: zone, slots });
  }

  return { setShowingRules, listAvailableSlots };
}
