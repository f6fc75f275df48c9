/**
 * Writing units and their schedules: create and update a unit, create, update and delete a
 * tour, code, open house or scheduled message. Each reads what it checks, builds the record and
 * its event, and hands both to the store, which applies them in one atomic step only while what
 * the write was made from is unchanged: the unit's urlKey, address and zone, and the item it
 * changes (its basis). Every change of a unit's schedule adds 1 to its version, which the store
 * gives (and writes into the event), so a preview made before it is stale and set_timezone with
 * it is refused.
 *
 * The unit's version is checked only when the caller gives `expectedVersion` (as set_timezone
 * checks it): writes without one never refuse each other. Creates of different items on one
 * unit never meet; a write whose basis another write changed first (the same item, the unit's
 * own fields) reads again and is made anew: each such round means another write applied.
 */
import { canonicalTimeZone, refusedZoneReason, type ScheduleItem, type Unit } from "@lintel/domain";
import { isUnsentMessage, scheduleEntry, type DataCipher, type LintelEvent } from "@lintel/domain/adapters";
import { TEXT_RULES, textProblem } from "@lintel/domain/schemas";
import type { Caller } from "../admission/admission.js";
import { randomId } from "../common/event-ids.js";
import type {
  CreateItemCommand,
  CreateUnitCommand,
  DeleteItemCommand,
  ItemWriteResult,
  UpdateItemCommand,
  UpdateUnitCommand,
} from "./schedule-commands.js";
import { ALL_FIELDS, applyFields, ID_PREFIX, invalid, parseItemKey } from "./item-fields.js";
import type { LockCodeOutbox } from "../ports/lock-code-ports.js";
import { codeWorkOf, openPin, pendingCode, pendingLockSync } from "../lock-codes/lock-code-work.js";
import { MAX_ITEMS_PER_UNIT, type Clock, type LockDirectory, type UnitStore, type UnitWriteOutcome } from "../ports/ports.js";
import { fail, notFound, succeed, type Failure, type Result } from "../common/problem.js";
import { basisOf, CHANGED, servedUnit, staleVersion, unitAtVersion, type Round } from "./write-rounds.js";

const NO_SERVING_LOCK = invalid("lockId", "names no active lock of the organization that serves this unit");

/**
 * Whether a put of `item` (made from `previous`, null for a new one) names its lock anew: a lock
 * the item did not have, or the same lock on an item that was over and now ends ahead. Only then
 * is the lock checked: an item over by now may keep a lock that has since left its unit.
 */
function namesLockAnew(item: ScheduleItem, previous: ScheduleItem | null, nowIso: string): boolean {
  if (item.lockId === null) return false;
  return previous === null || item.lockId !== previous.lockId || (previous.endAt <= nowIso && item.endAt > nowIso);
}

/** What the schedule writes read and write through. */
export interface ScheduleWritePorts {
  readonly units: UnitStore;
  readonly locks: LockDirectory;
  readonly clock: Clock;
  /** Seals and opens the codes' PINs. */
  readonly secrets: DataCipher;
  /** False when nothing programs codes on locks: a code is then neither created nor changed. */
  readonly programsCodes: boolean;
  /** Sends a failed code to its lock again without a change of the schedule. */
  readonly lockCodes: Pick<LockCodeOutbox, "resendCode">;
}

/** The unit and schedule writes of the API; each stores its event with its change. */
export interface ScheduleWrites {
  /** A new unit of the caller's org (version 1); a urlKey the org already uses is a `conflict`. */
  createUnit(caller: Caller, command: CreateUnitCommand): Promise<Result<Unit, "invalid_request" | "conflict">>;
  /** Sets a unit's urlKey or address at `expectedVersion` (when given); +1 version. */
  updateUnit(
    caller: Caller,
    command: UpdateUnitCommand,
  ): Promise<Result<Unit, "invalid_request" | "not_found" | "version_conflict" | "conflict">>;
  /** A new tour, code, open house or scheduled message of a unit; +1 version. */
  createScheduleItem(
    caller: Caller,
    command: CreateItemCommand,
  ): Promise<Result<ItemWriteResult, "invalid_request" | "not_found" | "version_conflict">>;
  /** Sets the given fields of a unit's item (named by its key); +1 version. An item a booked tour owns is a `conflict`. */
  updateScheduleItem(
    caller: Caller,
    command: UpdateItemCommand,
  ): Promise<Result<ItemWriteResult, "invalid_request" | "not_found" | "version_conflict" | "conflict">>;
  /** Removes a unit's item; +1 version. An item a booked tour owns is a `conflict`. */
  deleteScheduleItem(
    caller: Caller,
    command: DeleteItemCommand,
  ): Promise<Result<{ unit: Unit }, "not_found" | "version_conflict" | "conflict">>;
}

/** Builds the unit and schedule write use cases. */
export function createScheduleWrites(ports: ScheduleWritePorts): ScheduleWrites {
  const nowIso = () => new Date(ports.clock.now()).toISOString();
  const event = (orgId: string, type: LintelEvent["type"], data: unknown): LintelEvent =>
    ({ id: randomId("evt_"), orgId, type, createdAt: nowIso(), data }) as LintelEvent;

  const atVersion = unitAtVersion(ports.units);

  /** The store's refusal as the use case's answer, or `changed` when another write got in first. */
  function refusal(outcome: Exclude<UnitWriteOutcome, { ok: true }>, unitIdOrKey: string, expectedVersion: number | null) {
    switch (outcome.reason) {
      case "changed":
        return CHANGED;
      case "version_conflict":
        // Only a write that names a version is refused for it.
        return staleVersion(expectedVersion ?? outcome.currentVersion, outcome.currentVersion);
      case "not_found":
        return notFound("unit", unitIdOrKey);
      case "url_key_taken":
        return fail("conflict", "urlKey: another unit of the organization has this urlKey.", {
          invalidParams: [{ name: "urlKey", reason: "another unit of the organization has this urlKey" }],
        });
      case "too_many_items":
        return invalid("unitIdOrKey", `the unit has ${MAX_ITEMS_PER_UNIT.toLocaleString("en-US")} items, the most a unit holds`);
      case "template_missing":
        return invalid("templateId", "names no template of the organization");
      case "lock_missing":
        return NO_SERVING_LOCK;
      case "pin_taken":
        throw new Error("a schedule item write never checks a PIN");
    }
  }

  /** Checks the lock an item names: an active lock of the org that serves the unit. */
  async function lockProblem(caller: Caller, unit: Unit, lockId: string | null): Promise<Failure<"invalid_request"> | null> {
    if (lockId === null) return null;
    const lock = await ports.locks.getActive(caller.orgId, lockId);
    return lock !== null && lock.unitIds.includes(unit.id) ? null : NO_SERVING_LOCK;
  }

  async function createUnit(caller: Caller, command: CreateUnitCommand): Promise<Result<Unit, "invalid_request" | "conflict">> {
    const addressProblem = textProblem(command.address, TEXT_RULES.address);
    if (addressProblem !== null) return invalid("address", addressProblem);
    let timeZone: string | null = null;
    if (command.timeZone !== undefined && command.timeZone !== null) {
      timeZone = canonicalTimeZone(command.timeZone);
      if (timeZone === null) return invalid("timeZone", refusedZoneReason(command.timeZone));
    }
    const unit: Unit = {
      id: randomId("unit_"),
      orgId: caller.orgId,
      urlKey: command.urlKey,
      address: command.address,
      timeZone,
      version: 1,
    };
    const outcome = await ports.units.createUnit(unit, event(caller.orgId, "unit.created", { unit: servedUnit(unit) }));
    if (outcome.ok) return succeed(outcome.unit);
    const refused = refusal(outcome, unit.id, null);
    return "changed" in refused || refused.problem.code === "not_found"
      ? fail("conflict", "The unit could not be created.")
      : (refused as Failure<"conflict">);
  }

  async function updateUnit(caller: Caller, command: UpdateUnitCommand) {
    const addressProblem = command.address === undefined ? null : textProblem(command.address, TEXT_RULES.address);
    if (addressProblem !== null) return invalid("address", addressProblem);
    return atVersion<Unit, "invalid_request" | "conflict">(caller, command.unitIdOrKey, command.expectedVersion, async (unit) => {
      const urlKey = command.urlKey ?? unit.urlKey;
      const address = command.address ?? unit.address;
      if (urlKey === unit.urlKey && address === unit.address) return succeed(unit); // changes nothing: no version, no event
      const after = { ...unit, urlKey, address, version: unit.version + 1 };
      const data = { unit: servedUnit(after), previous: { urlKey: unit.urlKey, address: unit.address } };
      const outcome = await ports.units.updateUnit(caller.orgId, unit.id, {
        expectedVersion: command.expectedVersion ?? null,
        basis: basisOf(unit),
        urlKey,
        address,
        event: event(caller.orgId, "unit.updated", data),
      });
      if (outcome.ok) return succeed(outcome.unit);
      return refusal(outcome, command.unitIdOrKey, command.expectedVersion ?? null) as Round<Unit, "conflict" | "version_conflict">;
    });
  }

  /**
   * Stores `op` of `item` made from `unit` and `previous` (the item as read; null for a new one),
   * with the event of `type`; answers the entry and the unit after.
   */
  async function writeItem(
    caller: Caller,
    unit: Unit,
    op: "put" | "delete",
    item: ScheduleItem,
    type: "schedule.item_created" | "schedule.item_updated" | "schedule.item_deleted",
    previous: ScheduleItem | null,
    command: { readonly unitIdOrKey: string; readonly expectedVersion?: number | undefined },
  ): Promise<Round<ItemWriteResult, "invalid_request" | "not_found" | "version_conflict">> {
    const after = { ...unit, version: unit.version + 1 };
    // Events carry a code's entry without its PIN; the answer shows it.
    const entry = scheduleEntry(item, unit.timeZone);
    const data =
      previous === null || op === "delete"
        ? { unit: servedUnit(after), item: entry }
        : { unit: servedUnit(after), item: entry, previous: scheduleEntry(previous, unit.timeZone) };
    const expectedVersion = command.expectedVersion ?? null;
    const pin = openPin(item, ports.secrets);
    const outcome = await ports.units.writeItem(caller.orgId, unit.id, {
      expectedVersion,
      basis: { unit: basisOf(unit), item: previous },
      op,
      item,
      work: item.kind === "code" ? codeWorkOf(caller.orgId, item, op, nowIso()) : null,
      // The store files the code under its PIN's tag on its lock, for bookings' PIN checks.
      pinTag: op === "put" && pin !== null && pin !== "" ? ports.secrets.pinTag(pin) : undefined,
      // The store checks the lock again in the write's step: one leaving the unit meanwhile is never named.
      lockServing: op === "put" && namesLockAnew(item, previous, nowIso()) ? (item.lockId ?? undefined) : undefined,
      event: event(caller.orgId, type, data),
    });
    if (outcome.ok) return succeed({ item: scheduleEntry(item, unit.timeZone, pin), unit: outcome.unit });
    return refusal(outcome, command.unitIdOrKey, expectedVersion) as Round<
      ItemWriteResult,
      "invalid_request" | "not_found" | "version_conflict"
    >;
  }

  function createScheduleItem(caller: Caller, command: CreateItemCommand) {
    return atVersion<ItemWriteResult, "invalid_request">(caller, command.unitIdOrKey, command.expectedVersion, async (unit) => {
      const made = applyFields(
        ports.programsCodes,
        command.kind,
        { kind: command.kind, id: randomId(ID_PREFIX[command.kind]), unitId: unit.id, lockId: null },
        command,
      );
      if (!made.ok) return made;
      const lockRefused = await lockProblem(caller, unit, made.value.lockId);
      if (lockRefused !== null) return lockRefused;
      const item = command.kind === "code" ? pendingCode(made.value, command.code, ports.secrets, nowIso()) : made.value;
      return writeItem(caller, unit, "put", item, "schedule.item_created", null, command);
    });
  }

  /** The unit's item named by `key`, or the 404 (an unknown key and another unit's item read the same). */
  async function itemOf(caller: Caller, unit: Unit, key: string): Promise<Result<ScheduleItem, "not_found">> {
    const parsed = parseItemKey(key);
    const item = parsed === null ? null : await ports.units.getItem(caller.orgId, unit.id, parsed.kind, parsed.id);
    return item === null ? fail("not_found", `No schedule item '${key.slice(0, 100)}' at this unit.`) : succeed(item);
  }

  /** The 409 of an item a booked tour owns (it changes with its tour only), or of a message that is history (sent, failed, skipped). */
  function ownedByTour(item: ScheduleItem): Failure<"conflict"> | null {
    if (item.tourId !== undefined) {
      return fail(
        "conflict",
        `The item belongs to tour '${item.tourId}': it changes with its tour, through /v1/tours/reschedule_tour or /v1/tours/cancel_tour.`,
      );
    }
    if (item.kind === "scheduled_message" && !isUnsentMessage(item)) {
      return fail(
        "conflict",
        `The message is ${item.delivery?.status ?? "sent"}: a message that was sent, failed or skipped is history and stays as it is.`,
      );
    }
    return null;
  }

  function updateScheduleItem(caller: Caller, command: UpdateItemCommand) {
    return atVersion<ItemWriteResult, "invalid_request" | "conflict">(
      caller,
      command.unitIdOrKey,
      command.expectedVersion,
      async (unit) => {
        const found = await itemOf(caller, unit, command.key);
        if (!found.ok) return found;
        const previous = found.value;
        const owned = ownedByTour(previous);
        if (owned !== null) return owned;
        const made = applyFields(ports.programsCodes, previous.kind, previous, command, previous);
        if (!made.ok) return made;
        const pin = openPin(previous, ports.secrets);
        const same =
          ALL_FIELDS.every((name) => command[name] === undefined) ||
          (made.value.title === previous.title &&
            made.value.startAt === previous.startAt &&
            made.value.endAt === previous.endAt &&
            made.value.lockId === previous.lockId &&
            (made.value.templateId ?? null) === (previous.templateId ?? null) &&
            (command.code === undefined || command.code === pin));
        // A failed code is sent to its lock again by any update of it; one that changes nothing
        // changes its lockSync only, not the schedule (no version, no event). A code stored
        // without a PIN gets one below: that is a change.
        if (same && previous.lockSync?.status === "failed" && pin !== null) return resend(caller, unit, previous, command.key, pin);
        if (same && previous.lockSync?.status !== "failed") return succeed({ item: scheduleEntry(previous, unit.timeZone, pin), unit }); // changes nothing
        // A changed code is on its way to its lock again (a code stored without a PIN gets one now).
        const item =
          previous.kind === "code" ? pendingCode(made.value, command.code ?? pin ?? undefined, ports.secrets, nowIso()) : made.value;
        if (namesLockAnew(item, previous, nowIso())) {
          const lockRefused = await lockProblem(caller, unit, item.lockId);
          if (lockRefused !== null) return lockRefused;
        }
        return writeItem(caller, unit, "put", item, "schedule.item_updated", previous, command);
      },
    );
  }

  /**
   * Puts the failed `code` on its lock again (see `LockCodeOutbox.resendCode`); answers it as it
   * then is, or `changed` when the unit changed since it was read (`atVersion` reads it again).
   */
  async function resend(
    caller: Caller,
    unit: Unit,
    code: ScheduleItem,
    key: string,
    pin: string,
  ): Promise<Round<ItemWriteResult, "not_found">> {
    const resent = { ...code, lockSync: pendingLockSync(nowIso()) };
    const work = codeWorkOf(caller.orgId, resent, "put", nowIso());
    if (await ports.lockCodes.resendCode(caller.orgId, unit.id, unit.version, work, resent.lockSync)) {
      return succeed({ item: scheduleEntry(resent, unit.timeZone, pin), unit });
    }
    const current = await ports.units.findByIdOrKey(caller.orgId, unit.id);
    if (current === null) return notFound("unit", key);
    if (current.version !== unit.version) return CHANGED;
    const now = await itemOf(caller, unit, key); // sent again meanwhile, or gone
    return now.ok ? succeed({ item: scheduleEntry(now.value, unit.timeZone, openPin(now.value, ports.secrets)), unit }) : now;
  }

  function deleteScheduleItem(caller: Caller, command: DeleteItemCommand) {
    return atVersion<{ unit: Unit }, "conflict">(caller, command.unitIdOrKey, command.expectedVersion, async (unit) => {
      const found = await itemOf(caller, unit, command.key);
      if (!found.ok) return found;
      const owned = ownedByTour(found.value);
      if (owned !== null) return owned;
      const written = await writeItem(caller, unit, "delete", found.value, "schedule.item_deleted", found.value, command);
      if ("changed" in written) return written;
      // A delete is refused only for its unit, its item or its version (no item rules).
      return written.ok ? succeed({ unit: written.value.unit }) : (written as Failure<"not_found" | "version_conflict">);
    });
  }

  return { createUnit, updateUnit, createScheduleItem, updateScheduleItem, deleteScheduleItem };
}
