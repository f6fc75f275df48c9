/**
 * Instants as stores hold them: `Date#toISOString`'s text, and its parser for that exact form.
 */

import { DAY_MS, dayNumber } from "./calendar-strings.js";

/** UTC RFC 3339 with milliseconds: `Date#toISOString`. */
export function isoInstant(ms: number): string {
  return new Date(ms).toISOString();
}

/** The value of the decimal digits text[from..to), or NaN if any is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The epoch ms of `text` when it is exactly what {@link isoInstant} writes for that instant
 * (`2027-03-14T08:30:00.000Z`, years 1970..9999), else NaN. Stores hold instants in this form,
 * so a plan reads them without `Date.parse` and hands the same strings back.
 */
export function parseCanonicalInstant(text: string): number {
  if (
    text.length !== 24 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 || // T
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46 || // .
    text.charCodeAt(23) !== 90 // Z
  ) {
    return Number.NaN;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  const milli = digits(text, 20, 23);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  // NaN fails every comparison, so a non-digit anywhere ends here too.
  if (!(year >= 1970 && month >= 1 && day >= 1 && day <= monthDays && hour < 24 && minute < 60 && second < 60 && milli >= 0))
    return Number.NaN;
  return dayNumber(year, month, day) * DAY_MS + hour * 3_600_000 + minute * 60_000 + second * 1000 + milli;
}
