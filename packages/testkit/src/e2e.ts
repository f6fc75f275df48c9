/**
 * What the e2e tests of a Lintel server share: a test fixture with fresh ids per run (so runs
 * never collide on a shared Redis), a server started in-process on port 0 (given the server
 * package's `loadConfig` and `startServer`, so this package depends on no server), and a small
 * fetch wrapper. `STORE=redis` (with REDIS_URL) runs the same suites against Redis.
 *
 *   import * as lintelServer from "@lintel/server";
 *   const server = await startTestServer(lintelServer);
 */
import assert from "node:assert/strict";
import { randomBytes, randomInt } from "node:crypto";
import { generateApiKey, SCOPES, type Scope } from "@lintel/domain";
import { jsonOrUndefined, type Answer } from "./raw-http.js";

const ALL: Scope[] = [...SCOPES];

/** A fixture API key `${p}_key_${name}`: no expiry, not revoked, the default budget unless `extra` says otherwise. */
export function testApiKey(
  p: string,
  name: string,
  orgId: string,
  key: string,
  scopes: readonly string[],
  extra: Record<string, unknown> = {},
) {
  return {
    id: `${p}_key_${name}`,
    orgId,
    name,
    key,
    scopes,
    expiresAt: null,
    revokedAt: null,
    rateLimit: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

/** Builds a test fixture; every id carries the run prefix `p`. */
export function testFixture(p = randomBytes(4).toString("hex")) {
  const orgA = `${p}_orgA`;
  const orgB = `${p}_orgB`;
  const keys = {
    admin: generateApiKey(),
    locksOnly: generateApiKey(),
    limited: generateApiKey(),
    expired: generateApiKey(),
    revoked: generateApiKey(),
    orgB: generateApiKey(),
  };
  const key = (name: keyof typeof keys, orgId: string, scopes: Scope[], extra: Record<string, unknown> = {}) =>
    testApiKey(p, name, orgId, keys[name], scopes, extra);
  const units = {
    chicago: {
      id: `${p}_u_chi`,
      orgId: orgA,
      urlKey: `${p}-chicago`,
      address: "1 Lake St, Chicago",
      timeZone: "America/Chicago",
      version: 1,
    },
    york: { id: `${p}_u_ny`, orgId: orgA, urlKey: `${p}-new-york`, address: "2 Bway, New York", timeZone: "America/New_York", version: 1 },
    none: { id: `${p}_u_none`, orgId: orgA, urlKey: `${p}-no-zone`, address: "3 Any Rd", timeZone: null, version: 1 },
    foreign: { id: `${p}_u_b`, orgId: orgB, urlKey: `${p}-foreign`, address: "4 Other Ave", timeZone: "Europe/Berlin", version: 1 },
  };
  const locks = [];
  for (let i = 0; i < 37; i++) {
    const createdAt = new Date(Date.UTC(2026, 1, 1, 0, Math.floor(i / 3))).toISOString(); // runs of three equal createdAt
    locks.push({
      lockId: `${p}_lk_${String(i).padStart(2, "0")}`,
      orgId: orgA,
      name: `Door ${i}`,
      provider: "simulated",
      providerDeviceId: `d${i}`,
      model: i % 2 ? null : "M1",
      timeZone: "America/Chicago",
      unitIds: [units.chicago.id],
      status: i % 5 === 4 ? "inactive" : "active",
      createdAt,
      updatedAt: createdAt,
    });
  }
  const shared = {
    lockId: `${p}_lk_shared`,
    orgId: orgA,
    name: "Shared gate",
    provider: "simulated",
    providerDeviceId: "gate",
    model: null,
    timeZone: "America/Chicago",
    unitIds: [units.chicago.id, units.york.id],
    status: "active",
    createdAt: "2026-03-01T00:00:00.000Z",
    updatedAt: "2026-03-01T00:00:00.000Z",
  };
  const foreignLock = { ...shared, lockId: `${p}_lk_b`, orgId: orgB, name: "Foreign", unitIds: [units.foreign.id] };
  const templates = [0, 1, 2, 3, 4, 5, 6].map((i) => ({
    id: `${p}_tpl_${i}`,
    orgId: orgA,
    name: `Template ${i}`,
    body: `Hi {{name}} #${i}`,
    sortOrder: Math.floor(i / 2),
    createdAt: "2026-01-02T00:00:00.000Z",
    updatedAt: "2026-01-02T00:00:00.000Z",
  }));
  const json = {
    orgs: [
      { id: orgA, name: "Org A" },
      { id: orgB, name: "Org B" },
    ],
    apiKeys: [
      key("admin", orgA, ALL),
      key("locksOnly", orgA, ["locks:read"]),
      key("limited", orgA, ALL, { rateLimit: { requests: 3, windowSeconds: 60 } }),
      key("expired", orgA, ALL, { expiresAt: "2025-01-01T00:00:00.000Z" }),
      key("revoked", orgA, ALL, { revokedAt: "2025-01-01T00:00:00.000Z" }),
      key("orgB", orgB, ALL),
    ],
    units: Object.values(units),
    locks: [...locks, shared, foreignLock],
    tours: [
      {
        id: `${p}_t1`,
        unitId: units.chicago.id,
        title: "Tour",
        startAt: "2027-06-01T15:00:00.000Z",
        endAt: "2027-06-01T16:00:00.000Z",
        lockId: shared.lockId,
      },
      {
        id: `${p}_t2`,
        unitId: units.chicago.id,
        title: "Past",
        startAt: "2025-06-01T15:00:00.000Z",
        endAt: "2025-06-01T16:00:00.000Z",
        lockId: null,
      },
      {
        id: `${p}_t3`,
        unitId: units.none.id,
        title: "Gap tour",
        startAt: "2027-03-14T02:30:00.000Z",
        endAt: "2027-03-14T03:00:00.000Z",
        lockId: null,
      },
    ],
    codes: [
      {
        id: `${p}_c1`,
        unitId: units.chicago.id,
        lockId: locks[0]?.lockId,
        name: "Cleaner",
        startAt: "2027-11-07T06:30:00.000Z",
        endAt: "2027-11-07T08:00:00.000Z",
      },
    ],
    openHouses: [
      {
        id: `${p}_o1`,
        unitId: units.chicago.id,
        title: "Open house",
        startAt: "2027-04-17T16:00:00.000Z",
        endAt: "2027-04-17T19:00:00.000Z",
        lockId: null,
      },
    ],
    scheduledMessages: [
      { id: `${p}_m1`, unitId: units.chicago.id, title: "Reminder", sendAt: "2027-05-31T23:00:00.000Z", templateId: templates[0]?.id },
    ],
    templates: [...templates, { ...templates[0], id: `${p}_tpl_b`, orgId: orgB }],
  };
  const activeLocks = [...locks, shared].filter((l) => l.status === "active");
  return { p, json, keys, units, locks, activeLocks, inactiveLock: locks[4], shared, foreignLock, templates, orgA, orgB };
}

export type TestFixture = ReturnType<typeof testFixture>;

/** The Redis of the e2e tests: REDIS_URL (the test runner sets it), else the default. */
export const TEST_REDIS_URL = process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379";

/** The WORK_GROUP of this test process's server processes: theirs alone on a shared Redis (each test file is a process). */
const PROCESS_WORK_GROUP = `e2e-${randomBytes(6).toString("hex")}`;

/**
 * The store variables of a server process (`spawnServer`) on `store` (by default the one this
 * run tests, STORE): Redis adds REDIS_URL, a CURSOR_SECRET, DATA_KEYS and a WORK_GROUP shared by
 * the servers of this test process only (so no other test's server takes their background
 * work); memory needs nothing.
 */
export function processStoreEnv(store = process.env["STORE"] ?? "memory"): Record<string, string> {
  return store === "redis"
    ? {
        STORE: "redis",
        REDIS_URL: TEST_REDIS_URL,
        CURSOR_SECRET: "e2e-process-secret-0123456789abcdefghij",
        DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
        WORK_GROUP: PROCESS_WORK_GROUP,
      }
    : {};
}

/**
 * The environment of an e2e server (for the server package's `loadConfig`): `env` over the
 * test defaults. STORE=redis in the process environment switches the store.
 */
export function testServerEnv(env: Record<string, string> = {}): Record<string, string> {
  const store = process.env["STORE"] ?? "memory";
  return {
    STORE: store,
    ...(store === "redis" ? { REDIS_URL: TEST_REDIS_URL } : {}),
    CURSOR_SECRET: "e2e-cursor-secret-0123456789abcdefghijkl",
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "true",
    ...env,
  };
}

/** What {@link startTestServer} needs of a server package (`@lintel/server` has both). */
export interface TestableServer<Config extends { readonly port: number }, Options, Running extends { close(): Promise<void> }> {
  loadConfig(env: Record<string, string | undefined>): { ok: true; config: Config } | { ok: false; errors: readonly string[] };
  startServer(config: Config, options?: Options): Promise<Running>;
}

/** The configuration e2e servers run with (port 0). */
export function testConfig<Config extends { readonly port: number }>(
  server: Pick<TestableServer<Config, never, never>, "loadConfig">,
  env: Record<string, string> = {},
): Config {
  const loading = server.loadConfig(testServerEnv(env));
  if (!loading.ok) throw new Error(loading.errors.join("\n"));
  return { ...loading.config, port: 0 };
}

/** A started test server and the fixture it was started with. */
export type TestServer<Running> = Running & { readonly fixture: TestFixture };

/** Starts `server` on a free port with a fresh test fixture. */
export async function startTestServer<
  Config extends { readonly port: number },
  Options extends { readonly fixture?: unknown; readonly webhookDeliveryGroup?: string },
  Running extends { close(): Promise<void> },
>(server: TestableServer<Config, Options, Running>, env: Record<string, string> = {}, options?: Options): Promise<TestServer<Running>> {
  const fixture = testFixture();
  // A delivery group of its own: on a shared Redis no other server leases (and fails) its webhook attempts.
  const running = await server.startServer(testConfig(server, env), {
    fixture: fixture.json,
    webhookDeliveryGroup: fixture.p,
    ...options,
  } as Options);
  return { ...running, close: () => running.close(), fixture };
}

/** A client address of its own, so address budgets of different tests never meet. */
export function freshAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export type { Answer } from "./raw-http.js";

export interface CallOptions {
  readonly method?: string;
  readonly key?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly address?: string;
}

/** One HTTP request against `base`. */
export async function call(base: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": options.address ?? freshAddress(), ...options.headers };
  if (options.key !== undefined) headers["x-api-key"] = options.key;
  const response = await fetch(base + path, {
    method: options.method ?? "GET",
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const text = await response.text();
  const json = jsonOrUndefined(text);
  return { status: response.status, headers: response.headers, text, json };
}

/** A problem body without its requestId, to compare two answers. */
export function withoutRequestId(body: Record<string, unknown>): Record<string, unknown> {
  const { requestId: _ignored, ...rest } = body;
  return rest;
}

/**
 * `answer` is a the contract problem: `status` and `code`, problem+json with every required field,
 * and the requestId of its X-Request-Id header.
 */
export function assertProblem(answer: Answer, status: number, code: string): void {
  assert.equal(answer.status, status, answer.text);
  assert.equal(answer.headers.get("content-type"), "application/problem+json");
  for (const field of ["type", "title", "detail", "code", "requestId", "status"]) assert.ok(field in answer.json, field);
  assert.equal(answer.json.code, code);
  assert.equal(answer.json.status, status);
  assert.equal(answer.json.requestId, answer.headers.get("x-request-id"));
  assert.match(answer.json.type, /^http:\/\/localhost:3000\/docs\/errors#[a-z-]+$/);
}

/** A POST of `body` as JSON with the API key `key`; `headers` adds e.g. Idempotency-Key or If-Match. */
export function postJson(base: string, path: string, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return call(base, path, { method: "POST", key, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** An event as /v1/events serves it. */
export interface ServedEvent {
  readonly id: string;
  readonly type: string;
  /** Differs by type: tests read what they check. */
  readonly data: any;
}

/** Every event of the org of `key`, newest first (follows nextCursor to the end). */
export async function allEvents(base: string, key: string): Promise<ServedEvent[]> {
  const events: ServedEvent[] = [];
  for (let cursor: string | null = null, pages = 0; ; pages++) {
    const answer = await call(base, `/v1/events?limit=100${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`, { key });
    assert.equal(answer.status, 200, answer.text);
    events.push(...(answer.json.events as ServedEvent[]));
    cursor = answer.json.nextCursor as string | null;
    if (cursor === null) return events;
    assert.ok(pages < 100, "the walk must end");
  }
}
