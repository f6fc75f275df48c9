// recordJson: JSON that Redis's cjson reads back whatever text the record holds. Lone surrogates
// (in values and in keys) are written as U+FFFD, valid pairs are kept, and an integer past 2^53
// is refused; a well-formed record is written exactly as JSON.stringify writes it. withLists
// reads back the empty lists cjson wrote as {}.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { luaNames, recordJson, withLists } from "./record-json.js";

/** `value` (a JSON value) with every lone surrogate of its text, keys included, as U+FFFD. */
function mendedCopy(value: unknown): unknown {
  const mend = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  if (typeof value === "string") return mend(value);
  if (Array.isArray(value)) return value.map(mendedCopy);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [mend(k), mendedCopy(v)]));
  return value;
}

test("recordJson writes a lone surrogate in a value as U+FFFD, high or low, alone or beside a pair", () => {
  const json = recordJson({ title: "Tour \ud800", address: "\udc00 Main St", name: "a\ud800\ud83d\ude00b\udfff" });
  assert.doesNotMatch(json, /\\ud[89a-f]/i, "no lone surrogate escape left for cjson to refuse");
  assert.deepEqual(JSON.parse(json), { title: "Tour \uFFFD", address: "\uFFFD Main St", name: "a\uFFFD\ud83d\ude00b\uFFFD" });
});

test("recordJson writes a lone surrogate in a key, and in nested records and lists, as U+FFFD", () => {
  const json = recordJson({ ["k\ud800"]: 1, lockSync: { error: "\udbff" }, eventTypes: ["\ud800"] });
  assert.deepEqual(JSON.parse(json), { ["k\uFFFD"]: 1, lockSync: { error: "\uFFFD" }, eventTypes: ["\uFFFD"] });
});

test("recordJson keeps valid surrogate pairs (emoji) and writes well-formed records as JSON.stringify does", () => {
  const record = { title: "🏠 Open house 🔑", version: 9007199254740991, sortOrder: -2147483648, ratio: 0.1, none: null };
  assert.equal(recordJson(record), JSON.stringify(record));
  assert.deepEqual(JSON.parse(recordJson(record)), record);
});

test("recordJson refuses an integer past 2^53 with a RangeError, negative or written in exponent form", () => {
  for (const value of [2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e300]) {
    assert.throws(() => recordJson({ version: value }), RangeError, String(value));
  }
  assert.throws(() => recordJson({ title: "\ud800", version: 2 ** 53 }), RangeError, "refused with a lone surrogate beside it too");
  assert.equal(recordJson({ version: 2 ** 53 - 1 }), '{"version":9007199254740991}');
  assert.equal(recordJson({ tiny: 1e-7 }), '{"tiny":1e-7}', "a small number in exponent form is kept: cjson reads it exactly");
});

test("recordJson writes no more than JSON.stringify drops: NaN and Infinity as null, undefined fields left out", () => {
  assert.equal(recordJson({ a: NaN, b: Infinity, c: undefined, d: 1 }), '{"a":null,"b":null,"d":1}');
  assert.equal(recordJson({ a: NaN, t: "\ud800" }), '{"a":null,"t":"\uFFFD"}', "the same with a lone surrogate beside it");
});

test("recordJson of any record: JSON with no lone surrogate escape, reading back as the record with its text mended (property)", () => {
  const text = fc.string({ unit: "binary", maxLength: 12 });
  const number = fc.oneof(fc.integer(), fc.double({ min: -1e15, max: 1e15, noNaN: true }));
  const leaf = fc.oneof(text, number, fc.boolean(), fc.constant(null));
  const field = fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(text, leaf, { maxKeys: 3 }));
  fc.assert(
    fc.property(fc.dictionary(text, field, { maxKeys: 5 }), (value) => {
      const json = recordJson(value);
      assert.doesNotMatch(json.replaceAll("\\\\", ""), /\\ud[89a-f]/i, "cjson reads every escape left");
      assert.deepEqual(JSON.parse(json), mendedCopy(JSON.parse(JSON.stringify(value))));
      if (!/\\ud[89a-f]/i.test(JSON.stringify(value).replaceAll("\\\\", "")))
        assert.equal(json, JSON.stringify(value), "well-formed: as is");
    }),
    { numRuns: 500 },
  );
});

test("withLists reads a list field written as {} as [], and answers other records as they are", () => {
  const broken = { id: "we_1", eventTypes: {}, earlierSecrets: {}, description: null };
  assert.deepEqual(withLists(broken, ["eventTypes", "earlierSecrets"]), {
    id: "we_1",
    eventTypes: [],
    earlierSecrets: [],
    description: null,
  });
  const sound = { id: "we_2", eventTypes: ["*"], earlierSecrets: [{ secret: "s" }] };
  assert.equal(withLists(sound, ["eventTypes", "earlierSecrets"]), sound, "the very object: nothing to mend");
  const partial = { id: "we_3", eventTypes: { a: 1 } };
  assert.equal(withLists(partial, ["eventTypes"]), partial, "an object that is not empty was never a list: kept");
});

test("luaNames writes a Lua list of plain field names and refuses any other name", () => {
  assert.equal(luaNames(["eventTypes", "earlierSecrets"]), "{'eventTypes', 'earlierSecrets'}");
  assert.throws(() => luaNames(["event-types"]), /not a plain field name/);
  assert.throws(() => luaNames(["a'b"]), /not a plain field name/);
});
