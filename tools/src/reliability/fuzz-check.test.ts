// The fuzz's own parts, on made-up bytes: the response parser and the judge must catch what
// the fuzz exists to catch (a bare status, a stack trace, a requestId that does not match).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { problemBody } from "@lintel/domain";
import { judge, pendingOnEdge } from "./fuzz-check.js";
import type { FuzzCase } from "./fuzz-requests.js";
import { parseResponses } from "./raw-http.js";

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

describe("raw HTTP responses", () => {
  it("splits pipelined answers, skips 100 Continue, decodes chunked and gzip bodies, keeps a cut-off answer as trailing", () => {
    const chunked = Buffer.from("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
    const zipped = gzipSync("zipped");
    const gzip = Buffer.concat([
      Buffer.from(`HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: ${zipped.length}\r\n\r\n`),
      zipped,
    ]);
    const cut = Buffer.from("HTTP/1.1 400 Bad\r\ncontent-length: 10\r\n\r\nabc");
    const parsed = parseResponses(Buffer.concat([Buffer.from("HTTP/1.1 100 Continue\r\n\r\n"), chunked, gzip, cut]), false);
    assert.deepEqual(
      parsed.responses.map((r) => [r.status, r.body]),
      [
        [200, "abcde"],
        [200, "zipped"],
      ],
    );
    assert.match(parsed.trailing, /^HTTP\/1.1 400/);
  });

  it("a HEAD answered with a body (Node's parser refused the request) keeps it", () => {
    const refused = Buffer.from("HTTP/1.1 400 X\r\ncontent-length: 5\r\n\r\nerror");
    assert.deepEqual(
      parseResponses(refused, true).responses.map((r) => [r.status, r.body]),
      [[400, "error"]],
    );
  });

  it("the answer to a HEAD has no body, whatever its Content-Length", () => {
    const head = Buffer.from("HTTP/1.1 404 X\r\ncontent-length: 50\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
    assert.deepEqual(
      parseResponses(head, true).responses.map((r) => [r.status, r.body]),
      [
        [404, ""],
        [200, "ok"],
      ],
    );
  });
});

describe("judging answers", () => {
  const judged = (bytes: Buffer, c: FuzzCase = get) => judge(c, { ...parseResponses(bytes, false), timedOut: false }, DOCS);

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

  it("the branch-edge TODO list names CONNECT, odd Expect, huge headers and bytes after a request, and nothing else", () => {
    assert.ok(pendingOnEdge({ ...get, method: "CONNECT" }));
    assert.ok(pendingOnEdge({ ...get, headers: [{ name: "expect", value: "200-ok" }] }));
    assert.ok(pendingOnEdge({ ...get, headers: [{ name: "x-huge", value: "h".repeat(40_000) }] }));
    assert.ok(pendingOnEdge({ ...get, tail: "stray-byte" }));
    assert.equal(pendingOnEdge({ ...get, headers: [{ name: "expect", value: "100-continue" }] }), undefined);
    assert.equal(pendingOnEdge(get), undefined);
  });
});
