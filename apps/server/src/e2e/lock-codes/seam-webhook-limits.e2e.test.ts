// POST /webhooks/seam reads its body with the limits and answers of /v1 (an outside probe found
// every body over 16 KiB answered 500 text/plain, unlogged, and the connection wedged at 1 MB):
// over 16 KiB is a 413 problem with x-request-id and one log line, whether Content-Length,
// chunked or gzip; a body too late is a 408 logged as a 408; the connection serves on or closes.
// No signature is needed to be refused.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { rawGet, RawConnection, type RawAnswer } from "@lintel/testkit/raw-http";
import { assertProblem, testConfig, testFixture } from "../e2e.test-support.js";
import { createLogger } from "@lintel/api";
import { startServer, type RunningServer } from "../../server.js";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const logLines: string[] = [];
let server: RunningServer;
const fixture = testFixture();
before(async () => {
  server = await startServer(testConfig({ SEAM_WEBHOOK_SECRET: secret }), {
    fixture: fixture.json,
    webhookDeliveryGroup: fixture.p,
    logger: createLogger("info", { write: (line: string) => void logLines.push(line) }),
    httpLimits: { headersTimeoutMs: 400, requestTimeoutMs: 800, connectionsCheckingIntervalMs: 50 },
  });
});
after(() => server.close());

/** The log lines of `requestId`: parsed, in order. */
function linesOf(requestId: string): Record<string, unknown>[] {
  return logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line["requestId"] === requestId);
}

/** `answer` is a problem, and its request left one access-log line with its status and code, and no error line. */
async function assertLoggedProblem(answer: RawAnswer, status: number, code: string): Promise<void> {
  assertProblem(answer, status, code);
  const requestId = answer.headers.get("x-request-id");
  assert.ok(requestId, "an x-request-id");
  assert.equal(answer.json.requestId, requestId);
  // The handler may log once the connection is gone (a body too late).
  for (let i = 0; i < 50 && linesOf(requestId).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const lines = linesOf(requestId);
  assert.deepEqual(
    lines.map((line) => [line["msg"], line["path"], line["status"], line["code"]]),
    [["request", "/webhooks/seam", status, code]],
    JSON.stringify(lines),
  );
}

const head = (headers: Record<string, string>) =>
  "POST /webhooks/seam HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\n" +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("") +
  "\r\n";

/** A JSON body of `bytes` bytes. */
function bodyOf(bytes: number): string {
  const [start, end] = ['{"event_type":"lock.unlocked","pad":"', '"}'] as const;
  return start + "x".repeat(bytes - start.length - end.length) + end;
}

/** After `answer`, the connection serves the next request or closes; it is never left hanging. */
async function servesOnOrCloses(connection: RawConnection, answer: RawAnswer): Promise<void> {
  if (answer.headers.get("connection") === "close") {
    assert.equal(await connection.closed, true);
    return;
  }
  const next = await connection.answer();
  assert.equal(next.status, 200, next.text);
  assert.equal(next.json.status, "ok");
  connection.destroy();
}

describe("e2e: POST /webhooks/seam, body limits", () => {
  for (const bytes of [16 * 1024 + 1, 64 * 1024, 1024 * 1024]) {
    it(`a ${bytes}-byte body with Content-Length: 413 payload_too_large, logged once; the next request is answered`, async () => {
      const body = bodyOf(bytes);
      assert.equal(Buffer.byteLength(body), bytes);
      const connection = await RawConnection.open(server.url);
      connection.send(head({ "Content-Length": String(bytes) }) + body + rawGet("/healthz"));
      const answer = await connection.answer();
      await assertLoggedProblem(answer, 413, "payload_too_large");
      await servesOnOrCloses(connection, answer);
    });
  }

  it("a chunked body over 16 KiB: 413, logged once; the next request is answered", async () => {
    const body = bodyOf(40 * 1024);
    const chunks = body.match(/[^]{1,4096}/g)!.map((chunk) => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const connection = await RawConnection.open(server.url);
    connection.send(head({ "Transfer-Encoding": "chunked" }) + chunks.join("") + "0\r\n\r\n" + rawGet("/healthz"));
    const answer = await connection.answer();
    await assertLoggedProblem(answer, 413, "payload_too_large");
    await servesOnOrCloses(connection, answer);
  });

  it("a gzip body that inflates past 16 KiB: 413, logged once; the connection serves on or closes", async () => {
    const compressed = gzipSync(bodyOf(200 * 1024));
    const connection = await RawConnection.open(server.url);
    connection.send(
      Buffer.concat([
        Buffer.from(head({ "Content-Encoding": "gzip", "Content-Length": String(compressed.length) })),
        compressed,
        Buffer.from(rawGet("/healthz")),
      ]),
    );
    const answer = await connection.answer();
    await assertLoggedProblem(answer, 413, "payload_too_large");
    await servesOnOrCloses(connection, answer);
  });

  it("a body that stops arriving: 408 request_timeout, logged as a 408, no error line", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(head({ "Content-Length": "200", "x-request-id": "seam-slow-body-01" }) + '{"event_type":');
    const answer = await connection.answer();
    assert.equal(answer.headers.get("x-request-id"), "seam-slow-body-01");
    await assertLoggedProblem(answer, 408, "request_timeout");
    assert.equal(await connection.closed, true);
    const errors = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    assert.deepEqual(errors, []);
  });

  it("the same for /v1: a set_timezone body that stops arriving is a 408 logged as a 408 (its handler is not left waiting)", async () => {
    const connection = await RawConnection.open(server.url);
    connection.send(
      "POST /v1/units/set_timezone HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\n" +
        `x-api-key: ${fixture.keys.admin}\r\nx-request-id: v1-slow-body-01\r\nContent-Length: 200\r\n\r\n{"unitIdOrKey":`,
    );
    const answer = await connection.answer();
    assertProblem(answer, 408, "request_timeout");
    assert.equal(await connection.closed, true);
    for (let i = 0; i < 50 && linesOf("v1-slow-body-01").length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(
      linesOf("v1-slow-body-01").map((line) => [line["path"], line["status"], line["code"]]),
      [["/v1/units/set_timezone", 408, "request_timeout"]],
    );
  });
});
