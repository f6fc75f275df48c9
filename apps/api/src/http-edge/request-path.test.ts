// Percent-encoding in request paths: which escapes mean their character, which parameters are malformed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeUnreservedEscapes, malformedPathParams } from "./request-path.js";

test("paths: exactly the unreserved characters (RFC 3986 2.3) are decoded, whatever the hex digits' case", () => {
  for (let byte = 0; byte < 256; byte++) {
    const char = String.fromCharCode(byte);
    const unreserved = /^[A-Za-z0-9\-._~]$/.test(char);
    for (const hex of [byte.toString(16).padStart(2, "0").toUpperCase(), byte.toString(16).padStart(2, "0")]) {
      assert.equal(decodeUnreservedEscapes(`/v1/a%${hex}b`), unreserved ? `/v1/a${char}b` : `/v1/a%${hex}b`, hex);
    }
  }
  assert.equal(decodeUnreservedEscapes("/v1/%6Cocks"), "/v1/locks");
  assert.equal(decodeUnreservedEscapes("/%76%31/locks/lock%5Fshared%5fgate"), "/v1/locks/lock_shared_gate");
  assert.equal(decodeUnreservedEscapes("/v1/locks/%ZZ%2F%25%6"), "/v1/locks/%ZZ%2F%25%6"); // malformed, reserved and % itself stay
  assert.equal(decodeUnreservedEscapes("/v1/%2541"), "/v1/%2541"); // an encoded % is not decoded, so no second round
});

test("paths: a path parameter whose segment is not percent-encoded UTF-8 is named; a well-formed one is not", () => {
  const template = "/v1/locks/:lockId/state";
  for (const bad of ["%ZZ", "a%", "%4", "%FF", "%C3", "%E2%82", "x%zz"]) {
    assert.deepEqual(
      malformedPathParams(template, `/v1/locks/${bad}/state`).map((param) => param.name),
      ["lockId"],
      bad,
    );
  }
  for (const good of ["lock_1", "%25ZZ", "%C3%A9", "%2F", "%e2%82%ac"]) {
    assert.deepEqual(malformedPathParams(template, `/v1/locks/${good}/state`), [], good);
  }
  assert.deepEqual(malformedPathParams("/v1/locks", "/v1/locks"), []);
});
