import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { arg, counted, group, key, list, luaFrame, maybe, rest } from "./lua-frame.js";

const WORK = group({ codeId: arg, json: arg });

describe("luaFrame", () => {
  test("the header reads each part into a local of its name, groups as tables, from positions it counts itself", () => {
    const frame = luaFrame({
      keys: { units: key, event: group({ events: key, byType: list(2) }) },
      args: { unitId: arg, basis: maybe(group({ urlKey: arg })), works: counted(WORK), expected: arg, ids: rest(arg) },
    });
    assert.deepEqual(frame.header.split("\n"), [
      "local units = KEYS[1]",
      "local event = { events = KEYS[2], byType = { KEYS[3], KEYS[4] } }",
      "local unitId = ARGV[1]",
      "local argAt = 2",
      "local basis = nil",
      "if ARGV[argAt] == '1' then basis = { urlKey = ARGV[argAt + 1] }; argAt = argAt + 2 else argAt = argAt + 1 end",
      "local works = {}",
      "for at = argAt + 1, argAt + tonumber(ARGV[argAt]) * 2, 2 do works[#works + 1] = { codeId = ARGV[at], json = ARGV[at + 1] } end",
      "argAt = argAt + tonumber(ARGV[argAt]) * 2 + 1",
      "local expected = ARGV[argAt]",
      "local ids = {}",
      "for at = argAt + 1, #ARGV, 1 do ids[#ids + 1] = ARGV[at] end",
      "",
    ]);
  });

  test("a varying part at the end reads from a fixed position, with no cursor", () => {
    const frame = luaFrame({ keys: {}, args: { lockId: arg, event: maybe(group({ id: arg, json: arg })) } });
    assert.deepEqual(frame.header.split("\n"), [
      "local lockId = ARGV[1]",
      "local event = nil",
      "if ARGV[2] == '1' then event = { id = ARGV[3], json = ARGV[4] } end",
      "",
    ]);
  });

  test("the JS side lays out named values in the frame's order: '0' or '1' for maybe, a count for counted", () => {
    const frame = luaFrame({
      keys: { units: key, event: group({ events: key, byType: list(2) }) },
      args: { unitId: arg, basis: maybe(group({ urlKey: arg })), works: counted(WORK), expected: arg, ids: rest(arg) },
    });
    assert.deepEqual(frame.keys({ units: "u", event: { events: "e", byType: ["t1", "t2"] } }), ["u", "e", "t1", "t2"]);
    const works = [
      { codeId: "c1", json: "{}" },
      { codeId: "c2", json: "[]" },
    ];
    assert.deepEqual(frame.args({ unitId: "unit", basis: null, works, expected: 3, ids: ["a", "b"] }), [
      "unit",
      "0",
      2,
      "c1",
      "{}",
      "c2",
      "[]",
      3,
      "a",
      "b",
    ]);
    assert.deepEqual(frame.args({ unitId: "unit", basis: { urlKey: "k" }, works: [], expected: "", ids: [] }), ["unit", "1", "k", 0, ""]);
  });

  test("a frame refuses what would make its header wrong", () => {
    assert.throws(() => luaFrame({ keys: { units: key }, args: { units: arg } }), /units is named twice/);
    assert.throws(() => luaFrame({ keys: {}, args: { ids: rest(arg), after: arg } }), /ids takes every slot left/);
    assert.throws(() => luaFrame({ keys: {}, args: { type: arg } }), /would hide/);
    assert.throws(() => luaFrame({ keys: {}, args: { at: arg } }), /would hide/);
    assert.throws(() => luaFrame({ keys: {}, args: { appendEvent: arg } }, new Set(["appendEvent"])), /would hide/);
    assert.throws(() => luaFrame({ keys: {}, args: { end: arg } }), /not a Lua name/);
    assert.throws(() => group({ "a-b": arg }), /not a Lua name/);
    assert.throws(() => luaFrame({ keys: { ids: maybe(group({ id: key })) }, args: {} }), /varying width/);
    assert.throws(() => luaFrame({ keys: { units: rest(group({ items: key })), locks: key }, args: {} }), /varying width|every slot left/);
  });

  test("KEYS may end with a rest of key groups, one per item of a varying list", () => {
    const frame = luaFrame({ keys: { locks: key, units: rest(group({ items: key, span: key })) }, args: {} });
    assert.match(frame.header, /local locks = KEYS\[1\]/);
    assert.match(frame.header, /for at = 2, #KEYS, 2 do units\[#units \+ 1\] = \{ items = KEYS\[at\], span = KEYS\[at \+ 1\] \} end/);
    assert.deepEqual(
      frame.keys({
        locks: "l",
        units: [
          { items: "i1", span: "s1" },
          { items: "i2", span: "s2" },
        ],
      }),
      ["l", "i1", "s1", "i2", "s2"],
    );
  });

  test("the JS side refuses a missing value and a list of another length", () => {
    const frame = luaFrame({ keys: { types: list(2) }, args: { event: group({ id: arg }) } });
    assert.throws(() => frame.keys({ types: ["a"] }), /types has 1 values, not 2/);
    assert.throws(() => frame.args({ event: {} as { id: string } }), /event.id has no value/);
  });
});
