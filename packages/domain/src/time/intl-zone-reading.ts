/**
 * The reference readings of a zone, straight from the runtime's Intl (its ICU tz data): the
 * offset at an instant and the pieces of a label. They are exact and slow (one `formatToParts`
 * each); `zone-timeline.js` caches what they say, and outside its window they answer directly.
 * Not exported by the package.
 */
import { DAY_MS, dayNumber } from "./calendar-strings.js";

/** 1583-01-01T00:00Z: from here on ICU's ISO calendar is the proleptic Gregorian one. */
const GREGORIAN_SAFE_MS = -12_212_553_600_000;

const fieldFormatters = new Map<string, Intl.DateTimeFormat>();
const labelFormatters = new Map<string, Intl.DateTimeFormat>();
const stateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Every space-like character Intl may emit (no-break, thin, narrow no-break, …). */
const ODD_SPACES = /[\s\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000\uFEFF]+/g;

/** The ISO calendar, 24-hour clock, every field numeric; with the short zone name for `stateFormatters`. */
function fieldFormatter(timeZone: string, cache = fieldFormatters, timeZoneName?: "short"): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "iso8601",
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      ...(timeZoneName === undefined ? {} : { timeZoneName }),
    });
    cache.set(timeZone, format);
  }
  return format;
}

function labelFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = labelFormatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h12",
      timeZoneName: "short",
    });
    labelFormatters.set(timeZone, format);
  }
  return format;
}

/** What one `formatToParts` of a field formatter says. */
interface FieldReading {
  /** The local date-time in milliseconds counted as if it were UTC (a "local epoch"). */
  readonly localMs: number;
  /** The zone name as Intl writes it, "" when the formatter shows none. */
  readonly name: string;
}

/** Reads a field formatter's parts in one pass (a first plan reads a few hundred). */
function readFields(parts: readonly Intl.DateTimeFormatPart[]): FieldReading {
  let year = Number.NaN;
  let month = Number.NaN;
  let day = Number.NaN;
  let hour = Number.NaN;
  let minute = Number.NaN;
  let second = Number.NaN;
  let name = "";
  for (let i = 0; i < parts.length; i++) {
    const { type, value } = parts[i] as Intl.DateTimeFormatPart;
    if (type === "year") year = Number(value);
    else if (type === "month") month = Number(value);
    else if (type === "day") day = Number(value);
    else if (type === "hour") hour = Number(value);
    else if (type === "minute") minute = Number(value);
    else if (type === "second") second = Number(value);
    else if (type === "timeZoneName") name = value;
  }
  // Proleptic Gregorian arithmetic, as Date's setUTCFullYear does (Date.UTC would read years 0..99 as 1900..1999).
  return { localMs: dayNumber(year, month, day) * DAY_MS + hour * 3_600_000 + minute * 60_000 + second * 1000, name };
}

/** The offset of `timeZone` at `epochMs` in ms east of UTC, read from Intl. */
export function intlOffsetMs(timeZone: string, epochMs: number): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const local = readFields(fieldFormatter(timeZone).formatToParts(wholeSecond)).localMs;
  // Before the Gregorian cutover ICU's calendar turns Julian (and drops the era); reading UTC
  // through the same calendar makes the two errors cancel in the difference.
  const utc = wholeSecond < GREGORIAN_SAFE_MS ? readFields(fieldFormatter("UTC").formatToParts(wholeSecond)).localMs : wholeSecond;
  return local - utc;
}

/**
 * The offset and the label's zone name at a whole second from one `formatToParts` (the field
 * formatter plus `timeZoneName: "short"`, whose name is the label formatter's: the name does not
 * depend on the calendar or the clock). For instants after the Gregorian cutover only.
 */
export function intlZoneState(timeZone: string, wholeSecondMs: number): { offsetMs: number; name: string } {
  const { localMs, name } = readFields(fieldFormatter(timeZone, stateFormatters, "short").formatToParts(wholeSecondMs));
  return { offsetMs: localMs - wholeSecondMs, name: name.replace(ODD_SPACES, " ").trim() };
}

/** The pieces a label is assembled from, with plain spaces. */
export interface LabelParts {
  /** `Tue, Dec 1, 2026` */
  readonly date: string;
  /** `10:00 AM` */
  readonly time: string;
  /** `EST`, `GMT+5:30`, `UTC` */
  readonly zone: string;
}

/** The label pieces of an instant in a zone, read from Intl's en-US parts (not its literals). */
export function intlLabelParts(epochMs: number, timeZone: string): LabelParts {
  const parts = labelFormatter(timeZone).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    (parts.find((p) => p.type === type)?.value ?? "").replace(ODD_SPACES, " ").trim();
  return {
    date: `${part("weekday")}, ${part("month")} ${part("day")}, ${part("year")}`,
    time: `${part("hour")}:${part("minute")} ${part("dayPeriod")}`,
    zone: part("timeZoneName"),
  };
}
