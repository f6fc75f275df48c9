// message.due end to end (docs/contract.md "Messages in events"): naming it in an endpoint needs
// tours:read (403 missing_scope otherwise, on create and update); ["*"] never receives it while an
// endpoint that names it does, with its recipient and text opened and no sealed copy; /v1/events
// serves them to tours:read only, null to a key without; none of them reaches a log line. The
// event is stored the way the message sender stores it (sealed under the server's DATA_KEYS,
// through the store's event append), since the sender is not part of this test. Runs on the
// memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { generateApiKey } from "@lintel/domain";
import { createDataCipher, scheduleEntry, type LintelEvent } from "@lintel/domain/adapters";
import { sealMessageDue, type LintelStore } from "@lintel/core/adapters";
import { createLogger } from "@lintel/api";
import { assertProblem, call, postJson, testApiKey, testConfig, testFixture, type Answer } from "../e2e.test-support.js";
import { startServer, type RunningServer } from "../../server.js";
import { sleep, startWebhookReceiver, until, type WebhookReceiver } from "./webhook-receiver.test-support.js";

const f = testFixture();
/** May write endpoints and read events, not read tours. */
const plainKey = generateApiKey();
/** The same, and tours:read. */
const toursKey = generateApiKey();
const TO = {
  name: "Ada Lovelace",
  email: `${f.p}.ada@message-due.example`,
  phone: `+1312${String(Date.now() % 10_000_000).padStart(7, "0")}`,
};
const PIN = String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000));
const TEXT = `Your access code for the Shared gate is ${PIN}.`;
const env = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1,1" };

interface Served {
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
}

describe("e2e: message.due goes only to endpoints that name it, and shows its recipient and text to tours:read only", () => {
  let server: RunningServer;
  let store: LintelStore | undefined;
  let receiver: WebhookReceiver;
  /** The secret of the endpoint that names message.due, from its create answer. */
  let dueSecret = "";
  const logLines: string[] = [];
  const config = testConfig(env);
  const cipher = createDataCipher(config.dataKeys);

  before(async () => {
    receiver = await startWebhookReceiver();
    const json = {
      ...f.json,
      apiKeys: [
        ...f.json.apiKeys,
        testApiKey(f.p, "plain", f.orgA, plainKey, ["webhooks:write", "events:read"]),
        testApiKey(f.p, "tours", f.orgA, toursKey, ["webhooks:write", "events:read", "tours:read"]),
      ],
    };
    server = await startServer(config, {
      fixture: json,
      webhookDeliveryGroup: f.p,
      webhookPollMs: 100,
      logger: createLogger("info", { write: (line: string) => void logLines.push(line) }),
      wrapStore: (configured) => (store = configured),
    });
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  const createEndpoint = (key: string, path: string, eventTypes: string[]): Promise<Answer> =>
    postJson(server.url, "/v1/webhook_endpoints", key, { url: receiver.url(path), eventTypes });
  const served = async (key: string, path: string): Promise<Answer> => {
    const answer = await call(server.url, path, { key });
    assert.equal(answer.status, 200, answer.text);
    return answer;
  };

  /** Stores `event` with its deliveries as any change does: here through a lock's first observation (a fresh lock id). */
  async function append(event: LintelEvent): Promise<void> {
    assert.ok(store !== undefined, "the server's store");
    const observed = { lockState: "locked", doorState: "closed", online: true, fetchedAt: new Date().toISOString() } as const;
    assert.deepEqual(await store.observations.swap(f.orgA, `${f.p}_lk_${randomBytes(4).toString("hex")}`, null, observed, event), {
      swapped: true,
    });
  }

  /** A message of the Chicago unit's tour, as its message.* events carry it. */
  function messageItem() {
    const sendAt = new Date().toISOString();
    const message = {
      kind: "scheduled_message",
      id: `${f.p}_msg_code`,
      unitId: f.units.chicago.id,
      title: "Access code",
      startAt: sendAt,
      endAt: sendAt,
      lockId: null,
      templateId: null,
      tourId: `${f.p}_tour`,
    } as const;
    return scheduleEntry(message, f.units.chicago.timeZone, null);
  }
  const eventId = (tail: string) => `evt_${`${f.p}${tail}`.padEnd(24, "0").slice(0, 24)}`;

  it('naming message.due: 403 missing_scope without tours:read (create and update), 201 with it; ["*"] needs no tours:read', async () => {
    const refused = await createEndpoint(plainKey, "/refused", ["message.due"]);
    assertProblem(refused, 403, "missing_scope");
    assert.match(refused.json.detail, /tours:read/);
    assert.match(refused.json.detail, /message\.due/);
    assert.equal(refused.json.status, 403);

    const all = await createEndpoint(plainKey, "/all", ["*"]);
    assert.equal(all.status, 201, all.text);
    const allId = all.json.webhookEndpoint.id as string;
    assertProblem(
      await postJson(server.url, `/v1/webhook_endpoints/${allId}`, plainKey, { eventTypes: ["message.due"] }),
      403,
      "missing_scope",
    );

    const named = await createEndpoint(toursKey, "/due", ["message.due"]);
    assert.equal(named.status, 201, named.text);
    assert.deepEqual(named.json.webhookEndpoint.eventTypes, ["message.due"]);
    dueSecret = named.json.secret as string;
    // A new url for an endpoint that names it makes a new receiver of it: tours:read too.
    const namedId = named.json.webhookEndpoint.id as string;
    assertProblem(
      await postJson(server.url, `/v1/webhook_endpoints/${namedId}`, plainKey, { url: receiver.url("/elsewhere") }),
      403,
      "missing_scope",
    );
    const list = await served(toursKey, "/v1/webhook_endpoints?limit=100");
    assert.deepEqual(
      (list.json.webhookEndpoints as { url: string }[]).map((endpoint) => endpoint.url).sort(),
      [receiver.url("/all"), receiver.url("/due")],
      "nothing made or moved by a refused request",
    );
  });

  it('a stored message.due is delivered, opened, to the endpoint that names it only; ["*"] gets the message.sent that follows', async () => {
    assert.notEqual(dueSecret, "", "the endpoints of the test before");
    const item = messageItem();
    const due: LintelEvent = {
      id: eventId("due"),
      orgId: f.orgA,
      type: "message.due",
      createdAt: new Date().toISOString(),
      data: sealMessageDue({ unitId: f.units.chicago.id, item, tourId: `${f.p}_tour`, to: TO, text: TEXT }, cipher),
    };
    await append(due);
    const sent: LintelEvent = {
      id: eventId("sent"),
      orgId: f.orgA,
      type: "message.sent",
      createdAt: new Date(Date.now() + 1).toISOString(),
      data: { unitId: f.units.chicago.id, item },
    };
    await append(sent);

    const [delivery] = await until("the delivery of message.due", () => (receiver.at("/due").length > 0 ? receiver.at("/due") : undefined));
    assert.ok(delivery !== undefined);
    // Verified as a receiver verifies it (standardwebhooks), then read.
    const body = new Webhook(dueSecret).verify(delivery.body, delivery.headers as Record<string, string>) as Served;
    assert.deepEqual([body.id, body.type, delivery.headers["webhook-id"]], [due.id, "message.due", due.id]);
    assert.deepEqual(body.data["to"], TO);
    assert.equal(body.data["text"], TEXT);
    assert.ok(!("sealed" in body.data), "the sealed copy is never delivered");
    // The body is the event exactly as GET /v1/events/{id} serves it to a key with tours:read.
    assert.equal(JSON.stringify((await served(toursKey, `/v1/events/${due.id}`)).json.event), delivery.body);

    const [allSent] = await until('the delivery of message.sent to ["*"]', () =>
      receiver.at("/all").length > 0 ? receiver.at("/all") : undefined,
    );
    assert.equal((JSON.parse(allSent?.body ?? "{}") as Served).type, "message.sent");
    await sleep(600); // several polls: nothing more comes
    assert.deepEqual(
      receiver.at("/all").map((one) => (JSON.parse(one.body) as Served).type),
      ["message.sent"],
      '["*"] never receives message.due',
    );
    assert.deepEqual(
      receiver.at("/due").map((one) => (JSON.parse(one.body) as Served).type),
      ["message.due"],
      "the named endpoint receives message.due alone",
    );
    const endpoints = (await served(toursKey, "/v1/webhook_endpoints?limit=100")).json.webhookEndpoints as { id: string; url: string }[];
    const allId = endpoints.find((endpoint) => endpoint.url === receiver.url("/all"))?.id;
    const deliveries = await served(toursKey, `/v1/webhook_endpoints/${allId}/deliveries?limit=100`);
    assert.deepEqual(
      (deliveries.json.deliveries as { eventType: string }[]).map((one) => one.eventType),
      ["message.sent"],
      'no delivery of message.due was even made for ["*"]',
    );
  });

  it("/v1/events serves to and text to tours:read, null to a key without it; never the sealed copy", async () => {
    const shown = (await served(toursKey, "/v1/events?type=message.due")).json.events as Served[];
    const hidden = (await served(plainKey, "/v1/events?type=message.due")).json.events as Served[];
    assert.deepEqual(
      shown.map((event) => [event.id, event.data["to"], event.data["text"]]),
      [[eventId("due"), TO, TEXT]],
    );
    assert.deepEqual(
      hidden.map((event) => [event.id, event.data["to"], event.data["text"]]),
      [[eventId("due"), null, null]],
    );
    const one = (await served(plainKey, `/v1/events/${eventId("due")}`)).json.event as Served;
    assert.deepEqual([one.data["to"], one.data["text"]], [null, null]);
    for (const answer of [shown, hidden, [one]]) {
      const text = JSON.stringify(answer);
      assert.ok(!text.includes("sealed") && !text.includes("enc1."), "no sealed copy served");
    }
    // The admin key holds every scope, tours:read included.
    const admin = (await served(f.keys.admin, `/v1/events/${eventId("due")}`)).json.event as Served;
    assert.deepEqual(admin.data["to"], TO);
  });

  it("no log line holds the recipient's contact data or the text", () => {
    assert.ok(logLines.length > 0, "the server logged its requests and attempts");
    for (const clear of [TO.email, TO.phone, PIN]) {
      assert.deepEqual(
        logLines.filter((line) => line.includes(clear)),
        [],
        clear,
      );
    }
  });
});
