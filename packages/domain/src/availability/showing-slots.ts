/**
 * Showing availability: a unit's rules in local wall-clock time (windows per weekday, slot
 * length, buffers, notice, horizon, how many at once, blackouts) and the slots they offer between
 * two instants. Pure, over the zone engine: a slot starts at a window's `opens` and every
 * `slotMinutes` of local wall-clock after it; its instant is that local time read in the unit's
 * zone (a local start in a spring-forward gap is not offered; in a fall-back overlap the earlier
 * instant); it lasts `slotMinutes` of real time and must end, read locally, on its start's date
 * and not after `closes`. Intervals are half-open, `[start, end)`. Instants are epoch ms.
 */
import * as v from "valibot";
import { DAY_MS } from "../time/calendar-strings.js";
import { rangeLabel } from "../time/labels.js";
import { earliestInstantOfLocal, formatZonedDateTime } from "../time/wall-clock.js";
import { localEpochOf } from "../time/zone-offset.js";

/** The days of the week, as rules name them. */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
/** One of {@link WEEKDAYS}. */
export type Weekday = (typeof WEEKDAYS)[number];

/** The bounds of the rules. */
export const SHOWING_BOUNDS = {
  windows: 50,
  slotMinutes: { min: 15, max: 240, default: 30 },
  bufferMinutes: { min: 0, max: 120, default: 0 },
  minNoticeMinutes: { min: 0, max: 10_080, default: 60 },
  maxDaysAhead: { min: 1, max: 366, default: 14 },
  maxConcurrent: { min: 1, max: 10, default: 1 },
  blackouts: 100,
} as const;

/** `HH:MM` from `00:00` to `24:00`. */
export const WALL_TIME_PATTERN = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/;

const instant = v.pipe(v.string(), v.isoTimestamp());

/** A unit's showing rules as stored and served (every default filled in). */
export const ShowingRulesSchema = v.strictObject({
  weekly: v.pipe(
    v.array(v.strictObject({ day: v.picklist(WEEKDAYS), opens: v.string(), closes: v.string() })),
    v.readonly(),
    v.description("Windows of local wall-clock time per weekday (`HH:MM`, `24:00` = the end of the day)."),
  ),
  slotMinutes: v.number(),
  bufferMinutes: v.number(),
  minNoticeMinutes: v.number(),
  maxDaysAhead: v.number(),
  maxConcurrent: v.number(),
  blackouts: v.pipe(v.array(v.strictObject({ startAt: instant, endAt: instant })), v.readonly()),
});
/** A unit's showing rules ({@link ShowingRulesSchema}). */
export type ShowingRules = Readonly<Omit<v.InferOutput<typeof ShowingRulesSchema>, "weekly" | "blackouts">> & {
  readonly weekly: readonly { readonly day: Weekday; readonly opens: string; readonly closes: string }[];
  readonly blackouts: readonly { readonly startAt: string; readonly endAt: string }[];
};

/** Minutes of the day of `HH:MM` (`24:00` is 1440). */
export function wallMinutes(text: string): number {
  return Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
}

/** Why the rules are refused, as a field and a reason; null when they hold (the bounds of each number are the caller's schema's). */
export function showingRulesProblem(rules: ShowingRules): { readonly field: string; readonly reason: string } | null {
  for (const [i, window] of rules.weekly.entries()) {
    for (const side of ["opens", "closes"] as const) {
      if (!WALL_TIME_PATTERN.test(window[side])) return { field: `rules.weekly.${i}.${side}`, reason: "must be HH:MM from 00:00 to 24:00" };
    }
    if (wallMinutes(window.opens) >= wallMinutes(window.closes))
      return { field: `rules.weekly.${i}.closes`, reason: "must be after opens" };
  }
  for (const day of WEEKDAYS) {
    const windows = rules.weekly
      .filter((window) => window.day === day)
      .map((window) => [wallMinutes(window.opens), wallMinutes(window.closes)] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < windows.length; i++) {
      if ((windows[i] as readonly [number, number])[0] < (windows[i - 1] as readonly [number, number])[1]) {
        return { field: "rules.weekly", reason: `the windows of ${day} overlap` };
      }
    }
  }
  for (const [i, blackout] of rules.blackouts.entries()) {
    if (!(blackout.endAt > blackout.startAt)) return { field: `rules.blackouts.${i}.endAt`, reason: "must be after startAt" };
  }
  return null;
}

/** A time span `[startMs, endMs)`. */
export interface Span {
  readonly startMs: number;
  readonly endMs: number;
}

/** What a slot list is computed from. */
export interface SlotQuery {
  readonly rules: ShowingRules;
  readonly timeZone: string;
  /** Slots with startAt ≥ from and endAt ≤ to. */
  readonly fromMs: number;
  readonly toMs: number;
  readonly nowMs: number;
  /** The unit's tours that take a place (booked ones not cancelled or over, and the schedule's own tours). */
  readonly tours: readonly Span[];
  /** The unit's open houses: a slot overlapping one is not offered. */
  readonly openHouses: readonly Span[];
}

/** An offered slot: its instants and how many more tours it takes. */
export interface Slot {
  readonly startMs: number;
  readonly endMs: number;
  readonly remaining: number;
}

const MINUTE = 60_000;
const overlaps = (a: Span, b: Span) => a.startMs < b.endMs && b.startMs < a.endMs;

/** How many of the sorted `values` are below `limit`. */
function countBelow(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid] as number) < limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How many of the sorted `values` are at most `limit`. */
function countAtMost(values: readonly number[], limit: number): number {
  return countBelow(values, limit + 1);
}

/** Local day number (days since 1970-01-01) → weekday. 1970-01-01 was a Thursday. */
const weekdayOf = (day: number): Weekday => WEEKDAYS[(((day + 4) % 7) + 7) % 7] as Weekday;

/**
 * Every slot the rules offer in `[fromMs, toMs]` (see the module comment), by start: at or after
 * now + notice, before now + maxDaysAhead days, clear of blackouts and open houses, with
 * `remaining` = maxConcurrent − the tours overlapping the slot widened by the buffer each side;
 * slots with none remaining are left out.
 */
export function availableSlots(query: SlotQuery): Slot[] {
  const { rules, timeZone } = query;
  const slotMs = rules.slotMinutes * MINUTE;
  const bufferMs = rules.bufferMinutes * MINUTE;
  const earliest = Math.max(query.fromMs, query.nowMs + rules.minNoticeMinutes * MINUTE);
  const horizon = query.nowMs + rules.maxDaysAhead * DAY_MS;
  const blackouts = rules.blackouts.map((b) => ({ startMs: Date.parse(b.startAt), endMs: Date.parse(b.endAt) }));
  // The tours overlapping [a, b) are those starting before b less those ending by a (each of those starts before a < b):
  // two binary searches per slot over sorted starts and ends, not a scan of every tour.
  const starts = query.tours.map((tour) => tour.startMs).sort((x, y) => x - y);
  const ends = query.tours.map((tour) => tour.endMs).sort((x, y) => x - y);
  const slots: Slot[] = [];
  // Local dates that can hold a slot in range: a zone is within ±26 h of UTC.
  const firstDay = Math.floor(localEpochOf(timeZone, query.fromMs) / DAY_MS) - 1;
  const lastDay = Math.floor(localEpochOf(timeZone, query.toMs) / DAY_MS) + 1;
  for (let day = firstDay; day <= lastDay; day++) {
    const weekday = weekdayOf(day);
    for (const window of rules.weekly) {
      if (window.day !== weekday) continue;
      const opens = wallMinutes(window.opens);
      const closes = wallMinutes(window.closes);
      for (let minute = opens; minute < closes; minute += rules.slotMinutes) {
        const startMs = earliestInstantOfLocal(timeZone, day * DAY_MS + minute * MINUTE);
        if (Number.isNaN(startMs)) continue; // a spring-forward gap skips this local time
        const endMs = startMs + slotMs;
        const endLocal = localEpochOf(timeZone, endMs);
        // Read locally, the slot ends on its start's date and not after closes (24:00: 00:00 of the next date).
        if (endLocal > day * DAY_MS + closes * MINUTE || endLocal < day * DAY_MS) continue;
        if (startMs < earliest || startMs >= horizon || endMs > query.toMs) continue;
        const slot = { startMs, endMs };
        if (blackouts.some((b) => overlaps(slot, b)) || query.openHouses.some((o) => overlaps(slot, o))) continue;
        const taken = countBelow(starts, endMs + bufferMs) - countAtMost(ends, startMs - bufferMs);
        const remaining = rules.maxConcurrent - taken;
        if (remaining > 0) slots.push({ startMs, endMs, remaining });
      }
    }
  }
  return slots.sort((a, b) => a.startMs - b.startMs);
}

/**
 * Whether `[startMs, endMs)` is an available slot (a booking must be one): one of
 * {@link availableSlots} starts and ends exactly there.
 */
export function isAvailableSlot(query: Omit<SlotQuery, "fromMs" | "toMs">, span: Span): boolean {
  return availableSlots({ ...query, fromMs: span.startMs, toMs: span.endMs }).some(
    (slot) => slot.startMs === span.startMs && slot.endMs === span.endMs,
  );
}

const localDateTime = v.pipe(v.string(), v.description("The instant in the unit's zone, RFC 3339 with offset."));

/** An offered slot as list_available_slots serves it. */
export const ServedSlotSchema = v.strictObject({
  startAt: v.pipe(v.string(), v.isoTimestamp()),
  endAt: v.pipe(v.string(), v.isoTimestamp()),
  localStart: localDateTime,
  localEnd: localDateTime,
  label: v.pipe(v.string(), v.description("The range in the unit's zone, e.g. Sun, Mar 14, 2027, 10:00 AM – 10:30 AM CDT.")),
  remaining: v.pipe(v.number(), v.integer(), v.minValue(1), v.description("How many more tours the slot takes.")),
});
/** A served slot ({@link ServedSlotSchema}). */
export type ServedSlot = Readonly<v.InferOutput<typeof ServedSlotSchema>>;

/** The served view of `slot` in `timeZone`. */
export function servedSlot(slot: Slot, timeZone: string): ServedSlot {
  return {
    startAt: new Date(slot.startMs).toISOString(),
    endAt: new Date(slot.endMs).toISOString(),
    localStart: formatZonedDateTime(slot.startMs, timeZone),
    localEnd: formatZonedDateTime(slot.endMs, timeZone),
    label: rangeLabel(slot.startMs, slot.endMs, timeZone),
    remaining: slot.remaining,
  };
}
