// Records decoded once per stored text: the same text gives the same object, other text a new
// one (under the same key too), a bad text throws and is not kept, and no more than `capacity`
// keys are ever kept.
import assert from "node:assert/strict";
import { test } from "node:test";
import { recordDecoder } from "./record-decoder.js";

test("the same text decodes to the same record object; other text to another", () => {
  const decode = recordDecoder<{ id: string; version: number }>();
  const first = decode('{"id":"unit_1","version":1}');
  assert.deepEqual(first, { id: "unit_1", version: 1 });
  assert.equal(decode('{"id":"unit_1","version":1}'), first, "read again: the kept object");
  const changed = decode('{"id":"unit_1","version":2}');
  assert.notEqual(changed, first);
  assert.equal(changed.version, 2, "a changed record is never answered from the old text");
});

test("under a key, a record is answered from the memo only for the very text it was decoded from", () => {
  const decode = recordDecoder<{ id: string; status: string }>();
  const active = decode('{"id":"lock_1","status":"active"}', "org_1/lock_1");
  assert.equal(decode('{"id":"lock_1","status":"active"}', "org_1/lock_1"), active, "the same text again: the kept object");
  const revoked = decode('{"id":"lock_1","status":"revoked"}', "org_1/lock_1");
  assert.equal(revoked.status, "revoked", "a revoked lock is never answered from the active text kept under its key");
  assert.equal(decode('{"id":"lock_1","status":"active"}', "org_2/lock_1").status, "active", "another key: its own text");
  assert.equal(decode('{"id":"lock_1","status":"revoked"}', "org_1/lock_1"), revoked);
});

test("a text that is not JSON throws every time and is not kept", () => {
  const decode = recordDecoder<unknown>();
  assert.throws(() => decode("{corrupt"), SyntaxError);
  assert.throws(() => decode("{corrupt"), SyntaxError);
});

test("at most `capacity` texts are kept: the oldest is dropped first", () => {
  const decode = recordDecoder<{ n: number }>(3);
  const texts = [0, 1, 2, 3].map((n) => `{"n":${n}}`);
  const [zero, one] = texts.slice(0, 2).map((text) => decode(text));
  texts.slice(2).map((text) => decode(text)); // the fourth text drops the first
  assert.notEqual(decode(texts[0] ?? ""), zero, "the oldest was dropped and is decoded anew");
  assert.equal(decode(texts[3] ?? ""), decode(texts[3] ?? ""));
  assert.ok(one !== undefined);
});

test("a decoded record is frozen, with its arrays: writing to the shared object throws", () => {
  const decode = recordDecoder<{ id: string; unitIds: string[] }>();
  const lock = decode('{"id":"lock_1","unitIds":["unit_1"]}');
  assert.throws(() => {
    lock.id = "lock_2";
  }, TypeError);
  assert.throws(() => lock.unitIds.push("unit_2"), TypeError);
  assert.deepEqual(decode('{"id":"lock_1","unitIds":["unit_1"]}'), { id: "lock_1", unitIds: ["unit_1"] });
});
