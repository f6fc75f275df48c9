import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { echo, MAX_ECHO_CHARS, MAX_INVALID_PARAMS, MAX_PROBLEM_BYTES, PROBLEMS, problemBody, type ProblemCode } from "./problems.js";

const codes = Object.keys(PROBLEMS) as ProblemCode[];
const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

test("problems: echo keeps at most MAX_ECHO_CHARS characters of client text, whole code points, and leaves short text alone", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (text) => {
      const quoted = echo(text);
      const kept = Array.from(quoted.endsWith("…") && quoted !== text ? quoted.slice(0, -1) : quoted);
      assert.ok(kept.length <= MAX_ECHO_CHARS);
      assert.ok(text.startsWith(kept.join("")));
      if (Array.from(text).length <= MAX_ECHO_CHARS) assert.equal(quoted, text);
    }),
  );
});

test("problems: whatever it is given, a problem body lists at most 20 invalidParams and stays under 4 KiB", () => {
  const long = fc.string({ unit: "binary", maxLength: 6_000 });
  fc.assert(
    fc.property(
      fc.constantFrom(...codes),
      long,
      fc.array(fc.record({ name: long, reason: long }), { maxLength: 1_000 }),
      (code, detail, invalidParams) => {
        const body = problemBody(code, detail, "a".repeat(128), "https://api.lintel.dev/docs", invalidParams);
        assert.ok((body.invalidParams ?? []).length <= MAX_INVALID_PARAMS);
        assert.ok(byteLength(body) < MAX_PROBLEM_BYTES, `${byteLength(body)} bytes`);
        for (const param of body.invalidParams ?? []) assert.ok(Array.from(param.name.replace(/…$/, "")).length <= MAX_ECHO_CHARS);
      },
    ),
    { numRuns: 50 },
  );
});

test("problems: a long reason or detail is cut after a whole word, never inside one", () => {
  const types = Array.from({ length: 30 }, (_, i) => `template.kind_${i}`);
  const reason = `eventTypes holds event types (${types.join(", ")}) or "*"`;
  const body = problemBody("invalid_request", reason.repeat(3), "r", "https://api.lintel.dev/docs", [{ name: "eventTypes.0", reason }]);
  for (const clipped of [body.invalidParams?.[0]?.reason ?? "", body.detail]) {
    assert.match(clipped, / …$/, clipped);
    const kept = clipped.slice(0, -" …".length);
    assert.ok(reason.repeat(3).startsWith(kept), clipped);
    assert.match(reason.repeat(3).slice(kept.length), /^[\s,;:]/, `cut at a word's end: ${clipped}`);
  }
  fc.assert(
    fc.property(fc.array(fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }), { maxLength: 80 }), (words) => {
      const text = words.join(" ");
      const cut = problemBody("invalid_request", text, "r", "https://api.lintel.dev/docs").detail;
      if (cut === text) return;
      if (!cut.endsWith(" …")) return; // no space in the second half of what fits: cut at the limit
      assert.ok(text.startsWith(cut.slice(0, -2)) && /^[\s,;:]/.test(text.slice(cut.length - 2)), cut);
    }),
  );
});
