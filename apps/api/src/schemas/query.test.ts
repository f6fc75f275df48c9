import { test } from "node:test";
import assert from "node:assert/strict";
import { parseQuery } from "./query.js";
import { listQuerySchema, previewQuerySchema } from "./schemas.js";

test("query: limit defaults to 20 and accepts plain decimal 1..100", () => {
  assert.deepEqual(parseQuery(listQuerySchema, ""), { ok: true, value: { limit: 20 } });
  assert.deepEqual(parseQuery(listQuerySchema, "limit=100&cursor=abc"), { ok: true, value: { limit: 100, cursor: "abc" } });
  assert.deepEqual(parseQuery(listQuerySchema, "limit=05"), { ok: true, value: { limit: 5 } });
});

test("query: limit that is not plain decimal 1..100 is refused naming limit", () => {
  for (const bad of ["0", "101", "1e1", "+5", "-1", "5.0", " 5", "0x10", "", "abc"]) {
    const parsing = parseQuery(listQuerySchema, `limit=${encodeURIComponent(bad)}`);
    assert.ok(!parsing.ok, `limit=${bad} should be refused`);
    assert.deepEqual(
      parsing.invalidParams.map((p) => p.name),
      ["limit"],
    );
  }
});

test("query: repeated and unknown parameters are each named, once", () => {
  const parsing = parseQuery(listQuerySchema, "limit=5&limit=6&foo=1&Limit=3");
  assert.ok(!parsing.ok);
  assert.deepEqual(
    parsing.invalidParams.map((p) => p.name),
    ["limit", "foo", "Limit"],
  );
  assert.match(parsing.invalidParams[0]?.reason ?? "", /at most once/);
  assert.match(parsing.invalidParams[1]?.reason ?? "", /unknown parameter/);
});

test("query: a missing or repeated required parameter is reported once", () => {
  const missing = parseQuery(previewQuerySchema, "unitIdOrKey=u1");
  assert.ok(!missing.ok);
  assert.deepEqual(missing.invalidParams, [{ name: "proposedTimeZone", reason: "proposedTimeZone is required" }]);
  const repeated = parseQuery(previewQuerySchema, "unitIdOrKey=u1&unitIdOrKey=u2&proposedTimeZone=UTC");
  assert.ok(!repeated.ok);
  assert.deepEqual(
    repeated.invalidParams.map((p) => p.name),
    ["unitIdOrKey"],
  );
  const empty = parseQuery(previewQuerySchema, "unitIdOrKey=&proposedTimeZone=UTC");
  assert.ok(!empty.ok);
  assert.deepEqual(empty.invalidParams, [{ name: "unitIdOrKey", reason: "unitIdOrKey must not be empty" }]);
});
