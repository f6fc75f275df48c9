// Prism (@stoplight/prism-cli) as a validating proxy in front of a running server, on the store
// of this run (STORE=redis too): every operation of /v1/openapi.json, with its success answers
// and the error answers it can give, goes through the proxy, which checks each request and
// answer against the document and says what contradicts it in an `sl-violations` header.
// Every answer must contradict nothing; every request meant to be valid must be valid; and
// every header Lintel sends that the document knows of (x-request-id, RateLimit, Retry-After,
// ETag, …) must be declared on that answer. Runs offline: Prism only talks to the server.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, it } from "node:test";
import { generateApiKey } from "@lintel/domain";
import { freePorts } from "@lintel/testkit/processes";
import { jsonOrUndefined } from "@lintel/testkit/raw-http";
import { startServer } from "../../server.js";
import { freshAddress, testApiKey, testConfig, testFixture } from "../e2e.test-support.js";
import type { RunningServer } from "../../server.js";

const require = createRequire(import.meta.url);
const prismBin = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist", "index.js");

/** Response headers the document declares where Lintel sends them. */
const WATCHED = [
  "x-request-id",
  "ratelimit",
  "ratelimit-policy",
  "retry-after",
  "etag",
  "www-authenticate",
  "allow",
  "idempotent-replayed",
];

type Violation = { location: string[]; severity: string; code: string | number; message: string };
type Operation = { responses: Record<string, { headers?: Record<string, unknown> }> };

const fixture = testFixture();
const { p } = fixture;
const keys = fixture.keys;
/** A key with messages:read only: refused (403) by the lock operations. */
const messagesKey = generateApiKey();
const failingLock = { ...fixture.shared, lockId: `${p}_lk_fail`, providerDeviceId: "simulate-failure", unitIds: [] };
const seamLock = { ...fixture.shared, lockId: `${p}_lk_seam`, provider: "august", providerDeviceId: "dev_1", unitIds: [] };

let server: RunningServer;
let prism: ChildProcess;
let proxy: string;
let dir: string;
let doc: { paths: Record<string, Record<string, Operation>> };

before(async () => {
  const json = {
    ...fixture.json,
    apiKeys: [...fixture.json.apiKeys, testApiKey(p, "messagesOnly", fixture.orgA, messagesKey, ["messages:read"])],
    locks: [...fixture.json.locks, failingLock, seamLock],
  };
  // Webhook endpoints may point at a closed loopback port: attempts fail at once, nothing leaves the machine.
  server = await startServer(testConfig({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1" }), { fixture: json });
  doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as typeof doc;
  dir = await mkdtemp(join(tmpdir(), "lintel-prism-"));
  const file = join(dir, "openapi.json");
  await writeFile(file, JSON.stringify(doc));
  const [port] = await freePorts(1);
  proxy = `http://127.0.0.1:${port}`;
  prism = spawn(process.execPath, [prismBin, "proxy", file, server.url, "--host", "127.0.0.1", "--port", String(port), "--errors=false"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout?.on("data", read);
    prism.stderr?.on("data", read);
    prism.once("exit", (code) => reject(new Error(`Prism exited (${code}):\n${output}`)));
  });
  prism.stdout?.resume();
  prism.stderr?.resume();
});
after(async () => {
  if (prism && prism.exitCode === null) {
    const exited = new Promise((resolve) => prism.once("exit", resolve));
    prism.kill();
    await exited;
  }
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Exchange {
  readonly method?: "GET" | "POST" | "DELETE";
  readonly path: string;
  readonly key?: string | undefined;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The status Lintel must answer, so the run covers what it means to. */
  readonly status: number;
  /**
   * False when the request breaks the document on purpose (a missing key, a bad parameter), so
   * Prism must report it; "server-only" when it breaks a rule OpenAPI cannot state (an unknown
   * or repeated query parameter, a number not in plain decimal) that the server enforces.
   */
  readonly valid?: boolean | "server-only";
}

interface Seen {
  readonly exchange: Exchange;
  readonly status: number;
  readonly headers: Headers;
  readonly json: unknown;
  readonly violations: Violation[];
}

const seen: Seen[] = [];

/** The document's operation for a concrete path, e.g. /v1/locks/lk_1 → /v1/locks/{lockId}. */
function operationOf(method: string, path: string): Operation {
  const bare = path.split("?")[0] ?? path;
  for (const [template, methods] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`);
    const operation = methods[method.toLowerCase()];
    if (pattern.test(bare) && operation) return operation;
  }
  throw new Error(`no operation for ${method} ${path}`);
}

async function send(exchange: Exchange): Promise<Seen> {
  const headers: Record<string, string> = { "x-forwarded-for": freshAddress(), ...exchange.headers };
  if (exchange.key !== undefined) headers["x-api-key"] = exchange.key;
  const response = await fetch(proxy + exchange.path, {
    method: exchange.method ?? "GET",
    headers,
    ...(exchange.body === undefined ? {} : { body: exchange.body }),
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => {
    throw new Error(`${exchange.method ?? "GET"} ${exchange.path} (for a ${exchange.status}) through Prism failed`, { cause: error });
  });
  const text = await response.text();
  const json = jsonOrUndefined(text);
  const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as Violation[];
  const answer = { exchange, status: response.status, headers: response.headers, json, violations };
  seen.push(answer);
  return answer;
}

it("prism proxy: every operation's success and error answers contradict nothing in /v1/openapi.json", async (t) => {
  const f = fixture;
  const { admin, locksOnly, limited, expired } = keys;
  const unit = f.units.chicago;
  const lock = f.activeLocks[0]?.lockId ?? "";
  const template = f.templates[0]?.id ?? "";
  const long = (n: number) => "x".repeat(n);
  const exchanges: Exchange[] = [];
  const add = (...list: Exchange[]) => exchanges.push(...list);

  // Operations without a key.
  for (const path of ["/healthz", "/readyz", "/v1/openapi.json", "/docs", "/docs/errors"]) {
    add({ path, status: 200 }, { path: `${path}?verbose=1`, status: 400, valid: "server-only" });
  }
  add({ path: "/healthz", headers: { "x-request-id": "client-chosen-id-1" }, status: 200 });

  // What every /v1 GET can answer: 401 (no key, an expired key), 403, 400 (unknown parameter).
  const gets: { path: string; wrongScope: string }[] = [
    { path: `/v1/units/preview_timezone_change?unitIdOrKey=${unit.id}&proposedTimeZone=Europe/Berlin`, wrongScope: locksOnly },
    { path: "/v1/units/list_units", wrongScope: locksOnly },
    { path: `/v1/units/get_unit?unitIdOrKey=${unit.urlKey}`, wrongScope: locksOnly },
    { path: `/v1/units/list_schedule?unitIdOrKey=${unit.id}`, wrongScope: locksOnly },
    { path: `/v1/templates/get_message_template?templateId=${template}`, wrongScope: locksOnly },
    { path: "/v1/templates/list_message_templates", wrongScope: locksOnly },
    { path: "/v1/templates/list_template_variables", wrongScope: locksOnly },
    { path: "/v1/locks", wrongScope: messagesKey },
    { path: `/v1/locks/${lock}`, wrongScope: messagesKey },
    { path: `/v1/locks/${lock}/state`, wrongScope: locksOnly },
  ];
  for (const { path, wrongScope } of gets) {
    const withParam = `${path}${path.includes("?") ? "&" : "?"}verbose=1`;
    add(
      { path, key: admin, status: 200 },
      { path, status: 401, valid: false },
      { path, key: expired, status: 401 },
      { path, key: wrongScope, status: 403 },
      { path: withParam, key: admin, status: 400, valid: "server-only" },
    );
  }

  // Units.
  const preview = "/v1/units/preview_timezone_change";
  add(
    { path: `${preview}?unitIdOrKey=${f.units.york.id}&proposedTimeZone=America/New_York`, key: admin, status: 200 }, // noop
    { path: `${preview}?unitIdOrKey=${unit.id}&proposedTimeZone=America/New_York`, key: admin, status: 200 }, // conflict (shared gate)
    { path: `${preview}?unitIdOrKey=${f.units.none.id}&proposedTimeZone=America/New_York`, key: admin, status: 200 }, // a DST gap
    { path: `${preview}?unitIdOrKey=${unit.id}&proposedTimeZone=Europe/Berln`, key: admin, status: 400 },
    { path: `${preview}?unitIdOrKey=${unit.id}&proposedTimeZone=%2B05:00`, key: admin, status: 400 },
    { path: `${preview}?unitIdOrKey=${unit.id}&proposedTimeZone=${long(65)}`, key: admin, status: 400, valid: false },
    { path: `${preview}?unitIdOrKey=${unit.id}`, key: admin, status: 400, valid: false },
    { path: `${preview}?unitIdOrKey=nope&proposedTimeZone=UTC`, key: admin, status: 404 },
    { path: `${preview}?unitIdOrKey=${f.units.foreign.id}&proposedTimeZone=UTC`, key: admin, status: 404 },
    { path: "/v1/units/list_units?limit=2", key: admin, status: 200 },
    { path: "/v1/units/list_units?limit=0", key: admin, status: 400, valid: false },
    { path: "/v1/units/list_units?limit=2&cursor=garbage", key: admin, status: 404 },
    { path: `/v1/units/list_units?cursor=${long(1025)}`, key: admin, status: 400, valid: false },
    { path: `/v1/units/get_unit?unitIdOrKey=${unit.id}`, key: admin, status: 200 },
    { path: "/v1/units/get_unit?unitIdOrKey=nope", key: admin, status: 404 },
    { path: `/v1/units/get_unit?unitIdOrKey=${long(256)}`, key: admin, status: 400, valid: false },
    { path: "/v1/units/get_unit", key: admin, status: 400, valid: false },
    { path: `/v1/units/list_schedule?unitIdOrKey=${unit.id}&limit=1&from=2026-01-01T00:00:00Z`, key: admin, status: 200 },
    { path: `/v1/units/list_schedule?unitIdOrKey=${unit.id}&from=yesterday`, key: admin, status: 400, valid: false },
    { path: `/v1/units/list_schedule?unitIdOrKey=${unit.id}&cursor=garbage`, key: admin, status: 404 },
    { path: "/v1/units/list_schedule?unitIdOrKey=nope", key: admin, status: 404 },
  );

  // Templates and locks.
  add(
    { path: "/v1/templates/get_message_template?templateId=nope", key: admin, status: 404 },
    { path: `/v1/templates/get_message_template?templateId=${long(65)}`, key: admin, status: 400, valid: false },
    { path: "/v1/templates/list_message_templates?limit=3", key: admin, status: 200 },
    { path: "/v1/templates/list_message_templates?limit=101", key: admin, status: 400, valid: false },
    { path: "/v1/templates/list_message_templates?cursor=garbage", key: admin, status: 404 },
    { path: "/v1/locks?limit=5", key: locksOnly, status: 200 },
    { path: "/v1/locks?limit=1e1", key: admin, status: 400, valid: "server-only" },
    { path: "/v1/locks?limit=5&limit=6", key: admin, status: 400, valid: false },
    { path: "/v1/locks?cursor=garbage", key: admin, status: 404 },
    { path: `/v1/locks/${f.inactiveLock?.lockId ?? ""}`, key: admin, status: 404 },
    { path: `/v1/locks/${f.foreignLock.lockId}`, key: admin, status: 404 },
    // (A malformed escape such as /v1/locks/%ZZ is left out: Prism drops the connection before it forwards one.)
    { path: `/v1/locks/${lock}/state`, key: admin, status: 200 },
    { path: `/v1/locks/${failingLock.lockId}/state`, key: admin, status: 503 },
    { path: `/v1/locks/${seamLock.lockId}/state`, key: admin, status: 503 },
    { path: "/v1/locks/nope/state", key: admin, status: 404 },
  );
  // Each once uncompressed and once compressed where it is 1 KiB or more (Prism decodes what it
  // checks, and answers uncompressed).
  for (const encoding of ["identity", "gzip, br"]) {
    for (const exchange of exchanges) await send({ ...exchange, headers: { "accept-encoding": encoding, ...exchange.headers } });
  }
  // The budget: a key of 3 requests per 60 s gets a 429 on the fourth.
  for (let i = 0; i < 3; i++) await send({ path: "/v1/locks?limit=1", key: limited, status: 200 });
  await send({ path: "/v1/locks?limit=1", key: limited, status: 429 });

  // Pages followed to the end, through the proxy: every page's answer is checked too.
  for (const list of ["/v1/locks?limit=10", "/v1/units/list_units?limit=1", "/v1/templates/list_message_templates?limit=2"]) {
    let next: string | null = list;
    while (next !== null) {
      const page = await send({ path: next, key: admin, status: 200 });
      const cursor = (page.json as { nextCursor: string | null }).nextCursor;
      next = cursor === null ? null : `${list}&cursor=${encodeURIComponent(cursor)}`;
    }
  }
  const schedule = `/v1/units/list_schedule?unitIdOrKey=${unit.id}&limit=1&from=2026-01-01T00:00:00Z`;
  const firstEntry = await send({ path: schedule, key: admin, status: 200 });
  const scheduleCursor = (firstEntry.json as { nextCursor: string | null }).nextCursor;
  assert.ok(scheduleCursor, "the schedule has a second page");
  await send({ path: `${schedule}&cursor=${encodeURIComponent(scheduleCursor)}`, key: admin, status: 200 });

  // ETags: 304 with If-None-Match, for each GET of one resource.
  for (const path of [
    `/v1/locks/${lock}`,
    `/v1/units/get_unit?unitIdOrKey=${unit.id}`,
    `/v1/templates/get_message_template?templateId=${template}`,
  ]) {
    const first = await send({ path, key: admin, status: 200 });
    const etag = first.headers.get("etag");
    assert.ok(etag, `${path} has an ETag`);
    await send({ path, key: admin, headers: { "if-none-match": etag }, status: 304 });
  }

  // set_timezone: apply, replay, a stale version, a reused key, bad bodies.
  const post = (body: unknown, status: number, headers: Record<string, string> = {}, valid: Exchange["valid"] = true): Exchange => ({
    method: "POST",
    path: "/v1/units/set_timezone",
    key: admin,
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    status,
    valid,
  });
  const change = { unitIdOrKey: f.units.york.id, timeZone: "America/Chicago", expectedVersion: 1, policy: "keep_wall_clock" };
  const idempotencyKey = { "idempotency-key": `${p}-change-1` };
  const applied = await send(post(change, 200, idempotencyKey));
  const replayed = await send(post(change, 200, idempotencyKey));
  assert.equal(applied.headers.get("idempotent-replayed"), null);
  assert.equal(replayed.headers.get("idempotent-replayed"), "true");
  for (const exchange of [
    post(change, 409), // version 1 is stale now
    post({ ...change, policy: "keep_instant" }, 422, idempotencyKey),
    post({ ...change, expectedVersion: 0 }, 400, {}, false),
    post({ ...change, expectedVersion: 2 ** 53 }, 400, {}, false),
    post({ ...change, timeZone: "Mars/Olympus" }, 400),
    post({ ...change, unitIdOrKey: long(256) }, 400, {}, false),
    post({ ...change, extra: true }, 400, {}, false),
    post({ ...change, unitIdOrKey: "nope", expectedVersion: 1 }, 404),
    // (A body that is not JSON is left out: Prism never answers one declared application/json.)
    post(change, 400, { "idempotency-key": "naïve" }, false),
    post(JSON.stringify({ ...change, pad: "x".repeat(17 * 1024) }), 413, {}, false),
    { ...post(change, 415, { "content-type": "text/plain" }, false) },
    { ...post(change, 401, {}, false), key: undefined },
    { ...post(change, 403, {}, true), key: locksOnly },
  ]) {
    await send(exchange);
  }

  // Events and webhook endpoints (SPEC 5.10).
  const hooks = (body: unknown, status: number, headers: Record<string, string> = {}, valid: Exchange["valid"] = true): Exchange => ({
    method: "POST",
    path: "/v1/webhook_endpoints",
    key: admin,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    status,
    valid,
  });
  const hook = { url: "http://127.0.0.1:9/hook", eventTypes: ["unit.timezone_changed"], description: "prism" };
  const created = await send(hooks(hook, 201, { "idempotency-key": `${p}-hook-1` }));
  await send(hooks(hook, 201, { "idempotency-key": `${p}-hook-1` }));
  const endpointId = (created.json as { webhookEndpoint: { id: string } }).webhookEndpoint.id;
  const events = await send({ path: "/v1/events?limit=1", key: admin, status: 200 });
  const eventId = (events.json as { events: { id: string }[] }).events[0]?.id ?? "";
  for (const exchange of [
    hooks({ ...hook, eventTypes: ["*", "lock.state_changed"] }, 400),
    hooks({ ...hook, eventTypes: [] }, 400, {}, false),
    hooks({ ...hook, url: long(2049) }, 400, {}, false),
    hooks({ ...hook, extra: 1 }, 400, {}, false),
    { ...hooks(hook, 403), key: locksOnly },
    { path: "/v1/events?type=unit.timezone_changed&limit=5", key: admin, status: 200 },
    { path: "/v1/events?type=lock.exploded", key: admin, status: 400, valid: false },
    { path: "/v1/events?cursor=garbage", key: admin, status: 404 },
    { path: "/v1/events", key: locksOnly, status: 403 },
    { path: `/v1/events/${eventId}`, key: admin, status: 200 },
    { path: "/v1/events/evt_nope", key: admin, status: 404 },
    { path: "/v1/webhook_endpoints?limit=5", key: admin, status: 200 },
    { path: "/v1/webhook_endpoints?cursor=garbage", key: admin, status: 404 },
    { path: `/v1/webhook_endpoints/${endpointId}`, key: admin, status: 200 },
    { path: "/v1/webhook_endpoints/we_nope", key: admin, status: 404 },
    { path: `/v1/webhook_endpoints/${endpointId}/deliveries?limit=5`, key: admin, status: 200 },
    { path: "/v1/webhook_endpoints/we_nope/deliveries", key: admin, status: 404 },
    { method: "POST", path: `/v1/webhook_endpoints/${endpointId}/enable`, key: admin, status: 200 },
    { method: "POST", path: "/v1/webhook_endpoints/we_nope/enable", key: admin, status: 404 },
  ] satisfies Exchange[]) {
    await send(exchange);
  }

  // The operations on an endpoint: update, rotate_secret, send_test, retry, recover.
  const onEndpoint = (path: string, body: unknown, status: number, headers: Record<string, string> = {}, valid: Exchange["valid"] = true) =>
    ({
      method: "POST",
      path: `/v1/webhook_endpoints/${path}`,
      key: admin,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      status,
      valid,
    }) satisfies Exchange;
  const rotateKey = { "idempotency-key": `${p}-rotate-1` };
  const tested = await send(onEndpoint(`${endpointId}/send_test`, undefined, 202));
  const deliveryId = (tested.json as { delivery: { id: string } }).delivery.id;
  // Port 9 refuses, and the schedule here is one retry after 1 s: the delivery fails within seconds.
  const deliveryFailed = async () => {
    const answer = await fetch(`${server.url}/v1/webhook_endpoints/${endpointId}/deliveries`, {
      headers: { "x-api-key": admin, "x-forwarded-for": freshAddress() },
    });
    const { deliveries } = (await answer.json()) as { deliveries: { id: string; status: string }[] };
    return deliveries.find((d) => d.id === deliveryId)?.status === "failed";
  };
  for (let waited = 0; !(await deliveryFailed()) && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
  const since = new Date(Date.now() - 3_600_000).toISOString();
  for (const exchange of [
    onEndpoint(endpointId, { description: "prism, updated", eventTypes: ["*"] }, 200, { "idempotency-key": `${p}-update-1` }),
    onEndpoint(endpointId, { eventTypes: [] }, 400, {}, false),
    onEndpoint(endpointId, { url: "ftp://example.com/hook" }, 400),
    onEndpoint("we_nope", { description: "x" }, 404),
    onEndpoint(`${endpointId}/rotate_secret`, undefined, 200, rotateKey),
    onEndpoint(`${endpointId}/rotate_secret`, undefined, 200, rotateKey),
    onEndpoint("we_nope/rotate_secret", undefined, 404),
    onEndpoint(`${endpointId}/deliveries/${deliveryId}/retry`, undefined, 202),
    onEndpoint(`${endpointId}/deliveries/${deliveryId}/retry`, undefined, 409),
    onEndpoint(`${endpointId}/deliveries/dlv_nope/retry`, undefined, 404),
    onEndpoint(`${endpointId}/recover`, { since }, 202),
    onEndpoint(`${endpointId}/recover`, { since: "2020-01-01T00:00:00Z" }, 400),
    onEndpoint(`${endpointId}/recover`, { since: "yesterday" }, 400, {}, false),
    onEndpoint("we_nope/recover", { since }, 404),
    onEndpoint("we_nope/send_test", undefined, 404),
    { ...onEndpoint(`${endpointId}/send_test`, undefined, 403), key: locksOnly },
  ] satisfies Exchange[]) {
    await send(exchange);
  }

  for (const exchange of [
    { method: "DELETE", path: `/v1/webhook_endpoints/${endpointId}`, key: admin, status: 204 },
    { method: "DELETE", path: `/v1/webhook_endpoints/${endpointId}`, key: admin, status: 404 },
    { method: "DELETE", path: `/v1/webhook_endpoints/${endpointId}`, key: locksOnly, status: 403 },
  ] satisfies Exchange[]) {
    await send(exchange);
  }

  // The writes: units, schedule items, templates (each once with success and with its refusals).
  const write = (path: string, body: unknown, status: number, headers: Record<string, string> = {}, valid: Exchange["valid"] = true) =>
    ({
      method: "POST",
      path,
      key: admin,
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      status,
      valid,
    }) satisfies Exchange;
  const newUnit = { urlKey: `${p}-prism-unit`, address: "1 Prism Way", timeZone: "America/Chicago" };
  const createdUnit = await send(write("/v1/units/create_unit", newUnit, 201, { "idempotency-key": `${p}-unit-1` }));
  const unitId = (createdUnit.json as { unit: { id: string } }).unit.id;
  const tour = {
    unitIdOrKey: unitId,
    kind: "tour",
    title: "Tour",
    startAt: "2026-12-01T10:00:00-06:00",
    endAt: "2026-12-01T11:00:00-06:00",
  };
  const createdTour = await send(write("/v1/units/create_schedule_item", { ...tour, expectedVersion: 1 }, 201));
  const tourKey = (createdTour.json as { item: { key: string } }).item.key;
  const createdTemplate = await send(
    write("/v1/templates/create_message_template", { name: "Prism", body: "Hi {{ prospect.name }}" }, 201),
  );
  const templateId = (createdTemplate.json as { template: { id: string } }).template.id;
  const got = await send({ path: `/v1/templates/get_message_template?templateId=${templateId}`, key: admin, status: 200 });
  const etag = got.headers.get("etag") ?? "";
  const door = f.locks[1]?.lockId ?? "";
  const doorTag = (await send({ path: `/v1/locks/${door}`, key: admin, status: 200 })).headers.get("etag") ?? "";
  for (const exchange of [
    write("/v1/units/create_unit", newUnit, 409),
    write("/v1/units/create_unit", { ...newUnit, urlKey: "Not Kebab" }, 400, {}, false),
    write("/v1/units/create_unit", { ...newUnit, urlKey: `${p}-prism-2`, timeZone: "Mars/Olympus" }, 400),
    write("/v1/units/update_unit", { unitIdOrKey: unitId, expectedVersion: 2, address: "2 Prism Way" }, 200),
    write("/v1/units/update_unit", { unitIdOrKey: unitId, expectedVersion: 2, address: "3 Prism Way" }, 409),
    write("/v1/units/update_unit", { unitIdOrKey: unitId, timeZone: "UTC" }, 400, {}, false),
    write("/v1/units/update_unit", { unitIdOrKey: unitId, urlKey: f.units.york.urlKey }, 409),
    write("/v1/units/update_unit", { unitIdOrKey: "nope", address: "x" }, 404),
    write("/v1/units/create_schedule_item", { ...tour, endAt: tour.startAt }, 400),
    write("/v1/units/create_schedule_item", { ...tour, sendAt: tour.startAt }, 400),
    write("/v1/units/create_schedule_item", { ...tour, startAt: "2026-12-01T10:00:00" }, 400, {}, "server-only"),
    write("/v1/units/create_schedule_item", { ...tour, unitIdOrKey: "nope" }, 404),
    write("/v1/units/create_schedule_item", { ...tour, expectedVersion: 1 }, 409),
    write("/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: tourKey, title: "Tour, renamed" }, 200),
    write("/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: "tour:nope", title: "x" }, 404),
    write("/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: tourKey, lockId: "nope" }, 400),
    write("/v1/units/update_schedule_item", { unitIdOrKey: unitId, key: tourKey, expectedVersion: 1, title: "x" }, 409),
    write("/v1/units/delete_schedule_item", { unitIdOrKey: unitId, key: tourKey }, 200),
    write("/v1/units/delete_schedule_item", { unitIdOrKey: unitId, key: tourKey }, 404),
    write("/v1/units/delete_schedule_item", { unitIdOrKey: unitId, key: "bad key" }, 400, {}, false),
    { ...write("/v1/units/create_unit", newUnit, 403), key: locksOnly },
    write("/v1/templates/create_message_template", { name: "Bad", body: "Hi {{ name" }, 400),
    write("/v1/templates/create_message_template", { name: "Bad", body: "" }, 400, {}, false),
    write("/v1/templates/update_message_template", { templateId, sortOrder: 5 }, 200, { "if-match": etag }),
    write("/v1/templates/update_message_template", { templateId, sortOrder: 6 }, 412, { "if-match": etag }),
    write("/v1/templates/update_message_template", { templateId: "nope", name: "x" }, 404),
    write("/v1/templates/delete_message_template", { templateId, extra: 1 }, 400, {}, false),
    write("/v1/templates/delete_message_template", { templateId }, 412, { "if-match": etag }),
    write("/v1/templates/delete_message_template", { templateId }, 204),
    write("/v1/templates/delete_message_template", { templateId }, 404),
    { ...write("/v1/templates/delete_message_template", { templateId }, 403), key: locksOnly },
    // Renders: a fixture's template (its {{name}} is missing), a body, and their refusals.
    write("/v1/templates/render_message_template", { templateId: template, unitIdOrKey: unit.id }, 200),
    write("/v1/templates/render_message_template", { body: "{{unit.address}} ✓ {{code.pin}}", unitIdOrKey: unit.urlKey }, 200),
    { ...write("/v1/templates/render_message_template", { body: "x", unitIdOrKey: unit.id }, 200), key: messagesKey },
    write("/v1/templates/render_message_template", { body: "Hi {{ tour.strat }}", unitIdOrKey: unit.id }, 400),
    write("/v1/templates/render_message_template", { templateId: template, body: "x", unitIdOrKey: unit.id }, 400),
    write("/v1/templates/render_message_template", { body: "x", unitIdOrKey: unit.id, extra: 1 }, 400, {}, false),
    write("/v1/templates/render_message_template", { body: "x", unitIdOrKey: "nope" }, 404),
    write("/v1/templates/render_message_template", { templateId: "nope", unitIdOrKey: unit.id }, 404),
    { ...write("/v1/templates/render_message_template", { body: "x", unitIdOrKey: unit.id }, 403), key: locksOnly },
    write("/v1/locks/update_lock", { lockId: door, unitIds: [f.units.chicago.id, unitId], timeZone: "america/chicago" }, 200, {
      "if-match": doorTag,
    }),
    write("/v1/locks/update_lock", { lockId: door, name: "Stale" }, 412, { "if-match": doorTag }),
    write("/v1/locks/update_lock", { lockId: f.locks[0]?.lockId, unitIds: [f.units.york.id] }, 409), // its code ahead at Chicago
    write("/v1/locks/update_lock", { lockId: "nope", name: "x" }, 404),
    write("/v1/locks/update_lock", { lockId: door, unitIds: [] }, 400, {}, false),
    write("/v1/locks/update_lock", { lockId: door, timeZone: "Mars/Olympus" }, 400),
    { ...write("/v1/locks/update_lock", { lockId: door, name: "x" }, 403), key: locksOnly },
  ] satisfies Exchange[]) {
    await send(exchange);
  }

  // The tours: a booking on the New York unit (one simulated lock serves it), then every command and read with its refusals.
  const day = 86_400_000;
  const tourStart = new Date(Date.now() + 2 * day).toISOString();
  const tourEnd = new Date(Date.now() + 2 * day + 1_800_000).toISOString();
  const booking = { unitIdOrKey: f.units.york.id, startAt: tourStart, endAt: tourEnd, prospect: { name: "Prism", email: "p@example.com" } };
  const booked = await send(write("/v1/tours/book_tour", booking, 201));
  const tourId = (booked.json as { tour: { id: string } }).tour.id;
  const movedStart = new Date(Date.now() + 3 * day).toISOString();
  const movedEnd = new Date(Date.now() + 3 * day + 1_800_000).toISOString();
  const rules = { weekly: [{ day: "sat", opens: "10:00", closes: "16:00" }], slotMinutes: 30 };
  for (const exchange of [
    write("/v1/units/set_showing_rules", { unitIdOrKey: f.units.chicago.id, rules }, 200),
    write("/v1/units/set_showing_rules", { unitIdOrKey: f.units.none.id, rules }, 409),
    write("/v1/units/set_showing_rules", { unitIdOrKey: "nope", rules }, 404),
    write(
      "/v1/units/set_showing_rules",
      { unitIdOrKey: f.units.chicago.id, rules: { weekly: [{ day: "sat", opens: "16:00", closes: "10:00" }] } },
      400,
    ),
    write(
      "/v1/units/set_showing_rules",
      { unitIdOrKey: f.units.chicago.id, rules: { weekly: [{ day: "someday", opens: "10:00", closes: "11:00" }] } },
      400,
      {},
      false,
    ),
    write("/v1/units/set_showing_rules", { unitIdOrKey: f.units.chicago.id, rules: null, expectedVersion: 1 }, 409),
    { path: `/v1/units/list_available_slots?unitIdOrKey=${f.units.chicago.id}`, key: admin, status: 200 },
    { path: "/v1/units/list_available_slots?unitIdOrKey=nope", key: admin, status: 404 },
    {
      path: `/v1/units/list_available_slots?unitIdOrKey=${f.units.chicago.id}&from=2027-01-01T00:00:00Z&to=2027-03-01T00:00:00Z`,
      key: admin,
      status: 400,
    },
    { path: `/v1/units/list_available_slots?unitIdOrKey=${f.units.chicago.id}`, key: locksOnly, status: 403 },
    write("/v1/tours/book_tour", { ...booking, unitIdOrKey: f.units.chicago.id, lockId: f.locks[1]?.lockId }, 409),
    write("/v1/tours/book_tour", { ...booking, endAt: tourStart }, 400),
    write("/v1/tours/book_tour", { ...booking, unitIdOrKey: "nope" }, 404),
    write("/v1/tours/book_tour", { ...booking, expectedVersion: 1 }, 409),
    write("/v1/tours/book_tour", { ...booking, prospect: undefined }, 400, {}, false),
    { ...write("/v1/tours/book_tour", booking, 403), key: locksOnly },
    write("/v1/tours/confirm_tour", { tourId }, 200),
    write(
      "/v1/templates/render_message_template",
      { body: "{{code.pin}}: {{code.window}}", unitIdOrKey: booking.unitIdOrKey, tourId },
      200,
    ),
    { ...write("/v1/templates/render_message_template", { body: "x", unitIdOrKey: booking.unitIdOrKey, tourId }, 403), key: messagesKey },
    write("/v1/templates/render_message_template", { body: "x", unitIdOrKey: booking.unitIdOrKey, tourId: "tour_nope" }, 404),
    write("/v1/tours/confirm_tour", { tourId: "tour_nope" }, 404),
    write("/v1/tours/reschedule_tour", { tourId, startAt: movedStart, endAt: movedEnd }, 200),
    write("/v1/tours/reschedule_tour", { tourId, startAt: movedStart, endAt: movedEnd, expectedVersion: 1 }, 409),
    write("/v1/tours/reschedule_tour", { tourId, startAt: movedEnd, endAt: movedStart }, 400),
    write("/v1/tours/reschedule_tour", { tourId: "tour_nope", startAt: movedStart, endAt: movedEnd }, 404),
    write("/v1/tours/check_in", { tourId }, 400),
    write("/v1/tours/check_in", { tourId: "tour_nope" }, 404),
    { path: `/v1/tours/get_tour?tourId=${tourId}`, key: admin, status: 200 },
    { path: "/v1/tours/get_tour?tourId=tour_nope", key: admin, status: 404 },
    { path: `/v1/tours/list_tours?unitIdOrKey=${f.units.york.id}&limit=5`, key: admin, status: 200 },
    { path: "/v1/tours/list_tours?unitIdOrKey=nope", key: admin, status: 404 },
    { path: "/v1/tours/list_tours?status=lost", key: admin, status: 400, valid: false },
    { path: "/v1/tours/list_tours?cursor=v1.nope", key: admin, status: 404 },
    write("/v1/tours/cancel_tour", { tourId, reason: "Prism is done" }, 200),
    write("/v1/tours/cancel_tour", { tourId }, 200),
    write("/v1/tours/cancel_tour", { tourId: "tour_nope" }, 404),
    write("/v1/tours/confirm_tour", { tourId }, 409),
    write("/v1/tours/reschedule_tour", { tourId, startAt: movedStart, endAt: movedEnd }, 409),
    write("/v1/tours/check_in", { tourId, at: tourStart }, 409),
  ] satisfies Exchange[]) {
    await send(exchange);
  }

  const unexpected = seen
    .filter((s) => s.status !== s.exchange.status)
    .map((s) => `${s.exchange.path}: ${s.status}, not ${s.exchange.status}`);
  assert.deepEqual(unexpected, [], "each request got the answer it was sent for");
  const contradicted = seen.flatMap((s) =>
    s.violations
      .filter((v) => v.location[0] === "response")
      .map((v) => `${s.exchange.method ?? "GET"} ${s.exchange.path} → ${s.status}: ${v.location.join(".")} ${v.message}`),
  );
  assert.deepEqual(contradicted, [], "no answer contradicts the document");
  const invalidRequests = seen.flatMap((s) =>
    s.exchange.valid !== true && s.exchange.valid !== undefined
      ? []
      : s.violations.map((v) => `${s.exchange.method ?? "GET"} ${s.exchange.path}: ${v.message}`),
  );
  assert.deepEqual(invalidRequests, [], "the requests meant to be valid are valid by the document");
  const unreported = seen
    .filter((s) => s.exchange.valid === false && !s.violations.some((v) => v.location[0] === "request"))
    .map((s) => `${s.exchange.method ?? "GET"} ${s.exchange.path} (${s.status})`);
  assert.deepEqual(unreported, [], "Prism does validate: every request that breaks the document on purpose is reported");
  const undeclared = seen.flatMap((s) => {
    const declared = Object.keys(operationOf(s.exchange.method ?? "GET", s.exchange.path).responses[String(s.status)]?.headers ?? {}).map(
      (name) => name.toLowerCase(),
    );
    return WATCHED.filter((name) => s.headers.has(name) && !declared.includes(name)).map(
      (name) => `${s.exchange.method ?? "GET"} ${s.exchange.path} → ${s.status} sends ${name}`,
    );
  });
  assert.deepEqual(undeclared, [], "every header sent is declared on its answer");
  // Every operation and every status it answered here: the coverage this test claims.
  const operations = new Set(seen.map((s) => operationOf(s.exchange.method ?? "GET", s.exchange.path)));
  assert.equal(operations.size, Object.values(doc.paths).flatMap((methods) => Object.values(methods)).length, "every operation was driven");
  assert.ok(seen.length >= 200, `${seen.length} requests through the proxy`);
  t.diagnostic(
    `${seen.length} requests through Prism, ${operations.size} operations, statuses ${[...new Set(seen.map((s) => s.status))].sort().join(" ")}`,
  );
});
