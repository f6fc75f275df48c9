/**
 * The text pieces every instant string of the preview is made of, computed once and reused: a
 * day's `2027-03-14` and `Sun, Mar 14, 2027`, a minute's `2:30 AM` and `02:30`, two-digit numbers. A
 * preview of many items repeats the same few hundred days, so building each string once per
 * process (instead of once per item) is most of what formatting costs.
 *
 * Each look-up is kept apart from the code that writes a missing entry (`add…`): the
 * optimizing compiler copies a look-up into every caller, and a small copy compiles faster
 * during a process's first plan.
 *
 * Days are counted from 1970-01-01 (day 0, a Thursday) in the proleptic Gregorian calendar;
 * only years 0000..9999 are covered ({@link MIN_DAY}..{@link MAX_DAY}), callers format others
 * themselves.
 */

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** 0000-01-01 and 9999-12-31 as days since 1970-01-01. */
export const MIN_DAY = -719_528;
export const MAX_DAY = 2_932_896;

export const DAY_MS = 86_400_000;

/** The two strings of one day. */
export interface DayStrings {
  /** `2027-03-14` */
  readonly iso: string;
  /** `Sun, Mar 14, 2027` (en-US, as Intl writes a label's date) */
  readonly label: string;
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));

/** `n` (0..99) with a leading zero. */
export function twoDigits(n: number): string {
  return TWO_DIGITS[n] ?? String(n).padStart(2, "0");
}

/** Civil date of a day number (H. Hinnant's algorithm: eras of 400 years from 0000-03-01). */
function civilDate(day: number): { year: number; month: number; dayOfMonth: number } {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    dayOfMonth: dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1,
  };
}

/** Day number (days since 1970-01-01) of a proleptic Gregorian date: the inverse of {@link civilDate}. */
export function dayNumber(year: number, month: number, dayOfMonth: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + dayOfMonth - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Days kept before the cache starts again (a day's strings are about 100 bytes). */
const MAX_DAYS = 50_000;
const days = new Map<number, DayStrings>();

/** Writes the strings of `day` and keeps them. */
function addDayStrings(day: number): DayStrings {
  const { year, month, dayOfMonth } = civilDate(day);
  const weekday = WEEKDAYS[(((day + 4) % 7) + 7) % 7];
  const strings = {
    iso: `${String(year).padStart(4, "0")}-${twoDigits(month)}-${twoDigits(dayOfMonth)}`,
    label: `${weekday}, ${MONTHS[month - 1]} ${dayOfMonth}, ${year}`,
  };
  if (days.size >= MAX_DAYS) days.clear();
  days.set(day, strings);
  return strings;
}

/** The strings of `day` (days since 1970-01-01, {@link MIN_DAY}..{@link MAX_DAY}). */
export function dayStrings(day: number): DayStrings {
  return days.get(day) ?? addDayStrings(day);
}

/** Minutes of the day written so far, each on first use (a plan uses a few dozen of the 1,440). */
const clockTimes = new Array<string | undefined>(1440);
const hourMinutes = new Array<string | undefined>(1440);

function addClockTime(minuteOfDay: number): string {
  const hour = Math.floor(minuteOfDay / 60);
  const text = `${hour % 12 === 0 ? 12 : hour % 12}:${twoDigits(minuteOfDay % 60)} ${hour < 12 ? "AM" : "PM"}`;
  clockTimes[minuteOfDay] = text;
  return text;
}

function addHourMinute(minuteOfDay: number): string {
  const text = `${twoDigits(Math.floor(minuteOfDay / 60))}:${twoDigits(minuteOfDay % 60)}`;
  hourMinutes[minuteOfDay] = text;
  return text;
}

/** A minute of the day (0..1439) as a label writes it: `12:05 AM`, `2:30 PM`. */
export function clockTime(minuteOfDay: number): string {
  return clockTimes[minuteOfDay] ?? addClockTime(minuteOfDay);
}

/** A minute of the day (0..1439) as ISO 8601 writes it: `00:05`, `14:30`. */
export function hourMinute(minuteOfDay: number): string {
  return hourMinutes[minuteOfDay] ?? addHourMinute(minuteOfDay);
}
