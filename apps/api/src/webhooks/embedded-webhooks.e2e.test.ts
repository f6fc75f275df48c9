// An embedded application does all it serves: the Koa app mounted in a server of its own, over a
// Lintel made with createMemoryLintel, delivers its webhooks (the Lintel runs its dispatcher from
// creation to close), verified with `standardwebhooks`; one built without a webhook sender takes
// no endpoint and says which setting is missing, instead of keeping deliveries pending for ever.
// Store-independent: runs in the memory stages only.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { parseFixture, type Lintel } from "@lintel/core";
import { generateApiKey } from "@lintel/domain";
import { createMemoryLintel } from "@lintel/store-memory";
import { createApp } from "../app.js";
import { createWebhookSender } from "./http-webhook-sender.js";
import { createLogger } from "../http-edge/logger.js";

const key = generateApiKey();

async function embedded(withSender: boolean): Promise<Lintel> {
  const parsed = parseFixture({
    orgs: [{ id: "org_embed", name: "Embedder" }],
    apiKeys: [
      {
        id: "key_embed",
        orgId: "org_embed",
        name: "app",
        key,
        scopes: ["units:write", "webhooks:write"],
        createdAt: "2026-01-01T00:00:00Z",
      },
    ],
  });
  assert.ok(parsed.ok);
  const { lintel } = await createMemoryLintel({
    fixture: parsed.data,
    webhookAllowPrivate: true,
    ...(withSender ? { webhookSender: createWebhookSender({ allowPrivate: true }), webhookDelivery: { pollMs: 50 } } : {}),
  });
  return lintel;
}

/** Serves `lintel`'s Koa app on a port of its own; `call` POSTs JSON with the key. */
async function serve(lintel: Lintel) {
  const app = createApp({
    lintel,
    config: { docsUrl: "https://example.test/docs", publicBaseUrl: "https://example.test", trustedProxies: 0 },
    logger: createLogger("silent"),
  });
  const handle = app.callback();
  const server = createServer((request, response) => void handle(request, response)).listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (path: string, body: unknown) => {
    const answer = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };
  const close = async () => {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  };
  return { call, close };
}

describe("an embedded application's webhooks", () => {
  it("the mounted Koa app delivers a write's event to a receiver, signed so standardwebhooks verifies it", async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    }).listen(0, "127.0.0.1");
    await once(receiver, "listening");
    const lintel = await embedded(true);
    const app = await serve(lintel);
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const created = await app.call("/v1/webhook_endpoints", { url, eventTypes: ["unit.created"] });
      assert.equal(created.status, 201);
      const secret = created.json["secret"] as string;
      const unit = await app.call("/v1/units/create_unit", { urlKey: "embedded-unit", address: "1 Embed St" });
      assert.equal(unit.status, 201);
      for (let waited = 0; received.length === 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      assert.equal(received.length, 1, "one delivery arrived");
      const [delivery] = received;
      assert.ok(delivery);
      const headers = Object.fromEntries(Object.entries(delivery.headers).map(([name, value]) => [name, String(value)]));
      const event = new Webhook(secret).verify(delivery.body, headers) as { type: string; data: { unit: { urlKey: string } } };
      assert.equal(event.type, "unit.created");
      assert.equal(event.data.unit.urlKey, "embedded-unit");
    } finally {
      await lintel.close(1000);
      await app.close();
      receiver.closeAllConnections();
      await new Promise((closed) => receiver.close(closed));
    }
  });

  it("a Lintel built without a webhook sender takes no endpoint, and the 400 names the setting", async () => {
    const lintel = await embedded(false);
    const app = await serve(lintel);
    try {
      const created = await app.call("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook", eventTypes: ["*"] });
      assert.equal(created.status, 400);
      assert.match(JSON.stringify(created.json["invalidParams"]), /webhookSender/);
    } finally {
      await lintel.close();
      await app.close();
    }
  });
});
