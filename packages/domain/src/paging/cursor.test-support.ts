/** What the cursor codec's two test files share: a secret, the forgetful reference codec, arbitraries. */
import fc from "fast-check";
import { createCursorCodec, type CursorBinding } from "./cursor.js";

export const SECRET_A = "a-first-secret-of-at-least-32-characters";
/** Remembers nothing: every call runs the cipher (the reference a remembering codec is compared with). */
export const forgetfulCodec = createCursorCodec([SECRET_A], { remember: 0 });
export const INVALID = { ok: false, code: "invalid_cursor" };

export const position = fc.string({ unit: "grapheme", maxLength: 80 });
export const orgId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
export const binding: fc.Arbitrary<CursorBinding> = fc.record({
  orgId,
  list: fc.constantFrom("locks" as const, "templates" as const),
});

export function bytesOf(text: string): Buffer {
  return Buffer.from(text, "base64url");
}
