// Messages sent on time (docs/contract.md "Sending messages"), through the webhook channel: a
// message is rendered when it falls due, from the template as it is then (late binding), and its
// message.due reaches an endpoint that named it, signed (verified with `standardwebhooks`); a
// reminder moved by set_timezone goes at its new time; a cancelled tour's reminder never goes; a
// held one waits for confirm_tour; a reschedule that makes one due in the past skips it; a
// {{code.pin}} message carries the PIN set on the lock; one with a value missing fails; sent
// messages are history. Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { call, postJson, startTestServer, type TestServer } from "../e2e.test-support.js";
import { sleep, startWebhookReceiver, until, type WebhookReceiver } from "../webhooks/webhook-receiver.test-support.js";

const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

/** A message's schedule entry (the fields these tests read). */
interface MessageEntry {
  readonly key: string;
  readonly startAt: string;
  readonly tourId: string | null;
  readonly delivery: {
    readonly status: string;
    readonly channel: string | null;
    readonly sentAt: string | null;
    readonly error: string | null;
  };
}

/** A verified `message.due` delivery. */
interface DueEvent {
  readonly id: string;
  readonly type: string;
  readonly createdAt: string;
  readonly data: {
    readonly unitId: string;
    readonly item: MessageEntry;
    readonly tourId: string | null;
    readonly to: { readonly name: string; readonly email: string | null; readonly phone: string | null } | null;
    readonly text: string | null;
  };
}

describe("e2e: messages sent on time", () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let secret: string;
  const admin = () => server.fixture.keys.admin;
  const write = async (path: string, body: unknown, expected = 200) => {
    const answer = await postJson(server.url, path, admin(), body);
    assert.equal(answer.status, expected, `${path}: ${answer.text}`);
    return answer.json;
  };
  const read = async (path: string) => {
    const answer = await call(server.url, path, { key: admin() });
    assert.equal(answer.status, 200, answer.text);
    return answer.json;
  };
  /** The verified message.due deliveries, by message key. */
  const dues = () =>
    receiver
      .at("/due")
      .map((one) => new Webhook(secret).verify(one.body, one.headers as Record<string, string>) as DueEvent)
      .filter((event) => event.type === "message.due");
  const dueOf = (key: string) => until(`message.due of ${key}`, () => dues().find((event) => event.data.item.key === key), 15_000);
  /** The message's entry, read from the schedule. */
  async function entryOf(unitId: string, key: string): Promise<MessageEntry | undefined> {
    const { items } = await read(`/v1/units/list_schedule?unitIdOrKey=${unitId}&from=2000-01-01T00:00:00Z&limit=100`);
    return (items as MessageEntry[]).find((item) => item.key === key);
  }
  const deliveryIs = (unitId: string, key: string, status: string, timeoutMs = 15_000) =>
    until(
      `${key} ${status}`,
      async () => {
        const entry = await entryOf(unitId, key);
        return entry?.delivery.status === status ? entry : undefined;
      },
      timeoutMs,
    );
  /** A new unit of org A in `timeZone`. */
  async function aUnit(timeZone: string): Promise<string> {
    const created = await write(
      "/v1/units/create_unit",
      { urlKey: `m-${Math.random().toString(36).slice(2, 10)}`, address: "9 Bell St", timeZone },
      201,
    );
    return created.unit.id as string;
  }
  async function aTemplate(body: string): Promise<string> {
    const created = await write("/v1/templates/create_message_template", { name: `T ${Math.random()}`, body }, 201);
    return created.template.id as string;
  }
  async function aMessage(unitId: string, sendMs: number, templateId: string | null, title = "Reminder"): Promise<string> {
    const created = await write(
      "/v1/units/create_schedule_item",
      { unitIdOrKey: unitId, kind: "scheduled_message", title, sendAt: at(sendMs), ...(templateId === null ? {} : { templateId }) },
      201,
    );
    return created.item.key as string;
  }

  before(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: "true" }, { webhookPollMs: 50, messagePollMs: 50 });
    const endpoint = await postJson(server.url, "/v1/webhook_endpoints", admin(), {
      url: receiver.url("/due"),
      eventTypes: ["message.due", "message.sent", "message.failed"],
    });
    assert.equal(endpoint.status, 201, endpoint.text);
    secret = endpoint.json.secret as string;
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  it("a message is sent within 5 s of its sendAt, rendered from the template as changed after scheduling", async () => {
    const unitId = await aUnit("America/Chicago");
    const templateId = await aTemplate("First words for {{unit.address}}");
    const sendMs = Date.now() + 3_000;
    const key = await aMessage(unitId, sendMs, templateId, "Welcome");
    assert.deepEqual((await entryOf(unitId, key))?.delivery, { status: "scheduled", channel: null, sentAt: null, error: null });
    const etag = (await call(server.url, `/v1/templates/get_message_template?templateId=${templateId}`, { key: admin() })).headers.get(
      "etag",
    );
    const updated = await call(server.url, "/v1/templates/update_message_template", {
      method: "POST",
      key: admin(),
      headers: { "content-type": "application/json", "if-match": etag ?? "" },
      body: JSON.stringify({ templateId, body: "{{message.title}}: see you at {{unit.address}}" }),
    });
    assert.equal(updated.status, 200, updated.text);

    const due = await dueOf(key);
    assert.equal(due.data.text, "Welcome: see you at 9 Bell St", "the body as it was when the message fell due");
    assert.equal(due.data.to, null, "a message of no tour has no recipient");
    const late = Date.parse(due.createdAt) - sendMs;
    assert.ok(late >= 0 && late <= 5_000, `sent ${late} ms after its sendAt`);
    const entry = await deliveryIs(unitId, key, "sent");
    assert.equal(entry.delivery.channel, "webhook");
    assert.ok(entry.delivery.sentAt !== null && Date.parse(entry.delivery.sentAt) >= sendMs);
    await until("message.sent", () =>
      receiver.at("/due").some((one) => one.body.includes('"message.sent"') && one.body.includes(key)) ? true : undefined,
    );
    assert.equal(dues().filter((event) => event.data.item.key === key).length, 1, "one message.due");

    // Sent messages are history: the item writes refuse them.
    const refused = await postJson(server.url, "/v1/units/update_schedule_item", admin(), { unitIdOrKey: unitId, key, title: "Again" });
    assert.equal(refused.status, 409, refused.text);
    const gone = await postJson(server.url, "/v1/units/delete_schedule_item", admin(), { unitIdOrKey: unitId, key });
    assert.equal(gone.status, 409, gone.text);
  });

  it("a reminder moved by set_timezone is sent at its new time", async () => {
    // Kathmandu is UTC+5:45, Dhaka UTC+6: the same wall-clock time comes 15 minutes sooner.
    const unitId = await aUnit("Asia/Kathmandu");
    const templateId = await aTemplate("Reminder for {{unit.address}}");
    const sendMs = Date.now() + 15 * MINUTE + 4_000;
    const key = await aMessage(unitId, sendMs, templateId);
    const { unit } = await read(`/v1/units/get_unit?unitIdOrKey=${unitId}`);
    await write("/v1/units/set_timezone", {
      unitIdOrKey: unitId,
      timeZone: "Asia/Dhaka",
      expectedVersion: unit.version,
      policy: "keep_wall_clock",
    });
    const movedMs = sendMs - 15 * MINUTE;
    assert.equal((await entryOf(unitId, key))?.startAt, at(movedMs));
    const due = await dueOf(key);
    const late = Date.parse(due.createdAt) - movedMs;
    assert.ok(late >= 0 && late <= 5_000, `sent ${late} ms after its new sendAt`);
  });

  it("a cancelled tour's reminder is never sent; a held one waits for confirm_tour; a reschedule into the past skips one", async () => {
    const { chicago } = server.fixture.units;
    const lockId = server.fixture.shared.lockId;
    const templateId = await aTemplate("See you at {{tour.startTime}}, {{prospect.name}}");
    const book = async (startMs: number, offsetMinutes: number, verification = "none") =>
      (
        await write(
          "/v1/tours/book_tour",
          {
            unitIdOrKey: chicago.id,
            lockId,
            startAt: at(startMs),
            endAt: at(startMs + 30 * MINUTE),
            prospect: { name: "Grace", email: null, phone: null },
            messages: [{ templateId, anchor: "start", offsetMinutes }],
            verification,
          },
          201,
        )
      ).tour as { id: string; messageKeys: string[] };

    // Due in 3 s, cancelled at once: never sent.
    const cancelled = await book(Date.now() + 120 * MINUTE + 3_000, -120);
    await write("/v1/tours/cancel_tour", { tourId: cancelled.id });
    // Held until confirmed: its time passes, then confirm_tour sends it at once.
    const held = await book(Date.now() + 120 * MINUTE + 2_000, -120, "required");
    const heldKey = held.messageKeys[0]!;
    assert.equal((await entryOf(chicago.id, heldKey))?.delivery.status, "held");
    // Rescheduled so that its reminder would be due a minute ago: skipped.
    const moved = await book(Date.now() + 3 * 60 * MINUTE, -120);
    const startMs = Date.now() + 119 * MINUTE;
    await write("/v1/tours/reschedule_tour", { tourId: moved.id, startAt: at(startMs), endAt: at(startMs + 30 * MINUTE) });
    const skipped = await entryOf(chicago.id, moved.messageKeys[0]!);
    assert.equal(skipped?.delivery.status, "skipped");
    assert.equal(skipped?.startAt, at(startMs - 120 * MINUTE), "a skipped message keeps its new sendAt");

    await sleep(6_000);
    assert.equal(await entryOf(chicago.id, cancelled.messageKeys[0]!), undefined, "the cancelled tour's message left the schedule");
    assert.equal((await entryOf(chicago.id, heldKey))?.delivery.status, "held", "still held past its time");
    const keys = new Set(dues().map((event) => event.data.item.key));
    for (const key of [cancelled.messageKeys[0], heldKey, moved.messageKeys[0]]) assert.ok(!keys.has(key!), `${key} not sent`);

    const confirmedAt = Date.now();
    await write("/v1/tours/confirm_tour", { tourId: held.id });
    const due = await dueOf(heldKey);
    assert.ok(Date.parse(due.createdAt) - confirmedAt <= 5_000, "sent at once on confirmation");
    assert.deepEqual(due.data.to, { name: "Grace", email: null, phone: null });
    assert.match(due.data.text ?? "", /^See you at \d{1,2}:\d{2} [AP]M, Grace$/);
    assert.equal(due.data.tourId, held.id);
    assert.equal(dues().filter((event) => event.data.item.key === moved.messageKeys[0]).length, 0, "the skipped one never goes");
  });

  it("a {{code.pin}} message carries the PIN set on the lock; one whose value is missing fails", async () => {
    const { chicago } = server.fixture.units;
    const templateId = await aTemplate("Your code: {{code.pin}}");
    const startMs = Date.now() + 60 * MINUTE + 2_000;
    const booked = await write(
      "/v1/tours/book_tour",
      {
        unitIdOrKey: chicago.id,
        lockId: server.fixture.shared.lockId,
        startAt: at(startMs),
        endAt: at(startMs + 30 * MINUTE),
        prospect: { name: "Lin", email: null, phone: null },
        messages: [{ templateId, anchor: "start", offsetMinutes: -60 }],
      },
      201,
    );
    const tour = booked.tour as { access: { code: string }; messageKeys: string[] };
    const due = await dueOf(tour.messageKeys[0]!);
    assert.equal(due.data.text, `Your code: ${tour.access.code}`);

    const unitId = await aUnit("Europe/Paris");
    const missing = await aTemplate("Your tour starts {{tour.start}}");
    const key = await aMessage(unitId, Date.now() + 1_000, missing);
    const failed = await deliveryIs(unitId, key, "failed");
    assert.match(failed.delivery.error ?? "", /tour\.start/);
    assert.equal(failed.delivery.channel, null);
    await until("message.failed", () =>
      receiver.at("/due").some((one) => one.body.includes('"message.failed"') && one.body.includes(key)) ? true : undefined,
    );
    assert.ok(!dues().some((event) => event.data.item.key === key), "no message.due for a message with a value missing");
  });
});
