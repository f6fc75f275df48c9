/**
 * Secrets at rest (webhook signing secrets, kept answers that show one): sealed with AES-256-GCM
 * under a ring of data keys (DATA_KEYS). The first key seals; every key opens, so a key is
 * rotated by putting a new one first, re-sealing, then dropping the old one. A sealed text names
 * its key by a short fingerprint, so opening never tries keys in turn.
 *
 *   enc1.<key id: 8 hex of SHA-256(key)>.<iv, 12 bytes>.<tag, 16 bytes>.<ciphertext>   (base64url parts)
 *
 * Text that is not sealed (a store written before data keys) opens as itself: `isSealed` tells
 * which, so an upgrade can re-seal what is still plain.
 *
 * Beside sealing, a PIN has tags: HMAC-SHA256 of the PIN under a key derived from each data key
 * (HMAC-SHA256(data key, "lintel pin tag v1")), the first 16 bytes as base64url (22 characters of
 * `[A-Za-z0-9_-]`). A store indexes a code by its tag, so "is this PIN held on the lock" is a
 * lookup rather than opening every code; the tag says nothing of the PIN without a data key.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

const PREFIX = "enc1.";
const KEY_BYTES = 32;

/** Seals and opens text with a ring of data keys; see the module comment. */
export interface DataCipher {
  /** `text` sealed under the first key (a fresh IV each time). */
  seal(text: string): string;
  /** The text `sealed` holds; text that is not sealed is answered as it is. Throws for a tampered text or an unknown key. */
  open(sealed: string): string;
  /** True when `text` is sealed (by any ring). */
  isSealed(text: string): boolean;
  /** True when `text` is sealed under the first key (re-sealing it would change nothing). */
  sealedUnderFirst(text: string): boolean;
  /** The tag a code stores for `pin`: under the first key (see the module comment). */
  pinTag(pin: string): string;
  /** `pin`'s tag under every key of the ring, the first key's first: a code tagged under any of them holds the PIN. */
  pinTags(pin: string): string[];
}

/** Why a data key or a sealed text is refused. */
export class DataKeyError extends Error {
  override readonly name = "DataKeyError";
}

const keyId = (key: Uint8Array) => createHash("sha256").update(key).digest("hex").slice(0, 8);

/** What a PIN tag key is derived with, so it is never the key that seals. */
const PIN_TAG_CONTEXT = "lintel pin tag v1";
/** Bytes of the HMAC a PIN tag keeps. */
const PIN_TAG_BYTES = 16;

const pinTagKey = (key: Uint8Array) => createHmac("sha256", key).update(PIN_TAG_CONTEXT).digest();
const tagUnder = (tagKey: Buffer, pin: string) =>
  createHmac("sha256", tagKey).update(pin, "utf8").digest().subarray(0, PIN_TAG_BYTES).toString("base64url");

/** A cipher over `keys` (each 32 bytes; the first seals). */
export function createDataCipher(keys: readonly Uint8Array[]): DataCipher {
  if (keys.length === 0) throw new DataKeyError("At least one data key is needed.");
  for (const key of keys) if (key.length !== KEY_BYTES) throw new DataKeyError(`A data key is ${KEY_BYTES} bytes.`);
  const ring = new Map(keys.map((key) => [keyId(key), key]));
  const first = keys[0] as Uint8Array;
  const firstId = keyId(first);
  const isSealed = (text: string) => text.startsWith(PREFIX);
  const tagKeys = keys.map(pinTagKey);
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", first, iv);
      const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
      return [PREFIX + firstId, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed) {
      if (!isSealed(sealed)) return sealed;
      const [, id, iv, tag, body] = sealed.split(".");
      const key = id === undefined ? undefined : ring.get(id);
      if (key === undefined || iv === undefined || tag === undefined || body === undefined) {
        throw new DataKeyError("A sealed secret names a data key this server does not have (DATA_KEYS).");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      try {
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new DataKeyError("A sealed secret does not open: it was changed.");
      }
    },
    isSealed,
    sealedUnderFirst: (text) => text.startsWith(`${PREFIX}${firstId}.`),
    pinTag: (pin) => tagUnder(tagKeys[0] as Buffer, pin),
    pinTags: (pin) => [...new Set(tagKeys.map((tagKey) => tagUnder(tagKey, pin)))],
  };
}

/**
 * DATA_KEYS: a comma list of keys, each 32 bytes written as 64 hex digits or as base64; the
 * first seals, all open. A message naming the fault (never a key) when one is malformed.
 */
export function parseDataKeys(
  text: string,
): { readonly ok: true; readonly keys: Uint8Array[] } | { readonly ok: false; readonly reason: string } {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.length === 0) return { ok: false, reason: "list at least one key" };
  const keys: Uint8Array[] = [];
  for (const [i, part] of parts.entries()) {
    const bytes = /^[0-9a-fA-F]{64}$/.test(part)
      ? Buffer.from(part, "hex")
      : /^[A-Za-z0-9+/_-]+={0,2}$/.test(part)
        ? Buffer.from(part, "base64")
        : null;
    if (bytes === null || bytes.length !== KEY_BYTES) {
      return { ok: false, reason: `key ${i + 1} is not 32 bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)` };
    }
    keys.push(new Uint8Array(bytes));
  }
  return { ok: true, keys };
}

/** A fresh random data key (a process that keeps nothing: the memory store). */
export function randomDataKey(): Uint8Array {
  return new Uint8Array(randomBytes(KEY_BYTES));
}
