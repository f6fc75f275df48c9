// The fuzz's judge, on made-up answers: it must catch what the fuzz exists to catch (a bare
// status, a stack trace, a requestId that does not match, the wrong answer to a refused request).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { problemBody } from "@lintel/domain";
import { encodeCase, judge } from "./fuzz-check.js";
import type { FuzzCase } from "./fuzz-requests.js";
import { parseAnswers } from "@lintel/testkit/raw-http";

const DOCS = "http://localhost:3000/docs";
const get: FuzzCase = { method: "GET", target: "/v1/locks/nope", headers: [], body: null, tail: "none" };

function response(status: number, headers: Record<string, string>, body: string): Buffer {
  const head = Object.entries({ ...headers, "content-length": String(Buffer.byteLength(body)) }).map(([k, v]) => `${k}: ${v}\r\n`);
  return Buffer.from(`HTTP/1.1 ${status} X\r\n${head.join("")}\r\n${body}`);
}

const problem = (requestId: string, detail = "There is no lock nope.") =>
  response(
    404,
    { "content-type": "application/problem+json", "x-request-id": requestId, "cache-control": "no-store" },
    JSON.stringify(problemBody("not_found", detail, requestId, DOCS)),
  );

describe("judging answers", () => {
  const judged = (bytes: Buffer, c: FuzzCase = get) =>
    judge(c, encodeCase(c, 3000), { responses: parseAnswers(bytes).answers, timedOut: false }, DOCS);
  const parseError = (status: 400 | 431, requestId = "req-12345678") =>
    response(
      status,
      { "content-type": "application/problem+json", "x-request-id": requestId },
      JSON.stringify(
        problemBody(status === 431 ? "headers_too_large" : "invalid_request", "The request is not well-formed HTTP.", requestId, DOCS),
      ),
    );

  it("a complete problem with a matching x-request-id passes", () => {
    assert.deepEqual(judged(problem("req-12345678")), []);
  });

  it("a bare status, a 5xx, a stack trace, a foreign requestId and no answer are failures", () => {
    assert.ok(judged(response(417, {}, "")).some((f) => /x-request-id/.test(f)));
    assert.ok(judged(response(417, {}, "")).some((f) => /content-type/.test(f)));
    assert.ok(judged(response(500, { "x-request-id": "req-12345678" }, "")).some((f) => /status 500/.test(f)));
    assert.ok(
      judged(problem("req-12345678", "TypeError: x\n    at f (/work/apps/api/dist/app.js:1:2)")).some((f) => /internal text/.test(f)),
    );
    const other = response(
      404,
      { "content-type": "application/problem+json", "x-request-id": "req-12345678" },
      JSON.stringify(problemBody("not_found", "d", "req-87654321", DOCS)),
    );
    assert.ok(judged(other).some((f) => /≠ x-request-id/.test(f)));
    assert.deepEqual(judged(Buffer.alloc(0)), ["connection closed without an answer"]);
  });

  it("what the request itself sent back is not internal text", () => {
    const c = { ...get, target: "/node_modules/TypeError" };
    assert.deepEqual(judged(problem("req-12345678", "There is no route GET /node_modules/TypeError."), c), []);
  });

  it("a request the parser refuses must get its status: 431 when the head reached 16 KiB first, else 400, and the client's id only if its head was read", () => {
    const badMethod = { ...get, method: "BREW", headers: [{ name: "x-huge", value: "h".repeat(40_000) }] };
    assert.deepEqual(judged(parseError(400), badMethod), []);
    assert.ok(judged(parseError(431), badMethod).some((f) => /not 400 invalid_request/.test(f)));
    const huge = { ...get, headers: [{ name: "x-huge", value: "h".repeat(40_000) }] };
    assert.ok(judged(parseError(400), huge).some((f) => /not 431 headers_too_large/.test(f)));
    const offered = { ...badMethod, headers: [{ name: "x-request-id", value: "client-id-0001" }] };
    assert.ok(judged(parseError(400, "client-id-0001"), offered).some((f) => /reuses its x-request-id/.test(f)));
    // A last coding other than chunked is refused once Node has handed the head over: it was read.
    const badFraming = { ...get, method: "POST", headers: [...offered.headers, { name: "transfer-encoding", value: "x" }] };
    assert.deepEqual(judged(parseError(400, "client-id-0001"), badFraming), []);
    assert.ok(judged(parseError(400), badFraming).some((f) => /not the well-formed one sent/.test(f)));
  });

  it("the parse-error 400 is right first only for a request whose body never came whole", () => {
    const write = { ...get, method: "POST", body: { text: "{}", length: "exact" as const }, tail: "stray-byte" as const };
    assert.ok(judged(parseError(400), write).some((f) => /lost its answer/.test(f)));
    assert.deepEqual(judged(parseError(400), { ...write, body: { text: "{}", length: "long" } }), []);
  });

  it("an Expect without 100-continue must be 417 even when Node refuses the body after the head; nothing may follow Connection: close", () => {
    const expect = (value: string) => ({
      ...get,
      headers: [
        { name: "expect", value },
        { name: "transfer-encoding", value: "gzip" },
      ],
    });
    const refused = response(
      417,
      { "content-type": "application/problem+json", "x-request-id": "req-12345678", "cache-control": "no-store", connection: "close" },
      JSON.stringify(problemBody("expectation_failed", "d", "req-12345678", DOCS)),
    );
    assert.deepEqual(judged(refused, expect("teapot")), []);
    assert.ok(
      judged(Buffer.concat([refused, parseError(400)]), expect("teapot")).some((f) => /after one that said Connection: close/.test(f)),
    );
    assert.ok(judged(refused, expect("teapot, 100-continue")).some((f) => /not 400 invalid_request/.test(f)));
  });

  it("the client's x-request-id is required back only when the server read exactly one well-formed one", () => {
    const sent = (value: string) => ({ ...get, headers: [{ name: "x-request-id", value }] });
    assert.ok(judged(problem("req-12345678"), sent("client-id-0001")).some((f) => /not the well-formed one sent/.test(f)));
    assert.deepEqual(judged(problem("client-id-0001"), sent("  client-id-0001\t")), []);
    // A CR LF CR LF in an earlier header ends the head: the id after it was never read.
    const early = {
      ...get,
      headers: [
        { name: "x-api-key", value: "k\r\n" },
        { name: "x-request-id", value: "client-id-0001" },
      ],
    };
    assert.deepEqual(judged(problem("req-12345678"), early), []);
  });
});
