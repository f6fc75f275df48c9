/**
 * API keys and scopes. A key is `lnt_` + 34 random base-62 characters + a 6-character
 * base-62 CRC-32 of those 34, so a mistyped key is refused before any store lookup. Only the
 * SHA-256 of the whole key is ever stored.
 */
import { hash, randomInt } from "node:crypto";
import { crc32 } from "node:zlib";
import type { ApiKeyRecord, Scope } from "../records/records.js";

/** Every Lintel API key starts with this. */
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

/** {@link evaluateApiKey}'s verdict: the usable key, or `invalid_api_key` whatever was wrong (no hint which). */
export type KeyCheck = { readonly ok: true; readonly key: ApiKeyRecord } | { readonly ok: false; readonly code: "invalid_api_key" };

const INVALID: KeyCheck = { ok: false, code: "invalid_api_key" };

/** Judges a stored record at `nowMs`: missing, expired (expiresAt ≤ now) or revoked (any revokedAt) → invalid. */
export function evaluateApiKey(record: ApiKeyRecord | null, nowMs: number): KeyCheck {
  if (record === null) return INVALID;
  if (record.revokedAt !== null) return INVALID;
  if (record.expiresAt !== null && Date.parse(record.expiresAt) <= nowMs) return INVALID;
  return { ok: true, key: record };
}

/** A scope policy's verdict: allowed, or `missing_scope` naming the scope the operation needs. */
export type ScopeCheck<S extends string = Scope> =
  { readonly ok: true } | { readonly ok: false; readonly code: "missing_scope"; readonly scope: S; readonly detail: string };

/** For each scope, the wider scopes that grant it too (`{ "units:read": ["units:write"] }`). */
export type ImpliedScopes<S extends string = string> = Readonly<Partial<Record<S, readonly S[]>>>;

/** Decides whether a key's scopes allow an operation; see {@link createScopePolicy}. */
export interface ScopePolicy<S extends string> {
  /** Whether `granted` allows `required`: held itself, or held through a scope that implies it. */
  grants(granted: readonly S[], required: S): boolean;
  /** {@link ScopePolicy.grants} as a verdict whose refusal names the missing scope. */
  require(granted: readonly S[], required: S): ScopeCheck<S>;
}

/**
 * A scope policy over any set of scope names: an operation needs one scope, and a key may do it
 * when it holds that scope or one of the wider scopes `implied` lists for it.
 *
 * ```ts
 * type MyScope = "reports:read" | "reports:write";
 * const policy = createScopePolicy<MyScope>({ "reports:read": ["reports:write"] });
 * policy.require(["reports:write"], "reports:read"); // { ok: true }
 * ```
 */
export function createScopePolicy<S extends string>(implied: ImpliedScopes<S> = {} as ImpliedScopes<S>): ScopePolicy<S> {
  const grants = (granted: readonly S[], required: S): boolean =>
    granted.includes(required) || (implied[required] ?? []).some((wider) => granted.includes(wider));
  return {
    grants,
    require: (granted, required) =>
      grants(granted, required)
        ? { ok: true }
        : {
            ok: false,
            code: "missing_scope",
            scope: required,
            detail: `This operation requires the scope '${required}', which this API key does not have.`,
          },
  };
}

/** Lintel's own implications: a key with `units:write` may read units too, one with `messages:write` templates, one with `locks:write` locks, one with `tours:write` tours. */
export const IMPLIED_SCOPES: ImpliedScopes<Scope> = {
  "units:read": ["units:write"],
  "messages:read": ["messages:write"],
  "locks:read": ["locks:write"],
  "tours:read": ["tours:write"],
};

const lintelScopes = createScopePolicy(IMPLIED_SCOPES);

/** Lintel's scope policy ({@link IMPLIED_SCOPES}): whether `granted` allows `required`. */
export function grantsScope(granted: readonly Scope[], required: Scope): boolean {
  return lintelScopes.grants(granted, required);
}

/** Lintel's scope policy as a verdict: allowed, or `missing_scope` naming the scope needed. */
export function requireScope(granted: readonly Scope[], required: Scope): ScopeCheck {
  return lintelScopes.require(granted, required);
}
