/**
 * Booking and running self-guided tours: book, confirm, reschedule, cancel, check in, and the
 * timed transitions. Each command reads the tour and its unit, decides with the domain's tour
 * lifecycle (tour-lifecycle.js) what it does in the tour's status of the moment, builds the tour,
 * the items it owns (its tour item, its code with the code's lock work, its messages) and its
 * event, and hands them to the store, which applies them in one atomic step only while the unit
 * and the tour are as read. A change whose basis moved is read again and made anew: twelve
 * reschedules made from one read of a tour apply once, the others see the tour moved.
 */
import type { Lock, ScheduleItem, TourStatus, Unit, ServedTour } from "@lintel/domain";
import {
  accessWindow,
  anchoredSendMs,
  commandFit,
  MAX_ACCESS_MARGIN_MINUTES,
  MAX_MESSAGE_OFFSET_MINUTES,
  nextTimedTransition,
  tourAccess,
  tourTimesProblem,
  withinAccess,
  isUnsentMessage,
  SCHEDULED_DELIVERY,
  type DataCipher,
  type LintelEvent,
  type TourCommand,
  type TourRecord,
  DEFAULT_PIN_RULES,
  drawPin,
  pinRules,
} from "@lintel/domain/adapters";
import { type MessageDelivery, TEXT_RULES, textProblem } from "@lintel/domain/schemas";
import type { Caller } from "../admission/admission.js";
import { randomInt } from "node:crypto";
import { randomId } from "../common/event-ids.js";
import { normalizeInstant } from "../common/instant-text.js";
import { fail, succeed, type Failure, type Result } from "../common/problem.js";
import { codeWorkOf, openPin, pendingLockSync } from "../lock-codes/lock-code-work.js";
import {
  MAX_ITEMS_PER_UNIT,
  SERVING_LOCKS_LIMIT,
  StoreUnavailableError,
  type Clock,
  type LockDevices,
  type LockDirectory,
  type TemplateStore,
  type UnitStore,
  type UnitWriteOutcome,
} from "../ports/ports.js";
import type { LockObservations } from "../ports/event-ports.js";
import type { PinCheck, TourChange, TourItemOp, TourStore } from "../ports/tour-ports.js";
import { invalid } from "../units/item-fields.js";
import { basisOf, CHANGED, servedUnit, staleVersion, type Round } from "../units/write-rounds.js";
import { slotProblem } from "../units/showing-rules.js";
import type { BookTourCommand, CancelTourCommand, CheckInCommand, RescheduleTourCommand, TourWriteResult } from "./tour-commands.js";
import { readTourNow, showTour, tourStatusAt, type TourNow } from "./tour-view.js";

/** A message of a tour that awaits verification: not sent until the tour is confirmed. */
const HELD_DELIVERY: MessageDelivery = { status: "held", channel: null, sentAt: null, error: null };
/** A message a reschedule made due in the past: never sent, kept as history. */
const SKIPPED_DELIVERY: MessageDelivery = { status: "skipped", channel: null, sentAt: null, error: null };

/** A booking schedules at most this many messages. */
export const MAX_TOUR_MESSAGES = 10;
/** Minutes of access before and after a tour when a booking does not say. */
export const DEFAULT_ACCESS_MARGIN_MINUTES = 15;
/** A tour's title when a booking does not say. */
export const DEFAULT_TOUR_TITLE = "Self-guided tour";
/** How far ahead of this clock a lock provider's `occurred_at` may be and still check a tour in. */
const LOCK_CLOCK_SKEW_MS = 60_000;
/** The floor of rounds a command makes when its basis keeps moving (as the schedule writes). */
const BASIS_ROUNDS = 1_000;
/** PINs a booking checks against the device's codes before it gives up (a free one is found at the first in all but a full device). */
const PIN_CANDIDATES = 64;

/** What the tour writes read and write through. */
export interface TourWritePorts {
  readonly tours: TourStore;
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly templates: Pick<TemplateStore, "get">;
  readonly clock: Clock;
  /** Seals and opens PINs and the prospect's email and phone. */
  readonly secrets: DataCipher;
  /** False when nothing programs codes on locks: a tour is then booked only without a lock. */
  readonly programsCodes: boolean;
  /** Where a booking finds its lock's code rules and the tags of the device's codes Lintel did not place: the lock's last observation (one read, never the provider). */
  readonly observations: Pick<LockObservations, "last">;
  /** The locks of every org on one provider device: a new PIN is held by no code ahead on any of them. */
  readonly devices: LockDevices;
  /** A whole number from 0 to bound − 1, drawn for PINs. Default: the system's random source (tests pass a fixed one). */
  readonly pinRandom?: ((bound: number) => number) | undefined;
}

/** The tour writes of the API; each stores its event with its change. */
export interface TourWrites {
  /** A new tour with its code and its messages, in one step; +1 version. */
  bookTour(
    caller: Caller,
    command: BookTourCommand,
  ): Promise<Result<TourWriteResult, "invalid_request" | "not_found" | "version_conflict" | "slot_unavailable">>;
  /** An `awaiting_verification` tour confirmed: its code goes to the lock. */
  confirmTour(caller: Caller, tourId: string): Promise<Result<ServedTour, "not_found" | "conflict">>;
  /** The tour, its code and its unsent messages anchored at start or end moved together; +1 version. */
  rescheduleTour(
    caller: Caller,
    command: RescheduleTourCommand,
  ): Promise<Result<TourWriteResult, "invalid_request" | "not_found" | "version_conflict" | "conflict" | "slot_unavailable">>;
  /** The tour off the schedule: its items deleted, its code removed from the lock; +1 version. */
  cancelTour(caller: Caller, command: CancelTourCommand): Promise<Result<TourWriteResult, "invalid_request" | "not_found" | "conflict">>;
  /** The prospect arrived (the integrator says so). */
  checkIn(caller: Caller, command: CheckInCommand): Promise<Result<ServedTour, "invalid_request" | "not_found" | "conflict">>;
}

/** What the timed transitions and the lock's word on an unlock run on (the tour timer, the provider's webhook). */
export interface TourTransitions {
  /** Makes the tour's timed transition whose instant has passed (one, with its event), or moves its due time; true when it wrote. */
  advanceTour(orgId: string, tourId: string): Promise<boolean>;
  /** A door opened with the tour's code at `atMs` checks the tour in (when the instant is in its access window); true when it did. */
  checkInFromLock(orgId: string, unitId: string, codeId: string, atMs: number): Promise<boolean>;
}

/**
 * The version a booking or a reschedule applies at: the caller's, else, on a unit with showing
 * rules, the one its slot was checked against (a write meanwhile makes it read and check again).
 */
function checkedVersion(unit: Unit, command: { readonly expectedVersion?: number | undefined }): number | null {
  if (command.expectedVersion !== undefined) return command.expectedVersion;
  return unit.showingRules === undefined || unit.showingRules === null ? null : unit.version;
}

/** The 404 for an unknown or foreign tour, or one written through the schedule rather than booked. */
function tourNotFound(tourId: string): Failure<"not_found"> {
  return fail("not_found", `No tour '${tourId.slice(0, 100)}'.`);
}

/** The 409 of a command the tour's status does not take. */
function wrongStatus(command: TourCommand, status: TourStatus): Failure<"conflict"> {
  return fail("conflict", `${command} does not apply to a tour that is ${status}.`);
}

/** What a command's store write answered: the unit after it, `changed`, or the refusal as a problem. */
function refused(outcome: Exclude<UnitWriteOutcome, { ok: true }>, command: { readonly expectedVersion?: number | undefined }) {
  switch (outcome.reason) {
    case "changed":
      return CHANGED;
    case "version_conflict":
      // A version the caller did not name is the one a slot was checked against: read again, check again.
      return command.expectedVersion === undefined ? CHANGED : staleVersion(command.expectedVersion, outcome.currentVersion);
    case "not_found":
      return CHANGED; // the unit was read a moment ago: read again (a tour's unit is never deleted)
    case "too_many_items":
      return invalid("unitIdOrKey", `the unit has ${MAX_ITEMS_PER_UNIT.toLocaleString("en-US")} items, the most a unit holds`);
    case "template_missing":
      return invalid("messages", "a templateId names no template of the organization");
    case "lock_missing":
      return invalid("lockId", "names no active lock of the organization that serves this unit");
    case "pin_taken":
      return CHANGED; // another booking took the PIN meanwhile: draw again
    case "url_key_taken":
      throw new Error("a tour write never changes a urlKey");
  }
}

/** Builds the tour write use cases (`writes`: what the Lintel serves, each told as a write) and the transitions. */
export function createTourWrites(ports: TourWritePorts): TourTransitions & { readonly writes: TourWrites } {
  const nowMs = () => ports.clock.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const event = (orgId: string, type: LintelEvent["type"], data: unknown): LintelEvent =>
    ({ id: randomId("evt_"), orgId, type, createdAt: iso(nowMs()), data }) as LintelEvent;

  /** Runs `attempt` on the tour as read now, again whenever it answers `changed`. */
  async function onTour<T, C extends "invalid_request" | "not_found" | "version_conflict" | "conflict" | "slot_unavailable">(
    orgId: string,
    tourId: string,
    attempt: (now: TourNow, unit: Unit) => Promise<Round<T, C>>,
  ): Promise<Result<T, C | "not_found">> {
    for (let round = 0; round < BASIS_ROUNDS; round++) {
      const stored = await ports.tours.getTour(orgId, tourId);
      if (stored === null) return tourNotFound(tourId);
      const unit = await ports.units.findByIdOrKey(orgId, stored.unitId);
      if (unit === null) return tourNotFound(tourId);
      const outcome = await attempt(await readTourNow(ports.units, stored), unit);
      if (!("changed" in outcome)) return outcome;
    }
    throw new StoreUnavailableError(`The tour kept changing under this write (${BASIS_ROUNDS} rounds).`);
  }

  /** The event of `type` for the tour after a change: its PIN and the prospect's email and phone null. */
  function tourEvent(type: LintelEvent["type"], now: TourNow, unit: Unit, extra: object = {}): LintelEvent {
    const tour = showTour(now, unit.timeZone, nowMs(), null);
    // A check-in says checked_in, also of a no-show whose access is over (its tour.completed follows).
    const shown = type === "tour.checked_in" ? { ...tour, status: "checked_in" as const } : tour;
    return event(unit.orgId, type, { unit: servedUnit(unit), tour: shown, ...extra });
  }

  /** The change's due time: the tour's next timed transition. */
  const dueOf = (tour: TourRecord) => nextTimedTransition({ status: tour.status, access: tourAccess(tour) })?.atMs ?? null;

  /** Stores `change`; answers the unit after it, or the round's refusal. */
  async function write(
    unit: Unit,
    change: TourChange,
    command: { readonly expectedVersion?: number | undefined } = {},
  ): Promise<Round<Unit, "invalid_request" | "version_conflict">> {
    const outcome = await ports.tours.writeTour(unit.orgId, unit.id, change);
    return outcome.ok ? succeed(outcome.unit) : refused(outcome, command);
  }

  /**
   * Stores a change that names no version, adds no item and no lock (a confirm, a check-in, a
   * timed transition): it applies or its basis moved; any other refusal is a bug.
   */
  async function writeStatus(unit: Unit, change: TourChange): Promise<Round<Unit, never>> {
    const outcome = await write(unit, change);
    if ("changed" in outcome || outcome.ok) return outcome;
    throw new Error(`a tour's status change was refused: ${outcome.problem.detail}`);
  }

  /**
   * The locks a PIN on `lock` must be free on: the lock, and every active lock of any org that the
   * same provider's device backs (a webhook's lookup, {@link LockDevices}). A simulated device is
   * the lock's own: the simulator's ids name no hardware, and tests reuse them across orgs.
   */
  async function sharingDevice(lock: Lock): Promise<Lock[]> {
    if (lock.provider === "simulated") return [lock];
    const others = (await ports.devices.activeByProviderDevice(lock.providerDeviceId)).filter(
      (other) =>
        other.provider === lock.provider && other.status === "active" && !(other.orgId === lock.orgId && other.lockId === lock.lockId),
    );
    return [lock, ...others];
  }

  /**
   * Files the codes of `lock` stored before the PIN index (or loaded without a tag): each code
   * naming it at a unit it serves, its PIN opened once to be tagged. Once per lock.
   */
  async function fileLockPins(lock: Lock): Promise<void> {
    const codes = [];
    for (const unitId of lock.unitIds) {
      for (const item of await ports.units.itemsOf(lock.orgId, unitId)) {
        const pin = item.lockId === lock.lockId ? openPin(item, ports.secrets) : null;
        if (pin !== null && pin !== "") codes.push({ unitId, codeId: item.id, tag: ports.secrets.pinTag(pin) });
      }
    }
    await ports.tours.filePins(lock.orgId, lock.lockId, codes);
  }

  /**
   * True when a code ending ahead (a code over by now opens nothing) holds on `lock` the PIN whose
   * tags are `tags`: one store read of the codes filed under them, and a read of each (hits are
   * rare); those read as ended or gone go into `cleared`. No other code's PIN is opened.
   */
  async function heldOn(lock: Lock, tags: readonly string[], cleared: Set<string>): Promise<boolean> {
    let holders = await ports.tours.pinHolders(lock.orgId, lock.lockId, tags);
    if (holders === null) {
      await fileLockPins(lock);
      holders = (await ports.tours.pinHolders(lock.orgId, lock.lockId, tags)) ?? [];
    }
    const atMs = nowMs();
    for (const { unitId, codeId } of holders) {
      const code = await ports.units.getItem(lock.orgId, unitId, "code", codeId);
      if (code !== null && code.lockId === lock.lockId && Date.parse(code.endAt) > atMs) return true;
      cleared.add(codeId);
    }
    return false;
  }

  /**
   * A new PIN for a code on `lock`, with its tags and sealed: drawn under the device's code rules
   * as last observed (6 digits while none are known, and for a simulated lock), never one of
   * `taken` nor of the codes put on the device outside Lintel (their tags, in the same
   * observation), and held by no code ahead on any lock of the device ({@link heldOn}, the locks
   * checked together). Codes of `lock` found filed under a drawn PIN but ended go into `cleared`.
   * Null when {@link PIN_CANDIDATES} PINs in a row are all held (a device full of codes).
   */
  async function freshPin(
    lock: Lock,
    taken: Set<string>,
    cleared: Set<string>,
  ): Promise<{ readonly pin: string; readonly tags: readonly string[]; readonly sealed: string } | null> {
    const observed = lock.provider === "simulated" ? null : await ports.observations.last(lock.orgId, lock.lockId);
    // What the store holds is read as it comes: rules that are not rules count as none.
    const stored = observed?.codeRules as { readonly lengths?: unknown; readonly constraints?: unknown } | null | undefined;
    const rules = stored === undefined || stored === null ? DEFAULT_PIN_RULES : pinRules(stored.lengths, stored.constraints);
    const outside = new Set(Array.isArray(observed?.outsideTags) ? observed.outsideTags : []);
    const locks = await sharingDevice(lock);
    for (let draw = 0; draw < PIN_CANDIDATES; draw++) {
      const pin = drawPin(rules, taken, ports.pinRandom ?? randomInt);
      const tags = ports.secrets.pinTags(pin);
      if (tags.some((tag) => outside.has(tag))) {
        taken.add(pin); // a code put on the device outside Lintel holds it
        continue;
      }
      const held = await Promise.all(locks.map((each) => heldOn(each, tags, each === lock ? cleared : new Set<string>())));
      if (!held.includes(true)) return { pin, tags, sealed: ports.secrets.seal(pin) };
      taken.add(pin);
    }
    return null;
  }

  /** The tour's items after a move to `tour`'s times: the tour item, the code (same PIN, new window) and the unsent messages anchored at start or end. */
  function movedItems(now: TourNow, tour: TourRecord, atMs: number): TourItemOp[] {
    const ops: TourItemOp[] = [];
    if (now.tourItem !== null) ops.push({ op: "put", item: { ...now.tourItem, startAt: tour.startAt, endAt: tour.endAt } });
    if (now.code !== null) {
      const access = tourAccess(tour);
      const held = now.code.lockSync?.status === "held";
      const code: ScheduleItem = {
        ...now.code,
        startAt: iso(access.startMs),
        endAt: iso(access.endMs),
        lockSync: held ? now.code.lockSync! : pendingLockSync(iso(atMs)),
      };
      ops.push({ op: "put", item: code, work: held ? null : codeWorkOf(tour.orgId, code, "put", iso(atMs)) });
    }
    const instants = { bookedMs: Date.parse(tour.createdAt), startMs: Date.parse(tour.startAt), endMs: Date.parse(tour.endAt) };
    for (const message of tour.messages) {
      const item = now.messages.find((m) => m.id === message.id);
      // Sent, failed and skipped messages are history: they stay as they were.
      if (item === undefined || message.anchor === "booked" || !isUnsentMessage(item)) continue;
      const sendMs = anchoredSendMs(message.anchor, message.offsetMinutes, instants);
      const sendAt = iso(sendMs);
      const moved = { ...item, startAt: sendAt, endAt: sendAt };
      ops.push({ op: "put", item: sendMs < atMs ? { ...moved, delivery: SKIPPED_DELIVERY } : moved });
    }
    return ops;
  }

  /** The change that takes the tour off the schedule as `cancelled` for `reason`. */
  function cancellation(now: TourNow, unit: Unit, reason: string, atMs: number): TourChange {
    const held = now.code?.lockSync?.status === "held";
    const at = iso(atMs);
    const ops: TourItemOp[] = [];
    if (now.tourItem !== null) ops.push({ op: "delete", item: now.tourItem });
    if (now.code !== null) ops.push({ op: "delete", item: now.code, work: held ? null : codeWorkOf(unit.orgId, now.code, "delete", at) });
    for (const message of now.messages) if (isUnsentMessage(message)) ops.push({ op: "delete", item: message });
    const codeSync = now.code === null ? null : ({ status: held ? "removed" : "pending", error: null, updatedAt: at } as const);
    const tour: TourRecord = {
      ...now.tour,
      status: "cancelled",
      cancelReason: reason,
      access: { ...now.tour.access, lockSync: codeSync },
      updatedAt: at,
    };
    const after = { ...unit, version: unit.version + 1 };
    const view: TourNow = { ...now, tour, tourItem: null, code: null, messages: now.messages.filter((m) => !isUnsentMessage(m)) };
    return {
      expectedVersion: null,
      basis: { unit: basisOf(unit), tour: now.stored },
      tour,
      items: ops,
      bumpsVersion: true,
      dueAtMs: null,
      event: tourEvent("tour.cancelled", view, after),
    };
  }

  /** The 400 of a booking's fields, or its margins and messages as the tour takes them. */
  function bookingProblem(command: BookTourCommand): Failure<"invalid_request"> | null {
    const title = command.title ?? DEFAULT_TOUR_TITLE;
    for (const [name, value] of [
      ["title", title],
      ["prospect.name", command.prospect.name],
    ] as const) {
      const problem = textProblem(value, TEXT_RULES.text);
      if (problem !== null) return invalid(name, problem);
    }
    for (const side of ["beforeMinutes", "afterMinutes"] as const) {
      const minutes = command.access?.[side];
      if (minutes !== undefined && !(Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_ACCESS_MARGIN_MINUTES)) {
        return invalid(`access.${side}`, `must be a whole number of minutes from 0 to ${MAX_ACCESS_MARGIN_MINUTES}`);
      }
    }
    const messages = command.messages ?? [];
    if (messages.length > MAX_TOUR_MESSAGES) return invalid("messages", `a booking schedules at most ${MAX_TOUR_MESSAGES} messages`);
    for (const [i, message] of messages.entries()) {
      const offset = message.offsetMinutes;
      if (!(Number.isInteger(offset) && Math.abs(offset) <= MAX_MESSAGE_OFFSET_MINUTES)) {
        return invalid(
          `messages.${i}.offsetMinutes`,
          `must be a whole number from -${MAX_MESSAGE_OFFSET_MINUTES} to ${MAX_MESSAGE_OFFSET_MINUTES}`,
        );
      }
      const problem = message.title === undefined ? null : textProblem(message.title, TEXT_RULES.text);
      if (problem !== null) return invalid(`messages.${i}.title`, problem);
    }
    return null;
  }

  /** The tour's times as instants, or the 400 naming the field. */
  function timesOf(startAt: string, endAt: string): { startMs: number; endMs: number } | Failure<"invalid_request"> {
    const start = normalizeInstant(startAt);
    const end = normalizeInstant(endAt);
    if (start === null) return invalid("startAt", "must be an RFC 3339 instant");
    if (end === null) return invalid("endAt", "must be an RFC 3339 instant");
    return { startMs: Date.parse(start), endMs: Date.parse(end) };
  }

  async function bookTour(caller: Caller, command: BookTourCommand) {
    const problem = bookingProblem(command);
    if (problem !== null) return problem;
    const times = timesOf(command.startAt, command.endAt);
    if ("ok" in times) return times;
    const before = command.access?.beforeMinutes ?? DEFAULT_ACCESS_MARGIN_MINUTES;
    const after = command.access?.afterMinutes ?? DEFAULT_ACCESS_MARGIN_MINUTES;
    const verification = command.verification ?? "none";
    const atMs = nowMs();
    const timesProblem = tourTimesProblem(
      times.startMs,
      times.endMs,
      accessWindow(times.startMs, times.endMs, before, after),
      verification === "required",
      atMs,
    );
    if (timesProblem !== null) return invalid(timesProblem.field, timesProblem.reason);
    // The templates and the unit are read together (on Redis, one round trip rather than one each).
    const findUnit = () => ports.units.findByIdOrKey(caller.orgId, command.unitIdOrKey);
    const [found, firstUnit] = await Promise.all([
      Promise.all((command.messages ?? []).map((message) => ports.templates.get(caller.orgId, message.templateId))),
      findUnit(),
    ]);
    const templates = new Map<string, string>();
    for (const [i, template] of found.entries()) {
      if (template === null) return invalid(`messages.${i}.templateId`, "names no template of the organization");
      templates.set(template.id, template.name);
    }

    // PINs drawn for a write that did not apply are not drawn again (another booking may hold one: pin_taken);
    // codes found ended under a drawn PIN's tag are no clash for the write's own check.
    const taken = new Set<string>();
    const cleared = new Set<string>();
    for (let round = 0; round < BASIS_ROUNDS; round++) {
      const unit = round === 0 ? firstUnit : await findUnit();
      if (unit === null) return fail("not_found", `No unit '${command.unitIdOrKey.slice(0, 100)}'.`);
      if (command.expectedVersion !== undefined && unit.version !== command.expectedVersion) {
        return staleVersion(command.expectedVersion, unit.version);
      }
      let lock: Lock | null = null;
      if (command.lockId !== undefined) {
        lock = await ports.locks.getActive(caller.orgId, command.lockId);
        if (lock === null || !lock.unitIds.includes(unit.id))
          return invalid("lockId", "names no active lock of the organization that serves this unit");
      } else {
        const serving = await ports.locks.activeServing(unit.orgId, unit.id);
        const many = `${serving.length === SERVING_LOCKS_LIMIT ? "at least " : ""}${serving.length}`;
        if (serving.length > 1) return invalid("lockId", `is required: ${many} active locks serve this unit`);
        lock = serving[0] ?? null;
      }
      if (lock !== null && !ports.programsCodes) {
        return invalid("lockId", "codes are not written here: this Lintel programs no locks (it was made without a lockCodeProgrammer)");
      }
      const slot = await slotProblem(ports, unit, times, atMs, null);
      if (slot !== null) return slot;
      const at = iso(atMs);
      const tourId = randomId("tour_");
      const title = command.title ?? DEFAULT_TOUR_TITLE;
      const held = verification === "required";
      const messages = (command.messages ?? []).map((message) => ({
        id: randomId("msg_"),
        templateId: message.templateId,
        anchor: message.anchor,
        offsetMinutes: message.offsetMinutes,
      }));
      const seal = (value: string | null | undefined) => (value === null || value === undefined ? null : ports.secrets.seal(value));
      const tour: TourRecord = {
        id: tourId,
        orgId: caller.orgId,
        unitId: unit.id,
        status: held ? "awaiting_verification" : "confirmed",
        title,
        startAt: iso(times.startMs),
        endAt: iso(times.endMs),
        lockId: lock?.lockId ?? null,
        prospect: { name: command.prospect.name, email: seal(command.prospect.email), phone: seal(command.prospect.phone) },
        access: { beforeMinutes: before, afterMinutes: after, codeId: lock === null ? null : randomId("code_"), lockSync: null },
        messages,
        verification,
        checkedInAt: null,
        cancelReason: null,
        createdAt: at,
        updatedAt: at,
      };
      const ops: TourItemOp[] = [
        {
          op: "put",
          item: { kind: "tour", id: tourId, unitId: unit.id, title, startAt: tour.startAt, endAt: tour.endAt, lockId: tour.lockId, tourId },
        },
      ];
      let code: ScheduleItem | null = null;
      let pin: string | null = null;
      let pinCheck: PinCheck | undefined;
      if (lock !== null && tour.access.codeId !== null) {
        const drawn = await freshPin(lock, taken, cleared);
        if (drawn === null) {
          const reason = `names a lock whose device has no free PIN: ${PIN_CANDIDATES} PINs drawn in a row were all held by its codes`;
          return invalid("lockId", reason);
        }
        pin = drawn.pin;
        pinCheck = { lockId: lock.lockId, codeId: tour.access.codeId, tags: drawn.tags, cleared: [...cleared] };
        const access = tourAccess(tour);
        code = {
          kind: "code",
          id: tour.access.codeId,
          unitId: unit.id,
          title,
          startAt: iso(access.startMs),
          endAt: iso(access.endMs),
          lockId: lock.lockId,
          code: drawn.sealed,
          lockSync: held ? { status: "held", error: null, updatedAt: at } : pendingLockSync(at),
          tourId,
        };
        ops.push({
          op: "put",
          item: code,
          work: held ? null : codeWorkOf(caller.orgId, code, "put", at),
          pinTag: drawn.tags[0], // the first key's: pinTags lists it first
        });
      }
      const instants = { bookedMs: atMs, startMs: times.startMs, endMs: times.endMs };
      const messageItems = messages.map((message, i): ScheduleItem => {
        const sendAt = iso(anchoredSendMs(message.anchor, message.offsetMinutes, instants));
        const itemTitle = command.messages?.[i]?.title ?? templates.get(message.templateId) ?? title;
        return {
          kind: "scheduled_message",
          id: message.id,
          unitId: unit.id,
          title: itemTitle,
          startAt: sendAt,
          endAt: sendAt,
          lockId: null,
          templateId: message.templateId,
          tourId,
          delivery: held ? HELD_DELIVERY : SCHEDULED_DELIVERY,
        };
      });
      for (const item of messageItems) ops.push({ op: "put", item });
      const afterUnit = { ...unit, version: unit.version + 1 };
      const now: TourNow = { tour, stored: tour, tourItem: ops[0]!.item, code, messages: messageItems };
      const outcome = await write(
        unit,
        {
          expectedVersion: checkedVersion(unit, command),
          basis: { unit: basisOf(unit), tour: null },
          tour,
          items: ops,
          bumpsVersion: true,
          lockServing: lock?.lockId,
          pinCheck,
          templateIds: [...templates.keys()],
          dueAtMs: dueOf(tour),
          event: tourEvent("tour.booked", now, afterUnit),
        },
        command,
      );
      if ("changed" in outcome) {
        if (pin !== null) taken.add(pin);
        continue;
      }
      // The answer shows what the booking sealed, from the clear text it has: nothing is opened again.
      const known = { pin, email: command.prospect.email ?? null, phone: command.prospect.phone ?? null };
      return outcome.ok ? succeed({ tour: showTour(now, unit.timeZone, nowMs(), ports.secrets, known), unit: outcome.value }) : outcome;
    }
    throw new StoreUnavailableError(`The unit kept changing under this booking (${BASIS_ROUNDS} rounds).`);
  }

  async function confirmTour(caller: Caller, tourId: string) {
    return onTour<ServedTour, "conflict">(caller.orgId, tourId, async (now, unit) => {
      const atMs = nowMs();
      const status = tourStatusAt(now.tour, atMs);
      const fit = commandFit("confirm_tour", status);
      if (fit === "conflict") return wrongStatus("confirm_tour", status);
      if (fit === "as_is") return succeed(showTour(now, unit.timeZone, atMs, ports.secrets));
      const at = iso(atMs);
      const tour: TourRecord = { ...now.tour, status: "confirmed", updatedAt: at };
      const ops: TourItemOp[] = [];
      let code = now.code;
      if (code !== null && code.lockSync?.status === "held") {
        code = { ...code, lockSync: pendingLockSync(at) };
        ops.push({ op: "put", item: code, work: codeWorkOf(unit.orgId, code, "put", at) });
      }
      // Held messages go to the sender: those whose time has come are due at once.
      const messages = now.messages.map((message) =>
        message.delivery?.status === "held" ? { ...message, delivery: SCHEDULED_DELIVERY } : message,
      );
      for (const [i, message] of messages.entries()) if (message !== now.messages[i]) ops.push({ op: "put", item: message });
      const after: TourNow = { ...now, tour, code, messages };
      const outcome = await writeStatus(unit, {
        expectedVersion: null,
        basis: { unit: basisOf(unit), tour: now.stored },
        tour,
        items: ops,
        bumpsVersion: false,
        dueAtMs: dueOf(tour),
        event: tourEvent("tour.confirmed", after, unit),
      });
      return "changed" in outcome ? outcome : succeed(showTour(after, unit.timeZone, atMs, ports.secrets));
    });
  }

  async function rescheduleTour(caller: Caller, command: RescheduleTourCommand) {
    const times = timesOf(command.startAt, command.endAt);
    if ("ok" in times) return times;
    // The parameters' own bounds before the tour is read: end after start, at most 24 h.
    const bounds = tourTimesProblem(
      times.startMs,
      times.endMs,
      { startMs: Number.POSITIVE_INFINITY, endMs: Number.POSITIVE_INFINITY },
      false,
      0,
    );
    if (bounds !== null) return invalid(bounds.field, bounds.reason);
    return onTour<TourWriteResult, "invalid_request" | "version_conflict" | "conflict" | "slot_unavailable">(
      caller.orgId,
      command.tourId,
      async (now, unit) => {
        if (command.expectedVersion !== undefined && unit.version !== command.expectedVersion) {
          return staleVersion(command.expectedVersion, unit.version);
        }
        const atMs = nowMs();
        const status = tourStatusAt(now.tour, atMs);
        if (commandFit("reschedule_tour", status) !== "apply") return wrongStatus("reschedule_tour", status);
        if (tourAccess(now.tour).startMs <= atMs) {
          return fail("conflict", "reschedule_tour applies only before the tour's access starts; its access has started.");
        }
        const { beforeMinutes, afterMinutes } = now.tour.access;
        const window = accessWindow(times.startMs, times.endMs, beforeMinutes, afterMinutes);
        const problem = tourTimesProblem(times.startMs, times.endMs, window, status === "awaiting_verification", atMs);
        if (problem !== null) return invalid(problem.field, problem.reason);
        const slot = await slotProblem(ports, unit, times, atMs, now.tour.id);
        if (slot !== null) return slot;
        const tour: TourRecord = { ...now.tour, startAt: iso(times.startMs), endAt: iso(times.endMs), updatedAt: iso(atMs) };
        if (tour.startAt === now.tour.startAt && tour.endAt === now.tour.endAt) {
          return succeed({ tour: showTour(now, unit.timeZone, atMs, ports.secrets), unit }); // changes nothing
        }
        const ops = movedItems(now, tour, atMs);
        const after: TourNow = {
          ...now,
          tour,
          tourItem: ops.find((op) => op.item.kind === "tour")?.item ?? null,
          code: ops.find((op) => op.item.kind === "code")?.item ?? null,
          messages: now.messages.map((m) => ops.find((op) => op.item.id === m.id)?.item ?? m),
        };
        const previous = { startAt: now.tour.startAt, endAt: now.tour.endAt };
        const outcome = await write(
          unit,
          {
            expectedVersion: checkedVersion(unit, command),
            basis: { unit: basisOf(unit), tour: now.stored },
            tour,
            items: ops,
            bumpsVersion: true,
            lockServing: undefined,
            dueAtMs: dueOf(tour),
            event: tourEvent("tour.rescheduled", after, { ...unit, version: unit.version + 1 }, { previous }),
          },
          command,
        );
        if ("changed" in outcome || !outcome.ok) return outcome;
        return succeed({ tour: showTour(after, unit.timeZone, atMs, ports.secrets), unit: outcome.value });
      },
    );
  }

  async function cancelTour(caller: Caller, command: CancelTourCommand) {
    if (command.reason !== undefined) {
      const problem = textProblem(command.reason, TEXT_RULES.text);
      if (problem !== null) return invalid("reason", problem);
    }
    return onTour<TourWriteResult, "invalid_request" | "conflict">(caller.orgId, command.tourId, async (now, unit) => {
      const atMs = nowMs();
      const status = tourStatusAt(now.tour, atMs);
      const fit = commandFit("cancel_tour", status);
      if (fit === "conflict") return wrongStatus("cancel_tour", status);
      if (fit === "as_is") return succeed({ tour: showTour(now, unit.timeZone, atMs, ports.secrets), unit });
      const change = cancellation(now, unit, command.reason ?? "cancelled", atMs);
      const outcome = await write(unit, change);
      if ("changed" in outcome || !outcome.ok) return outcome as Round<never, "invalid_request">;
      const after: TourNow = {
        ...now,
        tour: change.tour,
        tourItem: null,
        code: null,
        messages: now.messages.filter((m) => !isUnsentMessage(m)),
      };
      return succeed({ tour: showTour(after, unit.timeZone, atMs, ports.secrets), unit: outcome.value });
    });
  }

  /** The check-in of the tour `now` at `atMs` (its status of the moment taking it), or null when the status does not. */
  function checkInChange(now: TourNow, unit: Unit, atMs: number): { change: TourChange; after: TourNow } | "as_is" | TourStatus {
    const status = tourStatusAt(now.tour, nowMs());
    const fit = commandFit("check_in", status);
    if (fit === "conflict") return status;
    if (fit === "as_is") return "as_is";
    const at = iso(nowMs());
    // A no-show whose prospect did come is checked in, and completed at once by its timed transition (its access is over).
    const tour: TourRecord = { ...now.tour, status: "checked_in", checkedInAt: iso(atMs), updatedAt: at };
    const after: TourNow = { ...now, tour };
    const change: TourChange = {
      expectedVersion: null,
      basis: { unit: basisOf(unit), tour: now.stored },
      tour,
      items: [],
      bumpsVersion: false,
      dueAtMs: dueOf(tour),
      event: tourEvent("tour.checked_in", after, unit),
    };
    return { change, after };
  }

  async function checkIn(caller: Caller, command: CheckInCommand) {
    let atMs = nowMs();
    if (command.at !== undefined) {
      const at = normalizeInstant(command.at);
      if (at === null) return invalid("at", "must be an RFC 3339 instant");
      atMs = Date.parse(at);
    }
    return onTour<ServedTour, "invalid_request" | "conflict">(caller.orgId, command.tourId, async (now, unit) => {
      // The status first: a command the status does not take is 409 naming it, whatever the instant.
      const status = tourStatusAt(now.tour, nowMs());
      if (commandFit("check_in", status) === "conflict") return wrongStatus("check_in", status);
      if (atMs > nowMs()) return invalid("at", "must not be ahead of now");
      if (!withinAccess(tourAccess(now.tour), atMs)) return invalid("at", "must be within the tour's access window");
      const made = checkInChange(now, unit, atMs);
      if (made === "as_is") return succeed(showTour(now, unit.timeZone, nowMs(), ports.secrets));
      if (typeof made === "string") return wrongStatus("check_in", made);
      const outcome = await writeStatus(unit, made.change);
      return "changed" in outcome ? outcome : succeed(showTour(made.after, unit.timeZone, nowMs(), ports.secrets));
    });
  }

  async function advanceTour(orgId: string, tourId: string): Promise<boolean> {
    const stored = await ports.tours.getTour(orgId, tourId);
    if (stored === null) return false;
    const unit = await ports.units.findByIdOrKey(orgId, stored.unitId);
    if (unit === null) return false;
    const now = await readTourNow(ports.units, stored);
    const atMs = nowMs();
    const next = nextTimedTransition({ status: now.tour.status, access: tourAccess(now.tour) });
    let change: TourChange;
    if (next === null || next.atMs > atMs) {
      // Not due (indexed before its times last moved, by a zone change stored before those moved tours in their own step): index it again, with no event.
      change = {
        expectedVersion: null,
        basis: { unit: basisOf(unit), tour: stored },
        tour: now.tour,
        items: [],
        bumpsVersion: false,
        dueAtMs: next?.atMs ?? null,
        event: null,
      };
    } else if (next.to === "cancelled") {
      change = cancellation(now, unit, next.reason ?? "cancelled", atMs);
    } else {
      const tour: TourRecord = { ...now.tour, status: next.to, updatedAt: iso(atMs) };
      const after: TourNow = { ...now, tour };
      change = {
        expectedVersion: null,
        basis: { unit: basisOf(unit), tour: stored },
        tour,
        items: [],
        bumpsVersion: false,
        dueAtMs: dueOf(tour),
        event: tourEvent(next.to === "no_show" ? "tour.no_show" : "tour.completed", after, unit),
      };
    }
    return (await ports.tours.writeTour(orgId, unit.id, change)).ok;
  }

  async function checkInFromLock(orgId: string, unitId: string, codeId: string, atMs: number): Promise<boolean> {
    const code = await ports.units.getItem(orgId, unitId, "code", codeId);
    if (code?.tourId === undefined) return false;
    const result = await onTour<boolean, "conflict">(orgId, code.tourId, async (now, unit) => {
      // The provider's clock may run a little ahead of ours: an unlock up to a minute "ahead" is taken.
      if (!withinAccess(tourAccess(now.tour), atMs) || atMs > nowMs() + LOCK_CLOCK_SKEW_MS) return succeed(false);
      const made = checkInChange(now, unit, atMs);
      if (made === "as_is" || typeof made === "string") return succeed(false);
      const outcome = await writeStatus(unit, made.change);
      return "changed" in outcome ? outcome : succeed(true);
    });
    return result.ok && result.value;
  }

  return { writes: { bookTour, confirmTour, rescheduleTour, cancelTour, checkIn }, advanceTour, checkInFromLock };
}
