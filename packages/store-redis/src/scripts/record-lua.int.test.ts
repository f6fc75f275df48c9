// decodeRecord and encodeRecord, the Lua every script of the store starts with, on the real
// Redis (its cjson): a stored lone surrogate escape reads as U+FFFD instead of failing the script,
// numbers cjson would round are written back exactly, and named empty lists stay lists.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { LuaScript } from "./lua-script.js";
import { useTestRedis } from "../redis.test-support.js";

// No keys: on a cluster the script runs on any node.
const DECODED = new LuaScript(`return cjson.encode({ decodeRecord(ARGV[1]) })`);
const RAW_CJSON = new LuaScript(`return cjson.encode(cjson.decode(ARGV[1]))`);
// ARGV: record JSON, a number to add to its `version` ('' for none). Written back with the lists eventTypes and earlierSecrets.
const WRITTEN_BACK = new LuaScript(`
local record = decodeRecord(ARGV[1])
if ARGV[2] ~= '' then record.version = record.version + tonumber(ARGV[2]) end
return encodeRecord(record, {'eventTypes', 'earlierSecrets'})
`);

describe("Redis record Lua: decodeRecord and encodeRecord", () => {
  const redis = useTestRedis();
  const decoded = async (raw: string) => (JSON.parse(String(await DECODED.run(redis(), [], [raw]))) as unknown[])[0];
  const writtenBack = async (raw: string, add = "") => String(await WRITTEN_BACK.run(redis(), [], [raw, add]));

  test("cjson itself refuses a lone surrogate escape: the hazard decodeRecord is for", async () => {
    await assert.rejects(RAW_CJSON.run(redis(), [], ['{"title":"\\ud800"}']), /invalid unicode escape|unicode/i);
  });

  test("decodeRecord reads a lone surrogate escape as U+FFFD: high, low, high before a non-low, high before a pair", async () => {
    assert.deepEqual(await decoded('{"title":"Tour \\ud800"}'), { title: "Tour \uFFFD" });
    assert.deepEqual(await decoded('{"title":"\\udc00 x"}'), { title: "\uFFFD x" });
    assert.deepEqual(await decoded('{"title":"\\ud800\\u0041"}'), { title: "\uFFFDA" });
    assert.deepEqual(await decoded('{"title":"\\ud800\\ud800\\udc00"}'), { title: "\uFFFD\u{10000}" });
    assert.deepEqual(
      await decoded('{"DAB\\udbff":"\\uDFFF","n":[1,"\\ud800"]}'),
      { "DAB\uFFFD": "\uFFFD", n: [1, "\uFFFD"] },
      "keys, capitals, lists",
    );
  });

  test("decodeRecord keeps valid pairs and a backslash written as \\\\ before 'ud800' text, even beside a lone escape", async () => {
    assert.deepEqual(await decoded('{"a":"\\ud83d\\ude00","b":"\\\\ud800","c":"\\ud800"}'), { a: "😀", b: "\\ud800", c: "\uFFFD" });
    assert.deepEqual(await decoded('{"a":"\\\\\\ud800"}'), { a: "\\\uFFFD" }, "an escaped backslash, then a lone escape");
  });

  test("decodeRecord reads a well-formed record as cjson does, and still fails on text that is not JSON", async () => {
    const record = { id: "unit_1", address: "Rue de l'Été 🏠", version: 7, timeZone: null };
    assert.deepEqual(await decoded(JSON.stringify(record)), record);
    await assert.rejects(DECODED.run(redis(), [], ["{not json"]));
  });

  test("cjson itself writes 15 significant digits as 14 and an empty list as {}: the hazards encodeRecord is for", async () => {
    const raw = String(await RAW_CJSON.run(redis(), [], ['{"version":100000000000001,"eventTypes":[]}']));
    assert.deepEqual(JSON.parse(raw), { version: 1e14, eventTypes: {} });
  });

  test("encodeRecord writes exactly each top-level number cjson would round, and the others as cjson does", async () => {
    assert.deepEqual(JSON.parse(await writtenBack('{"version":100000000000000}', "1")), { version: 100000000000001 });
    assert.deepEqual(JSON.parse(await writtenBack('{"version":9007199254740990}', "1")), { version: 9007199254740991 });
    assert.deepEqual(JSON.parse(await writtenBack('{"version":-100000000000002}', "1")), { version: -100000000000001 });
    assert.deepEqual(JSON.parse(await writtenBack('{"version":1,"ratio":0.30000000000000004}', "1")), {
      version: 2,
      ratio: 0.30000000000000004,
    });
    assert.deepEqual(JSON.parse(await writtenBack('{"version":99999999999999,"attempts":3}', "1")), { version: 1e14, attempts: 3 });
  });

  test("encodeRecord finds a field by its key, never by text in a string value that looks like one", async () => {
    const raw = JSON.stringify({ description: '"version":1,"eventTypes":{}', version: 123456789012345, eventTypes: [] });
    assert.deepEqual(JSON.parse(await writtenBack(raw, "1")), {
      description: '"version":1,"eventTypes":{}',
      version: 123456789012346,
      eventTypes: [],
    });
  });

  test("encodeRecord writes a named empty list as [], keeps lists that hold entries, and other empty tables as cjson does", async () => {
    const raw = JSON.stringify({ eventTypes: [], earlierSecrets: [], previousSecret: { secret: "s", expiresAt: "t" }, meta: {} });
    assert.deepEqual(JSON.parse(await writtenBack(raw)), {
      eventTypes: [],
      earlierSecrets: [],
      previousSecret: { secret: "s", expiresAt: "t" },
      meta: {},
    });
    assert.deepEqual(JSON.parse(await writtenBack('{"eventTypes":["*"],"earlierSecrets":[{"secret":"a"}]}')), {
      eventTypes: ["*"],
      earlierSecrets: [{ secret: "a" }],
    });
    assert.deepEqual(JSON.parse(await writtenBack('{"eventTypes":{}}')), { eventTypes: [] }, "a list cjson wrote as {} before is mended");
  });

  test("encodeRecord writes a record read with a lone surrogate escape as well-formed text (U+FFFD)", async () => {
    const written = await writtenBack('{"description":"x\\udc00","eventTypes":[]}');
    assert.doesNotMatch(written, /\\u[dD][89a-fA-F]/);
    assert.deepEqual(JSON.parse(written), { description: "x\uFFFD", eventTypes: [] });
  });
});
