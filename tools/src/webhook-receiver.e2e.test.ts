// The README's "Receiving webhooks" receiver as a test against the real server with the demo
// data: what the README shows must compile, verify a real delivery, and refuse a forged one.
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, it } from "node:test";
import { loadConfig, startServer, type RunningServer } from "@lintel/server";
import { DEMO_KEYS } from "@lintel/server/demo";
import { createServer } from "node:http";
import { createLintelClient, verifyWebhook, WebhookVerificationError, type LintelEvent } from "@lintel/client";

let server: RunningServer;
before(async () => {
  const loading = loadConfig({ LOG_LEVEL: "silent", STORE: "memory", WEBHOOK_ALLOW_PRIVATE: "true" });
  assert.ok(loading.ok);
  server = await startServer({ ...loading.config, port: 0 });
});
after(() => server.close());

it("README receiver: a delivery of a set_timezone verifies; a forged one is a 400", async () => {
  const apiKey = DEMO_KEYS.find((key) => key.id === "key_acme_admin")?.key ?? "";
  const lintel = createLintelClient({ baseUrl: server.url, apiKey });
  const handled: LintelEvent[] = [];
  let secret = "";
  // ---- README ----
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      verifyWebhook(Buffer.concat(chunks).toString("utf8"), req.headers, secret).then(
        (event) => {
          handled.push(event); // e.g. re-send the messages of event.data.moved
          res.writeHead(204).end();
        },
        (error: unknown) => res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end(),
      );
    });
  });
  // ---- end of README ----
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lintel-webhooks`;
    const created = await lintel.webhookEndpoints.create({ url, eventTypes: ["unit.timezone_changed"] });
    secret = created.secret;
    const [unit] = await lintel.units.list({ limit: 1 }).toArray();
    assert.ok(unit);
    const zone = unit.timeZone === "Europe/Oslo" ? "Europe/Rome" : "Europe/Oslo";
    await lintel.units.setTimezone({ unitIdOrKey: unit.id, timeZone: zone, expectedVersion: unit.version, policy: "keep_wall_clock" });
    const deadline = Date.now() + 8000;
    while (handled.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(handled.length, 1);
    assert.equal(handled[0]?.type, "unit.timezone_changed");
    const forged = await fetch(url, {
      method: "POST",
      headers: { "webhook-id": "evt_x", "webhook-timestamp": String(Math.floor(Date.now() / 1000)), "webhook-signature": "v1,Zm9yZ2Vk" },
      body: "{}",
    });
    assert.equal(forged.status, 400);
    assert.equal(handled.length, 1);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
