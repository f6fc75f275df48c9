/**
 * A unit's schedule as the contract serves it: the items whose end is after an instant, each with
 * its instants read in the unit's zone. Stores page it by `schedulePosition` (paging.js); the
 * rules here say which rows a page may skip and how an entry reads.
 */
import * as v from "valibot";
import { isoInstant } from "../time/iso-instant.js";
import { rangeLabel } from "../time/labels.js";
import {
  InstantSchema,
  ITEM_KINDS,
  LockSyncSchema,
  MessageDeliverySchema,
  SCHEDULED_DELIVERY,
  type ScheduleItem,
} from "../records/records.js";
import { formatZonedDateTime } from "../time/wall-clock.js";

const localDateTime = v.pipe(
  v.string(),
  v.description("The instant in the unit's zone (UTC when none), RFC 3339 with offset, seconds precision."),
);

/** One row of `list_schedule` (the `ScheduleEntry` of the API's document). */
export const ScheduleEntrySchema = v.strictObject({
  key: v.pipe(v.string(), v.description("<kind>:<id>")),
  kind: v.picklist(ITEM_KINDS),
  id: v.string(),
  title: v.pipe(v.string(), v.description("A code's name, else the title.")),
  startAt: InstantSchema,
  endAt: v.pipe(v.string(), v.description("RFC 3339 instant in UTC with milliseconds; a message's sendAt, as startAt.")),
  lockId: v.nullable(v.string()),
  localStart: localDateTime,
  localEnd: localDateTime,
  label: v.pipe(v.string(), v.description("The range in the unit's zone, e.g. Tue, Dec 1, 2026, 10:00 AM – 11:00 AM EST.")),
  templateId: v.pipe(v.nullable(v.string()), v.description("A scheduled message's template, else null.")),
  code: v.pipe(
    v.nullable(v.string()),
    v.description("A code's PIN (4-8 digits); null for other kinds, and in events (read it from the schedule)."),
  ),
  lockSync: v.pipe(v.nullable(LockSyncSchema), v.description("Where a code stands with its lock; null for other kinds.")),
  tourId: v.pipe(
    v.nullable(v.string()),
    v.description("The booked tour that owns the item (its own tour item, its code, its messages), else null."),
  ),
  delivery: v.pipe(v.nullable(MessageDeliverySchema), v.description("Where a message stands with its sending; null for other kinds.")),
});
/** One row of `list_schedule` ({@link ScheduleEntrySchema}). */
export type ScheduleEntry = Readonly<v.InferOutput<typeof ScheduleEntrySchema>>;

/**
 * The entry of `item` for a unit whose zone is `timeZone` (null reads as UTC). A code's entry
 * shows `pin` (its PIN opened; null in events) and its `lockSync`.
 */
export function scheduleEntry(item: ScheduleItem, timeZone: string | null, pin: string | null = null): ScheduleEntry {
  const zone = timeZone ?? "UTC";
  const startMs = Date.parse(item.startAt);
  const endMs = Date.parse(item.endAt);
  return {
    key: `${item.kind}:${item.id}`,
    kind: item.kind,
    id: item.id,
    title: item.title,
    startAt: item.startAt,
    endAt: item.endAt,
    lockId: item.lockId,
    localStart: formatZonedDateTime(startMs, zone),
    localEnd: formatZonedDateTime(endMs, zone),
    label: rangeLabel(startMs, endMs, zone),
    templateId: item.templateId ?? null,
    code: item.kind === "code" ? pin : null,
    lockSync: item.kind === "code" ? (item.lockSync ?? null) : null,
    tourId: item.tourId ?? null,
    delivery: item.kind === "scheduled_message" ? (item.delivery ?? SCHEDULED_DELIVERY) : null,
  };
}

/** How long the item lasts, in ms (0 for a message). Stores keep the largest per unit. */
export function itemSpanMs(item: Pick<ScheduleItem, "startAt" | "endAt">): number {
  return Math.max(0, Date.parse(item.endAt) - Date.parse(item.startAt));
}

/** Whether the item belongs to a schedule read from `fromIso`: its end is strictly after it. */
export function endsAfter(item: Pick<ScheduleItem, "endAt">, fromIso: string): boolean {
  return item.endAt > fromIso;
}

/**
 * Where a schedule page from `fromMs` starts when no cursor says: an item that ends after
 * `from` started at most `spanMs` (the unit's longest item) before it, so every earlier
 * position can be skipped. The items between here and `from` that already ended are read and
 * dropped; everything from `from` on is kept.
 */
export function scheduleScanStart(fromMs: number, spanMs: number): string {
  return isoInstant(fromMs - spanMs);
}
