/**
 * Human labels of instants and ranges (SPEC 5.1), en-US, plain spaces only:
 * `Tue, Dec 1, 2026, 10:00 AM EST`, `Tue, Dec 1, 2026, 10:00 AM – 11:00 AM EST`,
 * `Tue, Dec 1, 2026, 10:00 PM EST – Wed, Dec 2, 2026, 1:00 AM EST`.
 * The label is assembled from Intl's parts rather than its literals, whose spacing (U+202F
 * before AM, U+2009 around dashes) changes between ICU versions.
 */

const labelFormatters = new Map<string, Intl.DateTimeFormat>();

/** Every space-like character Intl may emit (no-break, thin, narrow no-break, …). */
const ODD_SPACES = /[\s\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000\uFEFF]+/g;

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

interface LabelParts {
  /** `Tue, Dec 1, 2026` */
  readonly date: string;
  /** `10:00 AM` */
  readonly time: string;
  /** `EST`, `GMT+5:30`, `UTC` */
  readonly zone: string;
}

function labelParts(epochMs: number, timeZone: string): LabelParts {
  const parts = labelFormatter(timeZone).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    (parts.find((p) => p.type === type)?.value ?? "").replace(ODD_SPACES, " ").trim();
  return {
    date: `${part("weekday")}, ${part("month")} ${part("day")}, ${part("year")}`,
    time: `${part("hour")}:${part("minute")} ${part("dayPeriod")}`,
    zone: part("timeZoneName"),
  };
}

/** One instant: `Tue, Dec 1, 2026, 10:00 AM EST`. */
export function instantLabel(epochMs: number, timeZone: string): string {
  const { date, time, zone } = labelParts(epochMs, timeZone);
  return `${date}, ${time} ${zone}`;
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
