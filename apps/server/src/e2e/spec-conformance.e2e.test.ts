// The SPEC read as an outsider would: a fixture written from SPEC 1 and 6 alone (plain keys,
// codes with `name`, messages with `sendAt`, optional fields left out, zones spelled oddly),
// loaded by the real process started with FIXTURE and PORT, then probed sentence by sentence
// where the other e2e suites don't already: problem links on the served port, the check order
// across combinations, zone spellings in answers, non-object bodies, provider faults.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { generateApiKey } from "@lintel/domain";
import { call, freshAddress, TEST_REDIS_URL, type Answer } from "./e2e.test-support.js";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "./e2e.test-support.js";
import { RawConnection } from "@lintel/testkit/raw-http";

const p = randomBytes(4).toString("hex");
const keys = { all: generateApiKey(), locksTwice: generateApiKey() };
const ALL_SCOPES = ["units:write", "messages:read", "locks:read", "lock-state:read"];

/** Written from the SPEC text only; `p` keeps runs apart on a shared Redis. */
// prettier-ignore
const fixture = {
  orgs: [{ id: `${p}_org`, name: "Outsider Org" }],
  apiKeys: [
    { id: `${p}_k_all`, orgId: `${p}_org`, name: "all", key: keys.all, scopes: ALL_SCOPES, expiresAt: null, revokedAt: null, rateLimit: null, createdAt: "2026-01-01T00:00:00.000Z" },
    // optional fields left out; a budget of two per hour that cannot refill during the test
    { id: `${p}_k_locks`, orgId: `${p}_org`, name: "locks twice", key: keys.locksTwice, scopes: ["locks:read"], rateLimit: { requests: 2, windowSeconds: 3600 }, createdAt: "2026-01-01T00:00:00Z" },
  ],
  units: [
    { id: `${p}_kol`, orgId: `${p}_org`, urlKey: `${p}-kolkata`, address: "1 Park St", timeZone: "asia/calcutta", version: 1 },
    { id: `${p}_chi`, orgId: `${p}_org`, urlKey: `${p}-chicago`, address: "2 Lake St", timeZone: "US/Central", version: 2 },
    { id: `${p}_utc`, orgId: `${p}_org`, urlKey: `${p}-utc`, address: "3 Zero Ln", timeZone: "Etc/UTC" },
    { id: `${p}_none`, orgId: `${p}_org`, urlKey: `${p}-none`, address: "4 Null Ave", timeZone: null },
  ],
  locks: [
    { lockId: `${p}_front`, orgId: `${p}_org`, name: "Front", provider: "august", providerDeviceId: "d1", timeZone: "US/Central", unitIds: [`${p}_chi`], status: "active", createdAt: "2026-02-01T00:00:00.000Z" },
    { lockId: `${p}_sim`, orgId: `${p}_org`, name: "Simulated", provider: "simulated", providerDeviceId: "s1", model: null, timeZone: null, unitIds: [], status: "active", createdAt: "2026-01-02T00:00:00.000Z", updatedAt: "2026-01-02T00:00:00.000Z" },
    { lockId: `${p}_hang`, orgId: `${p}_org`, name: "Hangs", provider: "simulated", providerDeviceId: "simulate-timeout", model: null, timeZone: null, unitIds: [], status: "active", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" },
    { lockId: `${p}_fail`, orgId: `${p}_org`, name: "Fails", provider: "simulated", providerDeviceId: "simulate-failure", model: null, timeZone: null, unitIds: [], status: "active", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" },
  ],
  tours: [{ id: `${p}_t`, unitId: `${p}_kol`, title: "Morning tour", startAt: "2027-12-01T04:30:00Z", endAt: "2027-12-01T05:30:00Z" }],
  codes: [{ id: `${p}_c`, unitId: `${p}_kol`, lockId: `${p}_front`, name: "Cleaner code", startAt: "2027-12-01T04:30:00.000Z", endAt: "2027-12-01T06:30:00.000Z" }],
  openHouses: [],
  scheduledMessages: [{ id: `${p}_m`, unitId: `${p}_kol`, title: "Reminder", sendAt: "2027-12-01T03:30:00.000Z", templateId: null }],
  templates: [{ id: `${p}_tpl`, orgId: `${p}_org`, name: "Welcome", body: "Hi {{name}}", sortOrder: 1, createdAt: "2026-01-01T00:00:00.000Z" }],
};

let server: ServerChild;
let port: number;

before(async () => {
  const store =
    process.env["STORE"] === "redis"
      ? {
          STORE: "redis",
          REDIS_URL: TEST_REDIS_URL,
          CURSOR_SECRET: "spec-conformance-secret-0123456789abcd",
          DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
        }
      : {};
  [port] = (await freePorts(1)) as [number];
  // PUBLIC_BASE_URL and DOCS_URL are left at their defaults on purpose.
  server = await spawnServer(port, {
    ...store,
    FIXTURE: await writeFixture(fixture),
    TRUST_PROXY: "true",
    LOCK_PROVIDER_TIMEOUT_MS: "200",
  });
});
after(() => server.stop());

/** GET with the all-scopes key, another key, or (null) none. */
const get = (path: string, key: string | null = keys.all) => call(server.url, path, key === null ? {} : { key });
const preview = (unit: string, zone: string) =>
  get(`/v1/units/preview_timezone_change?unitIdOrKey=${encodeURIComponent(unit)}&proposedTimeZone=${encodeURIComponent(zone)}`);

function assertProblem(answer: Answer, status: number, code: string): void {
  assert.equal(answer.status, status, answer.text);
  assert.equal(answer.json?.code, code, answer.text);
  assert.equal(answer.json.requestId, answer.headers.get("x-request-id"));
}

describe("e2e: SPEC conformance, from a fixture written in the SPEC's words", () => {
  it("loads it: odd zone spellings are answered by their zone.tab names; absent optional fields are null or defaulted", async () => {
    const lock = await get(`/v1/locks/${p}_front`);
    assert.equal(lock.status, 200, lock.text);
    assert.deepEqual(lock.json.lock, {
      lockId: `${p}_front`,
      name: "Front",
      provider: "august",
      providerDeviceId: "d1",
      model: null,
      timeZone: "America/Chicago",
      unitIds: [`${p}_chi`],
      status: "active",
      createdAt: "2026-02-01T00:00:00.000Z",
      updatedAt: "2026-02-01T00:00:00.000Z",
    });
    const template = await get(`/v1/templates/get_message_template?templateId=${p}_tpl`);
    assert.equal(template.json.template.updatedAt, "2026-01-01T00:00:00.000Z");
    const kolkata = await preview(`${p}-kolkata`, "Asia/Kolkata");
    assert.equal(kolkata.json.currentTimeZone, "Asia/Kolkata");
    assert.equal(kolkata.json.status, "noop");
    const utc = await preview(`${p}_utc`, "zulu");
    assert.deepEqual([utc.json.currentTimeZone, utc.json.proposedTimeZone, utc.json.status], ["UTC", "UTC", "noop"]);
    const kyiv = await preview(`${p}_chi`, "europe/kiev");
    assert.deepEqual(
      [kyiv.json.currentTimeZone, kyiv.json.proposedTimeZone, kyiv.json.expectedVersion],
      ["America/Chicago", "Europe/Kyiv", 2],
    );
  });

  it("a code's title is its name, a message starts and ends at its sendAt; to UTC the wall-clock offset is +00:00", async () => {
    const answer = await preview(`${p}_kol`, "Etc/GMT");
    assert.equal(answer.status, 200, answer.text);
    // the code's lock also serves the Chicago unit, whose zone is not UTC
    assert.equal(answer.json.status, "conflict");
    assert.deepEqual(
      answer.json.items.map((item: { sharedLockConflict: boolean }) => item.sharedLockConflict),
      [false, true, false],
    );
    // prettier-ignore
    assert.deepEqual(
      answer.json.items.map((item: Record<string, unknown>) => [item["key"], item["title"], item["startAt"], item["endAt"], item["wallClockStart"], item["wallClockEnd"]]),
      [
        [`scheduled_message:${p}_m`, "Reminder", "2027-12-01T03:30:00.000Z", "2027-12-01T03:30:00.000Z", "2027-12-01T09:00:00+00:00", "2027-12-01T09:00:00+00:00"],
        [`code:${p}_c`, "Cleaner code", "2027-12-01T04:30:00.000Z", "2027-12-01T06:30:00.000Z", "2027-12-01T10:00:00+00:00", "2027-12-01T12:00:00+00:00"],
        [`tour:${p}_t`, "Morning tour", "2027-12-01T04:30:00.000Z", "2027-12-01T05:30:00.000Z", "2027-12-01T10:00:00+00:00", "2027-12-01T11:00:00+00:00"],
      ],
    );
    const tour = answer.json.items[2];
    assert.equal(tour.beforeLabel, "Wed, Dec 1, 2027, 10:00 AM – 11:00 AM GMT+5:30");
    assert.equal(tour.keepInstantLabel, "Wed, Dec 1, 2027, 4:30 AM – 5:30 AM UTC");
    assert.equal(tour.keepWallClockLabel, "Wed, Dec 1, 2027, 10:00 AM – 11:00 AM UTC");
    assert.ok(!/[\u202f\u2009]/.test(answer.text), "plain spaces only");
  });

  it("a unit without a zone proposed UTC is ok with no items (the setting changes); its before labels use UTC", async () => {
    const answer = await preview(`${p}-none`, "Etc/UTC");
    assert.deepEqual(
      [answer.json.status, answer.json.currentTimeZone, answer.json.proposedTimeZone, answer.json.beforeUsesUtc, answer.json.items],
      ["ok", null, "UTC", true, []],
    );
  });

  it("problem types link to /docs/errors on the port actually served when PUBLIC_BASE_URL is left at its default", async () => {
    const problem = await get("/v1/locks", null);
    assertProblem(problem, 401, "invalid_api_key");
    assert.equal(problem.json.type, `http://localhost:${port}/docs/errors#invalid-api-key`);
    const page = await fetch(`http://127.0.0.1:${port}/docs/errors`);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes('id="invalid-api-key"'));
    const openApi = await get("/v1/openapi.json", null);
    assert.equal(openApi.json.servers[0].url, `http://localhost:${port}`);
  });

  it("the check order holds in combination: route, key, budget, scope, parameters", async () => {
    const bad = "lnt_notakey";
    assertProblem(await get("/v1/nowhere?x=1", bad), 404, "not_found");
    const wrongMethod = await call(server.url, "/v1/locks?limit=0", { method: "DELETE" });
    assertProblem(wrongMethod, 405, "method_not_allowed");
    assert.equal(wrongMethod.headers.get("allow"), "GET, HEAD");
    assertProblem(await get("/v1/locks?limit=0&x=1", bad), 401, "invalid_api_key");
    // locks:read only, two requests an hour: the scope is checked after the budget, parameters after the scope
    assertProblem(await get("/v1/templates/list_message_templates?limit=0", keys.locksTwice), 403, "missing_scope");
    assertProblem(await get("/v1/units/preview_timezone_change?bogus=1", keys.locksTwice), 403, "missing_scope");
    const exhausted = await get("/v1/templates/list_message_templates?limit=0", keys.locksTwice);
    assertProblem(exhausted, 429, "rate_limited");
    assert.match(exhausted.headers.get("retry-after") ?? "", /^[1-9][0-9]*$/);
    assert.equal(exhausted.headers.get("ratelimit-policy"), '"default";q=2;w=3600');
  });

  it("the failed-key budget is exact under concurrency: of 45 simultaneous bad keys from one address, 30 are 401, then 429 unless the key was found good lately", async () => {
    assert.equal((await get("/v1/locks")).status, 200, "keys.all is found good (from another address)");
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 45 }, () => call(server.url, "/v1/locks", { key: "lnt_bad", address })));
    const statuses = answers.map((answer) => answer.status);
    assert.deepEqual([statuses.filter((s) => s === 401).length, statuses.filter((s) => s === 429).length], [30, 15]);
    const unseen = await call(server.url, "/v1/locks", { key: generateApiKey(), address });
    assertProblem(unseen, 429, "rate_limited");
    assert.equal(unseen.headers.get("ratelimit"), null, "no key was looked at");
    const good = await call(server.url, "/v1/locks", { key: keys.all, address });
    assert.equal(good.status, 200, "a key found good within 10 minutes is not locked out by another client's bad keys");
  });

  it("set_timezone: a body that is not a JSON object is one invalid param, (body)", async () => {
    for (const body of ["[]", '[{"unitIdOrKey":"x"}]', "null", '"text"', "42", ""]) {
      const answer = await call(server.url, "/v1/units/set_timezone", {
        method: "POST",
        key: keys.all,
        body,
        headers: { "content-type": "application/json" },
      });
      assertProblem(answer, 400, "invalid_request");
      assert.deepEqual(
        answer.json.invalidParams.map((param: { name: string }) => param.name),
        ["(body)"],
        body,
      );
    }
  });

  it("an August lock without SEAM_API_KEY is never simulated: 503 naming the provider and the setting", async () => {
    const answer = await get(`/v1/locks/${p}_front/state`);
    assertProblem(answer, 503, "unavailable");
    assert.match(answer.json.detail, /"august".*SEAM_API_KEY is not set/);
  });

  it("missing SEAM_API_KEY is the operator's to fix: no Retry-After and no retry wording in the 503", async () => {
    const answer = await get(`/v1/locks/${p}_front/state`);
    assertProblem(answer, 503, "unavailable");
    assert.equal(answer.headers.get("retry-after"), null);
    assert.equal(answer.json.detail, 'Lock provider "august" is read through Seam, and SEAM_API_KEY is not set.');
    assert.doesNotMatch(answer.json.detail, /retry/i);
  });

  it("a lock whose provider never answers or fails: 503 unavailable with Retry-After", async () => {
    for (const lockId of [`${p}_hang`, `${p}_fail`]) {
      const answer = await get(`/v1/locks/${lockId}/state`);
      assertProblem(answer, 503, "unavailable");
      assert.match(answer.headers.get("retry-after") ?? "", /^[1-9][0-9]*$/);
    }
    const fine = await get(`/v1/locks/${p}_sim/state`);
    assert.equal(fine.status, 200, fine.text);
    assert.deepEqual(Object.keys(fine.json.state).sort(), [
      "batteryLevel",
      "doorState",
      "fetchedAt",
      "lastSeenAt",
      "lockId",
      "lockState",
      "online",
      "provider",
    ]);
  });
});

/** Sends raw bytes to the server and resolves with everything it answers before closing. */
describe("e2e: SPEC conformance, requests Node's HTTP parser refuses", () => {
  it("a malformed request is 400, oversized headers 431, each a problem with x-request-id", async () => {
    const cases = [
      ["GET /v1/locks HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400, "invalid_request"],
      [`GET /v1/locks HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, "headers_too_large"],
    ] as const;
    for (const [request, status, code] of cases) {
      const connection = await RawConnection.open(`http://127.0.0.1:${port}`);
      const answer = await connection.exchange(request);
      assert.equal(answer.status, status, answer.head);
      assert.equal(answer.headers.get("content-type"), "application/problem+json");
      assert.equal(answer.json.code, code);
      assert.equal(answer.headers.get("x-request-id"), answer.json.requestId);
      connection.destroy();
    }
  });
});

describe("e2e: SPEC conformance, start-up refusals", () => {
  it("a PORT that is taken stops the process with a message naming HOST and PORT", async () => {
    const refused = await spawnServer(port, { FIXTURE: await writeFixture(fixture) }).then(
      async (child) => {
        await child.stop();
        return "";
      },
      (error: Error) => error.message,
    );
    assert.match(refused, new RegExp(`Could not start: cannot listen on HOST=127\\.0\\.0\\.1 PORT=${port}: .*EADDRINUSE`));
  });

  it("a Redis that cannot be reached stops the process with a message naming REDIS_URL, password hidden", async () => {
    const [closedPort, serverPort] = (await freePorts(2)) as [number, number];
    const env = {
      STORE: "redis",
      REDIS_URL: `redis://app:hunter2@127.0.0.1:${closedPort}`,
      CURSOR_SECRET: "spec-conformance-secret-0123456789abcd",
      DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
    };
    const refused = await spawnServer(serverPort, env).then(
      async (child) => {
        await child.stop();
        return "";
      },
      (error: Error) => error.message,
    );
    assert.match(refused, new RegExp(`Could not start: .*\\(REDIS_URL=redis://app:\\*\\*\\*@127\\.0\\.0\\.1:${closedPort}\\)`));
    assert.ok(!refused.includes("hunter2"));
  });
});
