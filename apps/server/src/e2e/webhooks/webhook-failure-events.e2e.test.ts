// The events webhook delivery emits (webhook_delivery.failed, webhook_endpoint.disabled),
// delivered to the org's other endpoints, and the isolation across orgs of every webhook
// operation. Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { assertProblem, call, startTestServer, type TestServer } from "../e2e.test-support.js";
import { sleep, startWebhookReceiver, until, type WebhookReceiver } from "./webhook-receiver.test-support.js";

const json = (body: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("e2e: events about webhook delivery, and isolation of the webhook operations", () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const admin = () => server.fixture.keys.admin;

  before(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1" }, { webhookPollMs: 100 });
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  async function createEndpoint(path: string, eventTypes: string[], key = admin()) {
    const created = await call(server.url, "/v1/webhook_endpoints", {
      method: "POST",
      key,
      ...json({ url: receiver.url(path), eventTypes }),
    });
    assert.equal(created.status, 201, created.text);
    return created.json as { webhookEndpoint: { id: string }; secret: string };
  }
  async function changeZone(unitId: string): Promise<string> {
    const unit = await call(server.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: admin() });
    const timeZone = unit.json.unit.timeZone === "Asia/Tokyo" ? "Asia/Seoul" : "Asia/Tokyo";
    const body = { unitIdOrKey: unitId, timeZone, expectedVersion: unit.json.unit.version, policy: "keep_instant" };
    assert.equal((await call(server.url, "/v1/units/set_timezone", { method: "POST", key: admin(), ...json(body) })).status, 200);
    return (await call(server.url, "/v1/events?type=unit.timezone_changed&limit=1", { key: admin() })).json.events[0].id as string;
  }
  interface Told {
    id: string;
    type: string;
    data: { endpointId?: string; delivery?: { eventId: string; status: string }; webhookEndpoint?: { id: string; status: string } };
  }

  it("a delivery that gives up emits webhook_delivery.failed to another endpoint subscribed to it", async () => {
    const failing = await createEndpoint("/gives-up", ["unit.timezone_changed"]);
    const watcher = await createEndpoint("/watch-failed", ["webhook_delivery.failed"]);
    receiver.answer("/gives-up", 500);
    const eventId = await changeZone(server.fixture.units.chicago.id);
    const told = await until("webhook_delivery.failed at the watcher", () =>
      receiver
        .at("/watch-failed")
        .map((r) => ({ r, event: JSON.parse(r.body) as Told }))
        .find(({ event }) => event.data.endpointId === failing.webhookEndpoint.id && event.data.delivery?.eventId === eventId),
    );
    const verified = new Webhook(watcher.secret).verify(told.r.body, told.r.headers as Record<string, string>) as Told;
    assert.deepEqual([verified.type, verified.data.delivery?.status], ["webhook_delivery.failed", "failed"]);
    const served = await call(server.url, `/v1/events/${verified.id}`, { key: admin() });
    assert.equal(JSON.stringify(served.json.event), told.r.body, "stored in the event log as delivered");
    const listed = await call(server.url, "/v1/events?type=webhook_delivery.failed", { key: admin() });
    assert.ok((listed.json.events as { id: string }[]).some((e) => e.id === verified.id));
    // The watcher's own failure to take it emits nothing more: no feedback loop.
    receiver.answer("/watch-failed", 500);
    const watcherFailures = receiver.at("/watch-failed").length;
    await changeZone(server.fixture.units.chicago.id);
    await sleep(4000);
    const events = (await call(server.url, "/v1/events?type=webhook_delivery.failed&limit=100", { key: admin() })).json.events as Told[];
    assert.ok(
      !events.some((e) => e.data.endpointId === watcher.webhookEndpoint.id),
      "a failed delivery of webhook_delivery.failed is not told",
    );
    assert.ok(receiver.at("/watch-failed").length > watcherFailures);
    for (const { webhookEndpoint } of [failing, watcher]) {
      await call(server.url, `/v1/webhook_endpoints/${webhookEndpoint.id}`, { method: "DELETE", key: admin() });
    }
  });

  it("a 410 emits webhook_endpoint.disabled to another endpoint subscribed to it", async () => {
    const gone = await createEndpoint("/gone-away", ["unit.timezone_changed"]);
    await createEndpoint("/watch-disabled", ["webhook_endpoint.disabled"]);
    receiver.answer("/gone-away", 410);
    await changeZone(server.fixture.units.none.id);
    const told = await until("webhook_endpoint.disabled at the watcher", () =>
      receiver
        .at("/watch-disabled")
        .map((r) => JSON.parse(r.body) as Told)
        .find((event) => event.data.webhookEndpoint?.id === gone.webhookEndpoint.id),
    );
    assert.deepEqual([told.type, told.data.webhookEndpoint?.status], ["webhook_endpoint.disabled", "disabled"]);
    assert.ok(!JSON.stringify(told).includes("whsec_"), "no secret in the event");
  });

  it("isolation across orgs for each operation", async () => {
    const { webhookEndpoint } = await createEndpoint("/isolated", ["unit.created"]);
    const id = webhookEndpoint.id;
    const sent = await call(server.url, `/v1/webhook_endpoints/${id}/send_test`, { method: "POST", key: admin() });
    assert.equal(sent.status, 202, sent.text);
    const deliveryId = sent.json.delivery.id as string;
    const other = server.fixture.keys.orgB;
    const post = (path: string, body?: unknown) =>
      call(server.url, path, { method: "POST", key: other, ...(body === undefined ? {} : json(body)) });
    assertProblem(await post(`/v1/webhook_endpoints/${id}`, { description: "theirs" }), 404, "not_found");
    assertProblem(await post(`/v1/webhook_endpoints/${id}`, { url: receiver.url("/stolen") }), 404, "not_found");
    assertProblem(await post(`/v1/webhook_endpoints/${id}/rotate_secret`), 404, "not_found");
    assertProblem(await post(`/v1/webhook_endpoints/${id}/deliveries/${deliveryId}/retry`), 404, "not_found");
    assertProblem(
      await post(`/v1/webhook_endpoints/${id}/recover`, { since: new Date(Date.now() - 3_600_000).toISOString() }),
      404,
      "not_found",
    );
    assertProblem(await post(`/v1/webhook_endpoints/${id}/send_test`), 404, "not_found");
    // Their own endpoint does not reach this org's delivery either.
    const theirs = await createEndpoint("/theirs", ["unit.created"], other);
    assertProblem(await post(`/v1/webhook_endpoints/${theirs.webhookEndpoint.id}/deliveries/${deliveryId}/retry`), 404, "not_found");
    const mine = await call(server.url, `/v1/webhook_endpoints/${id}`, { key: admin() });
    assert.equal(mine.json.webhookEndpoint.description, null, "unchanged");
    assert.equal(receiver.at("/stolen").length, 0);
    const locksOnly = server.fixture.keys.locksOnly;
    const scoped = await call(server.url, `/v1/webhook_endpoints/${id}/send_test`, { method: "POST", key: locksOnly });
    assertProblem(scoped, 403, "missing_scope");
  });
});
