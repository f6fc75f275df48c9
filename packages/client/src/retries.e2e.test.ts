// The client's bounded retries against the real server: GETs that get 429/503 wait the
// answer's Retry-After and try again; setTimezone retries with the one Idempotency-Key it made.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startTestServer, testFixture, type TestServer } from "@lintel/api/testing/e2e";
import { createLintelClient, LintelProblem, type RetryInfo } from "./index.js";

describe("client retries", () => {
  const fixture = testFixture();
  // A key with a budget of one request per second: its second request at once gets 429 with Retry-After: 1.
  const tight = fixture.json.apiKeys.find((key) => key.name === "limited");
  if (tight === undefined) throw new Error("the test fixture has a limited key");
  (tight as { rateLimit: unknown }).rateLimit = { requests: 1, windowSeconds: 1 };
  const failing = { ...fixture.shared, lockId: `${fixture.p}_lk_failing`, providerDeviceId: "simulate-failure" };
  fixture.json.locks.push(failing);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({}, { fixture: fixture.json });
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

  it("setTimezone with the caller's Idempotency-Key: a repeat gets the first answer and changes nothing", async () => {
    const lintel = createLintelClient({ baseUrl: server.url, apiKey: fixture.keys.admin });
    const body = { unitIdOrKey: fixture.units.none.id, timeZone: "Europe/Paris", expectedVersion: 1, policy: "keep_wall_clock" as const };
    const first = await lintel.units.setTimezone(body, { idempotencyKey: `order-${fixture.p}` });
    const again = await lintel.units.setTimezone(body, { idempotencyKey: `order-${fixture.p}` });
    assert.deepEqual(again, first);
    assert.equal(first.unit.version, 2);
    const preview = await lintel.units.previewTimezoneChange({ unitIdOrKey: fixture.units.none.id, proposedTimeZone: "Europe/Paris" });
    assert.deepEqual([preview.expectedVersion, preview.status], [2, "noop"]);
  });
});
