/**
 * The tour store port: the tours booked through the tour endpoints, each written in one atomic
 * step with the schedule items it owns (its tour item, its code with the code's lock work, its
 * messages), the unit's version and its event, in the org's slot of the store.
 */
import type { ScheduleItem } from "@lintel/domain";
import type { LintelEvent, TourRecord } from "@lintel/domain/adapters";
import type { CodeWork } from "./lock-code-ports.js";
import type { UnitBasis, UnitWriteOutcome } from "./unit-ports.js";

/** One schedule item a tour write puts or deletes, with a code's lock work (none: the code is held, or not a code). */
export interface TourItemOp {
  readonly op: "put" | "delete";
  readonly item: ScheduleItem;
  readonly work?: CodeWork | null | undefined;
  /** A put code's PIN tag, as `ItemChange.pinTag` (absent: the stored code's PIN and tag stay). */
  readonly pinTag?: string | undefined;
}

/**
 * What a booking's new code asks of its write: that its PIN be held by no other code ending
 * ahead on its lock. The store refuses the write (`pin_taken`) when one of `tags` is filed on
 * `lockId` in the org for a code other than `codeId` and not among `cleared`.
 */
export interface PinCheck {
  readonly lockId: string;
  /** The new code's id (its own filing is no clash). */
  readonly codeId: string;
  /** The PIN's tags under every data key (`DataCipher.pinTags`). */
  readonly tags: readonly string[];
  /**
   * Codes the booking found filed under a tag but read as ended or gone ({@link TourStore.pinHolders}
   * hits are read, being rare): no clash. Only an update of that very code moving it ahead
   * between the read and the write would be missed.
   */
  readonly cleared: readonly string[];
}

/** A code filed under a PIN tag on a lock: where to read it. */
export interface PinHolder {
  readonly unitId: string;
  readonly codeId: string;
}

/** A code of a lock with its PIN's tag, filed by {@link TourStore.filePins}. */
export interface FiledPin extends PinHolder {
  readonly tag: string;
}

/**
 * What {@link TourStore.writeTour} applies: the tour as it is after the command, the items it
 * puts and deletes, and the event that says so.
 */
export interface TourChange {
  /** The caller's: the change applies only while the unit is at this version. Null: any version. */
  readonly expectedVersion: number | null;
  /**
   * What the change was made from: the unit as read, and the tour as read (null: a new tour,
   * whose id is new). It applies only while both still are so (else `changed`).
   */
  readonly basis: { readonly unit: UnitBasis; readonly tour: TourRecord | null };
  readonly tour: TourRecord;
  /** Applied in order; a put of a new item counts against the unit's item limit. */
  readonly items: readonly TourItemOp[];
  /** A change of the schedule (book, reschedule, cancel): the unit's version + 1. Otherwise the version stays. */
  readonly bumpsVersion: boolean;
  /** A lock the puts name anew, to be found an active lock of the org serving the unit in the same step (else `lock_missing`). */
  readonly lockServing?: string | undefined;
  /** A template the puts name, each to be found in the org in the same step (else `template_missing`). */
  readonly templateIds?: readonly string[] | undefined;
  /** A new code's PIN to be held by no other code ahead on its lock, checked in the same step (else `pin_taken`). */
  readonly pinCheck?: PinCheck | undefined;
  /** When the tour's next timed transition falls due (ms), indexed for {@link TourStore.dueTours}; null: none. */
  readonly dueAtMs: number | null;
  /**
   * Stored with its deliveries only when the change applies, its `data.unit.version` set to the
   * unit's version after it. Null: the change emits nothing (a tour's due time moved, a removal confirmed).
   */
  readonly event: LintelEvent | null;
}

/** A tour whose timed transition is due: its org and id. */
export interface DueTour {
  readonly orgId: string;
  readonly tourId: string;
}

/** Tours booked through the tour endpoints. */
export interface TourStore {
  /** The org's tour, or null (unknown or foreign). */
  getTour(orgId: string, tourId: string): Promise<TourRecord | null>;
  /**
   * The org's tours (of one unit when `unitId` is given) in `tourPosition` order (startAt, id),
   * starting after the position `after` (from the start when null), at most `limit`. O(log n + limit).
   */
  listTours(orgId: string, unitId: string | null, after: string | null, limit: number): Promise<TourRecord[]>;
  /**
   * Atomically: if the unit and the tour are still as `change.basis` says (and the unit at
   * `change.expectedVersion` when given), store the tour, apply the item puts and deletes with
   * every index they are in and the codes' work, bump the unit's version when
   * `change.bumpsVersion`, index the tour's due time, and store the event with its deliveries.
   * Refused as {@link UnitWriteOutcome} says (`too_many_items`, `template_missing`,
   * `lock_missing` as a schedule item write is, `pin_taken` by `change.pinCheck`) with nothing changed.
   * Each code put is filed under its `pinTag` on its lock, each code deleted leaves its filing.
   */
  writeTour(orgId: string, unitId: string, change: TourChange): Promise<UnitWriteOutcome>;
  /**
   * The codes filed on the org's lock under any of `tags` (a PIN's tags under every data key),
   * as every write of a code keeps them: O(log n) per tag, one round trip. A holder may have
   * ended (codes stay filed while they are on the schedule) or, rarely, be gone: the caller
   * reads it. Null when the lock's codes are not all filed (codes stored before the index, or
   * loaded without a tag): the caller files them ({@link TourStore.filePins}) and asks again.
   */
  pinHolders(orgId: string, lockId: string, tags: readonly string[]): Promise<PinHolder[] | null>;
  /**
   * Files `codes` (the lock's codes as read, each with its PIN's tag) on the org's lock and marks
   * its codes all filed. A code written meanwhile was filed by its own write; one deleted meanwhile
   * stays filed, a holder its reader finds gone.
   */
  filePins(orgId: string, lockId: string, codes: readonly FiledPin[]): Promise<void>;
  /** Up to `max` tours of any org whose timed transition is due at or before `nowMs`, the earliest first. */
  dueTours(nowMs: number, max: number): Promise<DueTour[]>;
  /**
   * Rewrites the prospect's sealed email and phone of every tour this store serves as `reseal`
   * says (null: leave it), each tour in one step that applies only while it is as read (a change
   * meanwhile wins); answers how many tours changed. What re-sealing under a new first data key
   * runs on, beside `LockCodeOutbox.resealPins`.
   */
  resealProspects(reseal: (sealed: string) => string | null): Promise<number>;
}
