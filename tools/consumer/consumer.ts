// A service of someone else's that installs Lintel's packed tarballs from outside the
// workspace (tools/src/packages.e2e.test.ts makes the project) and uses each package the way
// its README says. Compiled under `node16` and `bundler` resolution, run with node.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Koa from "koa";
import mount from "koa-mount";
import { applyServerEdge, createApp, createLogger } from "@lintel/api";
import { createLintelClient, LintelProblem } from "@lintel/client";
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

// 2. Core on the memory store, in one call.
const key = generateApiKey();
const parsed = parseFixture({
  orgs: [{ id: "org_1", name: "Acme" }],
  apiKeys: [
    { id: "key_1", orgId: "org_1", name: "svc", key, scopes: ["locks:read", "units:write"], createdAt: "2026-01-01T00:00:00.000Z" },
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
const { lintel } = await createMemoryLintel({ fixture });
const admitted = await lintel.admit({ apiKey: key, clientAddress: "127.0.0.1", scope: "locks:read" });
assert.ok(admitted.ok);
const caller: Caller = admitted.admission.caller;
const locks = await lintel.listLocks(caller, { limit: 10 });
assert.ok(locks.ok);
assert.deepEqual(
  locks.value.locks.map((lock) => lock.lockId),
  ["lk_1"],
);
assert.equal(hashApiKey(key).length, 64);

// 3. The Koa app mounted under a prefix in this service's own Koa app and server, with the
//    server edge (timeouts, keep-alive, drain) applied to that server.
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
  const page = await (await fetch(`${base}/lintel/docs`)).text();
  const script = /<script src="([^"]+)"/.exec(page)?.[1];
  assert.equal(script, "/lintel/docs/assets/redoc.standalone.js");
  const bundle = await fetch(`${base}${script}`);
  assert.equal(bundle.status, 200);
  assert.match(bundle.headers.get("content-type") ?? "", /javascript/);
  const spec = (await (await fetch(`${base}/lintel/v1/openapi.json`)).json()) as { servers: { url: string }[] };
  assert.equal(spec.servers[0]?.url, "http://127.0.0.1/lintel");
  assert.equal(await (await fetch(`${base}/elsewhere`)).text(), "the host's own route");

  // 4. The typed client against the live, mounted server.
  const client = createLintelClient({ baseUrl: `${base}/lintel`, apiKey: key });
  const listed = await client.locks.list({ limit: 5 }).toArray();
  assert.deepEqual(
    listed.map((lock) => lock.lockId),
    ["lk_1"],
  );
  await assert.rejects(client.locks.get("lk_nope"), (error: unknown) => error instanceof LintelProblem && error.code === "not_found");
} finally {
  await edge.close();
}
console.log("consumer: ok");
