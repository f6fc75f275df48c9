// The client's events and webhook endpoints against the real server (memory, and Redis under
// STORE=redis): `for await` over events and deliveries equals a manual cursor walk, create
// answers the secret once, and a receiver verifies each delivery with `verifyWebhook`.
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { call, startTestServer, type TestServer } from "@lintel/testkit/e2e";
import * as lintelServer from "@lintel/server";
import type { RunningServer } from "@lintel/server";
import { createLintelClient, LintelProblem, verifyWebhook, WebhookVerificationError, type LintelClient } from "./index.js";

async function manualWalk(server: TestServer<RunningServer>, path: string, field: string, key: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  do {
    const answer = await call(server.url, `${path}?limit=2${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`, { key });
    assert.equal(answer.status, 200, answer.text);
    items.push(...answer.json[field]);
    cursor = answer.json.nextCursor;
  } while (cursor !== null);
  return items;
}

describe(`client: events and webhook endpoints (STORE=${process.env["STORE"] ?? "memory"})`, () => {
  let server: TestServer<RunningServer>;
  let lintel: LintelClient;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  before(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    server = await startTestServer(lintelServer, { WEBHOOK_ALLOW_PRIVATE: "true" }, { webhookPollMs: 100 });
    lintel = createLintelClient({ baseUrl: server.url, apiKey: server.fixture.keys.admin });
  });
  after(async () => {
    await server.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("create, three changes delivered and verified, for await over events and deliveries, delete", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const { webhookEndpoint, secret, replayed } = await lintel.webhookEndpoints.create({ url, eventTypes: ["unit.timezone_changed"] });
    assert.equal(replayed, false);
    assert.equal((await lintel.webhookEndpoints.get(webhookEndpoint.id)).url, url);
    const unit = server.fixture.units.york;
    let version = unit.version;
    for (const timeZone of ["Europe/Lisbon", "Europe/Paris", "Asia/Tokyo"]) {
      const changed = await lintel.units.setTimezone({ unitIdOrKey: unit.id, timeZone, expectedVersion: version, policy: "keep_instant" });
      version = changed.unit.version;
    }
    const deadline = Date.now() + 8000;
    while (received.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const verified = await Promise.all(received.map((r) => verifyWebhook(r.body, r.headers, secret)));
    assert.deepEqual(verified.map((event) => (event.data as { unit: { timeZone: string } }).unit.timeZone).sort(), [
      "Asia/Tokyo",
      "Europe/Lisbon",
      "Europe/Paris",
    ]);
    await assert.rejects(verifyWebhook(received[0]?.body ?? "", received[0]?.headers ?? {}, "whsec_d3Jvbmc="), WebhookVerificationError);

    const events = [];
    for await (const event of lintel.events.list({ limit: 2 })) events.push(event);
    assert.deepEqual(events, await manualWalk(server, "/v1/events", "events", server.fixture.keys.admin));
    // The fixture's codes were programmed on their locks meanwhile (access_code.synced): only the zone changes were delivered here.
    const zoneChanges = events.filter((event) => event.type === "unit.timezone_changed");
    assert.deepEqual(zoneChanges.map((e) => e.id).sort(), verified.map((e) => e.id).sort());
    assert.deepEqual(await lintel.events.get(events[0]?.id ?? ""), events[0]);
    const deliveries = await lintel.webhookEndpoints.listDeliveries(webhookEndpoint.id, { limit: 2 }).toArray();
    assert.deepEqual(
      deliveries,
      await manualWalk(server, `/v1/webhook_endpoints/${webhookEndpoint.id}/deliveries`, "deliveries", server.fixture.keys.admin),
    );
    assert.deepEqual(
      deliveries.map((d) => d.status),
      ["delivered", "delivered", "delivered"],
    );
    assert.equal((await lintel.webhookEndpoints.enable(webhookEndpoint.id)).status, "enabled");
    await lintel.webhookEndpoints.delete(webhookEndpoint.id);
    await assert.rejects(
      lintel.webhookEndpoints.get(webhookEndpoint.id),
      (error) => error instanceof LintelProblem && error.status === 404,
    );
  });
});
