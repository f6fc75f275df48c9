import { test } from "node:test";
import assert from "node:assert/strict";
import { isJsonMediaType } from "./json-body.js";

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
