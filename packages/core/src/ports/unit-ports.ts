/**
 * The unit store port: units of an org with their schedule items, read and written. Every write
 * is one atomic step of the store with its event (and its deliveries) and, for a code, its lock
 * work (lock-code-ports.js).
 */
import type { ItemRewrite, ScheduleItem, Unit } from "@lintel/domain";
import type { LintelEvent, TourRecord } from "@lintel/domain/adapters";
import type { LockSync } from "@lintel/domain/schemas";
import type { LoadOutcome } from "./fixture-ports.js";
import type { CodeWork } from "./lock-code-ports.js";
import type { ShowingRules } from "@lintel/domain";

/** The new instants of one item, as set_timezone under keep_wall_clock writes them (the domain's plan makes them). */
export type { ItemRewrite } from "@lintel/domain";

/**
 * What the store did with a zone change: applied (the unit after it), or refused: no such unit,
 * a stale `expectedVersion` (with the version the unit is at), or `changed`: a tour it moves is
 * no longer as read (a confirm or a check-in got in first; read again and plan anew).
 */
export type SetTimeZoneOutcome =
  | { readonly ok: true; readonly unit: Unit }
  | { readonly ok: false; readonly reason: "not_found" }
  | { readonly ok: false; readonly reason: "version_conflict"; readonly currentVersion: number }
  | { readonly ok: false; readonly reason: "changed" };

/** A booked tour a zone change moves: its record as read, as it is after (its new times), and its next due time. */
export interface TourMove {
  /** The stored tour the move was made from: the change applies only while it is still so. */
  readonly read: TourRecord;
  /** The same tour with the times of its tour item after the rewrites. */
  readonly tour: TourRecord;
  /** When its next timed transition falls due (ms), indexed as a tour write indexes it; null: none. */
  readonly dueAtMs: number | null;
}

/** What {@link UnitStore.setTimeZone} applies: the zone, the items' new instants, and the event that says so. */
export interface TimeZoneChange {
  readonly expectedVersion: number;
  readonly timeZone: string;
  readonly rewrites: readonly ItemRewrite[];
  /**
   * The lock work of every code the rewrites move (see {@link LockCodeOutbox}), stored with the
   * change; each such code's `lockSync` becomes `codeLockSync` (pending). None when absent.
   */
  readonly codeWork?: readonly CodeWork[] | undefined;
  readonly codeLockSync?: LockSync | undefined;
  /**
   * The booked tours whose items the rewrites move, each stored with its new times, its place in
   * the tour lists and its due time in the same step (see {@link TourMove}). None when absent.
   */
  readonly tours?: readonly TourMove[] | undefined;
  /** Stored with its deliveries only when the change applies. */
  readonly event: LintelEvent;
}

/** At most this many schedule items per unit: a create past it is refused. */
export const MAX_ITEMS_PER_UNIT = 10_000;

/**
 * What the store did with a write of a unit or of its schedule: applied (the unit after it), or
 * refused with nothing changed and no event stored.
 */
export type UnitWriteOutcome =
  | { readonly ok: true; readonly unit: Unit }
  | { readonly ok: false; readonly reason: "not_found" }
  | { readonly ok: false; readonly reason: "version_conflict"; readonly currentVersion: number }
  /** Another unit of the org has the urlKey. */
  | { readonly ok: false; readonly reason: "url_key_taken" }
  /** The unit has `MAX_ITEMS_PER_UNIT` items already. */
  | { readonly ok: false; readonly reason: "too_many_items" }
  /** The message's `templateId` names no template of the org. */
  | { readonly ok: false; readonly reason: "template_missing" }
  /** The lock the put names ({@link ItemChange.lockServing}) is no active lock of the org serving the unit. */
  | { readonly ok: false; readonly reason: "lock_missing" }
  /** The new code's PIN is held on its lock by another code ending ahead (`TourChange.pinCheck`): draw another. */
  | { readonly ok: false; readonly reason: "pin_taken" }
  /**
   * What the write was made from (its {@link UnitBasis}, its item) changed meanwhile: another
   * write of the same fields or item got in first. Nothing changed; read again and make it anew.
   */
  | { readonly ok: false; readonly reason: "changed" };

/**
 * The unit as a write read it: what the write's record and event were made from. A write
 * applies only while the unit still has these (the zone also labels the item in the event and
 * the answer), whatever its version, unless `expectedVersion` is given: then the version too.
 */
export interface UnitBasis {
  readonly urlKey: string;
  readonly address: string;
  readonly timeZone: string | null;
}

/**
 * The unit snapshot an event of a unit write carries (`data.unit`): the store sets its
 * `version` to the one the write gives the unit, so the event says the version the write made
 * even when other writes (without `expectedVersion`) got in between the read and the write.
 * Answers `event` with that version (a copy; the same event when it already says so).
 */
export function eventAtVersion(event: LintelEvent, version: number): LintelEvent {
  const data = event.data as { readonly unit?: { readonly version: number } };
  if (data.unit === undefined || data.unit.version === version) return event;
  return { ...event, data: { ...data, unit: { ...data.unit, version } } } as LintelEvent;
}

/** What {@link UnitStore.updateUnit} applies: the unit's new urlKey and address, and the event that says so. */
export interface UnitChange {
  /** The caller's: the change applies only while the unit is at this version. Null: any version. */
  readonly expectedVersion: number | null;
  /** The unit as read: when given, the change applies only while it still is so (else `changed`). */
  readonly basis?: UnitBasis | undefined;
  readonly urlKey: string;
  readonly address: string;
  /** Stored with its deliveries only when the change applies. */
  readonly event: LintelEvent;
}

/**
 * What {@link UnitStore.writeItem} applies: `put` stores the item (a new one, or the unit's item
 * of that kind and id replaced), `delete` removes the unit's item of that kind and id; and the
 * event that says so.
 */
export interface ItemChange {
  /** The caller's: the change applies only while the unit is at this version. Null: any version. */
  readonly expectedVersion: number | null;
  /**
   * What the change was made from: the unit as read, and the item of that kind and id as read
   * (null: none, a new item). When given, it applies only while both still are so (else
   * `changed`); a `delete` of an item the unit no longer has is `not_found` either way.
   */
  readonly basis?: { readonly unit: UnitBasis; readonly item: ScheduleItem | null } | undefined;
  readonly op: "put" | "delete";
  readonly item: ScheduleItem;
  /** A code's lock work (see {@link LockCodeOutbox}), stored with the change; null for the other kinds. */
  readonly work?: CodeWork | null | undefined;
  /**
   * The tag of a `put` code's PIN (`DataCipher.pinTag`): the store files the code under it on the
   * code's lock, in the same step (`TourStore.pinHolders` reads them), and never serves it.
   * Absent: the PIN is the stored code's, whose tag stays. Ignored for the other kinds.
   */
  readonly pinTag?: string | undefined;
  /**
   * The lock a `put` names, to be found serving the unit: when given, the change applies only
   * while it is an active lock of the org whose `unitIds` include the unit (else `lock_missing`),
   * checked in the same step, so a lock that stops serving the unit meanwhile (`LockDirectory.update`)
   * is never named by an item ahead.
   */
  readonly lockServing?: string | undefined;
  /** Stored with its deliveries only when the change applies. */
  readonly event: LintelEvent;
}

/** What {@link UnitStore.setShowingRules} applies: the unit's new rules (null: none), and the event that says so. */
export interface ShowingRulesChange {
  /** The caller's: the change applies only while the unit is at this version. Null: any version. */
  readonly expectedVersion: number | null;
  /** The unit as read and its rules as read: the change applies only while both still are so (else `changed`). */
  readonly basis: { readonly unit: UnitBasis; readonly rules: ShowingRules | null };
  readonly rules: ShowingRules | null;
  /** Stored with its deliveries only when the change applies, its `data.unit.version` set to the new version. */
  readonly event: LintelEvent;
}

/** Units of an org with their schedule items. */
export interface UnitStore {
  /** The unit whose id is `idOrKey`, else the one whose urlKey is; null when neither (or foreign). */
  findByIdOrKey(orgId: string, idOrKey: string): Promise<Unit | null>;
  /** The units of the org among `unitIds` (unknown or foreign ids are left out). */
  getMany(orgId: string, unitIds: readonly string[]): Promise<Unit[]>;
  /**
   * Units of the org by urlKey ascending, starting after the row whose `unitPosition` is
   * `after` (from the start when null), at most `limit` rows. O(log n + limit).
   */
  listUnits(orgId: string, after: string | null, limit: number): Promise<Unit[]>;
  /**
   * The unit's items whose end is strictly after `fromMs`, in `schedulePosition` order
   * (startAt, kind, key), starting after the position `after` (from the start when null), at
   * most `limit`. Empty for an unknown or foreign unit. Costs O(log n + limit + s), s being the
   * items that start within the unit's longest item span before `fromMs` but ended by then.
   */
  scheduleAfter(orgId: string, unitId: string, fromMs: number, after: string | null, limit: number): Promise<ScheduleItem[]>;
  /** Every tour, code, open house and scheduled message of the unit, in no particular order. */
  itemsOf(orgId: string, unitId: string): Promise<ScheduleItem[]>;
  /**
   * Atomically: if the unit's version is `expectedVersion` and every tour of `tours` is still as
   * read (else `changed`), set its zone, apply `rewrites` to its items, store the moved tours,
   * bump the version by one, and store `event` (the `unit.timezone_changed` the
   * core built assuming success) with one pending delivery per enabled endpoint of the org that
   * wants it (as {@link EventLog} and {@link WebhookStore} then serve them). Otherwise change
   * nothing, store no event, and say the version.
   */
  setTimeZone(orgId: string, unitId: string, change: TimeZoneChange): Promise<SetTimeZoneOutcome>;
  /** The unit's item of this kind and id, or null (unknown, another unit's, or a foreign unit). */
  getItem(orgId: string, unitId: string, kind: ScheduleItem["kind"], id: string): Promise<ScheduleItem | null>;
  /**
   * Atomically: adds `unit` and stores `event` (with its deliveries), unless another unit of the
   * org has its urlKey (`url_key_taken`, nothing stored). The unit's id is new.
   */
  createUnit(unit: Unit, event: LintelEvent): Promise<UnitWriteOutcome>;
  /**
   * Atomically: if the unit is still as `change.basis` says (and at `change.expectedVersion` when
   * given) and no other unit of the org has the new urlKey, set urlKey and address, bump the
   * version by one and store the event, its `data.unit.version` set to the new version.
   * Otherwise change nothing and say why.
   */
  updateUnit(orgId: string, unitId: string, change: UnitChange): Promise<UnitWriteOutcome>;
  /**
   * Atomically: if the unit and the item are still as `change.basis` says (and the unit at
   * `change.expectedVersion` when given), apply the item's `put` or `delete`, bump the version by
   * one and store the event, its `data.unit.version` set to the new version. Writes without an
   * `expectedVersion` never refuse each other unless they change the same item or the unit's own
   * fields: each gets the next version. A `put` of a new item is refused when
   * the unit has {@link MAX_ITEMS_PER_UNIT} items, and a `put` whose `templateId` names no template
   * of the org is refused (`template_missing`: checked in the same step, so a template deleted
   * meanwhile is never named), as is a `put` whose `lockServing` lock does not serve the unit
   * (`lock_missing`). Otherwise change nothing and say why.
   */
  writeItem(orgId: string, unitId: string, change: ItemChange): Promise<UnitWriteOutcome>;
  /**
   * Atomically: if the unit and its rules are still as `change.basis` says (and the unit at
   * `change.expectedVersion` when given), set its showing rules, bump the version by one and
   * store the event, its `data.unit.version` set to the new version. Otherwise change nothing and say why.
   */
  setShowingRules(orgId: string, unitId: string, change: ShowingRulesChange): Promise<UnitWriteOutcome>;
  /**
   * A fixture's unit, added as given (its version kept) by createUnit's step with no event,
   * unless the store has its id (in any org: `kept`, unchanged). `url_key_taken`, nothing
   * stored, when another unit of the org has its urlKey.
   */
  loadUnit(unit: Unit): Promise<LoadOutcome | "url_key_taken">;
  /**
   * A fixture's item, added to its unit of `orgId` by writeItem's `put` step with no event and
   * no version bump, unless the store has its kind and id (`kept`, unchanged) or the API
   * deleted it in the org (`kept`: it stays deleted), or its unit is not the org's (`kept`:
   * the unit stayed in the org that had it). No item limit, no template check (the fixture's
   * references were checked whole by `parseFixture`). A code's `work` is stored with it when it is
   * added, and it is filed under `pinTag` as {@link ItemChange.pinTag} says (none: its lock's PINs
   * count as not filed until `TourStore.filePins`).
   */
  loadItem(orgId: string, item: ScheduleItem, work?: CodeWork | null, pinTag?: string): Promise<LoadOutcome>;
}
