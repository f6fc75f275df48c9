// The client's bounded retries against the real server: GETs that get 429/503 wait the
// answer's Retry-After and try again; setTimezone retries with the one Idempotency-Key it made.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startTestServer, testFixture, type TestServer } from "@lintel/testkit/e2e";
import * as lintelServer from "@lintel/server";
import type { RunningServer } from "@lintel/server";
import { createLintelClient, LintelProblem, type RetryInfo } from "./index.js";

describe("client retries", () => {
  const fixture = testFixture();
  // A key with a budget of one request per second: its second request at once gets 429 with Retry-After: 1.
  const tight = fixture.json.apiKeys.find((key) => key.name === "limited");
  if (tight === undefined) throw new Error("the test fixture has a limited key");
  (tight as { rateLimit: unknown }).rateLimit = { requests: 1, windowSeconds: 1 };
  const failing = { ...fixture.shared, lockId: `${fixture.p}_lk_failing`, providerDeviceId: "simulate-failure" };
  fixture.json.locks.push(failing);
  const silent = { ...fixture.shared, lockId: `${fixture.p}_lk_silent`, providerDeviceId: "simulate-timeout" };
  fixture.json.locks.push(silent);
  // A vendor's lock on a server without SEAM_API_KEY: a 503 only the operator can fix.
  const unconfigured = { ...fixture.shared, lockId: `${fixture.p}_lk_august`, provider: "august", providerDeviceId: "seam_device_1" };
  fixture.json.locks.push(unconfigured);
  let server: TestServer<RunningServer>;
  before(async () => {
    server = await startTestServer(lintelServer, {}, { fixture: fixture.json });
  });
  after(() => server.close());

  const clientFor = (apiKey: string, maxRetries: number, retries: RetryInfo[]) =>
    createLintelClient({ baseUrl: server.url, apiKey, maxRetries, onRetry: (retry) => retries.push(retry) });

  it("a GET refused with 429 waits Retry-After and succeeds", async () => {
    const retries: RetryInfo[] = [];
    const lintel = clientFor(fixture.keys.limited, 3, retries);
    await lintel.locks.get(fixture.shared.lockId);
    const lock = await lintel.locks.get(fixture.shared.lockId);
    assert.equal(lock.lockId, fixture.shared.lockId);
    assert.ok(retries.length >= 1);
    assert.deepEqual([retries[0]?.status, retries[0]?.delayMs, retries[0]?.problem.code], [429, 1000, "rate_limited"]);
  });

  it("retries are bounded: a 503 that stays is thrown after maxRetries, with its Retry-After", async () => {
    const retries: RetryInfo[] = [];
    const lintel = clientFor(fixture.keys.admin, 1, retries);
    await assert.rejects(lintel.locks.getState(failing.lockId), (error: unknown) => {
      assert.ok(error instanceof LintelProblem);
      assert.deepEqual([error.code, error.status, error.retryAfterSeconds], ["unavailable", 503, 1]);
      return true;
    });
    assert.deepEqual(
      retries.map((retry) => [retry.attempt, retry.status]),
      [[1, 503]],
    );
  });

  it("maxRetries: 0 throws the first 429 with retryAfterSeconds", async () => {
    const retries: RetryInfo[] = [];
    const lintel = clientFor(fixture.keys.limited, 0, retries);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a full budget again
    await lintel.locks.get(fixture.shared.lockId);
    await assert.rejects(
      lintel.locks.get(fixture.shared.lockId),
      (error: unknown) => error instanceof LintelProblem && error.code === "rate_limited" && error.retryAfterSeconds === 1,
    );
    assert.equal(retries.length, 0);
  });

  it("setTimezone retries a 429 with the same generated Idempotency-Key, and the change applies once", async () => {
    const retries: RetryInfo[] = [];
    const keysSent: string[] = [];
    const lintel = createLintelClient({
      baseUrl: server.url,
      apiKey: fixture.keys.limited,
      maxRetries: 3,
      onRetry: (retry) => retries.push(retry),
      fetch: (url, init) => {
        const key = (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
        if (key !== undefined) keysSent.push(key);
        return fetch(url, init);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a full budget again
    await lintel.locks.get(fixture.shared.lockId); // spends it: the POST meets a 429 first
    const set = await lintel.units.setTimezone({
      unitIdOrKey: fixture.units.york.id,
      timeZone: "UTC",
      expectedVersion: 1,
      policy: "keep_instant",
    });
    assert.deepEqual([set.unit.timeZone, set.unit.version], ["UTC", 2]);
    assert.deepEqual(
      retries.map((retry) => [retry.method, retry.status]),
      [["POST", 429]],
    );
    assert.equal(keysSent.length, 2);
    assert.equal(keysSent[0], keysSent[1]);
    assert.match(keysSent[0] ?? "", /^[0-9a-f-]{36}$/);
  });

  it("setTimezone replayed: a repeat with the caller's Idempotency-Key gets the first answer with replayed: true and changes nothing", async () => {
    const lintel = createLintelClient({ baseUrl: server.url, apiKey: fixture.keys.admin });
    const body = { unitIdOrKey: fixture.units.none.id, timeZone: "Europe/Paris", expectedVersion: 1, policy: "keep_wall_clock" as const };
    const first = await lintel.units.setTimezone(body, { idempotencyKey: `order-${fixture.p}` });
    const again = await lintel.units.setTimezone(body, { idempotencyKey: `order-${fixture.p}` });
    assert.deepEqual([first.replayed, again.replayed], [false, true]);
    assert.deepEqual({ ...again, replayed: false }, first);
    assert.equal(first.unit.version, 2);
    const preview = await lintel.units.previewTimezoneChange({ unitIdOrKey: fixture.units.none.id, proposedTimeZone: "Europe/Paris" });
    assert.deepEqual([preview.expectedVersion, preview.status], [2, "noop"]);
  });

  it("setTimezone replayed: a stored 409 version_conflict comes back as a LintelProblem with replayed: true", async () => {
    const lintel = createLintelClient({ baseUrl: server.url, apiKey: fixture.keys.admin });
    const stale = { unitIdOrKey: fixture.units.york.id, timeZone: "Asia/Tokyo", expectedVersion: 99, policy: "keep_instant" as const };
    const conflicts: LintelProblem[] = [];
    for (let i = 0; i < 2; i++) {
      await assert.rejects(lintel.units.setTimezone(stale, { idempotencyKey: `stale-${fixture.p}` }), (error: unknown) => {
        assert.ok(error instanceof LintelProblem && error.code === "version_conflict");
        conflicts.push(error);
        return true;
      });
    }
    assert.deepEqual(
      conflicts.map((problem) => problem.replayed),
      [false, true],
    );
  });

  it("client gives up at once on a missing SEAM_API_KEY: a 503 without Retry-After is thrown, never retried", async () => {
    const retries: RetryInfo[] = [];
    const lintel = clientFor(fixture.keys.admin, 3, retries);
    await assert.rejects(lintel.locks.getState(unconfigured.lockId), (error: unknown) => {
      assert.ok(error instanceof LintelProblem);
      assert.deepEqual([error.code, error.status, error.retryAfterSeconds, error.retryable], ["unavailable", 503, undefined, false]);
      assert.match(error.detail, /"august".*SEAM_API_KEY/);
      return true;
    });
    assert.equal(retries.length, 0);
  });

  it("client overall deadline: a lock that never answers gives up at timeoutMs with a TimeoutError, not after three provider timeouts", async () => {
    const retries: RetryInfo[] = [];
    let requests = 0;
    const lintel = createLintelClient({
      baseUrl: server.url,
      apiKey: fixture.keys.admin,
      maxRetries: 2,
      onRetry: (retry) => retries.push(retry),
      fetch: (url, init) => {
        requests++;
        return fetch(url, init);
      },
    });
    // The server answers 503 after LOCK_PROVIDER_TIMEOUT_MS (3 s); the caller will not wait that long.
    await assert.rejects(lintel.locks.getState(silent.lockId, { timeoutMs: 500 }), { name: "TimeoutError" });
    assert.equal(requests, 1);
    assert.equal(retries.length, 0);
  });

  it("client overall deadline: timeoutMs covers the retries, so a 503 that stays is thrown before maxRetries is spent", async () => {
    const retries: RetryInfo[] = [];
    const lintel = clientFor(fixture.keys.admin, 5, retries);
    // Each answer asks for Retry-After: 1; in 1.5 s there is room for one wait at most, not five.
    await assert.rejects(
      lintel.locks.getState(failing.lockId, { timeoutMs: 1_500 }),
      (error: unknown) => error instanceof LintelProblem && error.code === "unavailable",
    );
    assert.ok(retries.length <= 1, `${retries.length} retries`);
  });
});
