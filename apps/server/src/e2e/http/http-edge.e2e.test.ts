// What the HTTP server answers before a route sees the request (issues 12 and 18), over a raw
// socket: bytes after a request wait for its answer, then get a 400 problem, then the connection
// closes; odd Expect, CONNECT, a missing Host, oversized and late headers are problems with an
// x-request-id too, and nothing follows an answer that said Connection: close. Pipelining
// clients: pipelining.e2e.test.ts.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { assertProblem, call, startTestServer, type TestServer } from "../e2e.test-support.js";
import { rawGet, RawConnection } from "@lintel/testkit/raw-http";

let server: TestServer;
before(async () => {
  server = await startTestServer(
    {},
    { httpLimits: { headersTimeoutMs: 300, requestTimeoutMs: 600, connectionsCheckingIntervalMs: 50, maxRequestsPerSocket: 3 } },
  );
});
after(() => server.close());

const admin = () => server.fixture.keys.admin;

async function unitVersion(unitId: string): Promise<number> {
  const answer = await call(server.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: admin() });
  assert.equal(answer.status, 200, answer.text);
  return answer.json.unit.version as number;
}

describe("e2e: bytes after a request", () => {
  it("a set_timezone followed by a stray byte: its 200 first, then a 400 problem, then close; the write happened once", async () => {
    const unit = server.fixture.units.york.id;
    const version = await unitVersion(unit);
    const body = JSON.stringify({ unitIdOrKey: unit, timeZone: "Europe/Lisbon", expectedVersion: version, policy: "keep_instant" });
    const connection = await RawConnection.open(server.url);
    connection.send(
      "POST /v1/units/set_timezone HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\n" +
        `x-api-key: ${admin()}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}x`,
    );
    const applied = await connection.answer();
    assert.equal(applied.status, 200, applied.text);
    assert.equal(applied.json.unit.version, version + 1);
    assertProblem(await connection.answer(), 400, "invalid_request");
    assert.equal(await connection.closed, true);
    assert.equal(await unitVersion(unit), version + 1);
  });

  it("a GET followed by garbage: its 200 first, then a 400 problem, then close", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(rawGet("/v1/locks?limit=2", { "x-api-key": admin() }) + "\u0001garbage\r\n\r\n");
    const locks = await connection.answer();
    assert.equal(locks.status, 200, locks.text);
    assert.equal(locks.json.locks.length, 2);
    const refused = await connection.answer();
    assertProblem(refused, 400, "invalid_request");
    assert.equal(refused.headers.get("connection"), "close");
    assert.equal(await connection.closed, true);
  });

  it("a set_timezone whose chunked body breaks mid-way is that request's 400 problem at once; nothing is written", async () => {
    const unit = server.fixture.units.chicago.id;
    const version = await unitVersion(unit);
    const connection = await RawConnection.open(server.url);
    connection.send(
      "POST /v1/units/set_timezone HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\n" +
        `x-api-key: ${admin()}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"uni\r\nnot a chunk size\r\n`,
    );
    assertProblem(await connection.answer(), 400, "invalid_request");
    assert.equal(await connection.closed, true);
    assert.equal(await unitVersion(unit), version);
  });

  it("two pipelined GETs, then garbage: both 200s in order, then the 400", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(rawGet("/healthz") + rawGet("/v1/locks?limit=1", { "x-api-key": admin() }) + "\u0001\r\n\r\n");
    assert.equal((await connection.answer()).json.status, "ok");
    assert.equal((await connection.answer()).json.locks.length, 1);
    assertProblem(await connection.answer(), 400, "invalid_request");
    assert.equal(await connection.closed, true);
  });

  it("garbage on a fresh connection is a 400 problem at once", async () => {
    const connection = await RawConnection.open(server.url);
    assertProblem(await connection.exchange("NOT HTTP AT ALL\r\n\r\n"), 400, "invalid_request");
    assert.equal(await connection.closed, true);
  });
});

describe("e2e: answers Node would give bare", () => {
  it("an Expect other than 100-continue is 417 expectation_failed, with the client's x-request-id", async () => {
    const connection = await RawConnection.open(server.url);
    const answer = await connection.exchange(rawGet("/healthz", { Expect: "teapot", "x-request-id": "expect-test-0001" }));
    assertProblem(answer, 417, "expectation_failed");
    assert.equal(answer.json.requestId, "expect-test-0001");
    assert.equal(await connection.closed, true);
  });

  it("an odd Expect followed by garbage: the 417 (Connection: close) and nothing after it", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(rawGet("/healthz", { Expect: "teapot" }) + "\u0001garbage\r\n\r\n");
    const answer = await connection.answer();
    assertProblem(answer, 417, "expectation_failed");
    assert.equal(answer.headers.get("connection"), "close");
    assert.equal(await connection.closed, true);
    await assert.rejects(connection.answer(), /closed with no further answer/);
  });

  it("Expect: 100-continue still works", async () => {
    const connection = await RawConnection.open(server.url);
    assert.equal((await connection.exchange(rawGet("/healthz", { Expect: "100-continue" }))).status, 100);
    assert.equal((await connection.answer()).status, 200);
    connection.destroy();
  });

  it("CONNECT is 405 method_not_allowed with Allow, not a silent close", async () => {
    const connection = await RawConnection.open(server.url);
    const answer = await connection.exchange(
      "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nx-request-id: connect-test-01\r\n\r\n",
    );
    assertProblem(answer, 405, "method_not_allowed");
    assert.equal(answer.json.requestId, "connect-test-01");
    assert.equal(answer.headers.get("allow"), "GET, HEAD, POST");
    assert.equal(await connection.closed, true);
  });

  it("CONNECT after a GET on the same connection: the GET's 200 first, then the 405", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(
      rawGet("/v1/locks?limit=1", { "x-api-key": admin() }) + "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    );
    assert.equal((await connection.answer()).status, 200);
    assertProblem(await connection.answer(), 405, "method_not_allowed");
    assert.equal(await connection.closed, true);
  });

  it("headers over 16 KiB are 431 headers_too_large", async () => {
    const connection = await RawConnection.open(server.url);
    const answer = await connection.exchange(rawGet("/healthz", { "x-padding": "a".repeat(20_000) }));
    assertProblem(answer, 431, "headers_too_large");
    assert.equal(await connection.closed, true);
  });

  it("headers that never finish are 408 request_timeout, and the connection closes", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send("GET /healthz HTTP/1.1\r\nHost: lintel.test\r\nx-slow: 1");
    assertProblem(await connection.answer(), 408, "request_timeout");
    assert.equal(await connection.closed, true);
  });

  it("the answer to the maxRequestsPerSocket-th request on a connection closes it", async () => {
    const connection = await RawConnection.open(server.url);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await connection.exchange(rawGet("/healthz")));
    assert.deepEqual(
      answers.map((answer) => [answer.status, answer.headers.get("connection")]),
      [
        [200, "keep-alive"],
        [200, "keep-alive"],
        [200, "close"],
      ],
    );
    assert.equal(await connection.closed, true);
  });

  it("a request pipelined after the answer that closes the connection is never run", async () => {
    const unit = server.fixture.units.none.id;
    const version = await unitVersion(unit);
    const body = JSON.stringify({ unitIdOrKey: unit, timeZone: "UTC", expectedVersion: version, policy: "keep_instant" });
    const write =
      "POST /v1/units/set_timezone HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\n" +
      `x-api-key: ${admin()}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const connection = await RawConnection.open(server.url);
    connection.send(rawGet("/healthz").repeat(3) + write);
    for (const expected of ["keep-alive", "keep-alive", "close"])
      assert.equal((await connection.answer()).headers.get("connection"), expected);
    assert.equal(await connection.closed, true);
    await assert.rejects(connection.answer());
    assert.equal(await unitVersion(unit), version);
  });

  it("a chunked body over 16 KiB: its 413, then the next request on the kept-alive connection is answered, not left to a 408", async () => {
    const connection = await RawConnection.open(server.url);
    const chunk = "x".repeat(1_000);
    const chunks = `6\r\n{"a":"\r\n` + `3e8\r\n${chunk}\r\n`.repeat(100) + `2\r\n"}\r\n0\r\n\r\n`;
    connection.send(
      "POST /v1/units/set_timezone HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\n" +
        `x-api-key: ${admin()}\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}` +
        rawGet("/healthz"),
    );
    const refused = await connection.answer();
    assertProblem(refused, 413, "payload_too_large");
    assert.equal(refused.headers.get("connection"), "keep-alive");
    const next = await connection.answer();
    assert.equal(next.status, 200, next.text);
    assert.equal(next.json.status, "ok");
    connection.destroy();
  });

  it("a request without Host is a 400 problem with the client's x-request-id, and bytes after it get nothing", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send("GET /healthz HTTP/1.1\r\nx-request-id: no-host-test-01\r\n\r\n" + "\u0001garbage\r\n\r\n" + rawGet("/healthz"));
    const answer = await connection.answer();
    assertProblem(answer, 400, "invalid_request");
    assert.equal(answer.json.requestId, "no-host-test-01");
    assert.equal(answer.headers.get("x-request-id"), "no-host-test-01");
    assert.equal(answer.headers.get("connection"), "close");
    assert.equal(await connection.closed, true);
    await assert.rejects(connection.answer(), /closed with no further answer \(0 bytes pending\)/);
  });

  it("Expect: 100-continue pipelined behind a gzip answer: its 100 Continue comes after that answer, before its own", async () => {
    const connection = await RawConnection.open(server.url);
    const gzipped = { "x-api-key": admin(), "Accept-Encoding": "gzip" };
    connection.send(rawGet("/v1/locks?limit=50", gzipped) + rawGet("/v1/locks?limit=50", { ...gzipped, Expect: "100-continue" }));
    const first = await connection.answer();
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get("content-encoding"), "gzip");
    assert.equal((await connection.answer()).status, 100);
    const second = await connection.answer();
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(second.json.locks, first.json.locks);
    connection.destroy();
  });

  it("a 417 followed by a pipelined CONNECT: the 417 (Connection: close) and nothing after it", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(rawGet("/healthz", { Expect: "teapot" }) + "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    const answer = await connection.answer();
    assertProblem(answer, 417, "expectation_failed");
    assert.equal(answer.headers.get("connection"), "close");
    assert.equal(await connection.closed, true);
    await assert.rejects(connection.answer(), /closed with no further answer \(0 bytes pending\)/);
  });

  it("/docs/errors has an anchor for each of these answers", async () => {
    const page = await call(server.url, "/docs/errors");
    for (const anchor of ["request-timeout", "expectation-failed", "headers-too-large"])
      assert.ok(page.text.includes(`id="${anchor}"`), anchor);
  });
});
