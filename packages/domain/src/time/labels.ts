/**
 * Human labels of instants and ranges, en-US, plain spaces only:
 * `Tue, Dec 1, 2026, 10:00 AM EST`, `Tue, Dec 1, 2026, 10:00 AM – 11:00 AM EST`,
 * `Tue, Dec 1, 2026, 10:00 PM EST – Wed, Dec 2, 2026, 1:00 AM EST`.
 * They say what Intl's en-US parts say (not its literals, whose spacing — U+202F before AM,
 * U+2009 around dashes — changes between ICU versions). Inside the zone cache's window the
 * date and time are computed from the local epoch (the Gregorian calendar there is plain
 * arithmetic) and only the zone name comes from Intl, once per transition interval.
 */
import { clockTime, DAY_MS, dayStrings } from "./calendar-strings.js";
import { intlLabelParts, type LabelParts } from "./intl-zone-reading.js";
import { zoneState } from "./zone-timeline.js";

function labelParts(epochMs: number, timeZone: string): LabelParts {
  const state = zoneState(timeZone, epochMs);
  if (state === null) return intlLabelParts(epochMs, timeZone);
  const localMs = epochMs + state.offsetMs;
  const day = Math.floor(localMs / DAY_MS);
  return { date: dayStrings(day).label, time: clockTime(Math.floor((localMs - day * DAY_MS) / 60_000)), zone: state.name };
}

/** One instant: `Tue, Dec 1, 2026, 10:00 AM EST`. */
export function instantLabel(epochMs: number, timeZone: string): string {
  const { date, time, zone } = labelParts(epochMs, timeZone);
  return `${date}, ${time} ${zone}`;
}

/** The local date of an instant, as a label writes it: `Tue, Dec 1, 2026`. */
export function dateLabel(epochMs: number, timeZone: string): string {
  return labelParts(epochMs, timeZone).date;
}

/** The local time of an instant, as a label writes it: `10:00 AM`. */
export function clockLabel(epochMs: number, timeZone: string): string {
  return labelParts(epochMs, timeZone).time;
}

/**
 * A range. On one local date under one abbreviation the date and zone are said once; any other
 * range spells both ends out. A zero-length range (a scheduled message) is its instant's label.
 */
export function rangeLabel(startMs: number, endMs: number, timeZone: string): string {
  if (startMs === endMs) return instantLabel(startMs, timeZone);
  const start = labelParts(startMs, timeZone);
  const end = labelParts(endMs, timeZone);
  if (start.date === end.date && start.zone === end.zone) {
    return `${start.date}, ${start.time} – ${end.time} ${start.zone}`;
  }
  return `${start.date}, ${start.time} ${start.zone} – ${end.date}, ${end.time} ${end.zone}`;
}
