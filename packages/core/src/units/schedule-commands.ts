/**
 * What the unit and schedule writes take and answer (`createScheduleWrites`, the `Lintel`'s
 * createUnit … deleteScheduleItem).
 */
import type { ItemKind, Unit } from "@lintel/domain";
import type { ScheduleEntry } from "@lintel/domain/adapters";

/** A new unit: its urlKey (unique in the org), address, and zone (any tzdb spelling; absent or null = none). */
export interface CreateUnitCommand {
  readonly urlKey: string;
  readonly address: string;
  readonly timeZone?: string | null | undefined;
}

/** A change of a unit's urlKey or address (its zone changes through set_timezone only). */
export interface UpdateUnitCommand {
  readonly unitIdOrKey: string;
  readonly expectedVersion?: number | undefined;
  readonly urlKey?: string | undefined;
  readonly address?: string | undefined;
}

/**
 * The fields of a schedule item as a write gives them: `title` (a code's name), `startAt` and
 * `endAt` (tours, codes, open houses; canonical UTC instants), `sendAt` (messages), `lockId`
 * (tours and open houses may clear it with null; a code must have one), `templateId` (messages),
 * `code` (a code's PIN, 4–8 digits; made when a new code has none).
 */
export interface ItemFields {
  readonly title?: string | undefined;
  readonly startAt?: string | undefined;
  readonly endAt?: string | undefined;
  readonly sendAt?: string | undefined;
  readonly lockId?: string | null | undefined;
  readonly templateId?: string | null | undefined;
  readonly code?: string | undefined;
}

/** A new item of `kind` at a unit. */
export interface CreateItemCommand extends ItemFields {
  readonly unitIdOrKey: string;
  readonly expectedVersion?: number | undefined;
  readonly kind: ItemKind;
}

/** A change of an item, named by its unit and its key (`<kind>:<id>`): the fields given are set, the others kept. */
export interface UpdateItemCommand extends ItemFields {
  readonly unitIdOrKey: string;
  readonly key: string;
  readonly expectedVersion?: number | undefined;
}

/** The removal of an item, named by its unit and its key. */
export interface DeleteItemCommand {
  readonly unitIdOrKey: string;
  readonly key: string;
  readonly expectedVersion?: number | undefined;
}

/** What an item write answers: the item as a schedule entry, and the unit after the change. */
export interface ItemWriteResult {
  readonly item: ScheduleEntry;
  readonly unit: Unit;
}
