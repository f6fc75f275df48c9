// A malformed request pipelined behind good ones (an outside probe): the requests before it are
// answered first, in order, then the refusal (a problem with x-request-id), then the connection
// closes; a write before it is applied and says so. Bytes after a request and a body that breaks
// on its own are in http-edge.e2e.test.ts.
// Long-running (about a minute): run-tests.mjs starts this file first.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rawGet, RawConnection } from "@lintel/testkit/raw-http";
import { assertProblem, call, startTestServer, type TestServer } from "../e2e.test-support.js";

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const admin = () => server.fixture.keys.admin;

/** A chunked POST whose second chunk size is not hex: Node's parser refuses it mid-body. */
const badChunkSize = (key = admin()) =>
  "POST /v1/units/set_timezone HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\n" +
  `x-api-key: ${key}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"uni\r\nzz\r\n`;

async function unitVersion(unitId: string): Promise<number> {
  const answer = await call(server.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: admin() });
  assert.equal(answer.status, 200, answer.text);
  return answer.json.unit.version as number;
}

/** The connection's remaining answers until the server closes it, and whether it closed with a FIN. */
async function rest(connection: RawConnection) {
  const answers = [];
  for (;;) {
    try {
      answers.push(await connection.answer());
    } catch {
      return { answers, clean: await connection.closed };
    }
  }
}

describe("e2e: a malformed request pipelined behind good ones", () => {
  it("GET /v1/locks, GET /healthz, then a bad chunk size: both answers in order, then the 400 problem, then close", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(rawGet("/v1/locks?limit=2", { "x-api-key": admin() }) + rawGet("/healthz") + badChunkSize());
    const { answers, clean } = await rest(connection);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 400],
      answers.map((answer) => answer.head).join("\n"),
    );
    const [locks, health, refused] = answers;
    assert.equal(locks!.json.locks.length, 2);
    assert.equal(locks!.headers.get("connection"), "keep-alive");
    assert.equal(health!.json.status, "ok");
    assertProblem(refused!, 400, "invalid_request");
    assert.ok(refused!.headers.get("x-request-id"));
    assert.equal(refused!.headers.get("connection"), "close");
    assert.equal(clean, true);
  });

  it("a set_timezone, then a bad chunk size: its 200 (the change is applied), then the 400, then close", async () => {
    const unit = server.fixture.units.york.id;
    const version = await unitVersion(unit);
    const body = JSON.stringify({ unitIdOrKey: unit, timeZone: "Europe/Lisbon", expectedVersion: version, policy: "keep_instant" });
    const write =
      "POST /v1/units/set_timezone HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\n" +
      `x-api-key: ${admin()}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const connection = await RawConnection.open(server.url);
    connection.send(write + badChunkSize());
    const { answers, clean } = await rest(connection);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 400],
      answers.map((answer) => answer.head).join("\n"),
    );
    assert.equal(answers[0]!.json.unit.version, version + 1);
    assertProblem(answers[1]!, 400, "invalid_request");
    assert.equal(clean, true);
    assert.equal(await unitVersion(unit), version + 1);
  });

  it("four answers in progress and more waiting, then a bad chunk size: every answer before it, then the 400; nothing after a Connection: close", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(rawGet("/healthz").repeat(6) + badChunkSize() + rawGet("/healthz"));
    const { answers, clean } = await rest(connection);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200, 200, 200, 400],
    );
    const closes = answers.findIndex((answer) => answer.headers.get("connection") === "close");
    assert.equal(closes, answers.length - 1, "only the last answer says Connection: close");
    assert.equal(clean, true);
  });

  it("a lone request with a bad chunk size is still its own 400 at once", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(badChunkSize());
    const { answers, clean } = await rest(connection);
    assert.equal(answers.length, 1);
    assertProblem(answers[0]!, 400, "invalid_request");
    assert.equal(clean, true);
  });

  it("a /healthz, then a bad chunk size without a key: the 200, then one answer to the broken request, then close", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(rawGet("/healthz") + badChunkSize("no-key"));
    const { answers, clean } = await rest(connection);
    assert.equal(answers.length, 2, answers.map((answer) => answer.head).join("\n"));
    assert.equal(answers[0]!.status, 200);
    // Its 401 when the handler answered before the bad bytes were parsed, else the 400; never both.
    const refused = answers[1]!;
    if (refused.status === 401) assertProblem(refused, 401, "invalid_api_key");
    else assertProblem(refused, 400, "invalid_request");
    assert.equal(clean, true);
  });
});
