/**
 * API keys and scopes (SPEC 2). A key is `lnt_` + 34 random base-62 characters + a 6-character
 * base-62 CRC-32 of those 34, so a mistyped key is refused before any store lookup. Only the
 * SHA-256 of the whole key is ever stored.
 */
import { hash, randomInt } from "node:crypto";
import { crc32 } from "node:zlib";
import type { ApiKeyRecord, Scope } from "./records.js";

export const API_KEY_PREFIX = "lnt_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 34;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^lnt_[0-9A-Za-z]{40}$/;

/** CRC-32 (zlib's) of the ASCII text, in base 62, most significant digit first, 6 wide. */
export function apiKeyChecksum(body: string): string {
  let value = crc32(Buffer.from(body, "ascii"));
  let digits = "";
  do {
    digits = ALPHABET[value % 62] + digits;
    value = Math.floor(value / 62);
  } while (value > 0);
  return digits.padStart(CHECKSUM_LENGTH, "0");
}

/** A fresh key. `randomIndex(n)` picks 0..n-1; it defaults to node:crypto's CSPRNG. */
export function generateApiKey(randomIndex: (n: number) => number = (n) => randomInt(n)): string {
  let body = "";
  for (let i = 0; i < BODY_LENGTH; i++) body += ALPHABET[randomIndex(ALPHABET.length)];
  return `${API_KEY_PREFIX}${body}${apiKeyChecksum(body)}`;
}

/** True when the text has the key format and its checksum matches. */
export function isWellFormedApiKey(text: string): boolean {
  if (!KEY_PATTERN.test(text)) return false;
  const rest = text.slice(API_KEY_PREFIX.length);
  return apiKeyChecksum(rest.slice(0, BODY_LENGTH)) === rest.slice(BODY_LENGTH);
}

/** SHA-256 (hex) of the whole key string: the only thing stored. */
export function hashApiKey(key: string): string {
  return hash("sha256", key, "hex"); // one-shot (Node ≥ 20.12): no Hash object per request
}

export type KeyCheck = { readonly ok: true; readonly key: ApiKeyRecord } | { readonly ok: false; readonly code: "invalid_api_key" };

const INVALID: KeyCheck = { ok: false, code: "invalid_api_key" };

/** Judges a stored record at `nowMs`: missing, expired (expiresAt ≤ now) or revoked (any revokedAt) → invalid. */
export function evaluateApiKey(record: ApiKeyRecord | null, nowMs: number): KeyCheck {
  if (record === null) return INVALID;
  if (record.revokedAt !== null) return INVALID;
  if (record.expiresAt !== null && Date.parse(record.expiresAt) <= nowMs) return INVALID;
  return { ok: true, key: record };
}

export type ScopeCheck =
  { readonly ok: true } | { readonly ok: false; readonly code: "missing_scope"; readonly scope: Scope; readonly detail: string };

/** Scopes that grant another one too (SPEC 2: a key with `units:write` may read units). */
export const IMPLIED_SCOPES: Readonly<Partial<Record<Scope, readonly Scope[]>>> = { "units:read": ["units:write"] };

/** Whether `granted` allows `required`: held itself, or held through a scope that implies it. */
export function grantsScope(granted: readonly Scope[], required: Scope): boolean {
  return granted.includes(required) || (IMPLIED_SCOPES[required] ?? []).some((wider) => granted.includes(wider));
}

/**
 * The scope policy: a key may do an operation only when it holds the operation's scope, or a
 * scope that implies it.
 */
export function requireScope(granted: readonly Scope[], required: Scope): ScopeCheck {
  if (grantsScope(granted, required)) return { ok: true };
  return {
    ok: false,
    code: "missing_scope",
    scope: required,
    detail: `This operation requires the scope '${required}', which this API key does not have.`,
  };
}
