/** RFC 3339 text to the canonical instant form the stores and the API use. */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * Any RFC 3339 date-time, normalized to UTC with milliseconds (`2026-12-01T15:00:00.000Z`);
 * null when it is not one. Digits past the millisecond are cut; leap seconds are refused.
 */
export function normalizeInstant(text: string): string | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetHours = m[8] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[8] === undefined ? 0 : Number(m[10]);
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const local = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  local.setUTCFullYear(year);
  if (local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day) return null;
  const millis = Number(((m[7] ?? ".0").slice(1) + "00").slice(0, 3));
  const sign = m[8] === "-" ? -1 : 1;
  const utc = local.getTime() + millis - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  const iso = new Date(utc).toISOString();
  // Outside years 0000..9999 the text would no longer be fixed-width (and sort wrong).
  return /^\d{4}-/.test(iso) ? iso : null;
}
