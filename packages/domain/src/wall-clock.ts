/**
 * Keep-wall-clock (SPEC 5.1): the same local date and time read in another zone, resolved as
 * TC39 Temporal's `compatible` disambiguation does. Instants are epoch milliseconds.
 */
import { localEpochOf, zoneOffsetMs } from "./zone-offset.js";

const DAY_MS = 86_400_000;

/**
 * Every instant whose local date-time in `timeZone` is `localEpoch`, earliest first: one
 * normally, two in a fall-back overlap, none in a spring-forward gap. Like Temporal, it looks
 * at the offsets a day either side, so it sees one transition around the local time.
 */
function possibleInstants(timeZone: string, localEpoch: number): number[] {
  const offsets = new Set([zoneOffsetMs(timeZone, localEpoch - DAY_MS), zoneOffsetMs(timeZone, localEpoch + DAY_MS)]);
  const instants: number[] = [];
  for (const offset of offsets) {
    const instant = localEpoch - offset;
    if (zoneOffsetMs(timeZone, instant) === offset) instants.push(instant);
  }
  return instants.sort((a, b) => a - b);
}

/**
 * The instant of a local date-time in `timeZone`, Temporal `compatible`: in an overlap the
 * earlier instant; in a gap the local time moved forward by the gap's length.
 */
export function instantOfLocal(timeZone: string, localEpoch: number): number {
  const possible = possibleInstants(timeZone, localEpoch);
  const earliest = possible[0];
  if (earliest !== undefined) return earliest;
  const offsetBefore = zoneOffsetMs(timeZone, localEpoch - DAY_MS);
  const gapMs = zoneOffsetMs(timeZone, localEpoch + DAY_MS) - offsetBefore;
  const shifted = possibleInstants(timeZone, localEpoch + gapMs);
  return shifted[shifted.length - 1] ?? localEpoch - offsetBefore;
}

/** The instant that shows, in `toZone`, the local date-time `epochMs` shows in `fromZone`. */
export function keepWallClock(epochMs: number, fromZone: string, toZone: string): number {
  if (fromZone === toZone) return epochMs;
  return instantOfLocal(toZone, localEpochOf(fromZone, epochMs));
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

function formatYear(year: number): string {
  if (year >= 0 && year <= 9999) return pad(year, 4);
  return (year < 0 ? "-" : "+") + pad(Math.abs(year), 6);
}

/**
 * RFC 3339 with the zone's offset, seconds precision, offset always `±HH:MM` (`+00:00` for UTC):
 * `2026-12-01T10:00:00-06:00`. An offset with seconds (old local mean time) is rounded to the
 * minute and the local time shown with it, so the string still names the instant to the second.
 */
export function formatZonedDateTime(epochMs: number, timeZone: string): string {
  const offsetMinutes = Math.round(zoneOffsetMs(timeZone, epochMs) / 60_000);
  const local = new Date(Math.floor(epochMs / 1000) * 1000 + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const absolute = Math.abs(offsetMinutes);
  return (
    `${formatYear(local.getUTCFullYear())}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}
