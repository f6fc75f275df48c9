/**
 * A zone's UTC offset at an instant, read from the runtime's Intl (its ICU tz data).
 * Offsets are whole seconds; historical local mean times (`-00:25:21`) keep their seconds.
 * `@date-fns/tz`'s `tzOffset` is not used: it reports minutes and misreads negative offsets
 * under one hour (`-00:44:30` comes back positive).
 */

/** 1583-01-01T00:00Z: from here on ICU's ISO calendar is the proleptic Gregorian one. */
const GREGORIAN_SAFE_MS = -12_212_553_600_000;

const fieldFormatters = new Map<string, Intl.DateTimeFormat>();

/** The ISO calendar, 24-hour clock, every field numeric. */
function fieldFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = fieldFormatters.get(timeZone);
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
    });
    fieldFormatters.set(timeZone, format);
  }
  return format;
}

/** Milliseconds of a local date-time counted as if it were UTC (a "local epoch"). */
function localEpochMs(parts: readonly Intl.DateTimeFormatPart[]): number {
  const field = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? Number.NaN);
  const date = new Date(0);
  // setUTCFullYear, because Date.UTC reads years 0..99 as 1900..1999.
  date.setUTCFullYear(field("year"), field("month") - 1, field("day"));
  date.setUTCHours(field("hour"), field("minute"), field("second"), 0);
  return date.getTime();
}

/**
 * The offset of `timeZone` (a name Intl accepts) at `epochMs`, in milliseconds east of UTC
 * (`America/Chicago` in January: −21 600 000).
 */
export function zoneOffsetMs(timeZone: string, epochMs: number): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const local = localEpochMs(fieldFormatter(timeZone).formatToParts(wholeSecond));
  // Before the Gregorian cutover ICU's calendar turns Julian (and drops the era); reading UTC
  // through the same calendar makes the two errors cancel in the difference.
  const utc = wholeSecond < GREGORIAN_SAFE_MS ? localEpochMs(fieldFormatter("UTC").formatToParts(wholeSecond)) : wholeSecond;
  return local - utc;
}

/** The local date-time of an instant in a zone, as a local epoch in ms (milliseconds kept). */
export function localEpochOf(timeZone: string, epochMs: number): number {
  return epochMs + zoneOffsetMs(timeZone, epochMs);
}
