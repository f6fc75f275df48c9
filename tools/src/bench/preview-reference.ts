/**
 * The yardstick for the domain's preview engine: the contract's preview written the straightforward
 * way, with the Temporal polyfill for zone arithmetic and Intl for labels, with no caches. The
 * preview benchmark checks that both agree on every item before timing them.
 */
import { Temporal } from "temporal-polyfill";
import type { PreviewInput, PreviewItem, TimezonePreview } from "@lintel/domain";

const LABEL_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/** One formatter per zone, as any careful implementation keeps them (building one costs more than using it). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Date, time and zone abbreviation of an instant in `zone`, en-US, plain spaces. */
function labelParts(instant: Temporal.Instant, zone: string) {
  let format = formatters.get(zone);
  if (format === undefined) formatters.set(zone, (format = new Intl.DateTimeFormat("en-US", { ...LABEL_OPTIONS, timeZone: zone })));
  const text = format.format(new Date(instant.epochMilliseconds)).replace(/[\u202f\u2009]/g, " ");
  // "Tue, Dec 1, 2026, 10:00 AM EST": the last comma ends the date, the last space starts the zone.
  const dateEnd = text.lastIndexOf(", ");
  const zoneStart = text.lastIndexOf(" ");
  return { date: text.slice(0, dateEnd), time: text.slice(dateEnd + 2, zoneStart), zone: text.slice(zoneStart + 1) };
}

function label(start: Temporal.Instant, end: Temporal.Instant, zone: string): string {
  const a = labelParts(start, zone);
  if (start.equals(end)) return `${a.date}, ${a.time} ${a.zone}`;
  const b = labelParts(end, zone);
  if (a.date === b.date && a.zone === b.zone) return `${a.date}, ${a.time} – ${b.time} ${a.zone}`;
  return `${a.date}, ${a.time} ${a.zone} – ${b.date}, ${b.time} ${b.zone}`;
}

/** The same local date and time in `to` (gaps move forward, overlaps take the earlier instant). */
function keepWallClock(instant: Temporal.Instant, from: string, to: string): Temporal.ZonedDateTime {
  return instant.toZonedDateTimeISO(from).toPlainDateTime().toZonedDateTime(to, { disambiguation: "compatible" });
}

const rfc3339 = (zoned: Temporal.ZonedDateTime) => zoned.toString({ timeZoneName: "never", smallestUnit: "second" });
const iso = (instant: Temporal.Instant) => instant.toString({ fractionalSecondDigits: 3 });

/** the contract's preview of `input` (zones already canonical). */
export function referencePreview(input: PreviewInput): TimezonePreview {
  const current = input.unit.timeZone ?? "UTC";
  const proposed = input.proposedTimeZone;
  const noop = input.unit.timeZone === proposed;
  const items: PreviewItem[] = [];
  for (const item of noop ? [] : input.items) {
    const start = Temporal.Instant.from(item.startAt);
    const end = Temporal.Instant.from(item.endAt);
    if (end.epochMilliseconds <= input.nowMs) continue;
    const wallStart = keepWallClock(start, current, proposed);
    let wallEnd = keepWallClock(end, current, proposed);
    if (Temporal.ZonedDateTime.compare(wallEnd, wallStart) < 0) wallEnd = wallStart;
    if (wallStart.toInstant().equals(start) && wallEnd.toInstant().equals(end)) continue;
    const sharing = item.lockId === null ? [] : (input.lockUnits.get(item.lockId) ?? []);
    items.push({
      key: `${item.kind}:${item.id}`,
      kind: item.kind,
      title: item.title,
      startAt: iso(start),
      endAt: iso(end),
      wallClockStart: rfc3339(wallStart),
      wallClockEnd: rfc3339(wallEnd),
      beforeLabel: label(start, end, current),
      keepInstantLabel: label(start, end, proposed),
      keepWallClockLabel: label(wallStart.toInstant(), wallEnd.toInstant(), proposed),
      sharedLockConflict: sharing.some((other) => other.unitId !== input.unit.id && (other.timeZone ?? "UTC") !== proposed),
      warnings: wallStart.until(wallEnd).total("milliseconds") === start.until(end).total("milliseconds") ? [] : ["duration_changed"],
    });
  }
  const order = (a: PreviewItem, b: PreviewItem) =>
    Date.parse(a.startAt) - Date.parse(b.startAt) ||
    (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  items.sort(order);
  return {
    status: noop ? "noop" : items.some((item) => item.sharedLockConflict) ? "conflict" : "ok",
    unitId: input.unit.id,
    address: input.unit.address,
    expectedVersion: input.unit.version,
    currentTimeZone: input.unit.timeZone,
    proposedTimeZone: proposed,
    beforeUsesUtc: input.unit.timeZone === null,
    items,
  };
}
