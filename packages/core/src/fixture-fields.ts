/**
 * Field readers for fixture records: each reads one field of one raw record, records an error
 * that names the record when the value breaks SPEC 1, and returns the normalized value (or a
 * placeholder, since a fixture with any error is refused whole).
 */
import { canonicalTimeZone, ID_PATTERN } from "@lintel/domain";
import type { RatePolicy } from "@lintel/domain";

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

/** Reads the fields of one raw record; errors go to `errors`, prefixed with the record's label. */
export interface FieldReader {
  /** A required id (`[A-Za-z0-9_-]{1,64}`). */
  id(name: string): string;
  /** A required string; `nonEmpty` refuses "" and blank text. */
  text(name: string, nonEmpty?: boolean): string;
  /** A string, null or absent (→ null). */
  optionalText(name: string): string | null;
  /** A required RFC 3339 instant, normalized. */
  instant(name: string): string;
  /** An instant, null or absent (→ null). */
  optionalInstant(name: string): string | null;
  /** An IANA zone (canonical name), null or absent (→ null). */
  optionalZone(name: string): string | null;
  /** A safe integer ≥ `min`; `fallback` when absent. */
  integer(name: string, min: number, fallback?: number): number;
  /** One of `allowed`; `fallback` when absent. */
  oneOf<T extends string>(name: string, allowed: readonly T[], fallback?: T): T;
  /** A list of distinct values each accepted by `accept` (which returns null to refuse). */
  list<T>(name: string, what: string, accept: (value: unknown) => T | null): T[];
  /** `{ requests, windowSeconds }`, null or absent (→ null). */
  optionalRatePolicy(name: string): RatePolicy | null;
  /** Whether the field is present (not undefined). */
  has(name: string): boolean;
  /** Raw value, for checks the reader doesn't know. */
  raw(name: string): unknown;
  /** Adds an error about this record. */
  error(message: string): void;
  /** Refuses fields not in `known`. */
  onlyFields(known: readonly string[]): void;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** A reader over `record`, whose errors start with `label` (e.g. `units[2] (id "u_9")`). */
export function readFields(record: Record<string, unknown>, label: string, errors: string[]): FieldReader {
  const error = (message: string) => {
    errors.push(`${label}: ${message}`);
  };
  const absent = (name: string) => record[name] === undefined;

  const reader: FieldReader = {
    error,
    has: (name) => !absent(name),
    raw: (name) => record[name],
    id(name) {
      const value = record[name];
      if (absent(name)) error(`${name} is missing`);
      else if (typeof value !== "string" || !ID_PATTERN.test(value)) error(`${name} ${show(value)} is not an id ([A-Za-z0-9_-]{1,64})`);
      return typeof value === "string" ? value : "";
    },
    text(name, nonEmpty = false) {
      const value = record[name];
      if (absent(name)) error(`${name} is missing`);
      else if (typeof value !== "string") error(`${name} must be a string, not ${show(value)}`);
      else if (nonEmpty && value.trim() === "") error(`${name} must not be empty`);
      return typeof value === "string" ? value : "";
    },
    optionalText(name) {
      const value = record[name];
      if (value === undefined || value === null) return null;
      if (typeof value !== "string") error(`${name} must be a string or null, not ${show(value)}`);
      return typeof value === "string" ? value : null;
    },
    instant(name) {
      if (absent(name)) {
        error(`${name} is missing`);
        return "";
      }
      return reader.optionalInstant(name) ?? "";
    },
    optionalInstant(name) {
      const value = record[name];
      if (value === undefined || value === null) return null;
      const instant = typeof value === "string" ? normalizeInstant(value) : null;
      if (instant === null) error(`${name} ${show(value)} is not an RFC 3339 instant`);
      return instant;
    },
    optionalZone(name) {
      const value = record[name];
      if (value === undefined || value === null) return null;
      const zone = typeof value === "string" ? canonicalTimeZone(value) : null;
      if (zone === null) error(`${name} ${show(value)} is not an IANA time zone`);
      return zone;
    },
    integer(name, min, fallback) {
      const value = record[name];
      if (value === undefined && fallback !== undefined) return fallback;
      if (value === undefined) error(`${name} is missing`);
      else if (!Number.isSafeInteger(value) || (value as number) < min) error(`${name} ${show(value)} must be an integer ≥ ${min}`);
      return typeof value === "number" ? value : min;
    },
    oneOf(name, allowed, fallback) {
      const value = record[name];
      if (value === undefined && fallback !== undefined) return fallback;
      if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as (typeof allowed)[number];
      error(value === undefined ? `${name} is missing` : `${name} ${show(value)} must be one of ${allowed.join(", ")}`);
      return allowed[0] as (typeof allowed)[number];
    },
    list<T>(name: string, what: string, accept: (value: unknown) => T | null): T[] {
      const value = record[name];
      if (!Array.isArray(value)) {
        error(value === undefined ? `${name} is missing` : `${name} must be a list`);
        return [];
      }
      const out: T[] = [];
      for (const entry of value as unknown[]) {
        const accepted = accept(entry);
        if (accepted === null) error(`${name} holds ${show(entry)}, which is not ${what}`);
        else if (out.includes(accepted)) error(`${name} lists ${show(entry)} twice`);
        else out.push(accepted);
      }
      return out;
    },
    optionalRatePolicy(name) {
      const value = record[name];
      if (value === undefined || value === null) return null;
      const policy = value as Partial<Record<string, unknown>>;
      const fine =
        typeof value === "object" &&
        !Array.isArray(value) &&
        Object.keys(value).every((k) => k === "requests" || k === "windowSeconds") &&
        Number.isSafeInteger(policy["requests"]) &&
        Number.isSafeInteger(policy["windowSeconds"]) &&
        (policy["requests"] as number) >= 1 &&
        (policy["requests"] as number) <= 999_999_999 &&
        (policy["windowSeconds"] as number) >= 1 &&
        (policy["windowSeconds"] as number) <= 9_999_999;
      if (!fine) {
        error(`${name} ${show(value)} must be { requests, windowSeconds } with positive integers, or null`);
        return null;
      }
      return { requests: policy["requests"] as number, windowSeconds: policy["windowSeconds"] as number };
    },
    onlyFields(known) {
      for (const name of Object.keys(record)) if (!known.includes(name)) error(`unknown field ${show(name)}`);
    },
  };
  return reader;
}
