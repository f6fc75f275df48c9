/**
 * Pagination cursors: the position of the last row returned, encrypted and
 * authenticated with AES-256-GCM and bound to one org and one list, so a cursor can be
 * neither read, edited, nor replayed against another org or list.
 *
 * Token bytes (then base64url without padding):
 *   version (1) | key id (1) | IV (12) | ciphertext (n) | tag (16)
 * The associated data is the version and key-id bytes followed by the org id and the list
 * name (then the subject, where the list has one), each length-prefixed (uint32 big-endian
 * byte count), so ("ab","c") ≠ ("a","bc").
 *
 * Each secret's key comes from HKDF-SHA256; its key id is one byte of a second HKDF output.
 * The first secret encrypts, all decrypt (rotation): a token names its key id and every
 * secret with that id is tried (a one-byte id may collide between secrets).
 *
 * A codec remembers the cursors it issued and opened (a bounded memo, {@link CursorCodecOptions}):
 * the same position of the same list is encrypted once and then issued as the same text, and a
 * cursor it knows is not opened again. Each encryption still draws a fresh IV, so no IV is ever
 * used for two plaintexts; the memo is keyed by the whole binding, so a cursor known for one org
 * is, for another org's binding, opened (and refused) like any unknown text.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { boundedMap } from "./bounded-map.js";

/**
 * What a cursor is bound to: it is accepted only for the same org and the same list, and for
 * the same subject where the list has one (a unit's schedule is bound to that unit).
 */
export interface CursorBinding {
  /** The tenant the cursor was issued to; another tenant's binding refuses it. */
  readonly orgId: string;
  /** Any name of a list of yours (Lintel's are `locks`, `templates`, `units`, `schedule`). */
  readonly list: string;
  /** What the list is of, where it is of something (a unit's schedule: the unit's id and `from`). */
  readonly subject?: string;
}

/** A decoded cursor: the position it names, or `invalid_cursor` (malformed, edited, foreign, or another list's). */
export type CursorDecoding = { readonly ok: true; readonly position: string } | { readonly ok: false; readonly code: "invalid_cursor" };

/** Turns list positions into opaque cursor text and back. */
export interface CursorCodec {
  /** Encrypts `position` (well-formed Unicode text) for this binding; base64url text. */
  encode(position: string, binding: CursorBinding): string;
  /** The position the text names, or `invalid_cursor` for anything else. Never throws. */
  decode(text: string, binding: CursorBinding): CursorDecoding;
}

/** Options of {@link createCursorCodec}. */
export interface CursorCodecOptions {
  /**
   * How many issued cursors, and as many opened ones, the codec keeps (default 4,096 each; 0
   * keeps none, and then every encoding is a new text). A polled first page then costs no
   * encryption, and following a cursor this codec issued costs no decryption.
   */
  readonly remember?: number;
}

/** Minimum length of a cursor secret, in characters. */
export const MIN_CURSOR_SECRET_LENGTH = 32;

const VERSION = 1;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const HEADER_LENGTH = 2;
const MIN_TOKEN_LENGTH = HEADER_LENGTH + IV_LENGTH + TAG_LENGTH;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const INVALID: CursorDecoding = { ok: false, code: "invalid_cursor" };
const utf8 = new TextDecoder("utf-8", { fatal: true });

interface CursorKey {
  readonly id: number;
  readonly key: Buffer;
}

function deriveKey(secret: string): CursorKey {
  const ikm = Buffer.from(secret, "utf8");
  const key = Buffer.from(hkdfSync("sha256", ikm, Buffer.alloc(0), "lintel cursor v1 key", 32));
  const id = Buffer.from(hkdfSync("sha256", ikm, Buffer.alloc(0), "lintel cursor v1 key id", 1))[0] ?? 0;
  return { id, key };
}

function lengthPrefixed(text: string): Buffer {
  const bytes = Buffer.from(text, "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function associatedData(header: Buffer, binding: CursorBinding): Buffer {
  const parts = [header, lengthPrefixed(binding.orgId), lengthPrefixed(binding.list)];
  // A binding with a subject is longer by the subject's length-prefixed bytes: never equal to one without.
  if (binding.subject !== undefined) parts.push(lengthPrefixed(binding.subject));
  return Buffer.concat(parts);
}

/** The token bytes of canonical unpadded base64url text, else null. */
function fromBase64url(text: string): Buffer | null {
  if (typeof text !== "string" || !BASE64URL.test(text)) return null;
  const bytes = Buffer.from(text, "base64url");
  // Node decodes leniently; only the one canonical spelling of the bytes is accepted.
  return bytes.toString("base64url") === text ? bytes : null;
}

function openWith(key: Buffer, token: Buffer, binding: CursorBinding): string | null {
  try {
    const header = token.subarray(0, HEADER_LENGTH);
    const iv = token.subarray(HEADER_LENGTH, HEADER_LENGTH + IV_LENGTH);
    const ciphertext = token.subarray(HEADER_LENGTH + IV_LENGTH, token.length - TAG_LENGTH);
    const tag = token.subarray(token.length - TAG_LENGTH);
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_LENGTH });
    decipher.setAAD(associatedData(header, binding));
    decipher.setAuthTag(tag);
    const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    return utf8.decode(plaintext);
  } catch {
    return null; // authentication failure or a payload that is not UTF-8
  }
}

/** One text per (binding, text) pair: each part but the last is length-prefixed, so no two pairs share it. */
function memoKey({ orgId, list, subject }: CursorBinding, text: string): string {
  return `${orgId.length}:${orgId}${list.length}:${list}${subject === undefined ? "-" : `${subject.length}:${subject}`}${text}`;
}

/**
 * A codec over `secrets` (each at least {@link MIN_CURSOR_SECRET_LENGTH} characters): the
 * first encrypts, all decrypt. Throws an Error naming the problem when the list is unusable.
 */
export function createCursorCodec(secrets: readonly string[], { remember = 4096 }: CursorCodecOptions = {}): CursorCodec {
  if (secrets.length === 0) throw new Error("At least one cursor secret is required.");
  secrets.forEach((secret, index) => {
    if (typeof secret !== "string" || secret.length < MIN_CURSOR_SECRET_LENGTH) {
      const length = typeof secret === "string" ? secret.length : 0;
      throw new Error(`Cursor secret #${index + 1} is ${length} characters long; at least ${MIN_CURSOR_SECRET_LENGTH} are required.`);
    }
  });
  const keys = secrets.map(deriveKey);
  const current = keys[0] as CursorKey;

  function encrypt(position: string, binding: CursorBinding): string {
    const plaintext = Buffer.from(position, "utf8");
    if (plaintext.toString("utf8") !== position) {
      throw new TypeError("A cursor position must be well-formed Unicode text.");
    }
    const header = Buffer.from([VERSION, current.id]);
    const iv = randomBytes(IV_LENGTH);
    const cipher = createCipheriv("aes-256-gcm", current.key, iv, { authTagLength: TAG_LENGTH });
    cipher.setAAD(associatedData(header, binding));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([header, iv, ciphertext, cipher.getAuthTag()]).toString("base64url");
  }

  function open(text: string, binding: CursorBinding): CursorDecoding {
    const token = fromBase64url(text);
    if (token === null || token.length < MIN_TOKEN_LENGTH || token[0] !== VERSION) return INVALID;
    for (const candidate of keys) {
      if (candidate.id !== token[1]) continue;
      const position = openWith(candidate.key, token, binding);
      if (position !== null) return { ok: true, position };
    }
    return INVALID;
  }

  // Issued: (binding, position) → text. Opened: (binding, text) → position, for texts that opened.
  const issued = boundedMap<string, string>(remember);
  const opened = boundedMap<string, string>(remember);
  return {
    encode(position, binding) {
      const key = memoKey(binding, position);
      let text = issued.get(key);
      if (text === undefined) {
        text = encrypt(position, binding);
        issued.set(key, text);
        opened.set(memoKey(binding, text), position);
      }
      return text;
    },

    decode(text, binding) {
      if (typeof text !== "string") return INVALID;
      const key = memoKey(binding, text);
      const known = opened.get(key);
      if (known !== undefined) return { ok: true, position: known };
      const decoding = open(text, binding);
      if (decoding.ok) opened.set(key, decoding.position);
      return decoding;
    },
  };
}
