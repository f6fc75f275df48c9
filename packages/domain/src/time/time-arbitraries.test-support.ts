/**
 * fast-check arbitraries for time-zone tests (test support only; not exported by the package).
 * Instants cluster around DST transitions, found with Temporal (an independent implementation).
 */
import * as fc from "fast-check";
import { Temporal } from "temporal-polyfill";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** 1971-01-01 .. 2100-01-01: past the 1970 leap-second table; items live here. */
export const FIRST_MS = Date.UTC(1971, 0, 1);
export const LAST_MS = Date.UTC(2100, 0, 1);

/** Every zone Intl lists, plus the UTC family and one tzdb fixed-offset zone. */
export const ZONES: readonly string[] = [...Intl.supportedValuesOf("timeZone"), "UTC", "Etc/GMT+5"];

/** Zones with unusual DST worth weighting: 30-minute shift, southern hemisphere, half hours, dateline jumps. */
export const INTERESTING_ZONES: readonly string[] = [
  "America/Chicago",
  "America/New_York",
  "Europe/Amsterdam",
  "Australia/Lord_Howe",
  "Australia/Adelaide",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "Pacific/Apia",
  "America/St_Johns",
  "Europe/Dublin",
  "Africa/Casablanca",
  "America/Santiago",
  "UTC",
];

export const zone = fc.oneof(fc.constantFrom(...ZONES), fc.constantFrom(...INTERESTING_ZONES));

export const instant = fc.integer({ min: FIRST_MS, max: LAST_MS });

/** The next transition of `timeZone` after `fromMs` (epoch ms), or null where it has none. */
export function nextTransitionMs(timeZone: string, fromMs: number): number | null {
  const zoned = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(timeZone);
  return zoned.getTimeZoneTransition("next")?.epochMilliseconds ?? null;
}

/** An instant within a few hours (sometimes a day or two) of a transition of `timeZone`. */
export function instantNearTransition(timeZone: string): fc.Arbitrary<number> {
  const shift = fc.oneof(
    fc.integer({ min: -3 * HOUR_MS, max: 3 * HOUR_MS }),
    fc.integer({ min: -2 * DAY_MS, max: 2 * DAY_MS }),
    fc.constantFrom(0, -1, 1, -1000, 1000, 30 * 60_000, -30 * 60_000),
  );
  return fc.tuple(instant, shift).map(([from, by]) => {
    const transition = nextTransitionMs(timeZone, from);
    return transition === null ? from : Math.min(LAST_MS, Math.max(FIRST_MS, transition + by));
  });
}

/** An instant, half the time near a transition of `timeZone`. */
export function instantIn(timeZone: string): fc.Arbitrary<number> {
  return fc.oneof(instant, instantNearTransition(timeZone));
}

/**
 * An instant whose local date-time in `fromZone` lies near a transition of `toZone` (often in
 * its gap or overlap), the hard case for keep-wall-clock from `fromZone` to `toZone`.
 */
export function instantNearTransitionOfOther(fromZone: string, toZone: string): fc.Arbitrary<number> {
  const shift = fc.oneof(fc.integer({ min: -2 * HOUR_MS, max: 2 * HOUR_MS }), fc.constantFrom(0, -1, 1, -1000, 1000));
  return fc.tuple(instant, fc.boolean(), shift).map(([from, afterSide, by]) => {
    const transition = nextTransitionMs(toZone, from);
    if (transition === null) return from;
    const side = afterSide ? transition : transition - 1;
    const localEpoch = side + temporalOffsetMs(toZone, side) + by;
    const local = Temporal.Instant.fromEpochMilliseconds(localEpoch).toZonedDateTimeISO("UTC").toPlainDateTime();
    const ms = local.toZonedDateTime(fromZone, { disambiguation: "compatible" }).epochMilliseconds;
    return Math.min(LAST_MS, Math.max(FIRST_MS, ms));
  });
}

/** Two zones and an instant, weighted towards the transitions of either zone. */
export const zonePairAndInstant: fc.Arbitrary<[from: string, to: string, epochMs: number]> = fc
  .tuple(zone, zone)
  .chain(([from, to]) => fc.tuple(fc.constant(from), fc.constant(to), fc.oneof(instantIn(from), instantNearTransitionOfOther(from, to))));

/** The local date-time of an instant in a zone, by Temporal. */
export function temporalLocal(epochMs: number, timeZone: string): Temporal.PlainDateTime {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).toPlainDateTime();
}

/** Temporal's keep-wall-clock: the same local date-time in `toZone`, `compatible` disambiguation. */
export function temporalKeepWallClock(epochMs: number, fromZone: string, toZone: string): number {
  return temporalLocal(epochMs, fromZone).toZonedDateTime(toZone, { disambiguation: "compatible" }).epochMilliseconds;
}

/** Temporal's offset of `timeZone` at an instant, in ms. */
export function temporalOffsetMs(timeZone: string, epochMs: number): number {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1e6;
}
