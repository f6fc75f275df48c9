import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { TEXT_RULES, textProblem, type TextRule } from "./text-rule.js";

/**
 * The oracle, built from other parts of the language than the rule: `isWellFormed` for lone
 * surrogates, a regex over the Cc category for control characters, the string iterator for
 * code points.
 */
function expected(value: string, rule: TextRule): string | null {
  if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) return "lone surrogate";
  const controls = rule.multiline === true ? value.replace(/[\n\r\t]/g, "") : value;
  if (/\p{Cc}/u.test(controls)) return "control";
  const length = [...value].length;
  if (length === 0) return "empty";
  if (length > rule.max) return "too long";
  return null;
}

/** The kind of a reason textProblem gave. */
function kindOf(reason: string | null): string | null {
  if (reason === null) return null;
  if (reason.includes("surrogate")) return "lone surrogate";
  if (reason.includes("control")) return "control";
  if (reason.includes("empty")) return "empty";
  if (reason.includes("at most")) return "too long";
  return `unknown reason: ${reason}`;
}

// The pieces texts are made of: plain letters, emoji (astral, and joined sequences), combining
// marks, surrogates paired and lone, controls of every range, and the three a body may hold.
const PIECES = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 3 }),
  fc.constantFrom("😀", "👍🏽", "👩‍👩‍👧", "🇫🇷", "𝔘", "é", "e\u0301", "a\u0300\u0301\u0302", "\u0301", "ß", "中", "\u200d", "\ufeff", "\u2028"),
  fc.constantFrom("\ud83d\ude00", "\ud800", "\udfff", "\udc00\ud800", "\ud83d", "\ude00x"),
  fc.constantFrom("\u0000", "\u0007", "\u001f", "\u007f", "\u0080", "\u009f", "\n", "\r", "\t", "\r\n"),
  fc.string({ unit: "binary", maxLength: 3 }),
);
const text = fc.array(PIECES, { maxLength: 60 }).map((pieces) => pieces.join(""));
const rule = fc.record({ max: fc.integer({ min: 1, max: 120 }), multiline: fc.boolean() });

describe("textProblem", () => {
  it("property: agrees with the oracle (isWellFormed, \\p{Cc}, code points) on texts of emoji, marks, surrogates and controls", () => {
    fc.assert(
      fc.property(text, rule, (value, r) => {
        assert.equal(kindOf(textProblem(value, r)), expected(value, r), JSON.stringify(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("property: any well-formed text without controls of 1..max code points holds, whatever its UTF-16 length", () => {
    const clean = fc.string({ unit: "grapheme", minLength: 1, maxLength: 80 }).filter((s) => !/\p{Cc}/u.test(s));
    fc.assert(
      fc.property(clean, (value) => {
        const length = [...value].length;
        assert.equal(textProblem(value, { max: length }), null);
        if (length > 1) assert.equal(textProblem(value, { max: length - 1 }), `must be at most ${length - 1} characters`);
      }),
    );
  });

  it("property: one lone surrogate anywhere in a valid text makes it refused, whatever else it holds", () => {
    const lone = fc
      .oneof(fc.integer({ min: 0xd800, max: 0xdbff }), fc.integer({ min: 0xdc00, max: 0xdfff }))
      .map((u) => String.fromCharCode(u));
    fc.assert(
      // Well-formed text around it never starts with a low surrogate nor ends with a high one, so it stays alone.
      fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), lone, fc.string({ unit: "grapheme", maxLength: 20 }), (a, s, b) => {
        assert.match(textProblem(`${a}${s}${b}`, TEXT_RULES.templateBody) ?? "", /lone UTF-16 surrogate/);
      }),
    );
  });

  it("counts an emoji as one character: 200 emoji hold as a title, 201 do not; a joined emoji counts each code point", () => {
    assert.equal(textProblem("😀".repeat(200), TEXT_RULES.text), null);
    assert.equal(textProblem("😀".repeat(201), TEXT_RULES.text), "must be at most 200 characters");
    assert.equal(textProblem("x".repeat(300), TEXT_RULES.address), null);
    assert.equal(textProblem("x".repeat(301), TEXT_RULES.address), "must be at most 300 characters");
    assert.equal(textProblem("👩‍👩‍👧".repeat(40), TEXT_RULES.text), null); // 5 code points each
    assert.equal(textProblem("👩‍👩‍👧".repeat(41), TEXT_RULES.text), "must be at most 200 characters");
  });

  it("refuses the empty text, lone surrogates and controls, with reasons that never quote the value", () => {
    assert.equal(textProblem("", TEXT_RULES.text), "must not be empty");
    for (const value of ["\ud800", "a\udc00", "😀\ud83d", "\ude00😀"]) {
      assert.equal(textProblem(value, TEXT_RULES.text), "must be well-formed Unicode: it holds a lone UTF-16 surrogate");
    }
    for (const value of ["a\u0000", "\u001b[31m", "x\u007f", "\u0085", "line\nbreak", "tab\there"]) {
      assert.equal(textProblem(value, TEXT_RULES.text), "must not contain control characters", JSON.stringify(value));
    }
    assert.equal(textProblem("Hi\r\n\t{{name}}", TEXT_RULES.templateBody), null);
    assert.equal(textProblem("Hi\u0000", TEXT_RULES.templateBody), "must not contain control characters (but line breaks and tabs)");
    // A lone surrogate is named first, whatever else is wrong.
    assert.match(textProblem(`\u0000${"x".repeat(300)}\ud800`, TEXT_RULES.text) ?? "", /surrogate/);
  });
});
