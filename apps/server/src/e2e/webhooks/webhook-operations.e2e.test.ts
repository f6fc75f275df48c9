// Webhook endpoints as integrators run them, end to end: update, rotate_secret, retry, recover
// and send_test against a real receiver on 127.0.0.1, deliveries verified with the
// `standardwebhooks` npm package. Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { assertProblem, call, startTestServer, type TestServer } from "../e2e.test-support.js";
import { createLogger } from "@lintel/api";
import { sleep, startWebhookReceiver, until, type ReceivedWebhook, type WebhookReceiver } from "./webhook-receiver.test-support.js";

/** How long a rotated-out secret keeps signing in this server (24 h in production). */
const OVERLAP_MS = 1500;

const json = (body: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const headersOf = (delivery: ReceivedWebhook) => delivery.headers as Record<string, string>;

describe("e2e: webhook endpoint operations", () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const logLines: string[] = [];
  const admin = () => server.fixture.keys.admin;

  before(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer(
      { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1,1" },
      {
        webhookPollMs: 100,
        webhookSecretOverlapMs: OVERLAP_MS,
        logger: createLogger("info", { write: (line: string) => void logLines.push(line) }),
      },
    );
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  async function createEndpoint(path: string, eventTypes: string[] = ["unit.timezone_changed"]) {
    const created = await call(server.url, "/v1/webhook_endpoints", {
      method: "POST",
      key: admin(),
      ...json({ url: receiver.url(path), eventTypes }),
    });
    assert.equal(created.status, 201, created.text);
    return created.json as { webhookEndpoint: { id: string }; secret: string };
  }
  /** A `unit.timezone_changed` of the New York unit; its event id. */
  async function changeZone(): Promise<string> {
    const unitId = server.fixture.units.york.id;
    const unit = await call(server.url, `/v1/units/get_unit?unitIdOrKey=${unitId}`, { key: admin() });
    const timeZone = unit.json.unit.timeZone === "Europe/Lisbon" ? "Europe/Madrid" : "Europe/Lisbon";
    const body = { unitIdOrKey: unitId, timeZone, expectedVersion: unit.json.unit.version, policy: "keep_instant" };
    assert.equal((await call(server.url, "/v1/units/set_timezone", { method: "POST", key: admin(), ...json(body) })).status, 200);
    const events = await call(server.url, "/v1/events?type=unit.timezone_changed&limit=1", { key: admin() });
    return events.json.events[0].id as string;
  }
  const deliveriesOf = async (endpointId: string) =>
    (await call(server.url, `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key: admin() })).json.deliveries as {
      id: string;
      eventId: string;
      eventType: string;
      status: string;
      attempts: number;
    }[];
  const deliveryOf = async (endpointId: string, eventId: string) => (await deliveriesOf(endpointId)).find((d) => d.eventId === eventId);
  const settled = (endpointId: string, eventId: string, status: string) =>
    until(`${eventId} ${status}`, async () => {
      const delivery = await deliveryOf(endpointId, eventId);
      return delivery?.status === status ? delivery : undefined;
    });
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(server.url, path, {
      method: "POST",
      key: admin(),
      ...(body === undefined ? { headers } : { headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }),
    });

  it("update moves deliveries to the new url, pending ones included", async () => {
    const { webhookEndpoint } = await createEndpoint("/update-old");
    receiver.answer("/update-old", 500);
    const eventId = await changeZone();
    await until("the first attempt at the old url", () => receiver.at("/update-old")[0]);
    const updated = await post(`/v1/webhook_endpoints/${webhookEndpoint.id}`, { url: receiver.url("/update-new"), description: "moved" });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual([updated.json.webhookEndpoint.url, updated.json.webhookEndpoint.description], [receiver.url("/update-new"), "moved"]);
    assert.ok(!updated.text.includes("whsec_"), "no secret in the answer");
    const moved = await until("the retry at the new url", () => receiver.at("/update-new")[0]);
    assert.equal(moved.headers["webhook-id"], eventId, "the pending delivery went to the new url");
    await settled(webhookEndpoint.id, eventId, "delivered");
    const next = await changeZone();
    await until("a new event at the new url", () => receiver.at("/update-new").find((r) => r.headers["webhook-id"] === next));
    assert.equal(receiver.at("/update-old").length, 1, "nothing more at the old url");
    const refused = await post(`/v1/webhook_endpoints/${webhookEndpoint.id}`, { eventTypes: ["no.such_type"] });
    assertProblem(refused, 400, "invalid_request");
    assertProblem(await post(`/v1/webhook_endpoints/${webhookEndpoint.id}`, { url: "ftp://x.example.com" }), 400, "invalid_request");
  });

  it("after a rotation a delivery verifies with the old and with the new secret (standardwebhooks), and after the 24 h with the new one only", async () => {
    const { webhookEndpoint, secret: oldSecret } = await createEndpoint("/rotate");
    const path = `/v1/webhook_endpoints/${webhookEndpoint.id}/rotate_secret`;
    const rotated = await post(path, undefined, { "Idempotency-Key": "rotate-once" });
    assert.equal(rotated.status, 200, rotated.text);
    const newSecret = rotated.json.secret as string;
    assert.match(newSecret, /^whsec_/);
    assert.notEqual(newSecret, oldSecret);
    const replay = await post(path, undefined, { "Idempotency-Key": "rotate-once" });
    assert.deepEqual([replay.json.secret, replay.headers.get("idempotent-replayed")], [newSecret, "true"], "the kept answer is replayed");
    const during = await changeZone();
    const first = await until("a delivery during the overlap", () =>
      receiver.at("/rotate").find((r) => r.headers["webhook-id"] === during),
    );
    assert.equal(String(first.headers["webhook-signature"]).split(" ").length, 2, "two signatures");
    assert.equal(
      String(first.headers["webhook-signature"]).split(" ")[0],
      new Webhook(newSecret).sign(during, new Date(Number(first.headers["webhook-timestamp"]) * 1000), first.body),
    );
    new Webhook(newSecret).verify(first.body, headersOf(first));
    new Webhook(oldSecret).verify(first.body, headersOf(first));
    await sleep(OVERLAP_MS + 100);
    const later = await changeZone();
    const second = await until("a delivery after the overlap", () => receiver.at("/rotate").find((r) => r.headers["webhook-id"] === later));
    assert.equal(String(second.headers["webhook-signature"]).split(" ").length, 1);
    new Webhook(newSecret).verify(second.body, headersOf(second));
    assert.throws(() => new Webhook(oldSecret).verify(second.body, headersOf(second)));
    const got = await call(server.url, `/v1/webhook_endpoints/${webhookEndpoint.id}`, { key: admin() });
    assert.ok(!got.text.includes(newSecret.slice(6)) && !got.text.includes(oldSecret.slice(6)), "no secret in another answer");
    const logs = logLines.join("\n");
    assert.ok(!logs.includes(newSecret.slice(6)) && !logs.includes(oldSecret.slice(6)), "no secret in a log line");
  });

  it("two rotations within the overlap: a delivery verifies with each of the three secrets, the newest signature first", async () => {
    const { webhookEndpoint, secret: first } = await createEndpoint("/rotate-twice");
    const path = `/v1/webhook_endpoints/${webhookEndpoint.id}/rotate_secret`;
    const second = (await post(path)).json.secret as string;
    const third = (await post(path)).json.secret as string;
    const during = await changeZone();
    const delivery = await until("a delivery after two rotations", () =>
      receiver.at("/rotate-twice").find((r) => r.headers["webhook-id"] === during),
    );
    const signatures = String(delivery.headers["webhook-signature"]).split(" ");
    assert.equal(signatures.length, 3, "three signatures");
    assert.equal(
      signatures[0],
      new Webhook(third).sign(during, new Date(Number(delivery.headers["webhook-timestamp"]) * 1000), delivery.body),
    );
    for (const secret of [first, second, third]) new Webhook(secret).verify(delivery.body, headersOf(delivery));
  });

  it("retry of a failed delivery arrives with the same webhook-id, runs the schedule from its start, and counts every attempt", async () => {
    const { webhookEndpoint } = await createEndpoint("/retry-one");
    receiver.answer("/retry-one", 500);
    const eventId = await changeZone();
    const failed = await settled(webhookEndpoint.id, eventId, "failed");
    assert.equal(failed.attempts, 3);
    const base = `/v1/webhook_endpoints/${webhookEndpoint.id}/deliveries`;
    assertProblem(await post(`${base}/dlv_000000000000000000000000/retry`), 404, "not_found");
    // Still failing: the schedule (1 s, 1 s) runs again from its start, three more attempts.
    const first = await post(`${base}/${failed.id}/retry`);
    assert.equal(first.status, 202, first.text);
    assert.deepEqual([first.json.delivery.id, first.json.delivery.status, first.json.delivery.attempts], [failed.id, "pending", 3]);
    assert.equal((await settled(webhookEndpoint.id, eventId, "failed")).attempts, 6, "every attempt counted");
    receiver.answer("/retry-one", 204);
    const before = receiver.at("/retry-one").length;
    const retried = await post(`${base}/${failed.id}/retry`);
    assert.equal(retried.status, 202, retried.text);
    assert.deepEqual([retried.json.delivery.status, retried.json.delivery.attempts], ["pending", 6]);
    assert.ok(!("attemptsBeforeRequeue" in retried.json.delivery), "the schedule's bookkeeping is not served");
    const again = await until("the retried attempt", () => receiver.at("/retry-one")[before]);
    assert.equal(again.headers["webhook-id"], eventId);
    const delivered = await settled(webhookEndpoint.id, eventId, "delivered");
    assert.equal(delivered.attempts, 7, "attempts count every attempt, across retries");
  });

  it("recover after a receiver was down re-delivers exactly the failed ones since the instant and no others", async () => {
    const { webhookEndpoint } = await createEndpoint("/down");
    const id = webhookEndpoint.id;
    receiver.answer("/down", 500);
    const early = await changeZone();
    await settled(id, early, "failed");
    await sleep(5);
    const since = new Date().toISOString();
    const down = [await changeZone(), await changeZone()];
    for (const eventId of down) await settled(id, eventId, "failed");
    receiver.answer("/down", 204);
    const up = await changeZone();
    await settled(id, up, "delivered");
    const before = receiver.at("/down").length;
    assertProblem(await post(`/v1/webhook_endpoints/${id}/recover`, { since: "2020-01-01T00:00:00Z" }), 400, "invalid_request");
    assertProblem(await post(`/v1/webhook_endpoints/${id}/recover`, {}), 400, "invalid_request");
    const recovered = await post(`/v1/webhook_endpoints/${id}/recover`, { since });
    assert.equal(recovered.status, 202, recovered.text);
    assert.deepEqual(recovered.json, { deliveries: 2 });
    for (const eventId of down) await settled(id, eventId, "delivered");
    await sleep(500);
    const redelivered = receiver
      .at("/down")
      .slice(before)
      .map((r) => r.headers["webhook-id"]);
    assert.deepEqual([...redelivered].sort(), [...down].sort(), "the two failed since the instant, once each");
    assert.equal((await deliveryOf(id, early))?.status, "failed", "the one before the instant stays failed");
  });

  it("send_test arrives signed and is not in /v1/events", async () => {
    const { webhookEndpoint, secret } = await createEndpoint("/test", ["unit.created"]);
    const sent = await post(`/v1/webhook_endpoints/${webhookEndpoint.id}/send_test`);
    assert.equal(sent.status, 202, sent.text);
    assert.deepEqual([sent.json.delivery.eventType, sent.json.delivery.status], ["webhook_endpoint.test", "pending"]);
    const arrived = await until("the test delivery", () => receiver.at("/test")[0]);
    const event = new Webhook(secret).verify(arrived.body, headersOf(arrived)) as { id: string; type: string; data: unknown };
    assert.deepEqual(
      [event.id, event.type, event.data],
      [sent.json.delivery.eventId, "webhook_endpoint.test", { endpointId: webhookEndpoint.id }],
    );
    assertProblem(await call(server.url, `/v1/events/${event.id}`, { key: admin() }), 404, "not_found");
    assertProblem(await call(server.url, "/v1/events?type=webhook_endpoint.test", { key: admin() }), 400, "invalid_request");
    const listed = await call(server.url, "/v1/events?limit=100", { key: admin() });
    assert.ok(!(listed.json.events as { id: string }[]).some((e) => e.id === event.id));
    assert.equal((await settled(webhookEndpoint.id, event.id, "delivered")).eventType, "webhook_endpoint.test");
  });
  it("a POST that needs no body takes none or {}; any other body is refused (415, 400 naming the field) and nothing is done", async () => {
    const { webhookEndpoint } = await createEndpoint("/bodies", ["unit.created"]);
    const path = `/v1/webhook_endpoints/${webhookEndpoint.id}/send_test`;
    const sent = async (init: { headers?: Record<string, string>; body?: string }) =>
      call(server.url, path, { method: "POST", key: admin(), ...init });
    assertProblem(await sent({ headers: { "content-type": "text/plain" }, body: "hello" }), 415, "unsupported_media_type");
    const unknown = await sent(json({ bogus: true }));
    assertProblem(unknown, 400, "invalid_request");
    assert.deepEqual(
      unknown.json.invalidParams.map((param: { name: string }) => param.name),
      ["bogus"],
    );
    assert.deepEqual(await deliveriesOf(webhookEndpoint.id), [], "nothing sent for a refused body");
    assert.equal((await sent(json({}))).status, 202);
    assert.equal((await sent({})).status, 202);
    assert.equal((await deliveriesOf(webhookEndpoint.id)).length, 2);
  });
});
