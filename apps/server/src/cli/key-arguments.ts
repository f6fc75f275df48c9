/**
 * Judges the values of `keys create`: scopes, expiry, rate limit, ids. Each bad value is a
 * UsageError naming the option, so the tool exits 2 before it touches the store.
 */
import { parseRatePolicy, SCOPES, type RatePolicy, type Scope } from "@lintel/domain";
import { TEXT_RULES, textProblem, ID_PATTERN } from "@lintel/domain/schemas";
import { UsageError } from "./cli-support.js";

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** An id option (`--org`, a key id): `[A-Za-z0-9_-]{1,64}`. */
export function idArgument(option: string, text: string | undefined): string {
  if (text === undefined) throw new UsageError(`${option} is required`);
  if (!ID_PATTERN.test(text)) throw new UsageError(`${option} must match ${ID_PATTERN.source}, got ${JSON.stringify(text)}`);
  return text;
}

/** `--scopes a,b`: known scopes only, at least one, duplicates dropped, in the order of `SCOPES`. */
export function scopesArgument(text: string | undefined): Scope[] {
  if (text === undefined) throw new UsageError("--scopes is required");
  const given = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (given.length === 0) throw new UsageError("--scopes needs at least one scope");
  const unknown = given.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new UsageError(`unknown scope ${unknown.map((s) => JSON.stringify(s)).join(", ")} (scopes: ${SCOPES.join(", ")})`);
  }
  return SCOPES.filter((s) => given.includes(s));
}

/** `--expires-at`: an RFC 3339 instant after `nowMs` (a key born expired is a mistake), as UTC with ms. */
export function expiresAtArgument(text: string | undefined, nowMs: number): string | null {
  if (text === undefined) return null;
  const day = text.slice(0, 10);
  // Date.parse rolls 2027-02-30 over into March; a real calendar day reads back unchanged.
  const dayMs = Date.parse(`${day}T00:00:00Z`);
  const realDay = !Number.isNaN(dayMs) && new Date(dayMs).toISOString().slice(0, 10) === day;
  const ms = RFC3339.test(text) && realDay ? Date.parse(text.toUpperCase()) : Number.NaN;
  if (Number.isNaN(ms))
    throw new UsageError(`--expires-at must be an RFC 3339 instant such as 2027-01-01T00:00:00Z, got ${JSON.stringify(text)}`);
  if (ms <= nowMs) throw new UsageError(`--expires-at ${text} is not in the future`);
  return new Date(ms).toISOString();
}

/** `--rate-limit requests/seconds` (as RATE_LIMIT); absent = the server default. */
export function rateLimitArgument(text: string | undefined): RatePolicy | null {
  if (text === undefined) return null;
  const policy = parseRatePolicy(text);
  if (policy === null) throw new UsageError(`--rate-limit must be requests/seconds such as 100/60, got ${JSON.stringify(text)}`);
  return policy;
}

/** `--name`: free text, not blank, trimmed, by the text rule of every write (at most 200 characters, no control characters). */
export function nameArgument(text: string | undefined): string {
  if (text === undefined || text.trim() === "") throw new UsageError('--name is required (a label for people, e.g. "Zapier integration")');
  const problem = textProblem(text.trim(), TEXT_RULES.text);
  if (problem !== null) throw new UsageError(`--name ${problem}`);
  return text.trim();
}
