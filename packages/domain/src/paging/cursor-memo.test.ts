// The cursor codec's memo of issued and opened cursors (cursor.ts): it must answer exactly as a
// codec that remembers nothing, per binding, and stay bounded.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { createCursorCodec, type CursorBinding } from "./cursor.js";
import { binding, bytesOf, forgetfulCodec, INVALID, orgId, position, SECRET_A } from "./cursor.test-support.js";

const codec = forgetfulCodec;

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
