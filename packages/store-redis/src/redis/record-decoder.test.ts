// Records decoded once per stored text: the same text gives the same object, other text a new
// one (under the same key too), a bad text throws and is not kept, and no more than `capacity`
// records are ever kept.
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
  const active = decode('{"id":"lock_1","status":"active"}', "lock_1", "org_1");
  assert.equal(decode('{"id":"lock_1","status":"active"}', "lock_1", "org_1"), active, "the same text again: the kept object");
  const revoked = decode('{"id":"lock_1","status":"revoked"}', "lock_1", "org_1");
  assert.equal(revoked.status, "revoked", "a revoked lock is never answered from the active text kept under its key");
  assert.equal(decode('{"id":"lock_1","status":"active"}', "lock_1", "org_2").status, "active", "another org: its own text");
  assert.equal(decode('{"id":"lock_1","status":"revoked"}', "lock_1", "org_1"), revoked);
});

test("scoped records are bounded too: a new record in a full memo drops the oldest org's", () => {
  const decode = recordDecoder<{ n: number }>(2);
  const a1 = decode('{"n":1}', "a", "org_a");
  const b1 = decode('{"n":2}', "b", "org_b");
  assert.equal(decode('{"n":1}', "a", "org_a"), a1);
  decode('{"n":3}', "c", "org_c"); // full: org_a goes
  assert.notEqual(decode('{"n":1}', "a", "org_a"), a1, "dropped, decoded anew");
  assert.deepEqual(decode('{"n":2}', "b", "org_b"), b1);
});

test("a text that is not JSON throws every time and is not kept", () => {
  const decode = recordDecoder<unknown>();
  assert.throws(() => decode("{corrupt"), SyntaxError);
  assert.throws(() => decode("{corrupt"), SyntaxError);
});

test("at most `capacity` records are kept: when full, the scope kept first goes whole", () => {
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

test("bytes are compared as bytes, against a copy: a reused reply buffer cannot change what is kept", () => {
  const decode = recordDecoder<{ id: string; status: string }>();
  const reply = Buffer.from('{"id":"lock_1","status":"on"}');
  const on = decode(reply, "lock_1", "org_1");
  assert.equal(decode(Buffer.from('{"id":"lock_1","status":"on"}'), "lock_1", "org_1"), on, "the same bytes: the kept object");
  reply.write("no", reply.indexOf("on")); // the socket's chunk reused for the next reply
  assert.equal(decode(reply, "lock_1", "org_1").status, "no", "other bytes in the same buffer: decoded anew");
  assert.equal(decode('{"id":"lock_1","status":"no"}', "lock_1", "org_1").status, "no", "a string against kept bytes: decoded anew");
});
