// The raw HTTP answer parser of the e2e tests and the HTTP fuzz, on made-up bytes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { parseAnswers } from "@lintel/testkit/raw-http";

describe("raw HTTP responses", () => {
  it("splits pipelined answers (a 100 Continue too), decodes chunked and gzip bodies, keeps a cut-off answer as trailing", () => {
    const chunked = Buffer.from("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
    const zipped = gzipSync("zipped");
    const gzip = Buffer.concat([
      Buffer.from(`HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: ${zipped.length}\r\n\r\n`),
      zipped,
    ]);
    const cut = Buffer.from("HTTP/1.1 400 Bad\r\ncontent-length: 10\r\n\r\nabc");
    const parsed = parseAnswers(Buffer.concat([Buffer.from("HTTP/1.1 100 Continue\r\n\r\n"), chunked, gzip, cut]));
    assert.deepEqual(
      parsed.answers.map((r) => [r.status, r.text]),
      [
        [100, ""],
        [200, "abcde"],
        [200, "zipped"],
      ],
    );
    assert.match(parsed.rest.toString(), /^HTTP\/1.1 400/);
  });

  it("a HEAD answered with a body (Node's parser refused the request) keeps it", () => {
    const refused = Buffer.from("HTTP/1.1 400 X\r\ncontent-length: 5\r\n\r\nerror");
    assert.deepEqual(
      parseAnswers(refused, true).answers.map((r) => [r.status, r.text]),
      [[400, "error"]],
    );
  });

  it("the answer to a HEAD has no body, whatever its Content-Length", () => {
    const head = Buffer.from("HTTP/1.1 404 X\r\ncontent-length: 50\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
    assert.deepEqual(
      parseAnswers(head, true).answers.map((r) => [r.status, r.text]),
      [
        [404, ""],
        [200, "ok"],
      ],
    );
  });
});
