// The events of the writes at a real webhook receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true):
// each of the eight types delivered once, verified with the `standardwebhooks` npm package, and
// a replayed Idempotency-Key write delivers nothing more. Runs on the memory store and, with
// STORE=redis, on Redis.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { allEvents, call, postJson, startTestServer, type Answer, type ServedEvent, type TestServer } from "../e2e.test-support.js";

const WRITE_EVENT_TYPES = [
  "unit.created",
  "unit.updated",
  "schedule.item_created",
  "schedule.item_updated",
  "schedule.item_deleted",
  "template.created",
  "template.updated",
  "template.deleted",
];

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook receiver on 127.0.0.1 that records every POST and answers 204. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("e2e: the writes' events at a webhook receiver", () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  before(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: "true" }, { webhookPollMs: 100 });
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  it("every event type of the writes is delivered once to a webhook receiver and verifies with standardwebhooks", async () => {
    const key = server.fixture.keys.admin;
    const post = async (path: string, body: unknown, status: number, headers: Record<string, string> = {}): Promise<Answer> => {
      const answer = await postJson(server.url, path, key, body, headers);
      assert.equal(answer.status, status, `${path}: ${answer.text}`);
      return answer;
    };
    const endpoint = await post("/v1/webhook_endpoints", { url: receiver.url, eventTypes: WRITE_EVENT_TYPES }, 201);
    const secret = endpoint.json.secret as string;

    const urlKey = `${server.fixture.p}-pine-rd`;
    const unitWrite = { urlKey, address: "5 Pine Rd", timeZone: "Asia/Tokyo" };
    const idempotency = { "Idempotency-Key": randomUUID() };
    const unit = (await post("/v1/units/create_unit", unitWrite, 201, idempotency)).json.unit;
    await post("/v1/units/update_unit", { unitIdOrKey: unit.id, expectedVersion: 1, address: "5 Pine Road" }, 200);
    const tour = { kind: "tour", title: "Tour", startAt: "2027-02-01T10:00:00+09:00", endAt: "2027-02-01T11:00:00+09:00" };
    const item = (await post("/v1/units/create_schedule_item", { unitIdOrKey: urlKey, ...tour }, 201)).json.item;
    await post(
      "/v1/units/update_schedule_item",
      { unitIdOrKey: urlKey, key: item.key, title: "Longer tour", endAt: "2027-02-01T12:00:00+09:00" },
      200,
    );
    await post("/v1/units/delete_schedule_item", { unitIdOrKey: urlKey, key: item.key, expectedVersion: 4 }, 200);
    const template = (await post("/v1/templates/create_message_template", { name: "Hook", body: "Hi {{prospect.name}}" }, 201)).json
      .template;
    await post("/v1/templates/update_message_template", { templateId: template.id, body: "Hello {{prospect.name}}" }, 200);
    await post("/v1/templates/delete_message_template", { templateId: template.id }, 204);
    const replayed = await post("/v1/units/create_unit", unitWrite, 201, idempotency);
    assert.equal(replayed.headers.get("idempotent-replayed"), "true");

    await until("eight deliveries", () => (receiver.received.length >= WRITE_EVENT_TYPES.length ? true : undefined));
    await sleep(1_500); // many polls: a second delivery, or one for the replay, would be here by now
    const delivered = receiver.received.map((request) => {
      const event = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as ServedEvent;
      assert.equal(request.headers["webhook-id"], event.id);
      return event;
    });
    assert.deepEqual(delivered.map((event) => event.type).sort(), [...WRITE_EVENT_TYPES].sort(), "each type exactly once");
    // The fixture's codes were programmed on their locks meanwhile (access_code.synced, not subscribed to here).
    const stored = (await allEvents(server.url, key)).filter((event) => (WRITE_EVENT_TYPES as readonly string[]).includes(event.type));
    assert.deepEqual(delivered.map((event) => event.id).sort(), stored.map((event) => event.id).sort(), "the org's events, no other");
    for (const request of receiver.received) {
      const id = String(request.headers["webhook-id"]);
      const served = await call(server.url, `/v1/events/${id}`, { key });
      assert.equal(JSON.stringify(served.json.event), request.body, "the body is the event as GET /v1/events/{id} serves it");
    }

    const of = (type: string) => delivered.find((event) => event.type === type)?.data;
    assert.deepEqual(of("unit.created").unit, {
      id: unit.id,
      urlKey,
      address: "5 Pine Rd",
      timeZone: "Asia/Tokyo",
      version: 1,
      showingRules: null,
    });
    assert.deepEqual([of("unit.updated").unit.address, of("unit.updated").unit.version], ["5 Pine Road", 2]);
    assert.deepEqual(of("unit.updated").previous, { urlKey, address: "5 Pine Rd" });
    assert.deepEqual([of("schedule.item_created").item, of("schedule.item_created").unit.version], [item, 3]);
    const updated = of("schedule.item_updated");
    assert.deepEqual(
      [updated.item.title, updated.item.endAt, updated.previous, updated.unit.version],
      ["Longer tour", "2027-02-01T03:00:00.000Z", item, 4],
    );
    assert.deepEqual(
      [of("schedule.item_deleted").item.key, of("schedule.item_deleted").item.title, of("schedule.item_deleted").unit.version],
      [item.key, "Longer tour", 5],
    );
    assert.deepEqual(of("template.created").template, template);
    assert.deepEqual([of("template.updated").template.body, of("template.updated").previous], ["Hello {{prospect.name}}", template]);
    assert.deepEqual([of("template.deleted").template.id, of("template.deleted").template.body], [template.id, "Hello {{prospect.name}}"]);

    const deliveries = await call(server.url, `/v1/webhook_endpoints/${endpoint.json.webhookEndpoint.id}/deliveries?limit=100`, { key });
    assert.deepEqual(
      (deliveries.json.deliveries as { status: string; attempts: number }[]).map(({ status, attempts }) => [status, attempts]),
      WRITE_EVENT_TYPES.map(() => ["delivered", 1]),
    );
  });
});
