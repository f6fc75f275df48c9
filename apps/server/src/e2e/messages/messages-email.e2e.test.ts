// Messages sent by email (docs/contract.md "Sending messages"), through a real SMTP server
// (@lintel/testkit/smtp, in a process of its own) that the server reaches with SMTP_URL and
// MAIL_FROM: a 451 to the first DATA is tried again and the mail arrives once, with the one
// Message-ID of its message, its title as the subject and its rendered text as the body; a 550
// fails the message on the email channel without naming the recipient; a tour whose prospect has
// no email goes out on the webhook channel alone; the recipients and the texts reach no log line.
// Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { createLogger } from "@lintel/api";
import { messageMailId } from "@lintel/core/adapters";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "@lintel/testkit/smtp";
import { allEvents, call, postJson, startTestServer, type ServedEvent, type TestServer } from "../e2e.test-support.js";
import { until } from "../webhooks/webhook-receiver.test-support.js";

const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();
const run = randomBytes(4).toString("hex");
const FROM = "Lintel Tours <noreply@lintel.test>";
/** The recipient whose first DATA the SMTP server answers 451, and the one it refuses with 550. */
const DEFERRED = `ann.${run}@deferred.example`;
const REFUSED = `bo.${run}@refused.example`;

/** A message's schedule entry (the fields these tests read). */
interface MessageEntry {
  readonly key: string;
  readonly id: string;
  readonly title: string;
  readonly delivery: {
    readonly status: string;
    readonly channel: string | null;
    readonly sentAt: string | null;
    readonly error: string | null;
  };
}

describe("e2e: messages sent by email through a real SMTP server", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let unitId = "";
  let templateId = "";
  const logLines: string[] = [];
  /** What must never reach a log line: every recipient and every text the tests sent. */
  const secrets = new Set<string>([DEFERRED, REFUSED, DEFERRED.split("@")[0]!, REFUSED.split("@")[0]!]);
  const admin = () => server.fixture.keys.admin;
  const write = async (path: string, body: unknown) => {
    const answer = await postJson(server.url, path, admin(), body);
    assert.equal(answer.status, 201, `${path}: ${answer.text}`);
    return answer.json;
  };

  before(async () => {
    smtp = await startSmtpServer({ dataRepliesTo: { [DEFERRED]: [451], [REFUSED]: [550] } });
    server = await startTestServer(
      { SMTP_URL: smtp.url, MAIL_FROM: FROM, MESSAGE_RETRY_SCHEDULE: "1,1" },
      { messagePollMs: 50, logger: createLogger("info", { write: (line: string) => void logLines.push(line) }) },
    );
    // A unit of its own, without a lock: the tours get no code, their messages no wait for one.
    const created = await write("/v1/units/create_unit", { urlKey: `mail-${run}`, address: "7 Post Rd", timeZone: "America/Chicago" });
    unitId = created.unit.id as string;
    const template = await write("/v1/templates/create_message_template", {
      name: "Reminder",
      body: "Hello {{prospect.name}}, your tour of {{unit.address}} starts at {{tour.startTime}}.",
    });
    templateId = template.template.id as string;
  });
  after(async () => {
    await server?.close();
    await smtp?.stop();
  });

  /** Books a tour for `prospect` whose one message, titled `title`, is due in 2 s; answers the message's entry. */
  async function book(prospect: { name: string; email: string | null }, title: string): Promise<MessageEntry> {
    const startMs = Date.now() + 60 * MINUTE + 2_000;
    const booked = await write("/v1/tours/book_tour", {
      unitIdOrKey: unitId,
      startAt: at(startMs),
      endAt: at(startMs + 30 * MINUTE),
      prospect: { ...prospect, phone: null },
      messages: [{ templateId, anchor: "start", offsetMinutes: -60, title }],
    });
    const key = (booked.tour as { messageKeys: string[] }).messageKeys[0]!;
    const entry = await entryOf(key);
    assert.equal(entry?.delivery.status, "scheduled");
    return entry!;
  }
  async function entryOf(key: string): Promise<MessageEntry | undefined> {
    const answer = await call(server.url, `/v1/units/list_schedule?unitIdOrKey=${unitId}&from=2000-01-01T00:00:00Z&limit=100`, {
      key: admin(),
    });
    assert.equal(answer.status, 200, answer.text);
    return (answer.json.items as MessageEntry[]).find((item) => item.key === key);
  }
  const ended = (key: string) =>
    until(
      `${key} sent or failed`,
      async () => {
        const entry = await entryOf(key);
        return entry?.delivery.status === "sent" || entry?.delivery.status === "failed" ? entry : undefined;
      },
      15_000,
    );
  /** The org's events about the message `key`. */
  const eventsOf = async (key: string): Promise<ServedEvent[]> =>
    (await allEvents(server.url, admin())).filter((event) => event.type.startsWith("message.") && event.data.item?.key === key);
  const mailId = (entry: MessageEntry) => messageMailId(server.fixture.orgA, entry.id);
  const withId = (mails: readonly ReceivedMail[], id: string) => mails.filter((mail) => mail.messageId === id);

  it("email: a 451 then a 250 → one mail, one Message-ID, delivery sent on email", async () => {
    const entry = await book({ name: "Ann", email: DEFERRED }, "Your tour today");
    const done = await ended(entry.key);
    assert.equal(done.delivery.status, "sent", done.delivery.error ?? "");
    assert.equal(done.delivery.channel, "email");
    assert.equal(done.delivery.error, null);

    const { received, mails } = await smtp.state();
    const id = mailId(entry);
    assert.deepEqual(
      withId(received, id).map((mail) => mail.reply),
      [451, 250],
      "the first DATA refused for now, the second taken",
    );
    const delivered = withId(mails, id);
    assert.equal(delivered.length, 1, "exactly one mail delivered (the 451'd one is not)");
    const mail = delivered[0]!;
    assert.deepEqual(mail.rcptTo, [DEFERRED]);
    assert.equal(mail.mailFrom, "noreply@lintel.test");
    assert.equal(mail.from, FROM);
    assert.equal(mail.to, DEFERRED);
    assert.equal(mail.subject, "Your tour today", "the message's title");

    const events = await eventsOf(entry.key);
    const dues = events.filter((event) => event.type === "message.due");
    assert.equal(dues.length, 1, "one message.due");
    const text = dues[0]!.data.text as string;
    secrets.add(text);
    assert.match(text, /^Hello Ann, your tour of 7 Post Rd starts at \d{1,2}:\d{2}\s[AP]M\.$/u);
    assert.equal(mail.text, `${text}\n`, "the body is the rendered text (and the line break DATA ends with)");
    assert.deepEqual(dues[0]!.data.to, { name: "Ann", email: DEFERRED, phone: null });
    assert.deepEqual(
      events.filter((event) => event.type !== "message.due").map((event) => [event.type, event.data.item.delivery.channel]),
      [["message.sent", "email"]],
    );
  });

  it("email: a 550 → failed on email, message.failed", async () => {
    const entry = await book({ name: "Bo", email: REFUSED }, "Refused reminder");
    const done = await ended(entry.key);
    assert.equal(done.delivery.status, "failed");
    assert.equal(done.delivery.channel, "email");
    assert.equal(done.delivery.sentAt, null);
    const error = done.delivery.error ?? "";
    assert.match(error, /550/);
    assert.ok(!error.includes(REFUSED) && !error.includes(REFUSED.split("@")[0]!), `the error names no recipient: ${error}`);

    const { received, mails } = await smtp.state();
    assert.deepEqual(
      withId(received, mailId(entry)).map((mail) => mail.reply),
      [550],
      "one attempt: a 5xx is not tried again",
    );
    assert.equal(withId(mails, mailId(entry)).length, 0);
    const events = await eventsOf(entry.key);
    secrets.add(events.find((event) => event.type === "message.due")?.data.text as string);
    const failed = events.filter((event) => event.type === "message.failed");
    assert.equal(failed.length, 1, "one message.failed");
    assert.deepEqual(failed[0]!.data.item.delivery, done.delivery);
    assert.equal(events.filter((event) => event.type === "message.sent").length, 0);
  });

  it("a tour whose prospect has no email: its message goes out on the webhook channel only, SMTP configured or not", async () => {
    const entry = await book({ name: "Cy", email: null }, "No email");
    const done = await ended(entry.key);
    assert.deepEqual([done.delivery.status, done.delivery.channel], ["sent", "webhook"]);
    const events = await eventsOf(entry.key);
    assert.deepEqual(events.map((event) => event.type).sort(), ["message.due", "message.sent"]);
    const due = events.find((event) => event.type === "message.due")!;
    assert.deepEqual(due.data.to, { name: "Cy", email: null, phone: null });
    secrets.add(due.data.text as string);
    assert.equal(withId((await smtp.state()).received, mailId(entry)).length, 0, "no mail");
  });

  it("the prospects' emails and the texts reach no log line", () => {
    const attempts = logLines.filter((line) => line.includes('"message attempt"'));
    // The tests above: a 451 retried, a 550 failed, both on email.
    assert.ok(
      attempts.some((line) => line.includes('"phase":"email"') && line.includes('"outcome":"retry"')),
      "the retry is logged",
    );
    assert.ok(
      attempts.some((line) => line.includes('"outcome":"failed"') && line.includes("550")),
      "the failure is logged",
    );
    assert.ok(secrets.size >= 7, "both addresses, their local parts and three texts");
    for (const secret of secrets) {
      assert.deepEqual(
        logLines.filter((line) => line.includes(secret)),
        [],
        `no log line holds ${secret}`,
      );
    }
  });
});
