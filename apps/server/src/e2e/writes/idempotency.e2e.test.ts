// SPEC 5.2 safe retries over HTTP: Idempotency-Key on set_timezone, and the 409's currentVersion.
// Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { after, before, describe, it } from "node:test";
import { assertProblem, call, startTestServer, type TestServer } from "../e2e.test-support.js";

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

type Change = { unitIdOrKey: string; timeZone: string; expectedVersion: number; policy: "keep_instant" | "keep_wall_clock" };

const setTimezone = (change: Change, headers: Record<string, string> = {}, key = server.fixture.keys.admin) =>
  call(server.url, "/v1/units/set_timezone", {
    method: "POST",
    key,
    body: JSON.stringify(change),
    headers: { "content-type": "application/json", ...headers },
  });

async function versionOf(unitId: string, key = server.fixture.keys.admin): Promise<number> {
  const preview = await call(server.url, `/v1/units/preview_timezone_change?unitIdOrKey=${unitId}&proposedTimeZone=UTC`, { key });
  assert.equal(preview.status, 200, preview.text);
  return preview.json.expectedVersion as number;
}

describe("e2e: Idempotency-Key on set_timezone", () => {
  it("a retry with the same key and body gets the same status and body, Idempotent-Replayed, and no second change", async () => {
    const unit = server.fixture.units.chicago.id;
    const version = await versionOf(unit);
    const change: Change = { unitIdOrKey: unit, timeZone: "America/Denver", expectedVersion: version, policy: "keep_wall_clock" };
    const key = { "Idempotency-Key": randomUUID() };
    const first = await setTimezone(change, key);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get("idempotent-replayed"), null);
    const again = await setTimezone(change, key);
    assert.equal(again.status, 200);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get("content-type"), first.headers.get("content-type"));
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.equal(await versionOf(unit), version + 1);
    // The kept result is the first answer's, not the unit as it is now.
    const later = await setTimezone({ ...change, timeZone: "America/Phoenix", expectedVersion: version + 1 });
    assert.equal(later.status, 200, later.text);
    const afterLater = await setTimezone(change, key);
    assert.equal(afterLater.text, first.text);
    assert.equal(await versionOf(unit), version + 2);
  });

  it("the same key with another body → 422 idempotency_key_reused, changing nothing", async () => {
    const unit = server.fixture.units.york.id;
    const version = await versionOf(unit);
    const key = { "Idempotency-Key": `order-${randomUUID()}` };
    assert.equal(
      (await setTimezone({ unitIdOrKey: unit, timeZone: "Europe/Paris", expectedVersion: version, policy: "keep_instant" }, key)).status,
      200,
    );
    const other = await setTimezone(
      { unitIdOrKey: unit, timeZone: "Asia/Tokyo", expectedVersion: version + 1, policy: "keep_instant" },
      key,
    );
    assertProblem(other, 422, "idempotency_key_reused");
    assert.equal(await versionOf(unit), version + 1);
  });

  it("a 409 version_conflict says currentVersion, and is what a retry with its key gets again", async () => {
    const unit = server.fixture.units.none.id;
    const version = await versionOf(unit);
    const key = { "Idempotency-Key": randomUUID() };
    const stale: Change = { unitIdOrKey: unit, timeZone: "Europe/Oslo", expectedVersion: version + 5, policy: "keep_instant" };
    const conflict = await setTimezone(stale, key);
    assertProblem(conflict, 409, "version_conflict");
    assert.equal(conflict.json.currentVersion, version);
    const replayed = await setTimezone(stale, key);
    assert.equal(replayed.status, 409);
    assert.equal(replayed.text, conflict.text);
    assert.equal(replayed.headers.get("content-type"), conflict.headers.get("content-type"));
    assert.equal(replayed.headers.get("x-request-id"), conflict.json.requestId);
    assert.equal(replayed.headers.get("idempotent-replayed"), "true");
  });

  it("answers that changed nothing for another reason (404, 400) are not kept: the key may be used again", async () => {
    const unit = server.fixture.units.york.id;
    const key = { "Idempotency-Key": randomUUID() };
    assertProblem(
      await setTimezone({ unitIdOrKey: "no-such-unit", timeZone: "UTC", expectedVersion: 1, policy: "keep_instant" }, key),
      404,
      "not_found",
    );
    assertProblem(
      await setTimezone({ unitIdOrKey: unit, timeZone: "Mars/Base", expectedVersion: 1, policy: "keep_instant" }, key),
      400,
      "invalid_request",
    );
    const version = await versionOf(unit);
    const fine = await setTimezone({ unitIdOrKey: unit, timeZone: "Europe/Rome", expectedVersion: version, policy: "keep_instant" }, key);
    assert.equal(fine.status, 200, fine.text);
  });

  it("12 concurrent requests with one key change the unit once: one runs, the rest wait (409 in progress) or get its answer", async () => {
    const unit = server.fixture.units.chicago.id;
    const version = await versionOf(unit);
    const change: Change = { unitIdOrKey: unit, timeZone: "Pacific/Auckland", expectedVersion: version, policy: "keep_wall_clock" };
    const key = { "Idempotency-Key": randomUUID() };
    const answers = await Promise.all(Array.from({ length: 12 }, () => setTimezone(change, key)));
    const ran = answers.filter((a) => a.status === 200 && a.headers.get("idempotent-replayed") === null);
    assert.equal(ran.length, 1);
    for (const answer of answers) {
      if (answer.status === 200) assert.equal(answer.text, ran[0]?.text);
      else {
        assertProblem(answer, 409, "idempotency_in_progress");
        assert.match(answer.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
      }
    }
    assert.equal(await versionOf(unit), version + 1);
  });

  it("keys belong to their API key: another key may use the same text for its own request", async () => {
    const unit = server.fixture.units.foreign.id;
    const text = randomUUID();
    const version = await versionOf(unit, server.fixture.keys.orgB);
    const orgB = await setTimezone(
      { unitIdOrKey: unit, timeZone: "Europe/Vienna", expectedVersion: version, policy: "keep_instant" },
      { "Idempotency-Key": text },
      server.fixture.keys.orgB,
    );
    assert.equal(orgB.status, 200, orgB.text);
    const orgA = await setTimezone(
      { unitIdOrKey: server.fixture.units.york.id, timeZone: "Europe/Vienna", expectedVersion: 999, policy: "keep_instant" },
      { "Idempotency-Key": text },
    );
    assertProblem(orgA, 409, "version_conflict");
  });

  it("a malformed or repeated Idempotency-Key → 400 naming the header", async () => {
    const change: Change = { unitIdOrKey: server.fixture.units.york.id, timeZone: "UTC", expectedVersion: 1, policy: "keep_instant" };
    for (const bad of ["x".repeat(256), "naïve"]) {
      const answer = await setTimezone(change, { "Idempotency-Key": bad });
      assertProblem(answer, 400, "invalid_request");
      assert.deepEqual(
        answer.json.invalidParams.map((p: { name: string }) => p.name),
        ["Idempotency-Key"],
      );
    }
    // fetch folds repeated headers into one; node:http sends each line as given.
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${server.url}/v1/units/set_timezone`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": server.fixture.keys.admin, "Idempotency-Key": ["a1", "a2"] },
      });
      request.on("response", (response) => resolve((response.resume(), response.statusCode ?? 0))).on("error", reject);
      request.end(JSON.stringify(change));
    });
    assert.equal(status, 400);
  });
});
