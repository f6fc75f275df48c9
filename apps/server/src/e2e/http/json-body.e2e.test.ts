// A client that sends a complete set_timezone and half-closes at once: Node aborts the request,
// and on Redis the body is read after the (awaited) admission, from a request already gone. That
// is the client's doing: it must not become a 500 logged as an unexpected error with a stack.
// The real server process, on the store this run tests (STORE).
import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, it } from "node:test";
import { call, processStoreEnv, testFixture } from "../e2e.test-support.js";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../e2e.test-support.js";

const fixture = testFixture();
let server: ServerChild;
let port: number;
before(async () => {
  [port] = (await freePorts(1)) as [number];
  server = await spawnServer(port, { ...processStoreEnv(), FIXTURE: await writeFixture(fixture.json), LOG_LEVEL: "error" });
});
after(() => server.stop());

/** A set_timezone with `body` as its bytes, as JSON. */
const setTimezoneWith = (body: string) =>
  call(server.url, "/v1/units/set_timezone", {
    method: "POST",
    key: fixture.keys.admin,
    headers: { "content-type": "application/json" },
    body,
  });

/** Sends `request` and half-closes right after it; resolves once the server has closed too. */
function sendAndHalfClose(request: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(request));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => resolve());
    socket.resume();
  });
}

it("set_timezone half-closed by its client right after the request: nothing logged as an unexpected error", async () => {
  const body = JSON.stringify({ unitIdOrKey: fixture.units.york.id, timeZone: "UTC", expectedVersion: 99, policy: "keep_instant" });
  const request =
    `POST /v1/units/set_timezone HTTP/1.1\r\nHost: x\r\nx-api-key: ${fixture.keys.admin}\r\n` +
    `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  for (let i = 0; i < 10; i++) await sendAndHalfClose(request);
  // The server is still serving, and its error log is empty.
  const health = await fetch(`${server.url}/healthz`);
  assert.equal(health.status, 200);
  const errors = server
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":50'));
  assert.deepEqual(errors, []);
});

it("a malformed JSON body is 400 invalid_request saying it is not valid JSON, not a closed connection (issue 20)", async () => {
  for (const body of ["{", "not json", '{"unitIdOrKey":']) {
    const answer = await setTimezoneWith(body);
    assert.equal(answer.status, 400, answer.text);
    assert.equal(answer.json.code, "invalid_request");
    assert.equal(answer.json.detail, "The request body is not valid JSON.", body);
  }
});

it("a body that gives a field twice is 400 naming it, and nothing is changed", async () => {
  const unit = fixture.units.york.id;
  const versionOf = async () => (await call(server.url, `/v1/units/get_unit?unitIdOrKey=${unit}`, { key: fixture.keys.admin })).json.unit;
  const before = await versionOf();
  const body = `{"unitIdOrKey":"${unit}","timeZone":"UTC","timeZone":"Asia/Tokyo","expectedVersion":${before.version},"policy":"keep_instant"}`;
  const answer = await setTimezoneWith(body);
  assert.equal(answer.status, 400, answer.text);
  assert.deepEqual(answer.json.invalidParams, [{ name: "timeZone", reason: "is given twice" }]);
  assert.deepEqual(await versionOf(), before);
});
