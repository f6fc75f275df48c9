// The rest of the SPEC 4 error table: 405, 409, 413, 415, invalid_cursor, 500 and 503 (the last
// two from a store / lock provider made to fail through the server's override hooks).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { StoreUnavailableError } from "@lintel/core";
import { assertProblem, call, startTestServer, type TestServer } from "../e2e.test-support.js";

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const post = (body: string, contentType = "application/json", key = server.fixture.keys.admin) =>
  call(server.url, "/v1/units/set_timezone", { method: "POST", key, body, headers: { "content-type": contentType } });

describe("e2e: 405 method_not_allowed", () => {
  it("a known path with another method answers 405 with Allow, before the key is looked at", async () => {
    const put = await call(server.url, "/v1/locks", { method: "PUT" });
    assertProblem(put, 405, "method_not_allowed");
    assert.equal(put.headers.get("allow"), "GET, HEAD");
    const getSet = await call(server.url, "/v1/units/set_timezone", { key: server.fixture.keys.admin });
    assertProblem(getSet, 405, "method_not_allowed");
    assert.equal(getSet.headers.get("allow"), "POST");
    const deleteLock = await call(server.url, `/v1/locks/${server.fixture.shared.lockId}`, { method: "DELETE" });
    assertProblem(deleteLock, 405, "method_not_allowed");
  });
});

describe("e2e: 409, 413, 415 on set_timezone", () => {
  it("a stale expectedVersion is 409 version_conflict and changes nothing", async () => {
    const { york } = server.fixture.units;
    const stale = await post(
      JSON.stringify({ unitIdOrKey: york.id, timeZone: "Europe/Berlin", expectedVersion: 7, policy: "keep_instant" }),
    );
    assertProblem(stale, 409, "version_conflict");
    const preview = await call(server.url, `/v1/units/preview_timezone_change?unitIdOrKey=${york.id}&proposedTimeZone=America/New_York`, {
      key: server.fixture.keys.admin,
    });
    assert.equal(preview.json.status, "noop");
    assert.equal(preview.json.expectedVersion, 1);
  });

  it("a body over 16 KiB is 413 payload_too_large, exactly 16 KiB is read", async () => {
    const { york } = server.fixture.units;
    const big = JSON.stringify({ unitIdOrKey: york.id, pad: "x".repeat(17 * 1024) });
    assertProblem(await post(big), 413, "payload_too_large");
    const head = JSON.stringify({ unitIdOrKey: york.id, timeZone: "UTC", expectedVersion: 9, policy: "keep_instant" });
    const exact = head + " ".repeat(16 * 1024 - Buffer.byteLength(head));
    assertProblem(await post(exact), 409, "version_conflict");
  });

  it("a streamed body without Content-Length is cut off at 16 KiB with 413", async () => {
    const chunk = new TextEncoder().encode(`{"pad":"${"x".repeat(4096)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.url}/v1/units/set_timezone`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": server.fixture.keys.admin, "x-forwarded-for": "10.9.9.9" },
      body,
      duplex: "half",
    } as RequestInit);
    assert.equal(response.status, 413);
    assert.equal(((await response.json()) as { code: string }).code, "payload_too_large");
  });

  it("a body that is not application/json is 415 unsupported_media_type", async () => {
    const body = JSON.stringify({ unitIdOrKey: "x", timeZone: "UTC", expectedVersion: 1, policy: "keep_instant" });
    assertProblem(await post(body, "text/plain"), 415, "unsupported_media_type");
    assertProblem(await post(body, "application/x-www-form-urlencoded"), 415, "unsupported_media_type");
    assertProblem(await post(body, "application/json; charset=latin1"), 415, "unsupported_media_type");
  });

  it("the key and scope are checked before the body", async () => {
    assertProblem(await post("{}", "text/plain", "nope"), 401, "invalid_api_key");
    assertProblem(await post("x".repeat(20_000), "application/json", server.fixture.keys.locksOnly), 403, "missing_scope");
  });
});

describe("e2e: 404 invalid_cursor", () => {
  it("a tampered, foreign-org or other-list cursor is refused; a real one works", async () => {
    const f = server.fixture;
    const first = await call(server.url, "/v1/locks?limit=2", { key: f.keys.admin });
    const cursor: string = first.json.nextCursor;
    assert.equal((await call(server.url, `/v1/locks?cursor=${cursor}`, { key: f.keys.admin })).status, 200);
    const flipped = cursor.slice(0, 10) + (cursor[10] === "A" ? "B" : "A") + cursor.slice(11);
    assertProblem(await call(server.url, `/v1/locks?cursor=${flipped}`, { key: f.keys.admin }), 404, "invalid_cursor");
    assertProblem(await call(server.url, "/v1/locks?cursor=garbage", { key: f.keys.admin }), 404, "invalid_cursor");
    assertProblem(await call(server.url, `/v1/locks?cursor=${cursor}`, { key: f.keys.orgB }), 404, "invalid_cursor");
    const templates = await call(server.url, "/v1/templates/list_message_templates?limit=1", { key: f.keys.admin });
    const templateCursor: string = templates.json.nextCursor;
    assertProblem(await call(server.url, `/v1/locks?cursor=${templateCursor}`, { key: f.keys.admin }), 404, "invalid_cursor");
    assertProblem(
      await call(server.url, `/v1/templates/list_message_templates?cursor=${cursor}`, { key: f.keys.admin }),
      404,
      "invalid_cursor",
    );
  });
});

describe("e2e: 500 and 503", () => {
  it("a store that throws a plain Error answers 500 internal_error without the message", async () => {
    const broken = await startTestServer(
      {},
      {
        wrapStore: (store) => ({
          ...store,
          templates: { ...store.templates, get: () => Promise.reject(new Error("secret connection string redis://admin:hunter2@db")) },
        }),
      },
    );
    try {
      const template = broken.fixture.templates[0]?.id ?? "";
      const answer = await call(broken.url, `/v1/templates/get_message_template?templateId=${template}`, {
        key: broken.fixture.keys.admin,
      });
      assertProblem(answer, 500, "internal_error");
      assert.ok(!answer.text.includes("hunter2") && !answer.text.includes("Error"), answer.text);
    } finally {
      await broken.close();
    }
  });

  it("a store that cannot answer is 503 with Retry-After, and /readyz says so", async () => {
    const down = await startTestServer(
      {},
      {
        wrapStore: (store) => ({
          ...store,
          locks: { ...store.locks, listActive: () => Promise.reject(new StoreUnavailableError()) },
          health: { ping: () => Promise.reject(new StoreUnavailableError()) },
        }),
      },
    );
    try {
      const answer = await call(down.url, "/v1/locks", { key: down.fixture.keys.admin });
      assertProblem(answer, 503, "unavailable");
      assert.equal(answer.headers.get("retry-after"), "1");
      const ready = await call(down.url, "/readyz");
      assertProblem(ready, 503, "unavailable");
      assert.equal((await call(down.url, "/healthz")).status, 200);
    } finally {
      await down.close();
    }
  });

  it("a lock provider that does not answer within LOCK_PROVIDER_TIMEOUT_MS is 503 unavailable", async () => {
    const silent = await startTestServer(
      { LOCK_PROVIDER_TIMEOUT_MS: "50" },
      {
        lockProvider: {
          readState: (_lock, signal) => new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
        },
      },
    );
    try {
      const answer = await call(silent.url, `/v1/locks/${silent.fixture.shared.lockId}/state`, { key: silent.fixture.keys.admin });
      assertProblem(answer, 503, "unavailable");
      assert.equal(answer.headers.get("retry-after"), "1");
    } finally {
      await silent.close();
    }
  });
});
