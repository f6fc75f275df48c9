// SPEC 5.8's HTTP conventions over the real server: Cache-Control, compression (checked with
// curl --compressed), ETag and 304 after admission.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { after, before, describe, it } from "node:test";
import { assertProblem, call, testConfig, testFixture } from "../e2e.test-support.js";
import { startServer, type RunningServer } from "../../server.js";

const run = promisify(execFile);

describe("http conventions (SPEC 5.8)", () => {
  const fixture = testFixture();
  for (let i = 0; i < 120; i++) {
    const createdAt = new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString();
    fixture.json.locks.push({
      ...fixture.shared,
      lockId: `${fixture.p}_lk_many_${i}`,
      name: `Many ${i}`,
      unitIds: [],
      createdAt,
      updatedAt: createdAt,
    });
  }
  const key = fixture.keys.admin;
  /** set_timezone from version 1, keep_instant. */
  const setZone = (unitIdOrKey: string, timeZone: string) =>
    call(server.url, "/v1/units/set_timezone", {
      key,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ unitIdOrKey, timeZone, expectedVersion: 1, policy: "keep_instant" }),
    });
  let server: RunningServer;
  before(async () => {
    server = await startServer(testConfig(), { fixture: fixture.json });
  });
  after(() => server.close());

  it("Cache-Control: private, no-cache on GET 200s; no-store on errors and POSTs", async () => {
    const ok = await call(server.url, "/v1/locks", { key });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("cache-control"), "private, no-cache");
    const unauthorized = await call(server.url, "/v1/locks");
    assertProblem(unauthorized, 401, "invalid_api_key");
    assert.equal(unauthorized.headers.get("cache-control"), "no-store");
    const missing = await call(server.url, "/v1/locks/nope", { key });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get("cache-control"), "no-store");
    const post = await setZone(fixture.units.york.id, "America/New_York");
    assert.equal(post.status, 200, post.text);
    assert.equal(post.headers.get("cache-control"), "no-store");
  });

  it("curl --compressed on a 100-lock page gets gzip with Vary: Accept-Encoding; a small answer is sent as is", async () => {
    const url = `${server.url}/v1/locks?limit=100`;
    const { stdout } = await run("curl", [
      "-s",
      "--compressed",
      "-D",
      "-",
      "-o",
      "/dev/null",
      "-w",
      "size=%{size_download}",
      "-H",
      `x-api-key: ${key}`,
      url,
    ]);
    assert.match(stdout, /^HTTP\/1\.1 200/);
    assert.match(stdout, /^content-encoding: gzip\r$/im);
    assert.match(stdout, /^vary: .*accept-encoding/im);
    const plain = await fetch(url, { headers: { "x-api-key": key, "accept-encoding": "identity" } });
    const text = await plain.text();
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal((JSON.parse(text) as { locks: unknown[] }).locks.length, 100);
    const compressed = Number(/size=(\d+)/.exec(stdout)?.[1]);
    assert.ok(compressed > 0 && compressed < text.length / 3, `${compressed} compressed bytes vs ${text.length}`);

    const small = await fetch(`${server.url}/v1/locks/${fixture.shared.lockId}`, {
      headers: { "x-api-key": key, "accept-encoding": "gzip, br" },
    });
    assert.equal(small.status, 200);
    assert.equal(small.headers.get("content-encoding"), null);
    const br = await fetch(url, { headers: { "x-api-key": key, "accept-encoding": "br" } });
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.equal(((await br.json()) as { locks: unknown[] }).locks.length, 100);
  });

  it("ETag: a repeated GET of one lock with If-None-Match answers 304 with no body, after admission", async () => {
    const path = `/v1/locks/${fixture.shared.lockId}`;
    const first = await call(server.url, path, { key });
    const tag = first.headers.get("etag");
    assert.match(tag ?? "", /^"[A-Za-z0-9_-]+"$/);
    const again = await call(server.url, path, { key, headers: { "if-none-match": tag ?? "" } });
    assert.equal(again.status, 304);
    assert.equal(again.text, "");
    assert.equal(again.headers.get("etag"), tag);
    assert.equal(again.headers.get("cache-control"), "private, no-cache");
    // The 304 still counts against the budget: a key of 3 requests per minute gets 2, 1, then 429.
    const limited = fixture.keys.limited;
    const tagged = await call(server.url, path, { key: limited });
    const notModified = await call(server.url, path, { key: limited, headers: { "if-none-match": tag ?? "" } });
    assert.equal(notModified.status, 304);
    assert.deepEqual(
      [tagged.headers.get("ratelimit"), notModified.headers.get("ratelimit")].map((h) => /r=(\d+)/.exec(h ?? "")?.[1]),
      ["2", "1"],
    );
    await call(server.url, path, { key: limited, headers: { "if-none-match": tag ?? "" } });
    assertProblem(await call(server.url, path, { key: limited, headers: { "if-none-match": tag ?? "" } }), 429, "rate_limited");
    // Admission comes first: without the key, the tag gets a 401, not a 304.
    assertProblem(await call(server.url, path, { headers: { "if-none-match": tag ?? "" } }), 401, "invalid_api_key");
    const stale = await call(server.url, path, { key, headers: { "if-none-match": '"not-the-tag"' } });
    assert.equal(stale.status, 200);
    assert.equal(stale.json.lock.lockId, fixture.shared.lockId);
  });

  it("ETag: units have one; a change of the unit changes its tag", async () => {
    const path = `/v1/units/get_unit?unitIdOrKey=${fixture.units.chicago.urlKey}`;
    const first = await call(server.url, path, { key });
    const tag = first.headers.get("etag") ?? "";
    assert.ok(tag);
    assert.equal((await call(server.url, path, { key, headers: { "if-none-match": tag } })).status, 304);
    const set = await setZone(fixture.units.chicago.id, "America/Denver");
    assert.equal(set.status, 200, set.text);
    const changed = await call(server.url, path, { key, headers: { "if-none-match": tag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get("etag"), tag);
    assert.equal(changed.json.unit.version, 2);
  });

  it("ETag: templates have one too; a different template has a different tag", async () => {
    const [a, b] = fixture.templates;
    const first = await call(server.url, `/v1/templates/get_message_template?templateId=${a?.id}`, { key });
    const second = await call(server.url, `/v1/templates/get_message_template?templateId=${b?.id}`, { key });
    assert.ok(first.headers.get("etag"));
    assert.notEqual(first.headers.get("etag"), second.headers.get("etag"));
    const again = await call(server.url, `/v1/templates/get_message_template?templateId=${a?.id}`, {
      key,
      headers: { "if-none-match": first.headers.get("etag") ?? "" },
    });
    assert.equal(again.status, 304);
  });
});
