// The fuzz's model of Node's parser, on requests whose reading was checked against Node 20's
// own parser: which fault comes first, where the head ends, whether the body is whole.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MAX_HEADER_BYTES, readRequest } from "./fuzz-head.js";

const read = (head: string, rest = "") => readRequest(Buffer.from(`${head}\r\n\r\n${rest}`, "latin1"));
const huge = `x-huge: ${"h".repeat(40_000)}`;

describe("how Node's parser reads a fuzz case", () => {
  it("the first fault in byte order decides: a bad method or control character before the 16 KiB is 400, after it 431", () => {
    assert.deepEqual(read(`BREW / HTTP/1.1\r\n${huge}`), { refused: 400 });
    assert.deepEqual(read(`G ET / HTTP/1.1\r\n${huge}`), { refused: 400 });
    assert.deepEqual(read(`GET / HTTP/1.1\r\nx-a: a\u0001\r\n${huge}`), { refused: 400 });
    assert.deepEqual(read(`GET / HTTP/1.1\r\n${huge}\r\nx-a: a\u0001`), { refused: 431 });
  });

  it("counts the target and each name and value without its leading spaces, and refuses at 16 KiB", () => {
    const padded = (n: number) => read(`GET /${"a".repeat(n - 1)} HTTP/1.1\r\nab:   ${"v".repeat(4)}  `);
    assert.equal(padded(MAX_HEADER_BYTES - 2 - 6 - 1).refused, undefined);
    assert.deepEqual(padded(MAX_HEADER_BYTES - 2 - 6), { refused: 414 }); // its target is over 8 KiB
  });

  it("a head over 16 KiB is 414 when its request target is over 8 KiB (SPEC 4), else 431", () => {
    assert.deepEqual(read(`GET /${"a".repeat(17_000)} HTTP/1.1`), { refused: 414 });
    assert.deepEqual(read(`GET /${"a".repeat(8_192)} HTTP/1.1\r\n${huge}`), { refused: 414 });
    assert.deepEqual(read(`GET /${"a".repeat(8_190)} HTTP/1.1\r\n${huge}`), { refused: 431 });
  });

  it("a lone CR or LF, a folded line or a line without a colon is 400; tabs and obs-text are fine", () => {
    for (const value of ["a\rb", "a\nb", "a\r\n b", "a\r\nb", "a\u007f"])
      assert.deepEqual(read(`GET / HTTP/1.1\r\nx-a: ${value}`), { refused: 400 });
    assert.deepEqual(read("GET / HTTP/1.1\r\nx-a: a\tb\u00e9"), {
      refused: undefined,
      headers: [{ name: "x-a", value: "a\tb\u00e9" }],
      complete: true,
      followed: false,
    });
  });

  it("a CR LF inside a value ends the header; a second one ends the head, and the rest follows the request", () => {
    const reading = read("GET / HTTP/1.1\r\nx-a: a\r\nx-b:c\r\n\r\nx-request-id: client-id-0001\r\nContent-Length: 5", "hello");
    assert.deepEqual(reading, {
      refused: undefined,
      headers: [
        { name: "x-a", value: "a" },
        { name: "x-b", value: "c" },
      ],
      complete: true,
      followed: true,
    });
  });

  it("a body is whole when Content-Length bytes came; a stray byte inside a body that lies is part of it", () => {
    assert.deepEqual(read("POST / HTTP/1.1\r\nContent-Length: 3", "abcx"), {
      refused: undefined,
      headers: [{ name: "Content-Length", value: "3" }],
      complete: true,
      followed: true,
    });
    const long = read("POST / HTTP/1.1\r\nContent-Length: 13", "abcx");
    assert.ok(long.refused === undefined && !long.complete && !long.followed);
  });

  it("Transfer-Encoding: a coding after chunked or Content-Length beside it is 400 in the head; a last coding not chunked, after it", () => {
    assert.deepEqual(read("POST / HTTP/1.1\r\nTransfer-Encoding: chunked, identity"), { refused: 400 });
    assert.deepEqual(read("POST / HTTP/1.1\r\nTransfer-Encoding: gzip"), {
      refused: 400,
      headers: [{ name: "Transfer-Encoding", value: "gzip" }],
    });
    assert.equal(read("CONNECT a:1 HTTP/1.1\r\nTransfer-Encoding: gzip").refused, undefined);
    assert.deepEqual(read("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 5", "0\r\n\r\n"), { refused: 400 });
    const chunked = read("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked", "3\r\nabc\r\n0\r\n\r\nx");
    assert.ok(chunked.refused === undefined && chunked.complete && chunked.followed);
  });
});
