// The rows of the SPEC 4 error table that a client can cause, each as problem+json with every
// required field, and the rule that a foreign id answers exactly like an unknown one.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateApiKey } from "@lintel/domain";
import { assertProblem, call, startTestServer, withoutRequestId, type Answer, type TestServer } from "../e2e.test-support.js";

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const admin = () => server.fixture.keys.admin;
const get = (path: string, key = admin()) => call(server.url, path, { key });

describe("e2e: 400 invalid_request", () => {
  it("unknown, repeated and malformed parameters are named in invalidParams", async () => {
    const unknown = await get("/v1/locks?limit=5&color=red");
    assertProblem(unknown, 400, "invalid_request");
    assert.deepEqual(
      unknown.json.invalidParams.map((p: { name: string }) => p.name),
      ["color"],
    );
    const repeated = await get("/v1/locks?limit=5&limit=6");
    assertProblem(repeated, 400, "invalid_request");
    assert.deepEqual(
      repeated.json.invalidParams.map((p: { name: string }) => p.name),
      ["limit"],
    );
    const onLock = await get(`/v1/locks/${server.fixture.shared.lockId}?verbose=1`);
    assertProblem(onLock, 400, "invalid_request");
  });

  it("limit must be plain decimal 1..100: 0, 101, 1e1, +5, 5.0, -1 and empty are refused; 05 is 5", async () => {
    for (const bad of ["0", "101", "1e1", "%2B5", "5.0", "-1", "", "ten"]) {
      const answer = await get(`/v1/locks?limit=${bad}`);
      assertProblem(answer, 400, "invalid_request");
      assert.equal(answer.json.invalidParams[0].name, "limit", bad);
    }
    const padded = await get("/v1/locks?limit=05");
    assert.equal(padded.status, 200);
    assert.equal(padded.json.locks.length, 5);
  });

  it("missing required parameters and a fixed-offset zone are refused", async () => {
    assertProblem(await get("/v1/templates/get_message_template"), 400, "invalid_request");
    const { chicago } = server.fixture.units;
    const offset = await get(`/v1/units/preview_timezone_change?unitIdOrKey=${chicago.id}&proposedTimeZone=%2B05:00`);
    assertProblem(offset, 400, "invalid_request");
    const mars = await get(`/v1/units/preview_timezone_change?unitIdOrKey=${chicago.id}&proposedTimeZone=Mars/Base`);
    assertProblem(mars, 400, "invalid_request");
    // Parameters come before the operation: an unknown unit with a bad zone is still 400, and every bad parameter is named.
    const both = await get("/v1/units/preview_timezone_change?unitIdOrKey=nope&proposedTimeZone=%2B05:00&x=1");
    assertProblem(both, 400, "invalid_request");
    assert.deepEqual(both.json.invalidParams.map((p: { name: string }) => p.name).sort(), ["proposedTimeZone", "x"]);
  });

  it("set_timezone: malformed JSON, unknown fields and bad values are 400", async () => {
    const post = (body: string) =>
      call(server.url, "/v1/units/set_timezone", { method: "POST", key: admin(), body, headers: { "content-type": "application/json" } });
    assertProblem(await post("{not json"), 400, "invalid_request");
    const unit = server.fixture.units.york.id;
    const extra = await post(
      JSON.stringify({ unitIdOrKey: unit, timeZone: "UTC", expectedVersion: 1, policy: "keep_instant", force: true }),
    );
    assertProblem(extra, 400, "invalid_request");
    assert.deepEqual(
      extra.json.invalidParams.map((p: { name: string }) => p.name),
      ["force"],
    );
    const bad = await post(JSON.stringify({ unitIdOrKey: unit, timeZone: "UTC", expectedVersion: 0, policy: "sometimes" }));
    assertProblem(bad, 400, "invalid_request");
    assert.deepEqual(bad.json.invalidParams.map((p: { name: string }) => p.name).sort(), ["expectedVersion", "policy"]);
    assertProblem(await post("[]"), 400, "invalid_request");
  });

  it("expectedVersion unbounded: 1e20, 9007199254740993, 2^53 and 1.5 are 400 naming expectedVersion; 2^53−1 is only stale (409)", async () => {
    const post = (expectedVersion: string) =>
      call(server.url, "/v1/units/set_timezone", {
        method: "POST",
        key: admin(),
        // Written by hand: JSON.stringify would already have rounded the big ones.
        body: `{"unitIdOrKey":"${server.fixture.units.york.id}","timeZone":"UTC","expectedVersion":${expectedVersion},"policy":"keep_instant"}`,
        headers: { "content-type": "application/json" },
      });
    for (const bad of ["1e20", "9007199254740993", "9007199254740992", "1.5", "-3"]) {
      const answer = await post(bad);
      assertProblem(answer, 400, "invalid_request");
      assert.deepEqual(
        answer.json.invalidParams.map((p: { name: string }) => p.name),
        ["expectedVersion"],
        bad,
      );
      assert.doesNotMatch(answer.json.detail, /stale/, bad);
    }
    const largest = await post("9007199254740991");
    assertProblem(largest, 409, "version_conflict");
    assert.match(largest.json.detail, /expectedVersion 9007199254740991 is stale/);
  });
});

describe("e2e: percent-encoded paths (RFC 3986; docs/decisions.md)", () => {
  it("paths: /v1/%6Cocks routes like /v1/locks, and an encoded unreserved character means itself anywhere in the path", async () => {
    const plain = await get("/v1/locks?limit=3");
    assert.equal(plain.status, 200, plain.text);
    for (const encoded of ["/v1/%6Cocks?limit=3", "/v1/%6cocks?limit=3", "/%76%31/%6C%6F%63%6B%73?limit=3"]) {
      const answer = await get(encoded);
      assert.equal(answer.status, 200, `${encoded}: ${answer.text}`);
      assert.deepEqual(answer.json, plain.json, encoded);
    }
    const { lockId } = server.fixture.shared;
    const byEncodedId = await get(`/v1/locks/${lockId.replace(/_/g, "%5F")}`);
    assert.equal(byEncodedId.status, 200, byEncodedId.text);
    assert.equal(byEncodedId.json.lock.lockId, lockId);
    const byEncodedPath = await get(`/v1/%6Cocks/${lockId}/st%61te`);
    assert.equal(byEncodedPath.status, 200, byEncodedPath.text);
    assertProblem(await get("/v1/%6Cocksmith"), 404, "not_found");
  });

  it("paths: /v1/locks/%ZZ is 400 invalid_request naming lockId, in SPEC 2's order (401 first); an encoded %25ZZ is just an unknown id", async () => {
    for (const path of ["/v1/locks/%ZZ", "/v1/locks/%ZZ/state", "/v1/locks/%FF"]) {
      const answer = await get(path);
      assertProblem(answer, 400, "invalid_request");
      assert.deepEqual(
        answer.json.invalidParams.map((p: { name: string }) => p.name),
        ["lockId"],
        path,
      );
      assert.doesNotMatch(answer.json.detail, /No lock/);
    }
    const both = await get("/v1/locks/%ZZ?verbose=1");
    assert.deepEqual(
      both.json.invalidParams.map((p: { name: string }) => p.name),
      ["lockId", "verbose"],
    );
    assertProblem(await call(server.url, "/v1/locks/%ZZ", {}), 401, "invalid_api_key");
    const encodedPercent = await get("/v1/locks/%25ZZ");
    assertProblem(encodedPercent, 404, "not_found");
    assert.match(encodedPercent.json.detail, /No lock '%ZZ'/);
  });
});

describe("e2e: 401 invalid_api_key", () => {
  it("missing, malformed, bad checksum, unknown, expired and revoked keys answer identical bodies (but requestId)", async () => {
    const valid = generateApiKey();
    const badChecksum = valid.slice(0, -1) + (valid.endsWith("0") ? "1" : "0");
    const keys = [undefined, "hello", badChecksum, generateApiKey(), server.fixture.keys.expired, server.fixture.keys.revoked];
    const bodies = [];
    for (const key of keys) {
      const answer = await call(server.url, "/v1/locks", key === undefined ? {} : { key });
      assertProblem(answer, 401, "invalid_api_key");
      assert.equal(answer.headers.get("ratelimit"), null);
      bodies.push(withoutRequestId(answer.json));
    }
    for (const body of bodies) assert.deepEqual(body, bodies[0]);
  });
});

describe("e2e: 403 missing_scope", () => {
  it("names the scope the operation needs, after the key and budget checks", async () => {
    const answer = await call(server.url, "/v1/templates/list_message_templates", { key: server.fixture.keys.locksOnly });
    assertProblem(answer, 403, "missing_scope");
    assert.match(answer.json.detail, /messages:read/);
    assert.ok(answer.headers.get("ratelimit"));
    const state = await call(server.url, `/v1/locks/${server.fixture.shared.lockId}/state`, { key: server.fixture.keys.locksOnly });
    assertProblem(state, 403, "missing_scope");
    assert.match(state.json.detail, /lock-state:read/);
    const beforeParams = await call(server.url, "/v1/units/preview_timezone_change?bogus=1", { key: server.fixture.keys.locksOnly });
    assertProblem(beforeParams, 403, "missing_scope");
  });
});

describe("e2e: 404 not_found and invalid_cursor", () => {
  it("unknown routes are not_found, with or without a key", async () => {
    assertProblem(await call(server.url, "/v2/locks"), 404, "not_found");
    assertProblem(await get("/v1/lock"), 404, "not_found");
    assertProblem(await get("/V1/LOCKS"), 404, "not_found"); // paths are case-sensitive
    assertProblem(await get("/v1/locks/"), 404, "not_found"); // and exact: no trailing slash
  });

  it("unknown unit, template and lock are not_found; an inactive lock too", async () => {
    assertProblem(await get("/v1/units/preview_timezone_change?unitIdOrKey=nope&proposedTimeZone=UTC"), 404, "not_found");
    assertProblem(await get("/v1/templates/get_message_template?templateId=nope"), 404, "not_found");
    assertProblem(await get("/v1/locks/nope"), 404, "not_found");
    assertProblem(await get("/v1/locks/nope/state"), 404, "not_found");
    assertProblem(await get(`/v1/locks/${server.fixture.inactiveLock?.lockId}`), 404, "not_found");
  });

  it("a foreign unit, template or lock answers byte-identically to an unknown one (but requestId and the id itself)", async () => {
    const f = server.fixture;
    const unknownId = `${f.p}_zz_unknown`;
    const cases: [string, (id: string) => string][] = [
      [f.foreignLock.lockId, (id) => `/v1/locks/${id}`],
      [f.foreignLock.lockId, (id) => `/v1/locks/${id}/state`],
      [`${f.p}_tpl_b`, (id) => `/v1/templates/get_message_template?templateId=${id}`],
      [f.units.foreign.id, (id) => `/v1/units/preview_timezone_change?unitIdOrKey=${id}&proposedTimeZone=UTC`],
      [f.units.foreign.urlKey, (id) => `/v1/units/preview_timezone_change?unitIdOrKey=${id}&proposedTimeZone=UTC`],
    ];
    const normalized = (answer: Answer, id: string) => JSON.stringify(withoutRequestId(answer.json)).replaceAll(id, "{id}");
    for (const [foreignId, path] of cases) {
      const owner = await call(server.url, path(foreignId), { key: f.keys.orgB });
      assert.equal(owner.status, 200, `${path(foreignId)} exists for its own org`);
      const foreign = await get(path(foreignId));
      const unknown = await get(path(unknownId));
      assertProblem(foreign, 404, "not_found");
      assert.equal(normalized(foreign, foreignId), normalized(unknown, unknownId));
    }
  });
});

describe("e2e: a problem's bounds whatever the request (SPEC 4, issue 20)", () => {
  const echoesAtMost100 = (answer: Answer, sent: string) =>
    assert.ok(!answer.text.includes(sent.slice(0, 101)), "echoes over 100 characters");
  const under4KiB = (answer: Answer) => assert.ok(Buffer.byteLength(answer.text) < 4096, `${Buffer.byteLength(answer.text)} bytes`);

  it("a request target over 8 KiB is 414 uri_too_long, before the key is looked at", async () => {
    const target = `/v1/locks?limit=5&x=${"a".repeat(10 * 1024)}`;
    const answer = await call(server.url, target);
    assertProblem(answer, 414, "uri_too_long");
    under4KiB(answer);
    assertProblem(await call(server.url, `/${"p".repeat(9_000)}`), 414, "uri_too_long");
    assert.equal((await get(`/v1/locks?limit=5&x=${"a".repeat(8_000)}`)).status, 400, "8 KiB or less goes on to the route");
  });

  it("a 17,000-character request target is 414 uri_too_long, not 431", async () => {
    const answer = await call(server.url, `/v1/locks?x=${"a".repeat(17_000)}`);
    assertProblem(answer, 414, "uri_too_long");
    assert.ok(answer.headers.get("x-request-id"));
  });

  it("an unknown 5,000-character path: a 404 that quotes at most 100 characters of it", async () => {
    const path = `/${"q".repeat(5_000)}`;
    const answer = await get(path);
    assertProblem(answer, 404, "not_found");
    echoesAtMost100(answer, path.slice(1));
    under4KiB(answer);
  });

  it("an unknown 5,000-character lock id: a 404 that quotes at most 100 characters of it", async () => {
    const id = "L".repeat(5_000);
    const answer = await get(`/v1/locks/${id}`);
    assertProblem(answer, 404, "not_found");
    echoesAtMost100(answer, id);
    assert.ok(answer.json.detail.includes("L".repeat(100)), answer.json.detail);
  });

  it("1,000 unknown parameters: a 400 listing at most 20 invalidParams, under 4 KiB", async () => {
    const query = Array.from({ length: 1_000 }, (_, i) => `p${i}=1`).join("&");
    const answer = await get(`/v1/locks?${query}`);
    assertProblem(answer, 400, "invalid_request");
    assert.ok(answer.json.invalidParams.length <= 20, `${answer.json.invalidParams.length} invalidParams`);
    under4KiB(answer);
  });

  it("a 5,000-character proposedTimeZone: a 400 that quotes at most 100 characters of it, under 4 KiB", async () => {
    const zone = "Z".repeat(5_000);
    const answer = await get(`/v1/units/preview_timezone_change?unitIdOrKey=${server.fixture.units.chicago.id}&proposedTimeZone=${zone}`);
    assertProblem(answer, 400, "invalid_request");
    echoesAtMost100(answer, zone);
    under4KiB(answer);
  });
});
