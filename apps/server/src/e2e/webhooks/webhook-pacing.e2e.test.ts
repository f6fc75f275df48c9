// A failing endpoint is paced as one lane: its deliveries go one at a time and it rests after each
// failure (WEBHOOK_RETRY_SCHEDULE=1: about a second), and its deliveries list serves each pending
// delivery's nextAttemptAt as when it will be attempted, never a time already past. A real receiver
// that answers 500; runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { call, startTestServer, type TestServer } from "../e2e.test-support.js";
import { sleep, startWebhookReceiver, until, type WebhookReceiver } from "./webhook-receiver.test-support.js";

/** Events sent to the failing endpoint (each its first attempt about a second after the one before). */
const EVENTS = 20;

interface ServedDelivery {
  eventId: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
}

describe("e2e: a failing endpoint's pacing, as its deliveries list serves it", () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const admin = () => server.fixture.keys.admin;

  before(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1" });
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  it(`${EVENTS} events to a receiver that answers 500: each first attempt comes when the list said, no nextAttemptAt is in the past`, async (t) => {
    receiver.answer("/down", 500);
    const created = await call(server.url, "/v1/webhook_endpoints", {
      method: "POST",
      key: admin(),
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url("/down"), eventTypes: ["unit.created"] }),
    });
    assert.equal(created.status, 201, created.text);
    const endpointId = created.json.webhookEndpoint.id as string;
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const sent = await call(server.url, `/v1/webhook_endpoints/${endpointId}/send_test`, { method: "POST", key: admin() });
      assert.equal(sent.status, 202, sent.text);
      assert.ok(Date.parse(sent.json.delivery.nextAttemptAt as string) >= Date.now() - 1_000, "the answer's nextAttemptAt");
      eventIds.push(sent.json.delivery.eventId as string);
    }
    const queuedAt = Date.now();

    /** event id → when its first attempt came. */
    const firstAttempt = () => {
      const first = new Map<string, number>();
      for (const got of receiver.at("/down")) {
        const id = got.headers["webhook-id"] as string;
        if (!first.has(id)) first.set(id, got.at);
      }
      return first;
    };
    /** event id → the last nextAttemptAt the list served before its first attempt. */
    const lastTold = new Map<string, number>();
    const inThePast: string[] = [];
    let reads = 0;
    await until(
      "every first attempt",
      async () => {
        const askedAt = Date.now();
        const listed = await call(server.url, `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key: admin() });
        assert.equal(listed.status, 200, listed.text);
        reads += 1;
        for (const delivery of listed.json.deliveries as ServedDelivery[]) {
          if (delivery.status !== "pending") continue;
          const at = Date.parse(delivery.nextAttemptAt ?? "");
          if (!(at >= askedAt))
            inThePast.push(`${delivery.eventId}: ${delivery.nextAttemptAt} asked at ${new Date(askedAt).toISOString()}`);
          if (delivery.attempts === 0) lastTold.set(delivery.eventId, at);
        }
        if (firstAttempt().size === EVENTS) return true;
        await sleep(200);
        return undefined;
      },
      EVENTS * 3_000,
    );
    assert.deepEqual(inThePast, [], "a pending delivery's nextAttemptAt is never in the past");
    const first = firstAttempt();
    const lastFirst = Math.max(...first.values());
    t.diagnostic(
      `${EVENTS} events: the last first attempt came ${lastFirst - queuedAt} ms after the last was queued (${reads} list reads)`,
    );
    // Every one but the first (attempted before the first read) was told; the last time told, at
    // most a read (~0.2 s) before its first attempt, is when it came, within a second.
    assert.ok(lastTold.size >= EVENTS - 1, `${lastTold.size} told`);
    const off = eventIds.flatMap((id) => {
      const told = lastTold.get(id);
      const came = first.get(id) ?? NaN;
      return told === undefined || Math.abs(came - told) <= 1_000 ? [] : [`${id}: told ${told}, came ${came}`];
    });
    assert.deepEqual(off, [], "each first attempt came when the list said");
    const worst = Math.max(...eventIds.map((id) => Math.abs((first.get(id) ?? 0) - (lastTold.get(id) ?? first.get(id) ?? 0))));
    t.diagnostic(`the last nextAttemptAt served before each first attempt was off by ${worst} ms at most`);
    assert.equal((await call(server.url, `/v1/webhook_endpoints/${endpointId}`, { method: "DELETE", key: admin() })).status, 204);
  });
});
