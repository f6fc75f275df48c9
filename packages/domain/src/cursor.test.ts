import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { createCursorCodec, type CursorBinding } from "./cursor.js";
import type { ListName } from "./paging.js";

const SECRET_A = "a-first-secret-of-at-least-32-characters";
// Forgetful: every property below runs the cipher itself, never the memo (tested on its own at the end).
const codec = createCursorCodec([SECRET_A], { remember: 0 });
const INVALID = { ok: false, code: "invalid_cursor" };

const position = fc.string({ unit: "grapheme", maxLength: 80 });
const orgId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const binding: fc.Arbitrary<CursorBinding> = fc.record({
  orgId,
  list: fc.constantFrom("locks" as const, "templates" as const),
});
const secret = fc.string({ minLength: 32, maxLength: 64 });

function bytesOf(text: string): Buffer {
  return Buffer.from(text, "base64url");
}

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

  describe("the memo of issued and opened cursors", () => {
    it("a remembering codec answers exactly as a forgetful one: any mix of its own, foreign, tampered and stale texts", () => {
      // Short texts over the memo key's own separators and digits, so that look-alike bindings meet.
      const tricky = fc.string({ unit: fc.constantFrom("a", "1", ":", "-", "|"), maxLength: 5 });
      const binding = fc.record(
        { orgId: fc.constantFrom("", "1", "1:"), list: fc.constantFrom("locks" as const, "schedule" as const), subject: tricky },
        { requiredKeys: ["orgId", "list"] },
      );
      const position = fc.oneof(tricky, fc.string({ maxLength: 20 }));
      const text = fc.oneof(fc.string({ maxLength: 60 }), tricky);
      // An operation: encode a position, or decode one of the texts seen so far (maybe tampered, maybe for another binding).
      const operation = fc.oneof(
        fc.record({ encode: position, binding }),
        fc.record({ decodeSeen: fc.nat(), binding, flip: fc.option(fc.nat(), { nil: undefined }) }),
        fc.record({ decodeText: text, binding }),
      );
      fc.assert(
        fc.property(fc.array(operation, { maxLength: 40 }), fc.integer({ min: 1, max: 8 }), (operations, capacity) => {
          const remembering = createCursorCodec([SECRET_A], { remember: capacity });
          const seen: { text: string; position: string; binding: CursorBinding }[] = [];
          for (const op of operations) {
            if ("encode" in op) {
              const issued = remembering.encode(op.encode, op.binding);
              assert.deepEqual(codec.decode(issued, op.binding), { ok: true, position: op.encode }, "the forgetful codec opens it");
              seen.push({ text: issued, position: op.encode, binding: op.binding });
              continue;
            }
            let candidate = "decodeText" in op ? op.decodeText : (seen[op.decodeSeen % Math.max(seen.length, 1)]?.text ?? "");
            if ("flip" in op && op.flip !== undefined && candidate.length > 0) {
              const at = op.flip % candidate.length;
              candidate = candidate.slice(0, at) + (candidate[at] === "A" ? "B" : "A") + candidate.slice(at + 1);
            }
            assert.deepEqual(remembering.decode(candidate, op.binding), codec.decode(candidate, op.binding));
          }
        }),
        { numRuns: 300 },
      );
    });

    it("the same position of the same list is issued as the same text; any other binding or position gets its own", () => {
      const remembering = createCursorCodec([SECRET_A]);
      const b: CursorBinding = { orgId: "org_1", list: "locks" };
      const first = remembering.encode("2026-01-01T00:00:00.000Z|lk_1", b);
      assert.equal(remembering.encode("2026-01-01T00:00:00.000Z|lk_1", b), first);
      const others = [
        remembering.encode("2026-01-01T00:00:00.000Z|lk_2", b),
        remembering.encode("2026-01-01T00:00:00.000Z|lk_1", { ...b, orgId: "org_2" }),
        remembering.encode("2026-01-01T00:00:00.000Z|lk_1", { ...b, list: "templates" }),
        remembering.encode("2026-01-01T00:00:00.000Z|lk_1", { orgId: "org_1", list: "schedule", subject: "unit_1" }),
      ];
      assert.equal(new Set([first, ...others]).size, 5);
      const ivs = [first, ...others].map((text) => bytesOf(text).subarray(2, 14).toString("hex"));
      assert.equal(new Set(ivs).size, 5, "each encryption drew its own IV");
    });

    it("look-alike bindings and positions get their own cursors (subject 'ab' + 'x' is not subject 'a' + 'bx')", () => {
      const remembering = createCursorCodec([SECRET_A]);
      const pairs: [CursorBinding, string][] = [
        [{ orgId: "o", list: "schedule", subject: "ab" }, "x"],
        [{ orgId: "o", list: "schedule", subject: "a" }, "bx"],
        [{ orgId: "o", list: "schedule" }, "abx"],
        [{ orgId: "o", list: "schedule", subject: "" }, "abx"],
      ];
      for (const [b, p] of pairs) assert.deepEqual(codec.decode(remembering.encode(p, b), b), { ok: true, position: p });
    });

    it("a remembered cursor is refused for another org, list or subject, as any unknown text is", () => {
      fc.assert(
        fc.property(position, binding, orgId, (p, b, otherOrg) => {
          fc.pre(otherOrg !== b.orgId);
          const remembering = createCursorCodec([SECRET_A]);
          const text = remembering.encode(p, b);
          assert.deepEqual(remembering.decode(text, b), { ok: true, position: p });
          assert.deepEqual(remembering.decode(text, { ...b, orgId: otherOrg }), INVALID);
          assert.deepEqual(remembering.decode(text, { ...b, list: b.list === "locks" ? "templates" : "locks" }), INVALID);
          assert.deepEqual(remembering.decode(text, { ...b, subject: "unit_1" }), INVALID);
        }),
      );
    });

    it("it keeps at most `remember` cursors: a forgotten position is encrypted anew, and both texts still open", () => {
      const remembering = createCursorCodec([SECRET_A], { remember: 2 });
      const b: CursorBinding = { orgId: "org_1", list: "locks" };
      const first = remembering.encode("p1", b);
      remembering.encode("p2", b);
      assert.equal(remembering.encode("p1", b), first, "still kept");
      remembering.encode("p3", b);
      remembering.encode("p4", b); // p1 was the oldest: dropped
      const again = remembering.encode("p1", b);
      assert.notEqual(again, first);
      assert.deepEqual(remembering.decode(first, b), { ok: true, position: "p1" });
      assert.deepEqual(remembering.decode(again, b), { ok: true, position: "p1" });
    });
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
