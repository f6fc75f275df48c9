/**
 * The lock store port: the locks of an org, read (the active ones a page at a time, one, several)
 * and arranged (`update`: name, units served, zone, status). An update is one atomic step of the
 * store with its event and, for the units the lock stops serving, the clears of their tours and
 * open houses with theirs.
 */
import type { Lock, ScheduleItem } from "@lintel/domain";
import type { LintelEvent } from "@lintel/domain/adapters";
import type { UnitBasis } from "./unit-ports.js";

/** A tour or open house of a unit the lock leaves, as read, whose `lockId` the update clears. */
export interface LockItemClear {
  /** The item as read: it names the lock and ends after the change's `nowIso`. Stored again with `lockId` null. */
  readonly item: ScheduleItem;
  /** Its `schedule.item_updated`: the store sets its `data.unit.version` to the version it gives the unit. */
  readonly event: LintelEvent;
}

/** A unit the lock stops serving, and what the update was made from there. */
export interface UnitLeft {
  readonly unitId: string;
  /** The unit as read (its items' events are made from it): with clears, the update applies only while it still is so. */
  readonly basis: UnitBasis;
  /** Every tour and open house of the unit that names the lock and ends after `nowIso`, as read. */
  readonly clears: readonly LockItemClear[];
}

/** What {@link LockDirectory.update} applies. */
export interface LockChange {
  /** The lock after the change: the stored lock's org, id, provider, device and createdAt, a later `updatedAt`. */
  readonly lock: Lock;
  /** The `updatedAt` of the lock the change was made from: it applies only while the stored lock still has it. */
  readonly expectedUpdatedAt: string;
  /** Now (canonical UTC): an item whose `endAt` is after it is ahead. */
  readonly nowIso: string;
  /**
   * The units the lock stops serving (those the stored lock serves, its `unitIds` while active,
   * and `lock` does not), with their clears. Each unit with clears gets its version + 1.
   */
  readonly left: readonly UnitLeft[];
  /** The `lock.updated`, stored with its deliveries only when the change applies. */
  readonly event: LintelEvent;
}

/** What the store did with an update of a lock: applied, or refused with nothing changed and no event stored. */
export type LockWriteOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "not_found" }
  /**
   * What the update was made from changed meanwhile: the lock's `updatedAt`, a left unit's basis,
   * or the tours and open houses ahead that name the lock there. Read again and make it anew.
   */
  | { readonly ok: false; readonly reason: "changed" }
  /** Codes of a left unit that end after `nowIso` name the lock: how many, and the first's key (schedule order). */
  | { readonly ok: false; readonly reason: "codes_ahead"; readonly codes: number; readonly firstKey: string };

/** At most this many locks answer {@link LockDirectory.activeServing} (a unit has one lock in practice; a booking needs to tell 0, 1 and more). */
export const SERVING_LOCKS_LIMIT = 100;

/** Locks of an org. */
export interface LockDirectory {
  /**
   * Active locks of the org in list order (createdAt desc, lockId desc), starting after the
   * row whose `lockPosition` is `after` (from the start when null), at most `limit` rows.
   * Costs O(log n + limit): never an offset, never a scan from the start.
   */
  listActive(orgId: string, after: string | null, limit: number): Promise<Lock[]>;
  /**
   * The org's active locks whose `unitIds` include `unitId`, in list order (createdAt desc,
   * lockId desc), at most {@link SERVING_LOCKS_LIMIT}; none for another org's unit. Read from an
   * index the store keeps in the same atomic step as every lock write (load and update), so it is
   * exact: never a scan of the org's locks.
   */
  activeServing(orgId: string, unitId: string): Promise<Lock[]>;
  /** The lock if it is the org's and active, else null. */
  getActive(orgId: string, lockId: string): Promise<Lock | null>;
  /** The org's locks among `lockIds`, active or not (unknown or foreign ids are left out). */
  getMany(orgId: string, lockIds: readonly string[]): Promise<Lock[]>;
  /**
   * Atomically: if the org has the lock with `updatedAt` `change.expectedUpdatedAt`, no code of a
   * left unit ending after `nowIso` names it, and each left unit with clears is still as its basis
   * says with exactly those tours and open houses ahead naming the lock (each as read): stores
   * `change.lock` (in the active list or out of it by its status), stores each cleared item with
   * `lockId` null, adds 1 to the version of each unit with clears, and stores `change.event` and
   * the clears' events (their `data.unit.version` the unit's new version) with their deliveries.
   * Otherwise changes nothing and says why.
   */
  update(orgId: string, change: LockChange): Promise<LockWriteOutcome>;
}
