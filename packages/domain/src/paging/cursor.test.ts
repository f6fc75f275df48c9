import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { createCursorCodec, type CursorBinding } from "./cursor.js";
import { binding, bytesOf, forgetfulCodec, INVALID, orgId, position, SECRET_A } from "./cursor.test-support.js";
import type { ListName } from "./paging.js";

// Every property below runs the cipher itself, never the memo (cursor-memo.test.ts).
const codec = forgetfulCodec;
const secret = fc.string({ minLength: 32, maxLength: 64 });

describe("cursor codec", () => {
  it("round trip: decode(encode(p, b), b) == p", () => {
    fc.assert(
      fc.property(position, binding, (p, b) => {
        assert.deepEqual(codec.decode(codec.encode(p, b), b), { ok: true, position: p });
      }),
    );
  });

  it("round trip holds for any codec built from any valid secrets", () => {
    fc.assert(
      fc.property(fc.array(secret, { minLength: 1, maxLength: 3 }), position, binding, (secrets, p, b) => {
        const c = createCursorCodec(secrets);
        assert.deepEqual(c.decode(c.encode(p, b), b), { ok: true, position: p });
      }),
      { numRuns: 50 },
    );
  });

  it("every encoding draws a fresh IV: 2,000 cursors of one position (past several pool refills) all differ and all decode", () => {
    const binding = { orgId: "org_1", list: "locks" as const };
    const tokens = Array.from({ length: 2000 }, () => codec.encode("same-position", binding));
    assert.equal(new Set(tokens).size, tokens.length);
    assert.equal(new Set(tokens.map((token) => Buffer.from(token, "base64url").subarray(2, 14).toString("hex"))).size, tokens.length);
    for (const token of tokens) assert.deepEqual(codec.decode(token, binding), { ok: true, position: "same-position" });
  });

  it("encodes to unpadded base64url text", () => {
    fc.assert(
      fc.property(position, binding, (p, b) => {
        assert.match(codec.encode(p, b), /^[A-Za-z0-9_-]+$/);
      }),
    );
  });

  it("every single-byte change of the token is rejected (each position, random bits)", () => {
    fc.assert(
      fc.property(position, binding, fc.integer({ min: 1, max: 255 }), (p, b, mask) => {
        const token = bytesOf(codec.encode(p, b));
        for (let i = 0; i < token.length; i++) {
          const changed = Buffer.from(token);
          changed[i] = (changed[i] ?? 0) ^ mask;
          assert.deepEqual(codec.decode(changed.toString("base64url"), b), INVALID, `byte ${i}`);
        }
      }),
    );
  });

  it("every single-bit flip of the token is rejected", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), binding, (p, b) => {
        const token = bytesOf(codec.encode(p, b));
        for (let bit = 0; bit < token.length * 8; bit++) {
          const changed = Buffer.from(token);
          changed[bit >> 3] = (changed[bit >> 3] ?? 0) ^ (1 << (bit & 7));
          assert.deepEqual(codec.decode(changed.toString("base64url"), b), INVALID, `bit ${bit}`);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("every single-character change of the text is rejected, including non-canonical spellings", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    fc.assert(
      fc.property(position, binding, fc.nat(), (p, b, seed) => {
        const text = codec.encode(p, b);
        for (let i = 0; i < text.length; i++) {
          const others = alphabet.replace(text[i] ?? "", "");
          const changed = text.slice(0, i) + others[(seed + i) % others.length] + text.slice(i + 1);
          assert.deepEqual(codec.decode(changed, b), INVALID, `char ${i}`);
        }
      }),
    );
  });

  it("every truncation is rejected (of the text and of the bytes)", () => {
    fc.assert(
      fc.property(position, binding, (p, b) => {
        const text = codec.encode(p, b);
        for (let n = 0; n < text.length; n++) assert.deepEqual(codec.decode(text.slice(0, n), b), INVALID);
        const token = bytesOf(text);
        for (let n = 0; n < token.length; n++) {
          assert.deepEqual(codec.decode(token.subarray(0, n).toString("base64url"), b), INVALID);
        }
      }),
    );
  });

  it("appended bytes are rejected", () => {
    fc.assert(
      fc.property(position, binding, fc.uint8Array({ minLength: 1, maxLength: 8 }), (p, b, extra) => {
        const token = Buffer.concat([bytesOf(codec.encode(p, b)), extra]);
        assert.deepEqual(codec.decode(token.toString("base64url"), b), INVALID);
      }),
    );
  });

  it("foreign org is rejected", () => {
    fc.assert(
      fc.property(position, binding, orgId, (p, b, otherOrg) => {
        fc.pre(otherOrg !== b.orgId);
        assert.deepEqual(codec.decode(codec.encode(p, b), { ...b, orgId: otherOrg }), INVALID);
      }),
    );
  });

  it("other list is rejected", () => {
    fc.assert(
      fc.property(position, binding, (p, b) => {
        const other = b.list === "locks" ? "templates" : "locks";
        assert.deepEqual(codec.decode(codec.encode(p, b), { ...b, list: other }), INVALID);
      }),
    );
  });

  it('binding is length-prefixed: ("ab", "c") is not ("a", "bc")', () => {
    // ListName has two values only; the codec itself takes any text, which shows the framing.
    const as = (orgId: string, list: string) => ({ orgId, list: list as ListName });
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ minLength: 1, maxLength: 10 }), fc.nat(), (x, y, cut) => {
        const joined = x + y;
        const at = 1 + (cut % (joined.length - 1 || 1));
        fc.pre(joined.slice(0, at) !== x);
        const text = codec.encode("p", as(x, y));
        assert.deepEqual(codec.decode(text, as(x, y)), { ok: true, position: "p" });
        assert.deepEqual(codec.decode(text, as(joined.slice(0, at), joined.slice(at))), INVALID);
      }),
    );
  });

  it("rotation: a [new, old] codec decodes [old] tokens and encodes with new; an [old] codec rejects new tokens", () => {
    fc.assert(
      fc.property(secret, secret, position, binding, (oldSecret, newSecret, p, b) => {
        fc.pre(oldSecret !== newSecret);
        const before = createCursorCodec([oldSecret]);
        const rotated = createCursorCodec([newSecret, oldSecret]);
        const onlyNew = createCursorCodec([newSecret]);
        assert.deepEqual(rotated.decode(before.encode(p, b), b), { ok: true, position: p });
        const fresh = rotated.encode(p, b);
        assert.deepEqual(onlyNew.decode(fresh, b), { ok: true, position: p });
        assert.deepEqual(before.decode(fresh, b), INVALID);
        assert.deepEqual(onlyNew.decode(before.encode(p, b), b), INVALID);
      }),
      { numRuns: 50 },
    );
  });

  it("non-base64 garbage never throws and is rejected", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), binding, (text, b) => {
        assert.deepEqual(codec.decode(text, b), INVALID);
      }),
    );
  });

  it("random bytes in canonical base64url are rejected, even with a valid header", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), fc.boolean(), binding, (bytes, withHeader, b) => {
        const token = Buffer.from(bytes);
        const valid = bytesOf(codec.encode("", b));
        if (withHeader && token.length >= 2) token.set(valid.subarray(0, 2));
        assert.deepEqual(codec.decode(token.toString("base64url"), b), INVALID);
      }),
    );
  });

  it("padded, whitespace-wrapped and standard-base64 spellings are rejected", () => {
    const b: CursorBinding = { orgId: "org_1", list: "locks" };
    const text = codec.encode("2026-01-01T00:00:00.000Z|lk_1", b);
    const standard = bytesOf(text).toString("base64");
    assert.deepEqual(codec.decode(`${text}=`, b), INVALID);
    assert.deepEqual(codec.decode(` ${text}`, b), INVALID);
    assert.deepEqual(codec.decode(`${text}\n`, b), INVALID);
    if (standard.replace(/=+$/, "") !== text) assert.deepEqual(codec.decode(standard, b), INVALID);
  });

  it("wrong version byte is rejected", () => {
    const b: CursorBinding = { orgId: "org_1", list: "templates" };
    const token = bytesOf(codec.encode("p", b));
    for (const version of [0, 2, 255]) {
      token[0] = version;
      assert.deepEqual(codec.decode(token.toString("base64url"), b), INVALID);
    }
  });

  it("a payload that is not UTF-8 is rejected even when authentic", async () => {
    // Build an authentic token around invalid UTF-8 with the codec's own construction.
    const { createCipheriv, hkdfSync } = await import("node:crypto");
    const b: CursorBinding = { orgId: "org_1", list: "locks" };
    const reference = bytesOf(codec.encode("", b));
    const header = reference.subarray(0, 2);
    const key = Buffer.from(hkdfSync("sha256", Buffer.from(SECRET_A), Buffer.alloc(0), "lintel cursor v1 key", 32));
    const prefix = (s: string) => {
      const bytes = Buffer.from(s);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return Buffer.concat([length, bytes]);
    };
    const iv = Buffer.alloc(12, 7);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.concat([header, prefix(b.orgId), prefix(b.list)]));
    const body = Buffer.concat([cipher.update(Buffer.from([0xff, 0xfe, 0x80])), cipher.final()]);
    const token = Buffer.concat([header, iv, body, cipher.getAuthTag()]).toString("base64url");
    assert.deepEqual(codec.decode(token, b), INVALID);
    // The same construction with valid UTF-8 is accepted, so the rejection above is the UTF-8 check.
    const ok = createCipheriv("aes-256-gcm", key, iv);
    ok.setAAD(Buffer.concat([header, prefix(b.orgId), prefix(b.list)]));
    const okBody = Buffer.concat([ok.update(Buffer.from("fine")), ok.final()]);
    const okToken = Buffer.concat([header, iv, okBody, ok.getAuthTag()]).toString("base64url");
    assert.deepEqual(codec.decode(okToken, b), { ok: true, position: "fine" });
  });

  it("createCursorCodec refuses short secrets and an empty list", () => {
    assert.throws(() => createCursorCodec([]), /At least one cursor secret/);
    assert.throws(() => createCursorCodec(["x".repeat(31)]), /#1 is 31 characters long; at least 32/);
    assert.throws(() => createCursorCodec([SECRET_A, "short"]), /#2 is 5 characters long/);
    assert.doesNotThrow(() => createCursorCodec(["x".repeat(32)]));
  });

  it("encode refuses text that is not well-formed Unicode", () => {
    assert.throws(() => codec.encode("\uD800", { orgId: "o", list: "locks" }), TypeError);
  });
});
