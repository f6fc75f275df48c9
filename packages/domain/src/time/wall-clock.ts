/**
 * Keep-wall-clock: the same local date and time read in another zone, resolved as
 * TC39 Temporal's `compatible` disambiguation does. Instants are epoch milliseconds.
 */
import { DAY_MS, dayStrings, hourMinute, MAX_DAY, MIN_DAY, twoDigits } from "./calendar-strings.js";
import { localEpochOf, zoneOffsetMs } from "./zone-offset.js";
import { steadyOffsetMs } from "./zone-timeline.js";

/**
 * The earliest (`latest` false) or latest instant whose local date-time in `timeZone` is
 * `localEpoch`, or NaN when there is none (a spring-forward gap). There is one normally, two in a
 * fall-back overlap. Like Temporal, it looks at the offsets a day either side, so it sees one
 * transition around the local time. No allocation: a plan calls it twice per item.
 */
function matchingInstant(timeZone: string, localEpoch: number, latest: boolean): number {
  // Most local times are nowhere near a transition: one offset a day either side, one instant.
  const steady = steadyOffsetMs(timeZone, localEpoch - DAY_MS, localEpoch + DAY_MS);
  if (!Number.isNaN(steady)) return localEpoch - steady;
  const before = zoneOffsetMs(timeZone, localEpoch - DAY_MS);
  const after = zoneOffsetMs(timeZone, localEpoch + DAY_MS);
  const withBefore = zoneOffsetMs(timeZone, localEpoch - before) === before ? localEpoch - before : Number.NaN;
  if (after === before) return withBefore;
  const withAfter = zoneOffsetMs(timeZone, localEpoch - after) === after ? localEpoch - after : Number.NaN;
  if (Number.isNaN(withBefore)) return withAfter;
  if (Number.isNaN(withAfter)) return withBefore;
  return latest ? Math.max(withBefore, withAfter) : Math.min(withBefore, withAfter);
}

/**
 * The earliest instant whose local date-time in `timeZone` is `localEpoch` (in a fall-back
 * overlap the earlier of the two), or NaN when a spring-forward gap skips it: Temporal's `reject`
 * for a gap, `earlier` for an overlap.
 */
export function earliestInstantOfLocal(timeZone: string, localEpoch: number): number {
  return matchingInstant(timeZone, localEpoch, false);
}

/**
 * The instant of a local date-time in `timeZone`, Temporal `compatible`: in an overlap the
 * earlier instant; in a gap the local time moved forward by the gap's length.
 */
export function instantOfLocal(timeZone: string, localEpoch: number): number {
  const earliest = matchingInstant(timeZone, localEpoch, false);
  if (!Number.isNaN(earliest)) return earliest;
  const offsetBefore = zoneOffsetMs(timeZone, localEpoch - DAY_MS);
  const gapMs = zoneOffsetMs(timeZone, localEpoch + DAY_MS) - offsetBefore;
  const shifted = matchingInstant(timeZone, localEpoch + gapMs, true);
  return Number.isNaN(shifted) ? localEpoch - offsetBefore : shifted;
}

/** The instant that shows, in `toZone`, the local date-time `epochMs` shows in `fromZone`. */
export function keepWallClock(epochMs: number, fromZone: string, toZone: string): number {
  if (fromZone === toZone) return epochMs;
  return instantOfLocal(toZone, localEpochOf(fromZone, epochMs));
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function formatYear(year: number): string {
  if (year >= 0 && year <= 9999) return pad(year, 4);
  return (year < 0 ? "-" : "+") + pad(Math.abs(year), 6);
}

/** `2026-12-01` of a day (days since 1970-01-01); years outside 0000..9999 written as RFC 3339 expanded years. */
function localDate(day: number): string {
  if (day >= MIN_DAY && day <= MAX_DAY) return dayStrings(day).iso;
  const local = new Date(day * DAY_MS);
  return `${formatYear(local.getUTCFullYear())}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())}`;
}

const offsets = new Map<number, string>();

function addOffsetText(offsetMinutes: number): string {
  const absolute = Math.abs(offsetMinutes);
  const text = `${offsetMinutes < 0 ? "-" : "+"}${twoDigits(Math.floor(absolute / 60))}:${twoDigits(absolute % 60)}`;
  offsets.set(offsetMinutes, text);
  return text;
}

/** `-06:00`, `+05:30`, `+00:00` for an offset in minutes (the look-up apart, as in `calendar-strings.js`). */
function offsetText(offsetMinutes: number): string {
  return offsets.get(offsetMinutes) ?? addOffsetText(offsetMinutes);
}

/**
 * RFC 3339 with the zone's offset, seconds precision, offset always `±HH:MM` (`+00:00` for UTC):
 * `2026-12-01T10:00:00-06:00`. An offset with seconds (old local mean time) is rounded to the
 * minute and the local time shown with it, so the string still names the instant to the second.
 */
export function formatZonedDateTime(epochMs: number, timeZone: string): string {
  const offsetMinutes = Math.round(zoneOffsetMs(timeZone, epochMs) / 60_000);
  // Whole local seconds, split with floor divisions (a floating-point % is a library call).
  const localSecond = Math.floor(epochMs / 1000) + offsetMinutes * 60;
  const day = Math.floor(localSecond / 86_400);
  const secondOfDay = localSecond - day * 86_400;
  const minuteOfDay = Math.floor(secondOfDay / 60);
  return `${localDate(day)}T${hourMinute(minuteOfDay)}:${twoDigits(secondOfDay - minuteOfDay * 60)}${offsetText(offsetMinutes)}`;
}
