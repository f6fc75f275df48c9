import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { GSM_BASIC, GSM_EXTENSION, smsCost, type SmsCost } from "./sms-segments.js";

/** The reference: the contract's words, character by character, with no shortcut. */
function reference(text: string): SmsCost {
  const chars = [...text];
  const gsm = chars.every((char) => GSM_BASIC.includes(char) || GSM_EXTENSION.includes(char));
  const units = gsm ? chars.reduce((sum, char) => sum + (GSM_EXTENSION.includes(char) ? 2 : 1), 0) : text.length;
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  let segments = 1;
  if (units > single) {
    segments = 0;
    for (let left = units; left > 0; left -= multi) segments += 1;
  }
  return { encoding: gsm ? "GSM-7" : "UCS-2", units, segments };
}

describe("smsCost", () => {
  it("counts GSM-7 and UCS-2 at the segment edges", () => {
    assert.deepEqual(smsCost(""), { encoding: "GSM-7", units: 0, segments: 1 });
    assert.deepEqual(smsCost("a".repeat(160)), { encoding: "GSM-7", units: 160, segments: 1 });
    assert.deepEqual(smsCost("a".repeat(161)), { encoding: "GSM-7", units: 161, segments: 2 });
    assert.deepEqual(smsCost("a".repeat(306)), { encoding: "GSM-7", units: 306, segments: 2 });
    assert.deepEqual(smsCost("a".repeat(307)), { encoding: "GSM-7", units: 307, segments: 3 });
    assert.deepEqual(smsCost("€".repeat(80)), { encoding: "GSM-7", units: 160, segments: 1 }, "an extension character counts 2");
    assert.deepEqual(smsCost(`${"a".repeat(159)}€`), { encoding: "GSM-7", units: 161, segments: 2 });
    assert.deepEqual(smsCost("Your code is 482913 — see you"), { encoding: "UCS-2", units: 29, segments: 1 }, "an em dash is UCS-2");
    assert.deepEqual(smsCost("😀".repeat(35)), { encoding: "UCS-2", units: 70, segments: 1 }, "an emoji is two UTF-16 units");
    assert.deepEqual(smsCost("😀".repeat(36)), { encoding: "UCS-2", units: 72, segments: 2 });
    assert.deepEqual(smsCost("x".repeat(134) + "ü€"), { encoding: "GSM-7", units: 137, segments: 1 });
    assert.equal(smsCost("Straße, Ærø, ¿qué?").encoding, "GSM-7");
    assert.equal(smsCost("Tue, Dec 1, 2026, 10:00 AM – 10:30 AM CST").encoding, "UCS-2", "a range label's en dash");
  });

  it("agrees with the reference computation on any text", () => {
    const gsmChar = fc.constantFrom(...GSM_BASIC, ...GSM_EXTENSION);
    const text = fc.oneof(
      fc.array(gsmChar, { maxLength: 400 }).map((chars) => chars.join("")),
      fc
        .tuple(fc.array(gsmChar, { maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 3 }))
        .map(([chars, other]) => chars.join("") + other),
      fc.string({ unit: "binary", maxLength: 300 }),
    );
    fc.assert(
      fc.property(text, (t) => assert.deepEqual(smsCost(t), reference(t))),
      { numRuns: 1000 },
    );
  });
});
