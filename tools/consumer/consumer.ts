// A service of someone else's that installs Lintel's packed tarballs from outside the
// workspace (tools/src/packages.e2e.test.ts makes the project: domain, core, store-memory, the
// Koa adapter @lintel/api and the client, no server package) and uses each package the way its
// README says. Compiled under `node16` and `bundler` resolution, run with node.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Koa from "koa";
import mount from "koa-mount";
import { applyServerEdge, createApp, createLogger, createWebhookSender } from "@lintel/api";
import { createLintelClient, LintelProblem, verifyWebhook } from "@lintel/client";
import { parseFixture, type Caller, type FixtureData } from "@lintel/core";
import {
  createCursorCodec,
  createScopePolicy,
  generateApiKey,
  hashApiKey,
  previewTimezoneChange,
  type CursorDecoding,
  type ScopeCheck,
  type TimezonePreview,
} from "@lintel/domain";
import { createMemoryLintel } from "@lintel/store-memory";

// 1. The domain: a preview, the cursor codec on a list of this service's own, a scope policy of its own.
const preview: TimezonePreview = previewTimezoneChange({
  unit: { id: "unit_1", address: "1 Main St", timeZone: "America/Chicago", version: 1 },
  items: [
    {
      kind: "tour",
      id: "tour_1",
      unitId: "unit_1",
      title: "Morning tour",
      startAt: "2030-01-15T16:00:00.000Z",
      endAt: "2030-01-15T17:00:00.000Z",
      lockId: null,
    },
  ],
  lockUnits: new Map(),
  proposedTimeZone: "America/New_York",
  nowMs: Date.parse("2029-12-01T00:00:00.000Z"),
});
assert.equal(preview.status, "ok");
assert.equal(preview.items[0]?.wallClockStart, "2030-01-15T10:00:00-05:00");

const codec = createCursorCodec(["a-secret-of-at-least-32-characters!!"]);
const cursor = codec.encode("2030-01-15|invoice_9", { orgId: "tenant_1", list: "invoices" });
const opened: CursorDecoding = codec.decode(cursor, { orgId: "tenant_1", list: "invoices" });
assert.deepEqual(opened, { ok: true, position: "2030-01-15|invoice_9" });
assert.equal(codec.decode(cursor, { orgId: "tenant_2", list: "invoices" }).ok, false, "another tenant's binding refuses it");
assert.equal(codec.decode(cursor, { orgId: "tenant_1", list: "payments" }).ok, false, "another list refuses it");

type ReportScope = "reports:read" | "reports:write";
const policy = createScopePolicy<ReportScope>({ "reports:read": ["reports:write"] });
const verdict: ScopeCheck<ReportScope> = policy.require(["reports:read"], "reports:write");
assert.deepEqual([policy.grants(["reports:write"], "reports:read"), verdict.ok], [true, false]);

// 2. Core on the memory store, in one call: load a fixture, preview a zone change, apply it.
const key = generateApiKey();
const parsed = parseFixture({
  orgs: [{ id: "org_1", name: "Acme" }],
  apiKeys: [
    {
      id: "key_1",
      orgId: "org_1",
      name: "svc",
      key,
      scopes: ["locks:read", "units:write", "webhooks:write"],
      createdAt: "2026-01-01T00:00:00.000Z",
    },
  ],
  units: [
    { id: "unit_1", orgId: "org_1", urlKey: "main-st", address: "1 Main St", timeZone: "America/Chicago", version: 1 },
    { id: "unit_2", orgId: "org_1", urlKey: "elm-st", address: "2 Elm St", timeZone: "America/Chicago", version: 1 },
  ],
  tours: [
    {
      id: "tour_1",
      unitId: "unit_1",
      title: "Morning tour",
      startAt: "2030-01-15T16:00:00.000Z",
      endAt: "2030-01-15T17:00:00.000Z",
      lockId: null,
    },
  ],
  locks: [
    {
      lockId: "lk_1",
      orgId: "org_1",
      name: "Front door",
      provider: "simulated",
      providerDeviceId: "dev_1",
      unitIds: [],
      status: "active",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    },
  ],
});
assert.ok(parsed.ok, parsed.ok ? "" : parsed.errors.join("\n"));
const fixture: FixtureData = parsed.data;
// The webhook sender of the Koa adapter: node:http, loopback allowed here for the receiver below.
const { lintel } = await createMemoryLintel({
  fixture,
  webhookSender: createWebhookSender({ allowPrivate: true }),
  webhookAllowPrivate: true,
  webhookDelivery: { pollMs: 50 },
});
const admitted = await lintel.admit({ apiKey: key, clientAddress: "127.0.0.1", scope: "units:write" });
assert.ok(admitted.ok);
const caller: Caller = admitted.admission.caller;
const previewed = await lintel.previewTimezoneChange(caller, { unitIdOrKey: "main-st", proposedTimeZone: "America/New_York" });
assert.ok(previewed.ok);
assert.equal(previewed.value.items.length, 1, "the tour is previewed");
const applied = await lintel.setTimeZone(caller, {
  unitIdOrKey: "main-st",
  timeZone: "America/New_York",
  expectedVersion: 1,
  policy: "keep_wall_clock",
});
assert.ok(applied.ok);
assert.deepEqual([applied.value.unit.timeZone, applied.value.unit.version, applied.value.moved], ["America/New_York", 2, 1]);
const locks = await lintel.listLocks(caller, { limit: 10 });
assert.ok(locks.ok);
assert.deepEqual(
  locks.value.locks.map((lock) => lock.lockId),
  ["lk_1"],
);
assert.equal(hashApiKey(key).length, 64);

// A receiver of this service's own for the webhooks.
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((request, response) => {
  let text = "";
  request.on("data", (chunk: Buffer) => (text += chunk.toString()));
  request.on("end", () => {
    received.push({ headers: request.headers, body: text });
    response.writeHead(204).end();
  });
});
receiver.listen(0, "127.0.0.1");
await once(receiver, "listening");

// 3. The Koa app mounted under a prefix in this service's own Koa app and server, with the
//    server edge (timeouts, keep-alive, drain) applied to that server. No docs renderer is
//    installed (that is @lintel/server's): /docs says so and links the document.
const host = new Koa();
host.use(
  mount(
    "/lintel",
    createApp({
      lintel,
      config: { docsUrl: "http://127.0.0.1/lintel/docs", publicBaseUrl: "http://127.0.0.1/lintel", trustedProxies: 0 },
      logger: createLogger("silent"),
    }),
  ),
);
host.use((ctx) => {
  ctx.body = "the host's own route";
});
const server = createServer();
const edge = applyServerEdge(server, host.callback());
server.listen(0, "127.0.0.1");
await once(server, "listening");
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
try {
  const docs = await fetch(`${base}/lintel/docs`);
  assert.equal(docs.status, 200);
  const page = await docs.text();
  assert.match(page, /renderer is not installed/);
  assert.match(page, /href="\/lintel\/v1\/openapi\.json"/);
  assert.doesNotMatch(page, /<script/);
  assert.equal((await fetch(`${base}/lintel/docs/assets/redoc.standalone.js`)).status, 404);
  const spec = (await (await fetch(`${base}/lintel/v1/openapi.json`)).json()) as { servers: { url: string }[] };
  assert.equal(spec.servers[0]?.url, "http://127.0.0.1/lintel");
  assert.equal(await (await fetch(`${base}/elsewhere`)).text(), "the host's own route");

  // 4. The typed client against the live, mounted server; its webhook endpoint gets a verified delivery.
  const client = createLintelClient({ baseUrl: `${base}/lintel`, apiKey: key });
  const listed = await client.locks.list({ limit: 5 }).toArray();
  assert.deepEqual(
    listed.map((lock) => lock.lockId),
    ["lk_1"],
  );
  await assert.rejects(client.locks.get("lk_nope"), (error: unknown) => error instanceof LintelProblem && error.code === "not_found");
  const { secret } = await client.webhookEndpoints.create({
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    eventTypes: ["unit.timezone_changed"],
  });
  const set = await client.units.setTimezone({
    unitIdOrKey: "elm-st",
    timeZone: "Europe/Berlin",
    expectedVersion: 1,
    policy: "keep_instant",
  });
  assert.equal(set.unit.version, 2);
  for (let waited = 0; received.length === 0 && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  const [delivery] = received;
  assert.ok(delivery, "a delivery arrived");
  const event = await verifyWebhook(delivery.body, delivery.headers, secret);
  assert.equal(event.type, "unit.timezone_changed");
  assert.equal(received.length, 1);
} finally {
  await lintel.close(1000);
  await edge.close();
  receiver.closeAllConnections();
  receiver.close();
}
console.log("consumer: ok");
