import { describe, it, test } from "node:test";
import assert from "node:assert/strict";
import { isJsonMediaType, repeatedKey } from "./json-body.js";

test("json body: application/json with an optional UTF-8 charset is JSON; anything else is not", () => {
  for (const ok of ["application/json", "Application/JSON", "application/json; charset=utf-8", 'application/json;charset="UTF-8"']) {
    assert.equal(isJsonMediaType(ok), true, ok);
  }
  for (const bad of [
    "",
    "text/plain",
    "application/jsonx",
    "application/json; charset=latin1",
    "application/x-www-form-urlencoded",
    "text/json",
  ]) {
    assert.equal(isJsonMediaType(bad), false, bad);
  }
});

describe("repeatedKey", () => {
  it("finds a name given twice in one object, at any depth, escapes decoded; names in other objects and values do not count", () => {
    assert.equal(repeatedKey('{"code":"1234","code":"5678"}'), "code");
    assert.equal(repeatedKey('{"a":{"b":1,"\\u0062":2}}'), "b");
    assert.equal(repeatedKey('{"a":{"b":1},"c":{"b":2},"d":["a","a"],"e":"a"}'), null);
    assert.equal(repeatedKey('[{"x":1},{"x":2}]'), null);
    assert.equal(repeatedKey('{"s":"\\"a\\":1,","a":1}'), null);
    assert.equal(repeatedKey("{}"), null);
  });
});
