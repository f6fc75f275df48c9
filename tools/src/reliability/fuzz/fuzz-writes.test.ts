// The fuzz's write cases reach every write endpoint with every kind of hostile string, and its law
// catches a write accepted with a string no field takes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { isWriteCase, judgeWriteBody, writeEndpointCase, type WriteTargets } from "./fuzz-writes.js";
import type { FuzzCase } from "./fuzz-requests.js";

const targets: WriteTargets = {
  units: ["u_1", "main-st"],
  itemKeys: ["tour:t_1", "code:c_1"],
  templates: ["tpl_1"],
  locks: ["lk_1"],
  endpoints: ["we_1"],
};
const admitted = { name: "x-api-key", value: "lnt_x" };

describe("fuzz: the write cases", () => {
  const cases = fc.sample(writeEndpointCase(targets, admitted), { seed: 42, numRuns: 3000 });
  const bodies = cases.map((c) => c.body?.text ?? "");

  it("reach every write endpoint, each counted as a write", () => {
    assert.ok(cases.every(isWriteCase));
    const paths = new Set(cases.map((c) => c.target.replace("we_1", "{id}")));
    assert.deepEqual([...paths].sort(), [
      "/v1/locks/update_lock",
      "/v1/templates/create_message_template",
      "/v1/templates/delete_message_template",
      "/v1/templates/update_message_template",
      "/v1/units/create_schedule_item",
      "/v1/units/create_unit",
      "/v1/units/delete_schedule_item",
      "/v1/units/set_timezone",
      "/v1/units/update_schedule_item",
      "/v1/units/update_unit",
      "/v1/webhook_endpoints",
      "/v1/webhook_endpoints/{id}",
      "/v1/webhook_endpoints/{id}/recover",
    ]);
  });

  it("send lone surrogates, emoji, controls, combining marks and text past every bound", () => {
    const holding = (pattern: RegExp) => bodies.filter((text) => pattern.test(text)).length;
    assert.ok(holding(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/) > 100, "lone high surrogates (as JSON escapes)");
    assert.ok(holding(/(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/) > 100, "lone low surrogates");
    assert.ok(holding(/\p{Extended_Pictographic}/u) > 100, "emoji");
    assert.ok(holding(/\\u00[01][0-9a-f]|\\u007f|[\u0080-\u009f]/) > 100, "control characters");
    assert.ok(holding(/\p{M}/u) > 50, "combining marks");
    assert.ok(
      cases.some((c) => [...(c.body?.text ?? "")].length > 8001),
      "text past the longest bound",
    );
  });

  it("the law: a write accepted with a lone surrogate or a control character in its body fails; one with a line break, or refused, does not", () => {
    const post = (body: unknown): FuzzCase => ({
      method: "POST",
      target: "/v1/templates/create_message_template",
      headers: [],
      body: { text: JSON.stringify(body), length: "exact" },
      tail: "none",
    });
    assert.equal(judgeWriteBody(post({ name: "a\ud800", body: "b" }), 201).length, 1);
    assert.equal(judgeWriteBody(post({ name: "a", body: "b\u0000" }), 200).length, 1);
    assert.equal(judgeWriteBody(post({ ["\udc00"]: 1 }), 201).length, 1);
    assert.equal(judgeWriteBody(post({ name: "a\ud800", body: "b" }), 400).length, 0);
    assert.equal(judgeWriteBody(post({ name: "😀", body: "line\r\n\tbreak" }), 201).length, 0);
  });
});
