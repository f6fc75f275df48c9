// A request body whose Content-Encoding it does not honour (an outside probe: a broken gzip body
// was answered "the client closed the connection"): 400 invalid_request saying the body could
// not be decoded, on /v1 and on the Seam webhook alike (json-body.ts reads both).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { rawGet, RawConnection } from "@lintel/testkit/raw-http";
import { assertProblem, startTestServer, type TestServer } from "../e2e.test-support.js";

let server: TestServer;
before(async () => {
  server = await startTestServer({ SEAM_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });
});
after(() => server.close());

/** POSTs `body` with `encoding` to `path` on a fresh connection; the answer, then a GET on the same connection if it stays open. */
async function post(path: string, encoding: string, body: Buffer) {
  const connection = await RawConnection.open(server.url);
  const head =
    `POST ${path} HTTP/1.1\r\nHost: lintel.test\r\nContent-Type: application/json\r\nx-api-key: ${server.fixture.keys.admin}\r\n` +
    `Content-Encoding: ${encoding}\r\nContent-Length: ${body.length}\r\n\r\n`;
  connection.send(Buffer.concat([Buffer.from(head), body, Buffer.from(rawGet("/healthz"))]));
  const answer = await connection.answer();
  const next = answer.headers.get("connection") === "close" ? null : await connection.answer();
  connection.destroy();
  return { answer, next };
}

const setTimezone = Buffer.from(JSON.stringify({ unitIdOrKey: "x", timeZone: "UTC", expectedVersion: 1, policy: "keep_instant" }));
const brokenBodies: [string, Buffer][] = [
  ["not gzip at all", Buffer.from("this is not gzip")],
  ["gzip cut short", gzipSync(setTimezone).subarray(0, 20)],
  ["gzip with a corrupted stream", Buffer.concat([gzipSync(setTimezone).subarray(0, 12), Buffer.alloc(30, 0xff)])],
];

describe("e2e: a request body that cannot be decoded", () => {
  for (const path of ["/v1/units/set_timezone", "/webhooks/seam"]) {
    for (const [name, body] of brokenBodies) {
      it(`${path}, ${name}: 400 invalid_request saying the body could not be decoded; the connection serves on`, async () => {
        const { answer, next } = await post(path, "gzip", body);
        assertProblem(answer, 400, "invalid_request");
        assert.match(answer.json.detail, /could not be decoded/);
        assert.doesNotMatch(answer.json.detail, /closed the connection/);
        if (next !== null) assert.equal(next.status, 200, next.text);
      });
    }
  }

  it("a Content-Encoding it does not know is 415 unsupported_media_type naming it", async () => {
    const { answer } = await post("/v1/units/set_timezone", "x-squash", setTimezone);
    assertProblem(answer, 415, "unsupported_media_type");
    assert.match(answer.json.detail, /x-squash/);
  });

  it("a good gzip body is read as JSON", async () => {
    const { answer } = await post("/v1/units/set_timezone", "gzip", gzipSync(setTimezone));
    assertProblem(answer, 404, "not_found"); // the unit x: the body was read and checked
  });
});
