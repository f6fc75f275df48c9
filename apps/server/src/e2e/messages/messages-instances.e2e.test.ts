// Messages across two real server processes on one Redis and one WORK_GROUP (docs/contract.md
// "Sending messages": each message once across instances; a dead instance's message taken over
// when its lease runs out), sending email through one real SMTP server (@lintel/testkit/smtp) that
// holds its reply to the first DATAs for a few seconds. Twenty tours (most with a prospect's
// email) each have a message due a few seconds after booking; the instance whose mail reaches the
// SMTP server first is killed -9 while its reply is held, so it dies mid-send. Then every message
// ends sent (the dead instance's within its 30 s lease and a poll), with one message.due and one
// message.sent each; every email's Message-ID arrives, each from one message only; and a
// Message-ID arrives twice exactly when the killed instance was sending it: the same mail (its
// recipient, subject and text), sent again by the survivor. Each instance signs its mails with a
// MAIL_FROM of its own name (the address is the same), so the test tells who sent what.
// Redis only: a memory store is one process's, so this runs in the STORE=redis e2e stage and the
// memory stages skip it.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { messageMailId } from "@lintel/core/adapters";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "@lintel/testkit/smtp";
import { allEvents, call, postJson, processStoreEnv, spawnServer, testFixture } from "../e2e.test-support.js";
import { until } from "../webhooks/webhook-receiver.test-support.js";

const ON_REDIS = process.env["STORE"] === "redis";
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();
/** The two instances' MAIL_FROM: one address, a name each. */
const SENDERS = ["Lintel One <noreply@lintel.test>", "Lintel Two <noreply@lintel.test>"] as const;
/**
 * The first DATAs get their 250 this late. An instance has at most 4 of an org's messages in
 * flight, so the first round of both instances is 8 mails: all of the killed one's are held.
 */
const HELD = 8;
const HOLD_MS = 4_000;
/** Tours booked, and every how manyth prospect has no email (its message goes out on the webhook channel). */
const TOURS = 20;
const WITHOUT_EMAIL_EVERY = 3;
/** How long after the kill every message must have ended: the 30 s lease, polls, a held reply, and a margin. */
const TAKEOVER_MS = 60_000;

/** A message booked by the test. */
interface Booked {
  readonly key: string;
  readonly id: string;
  readonly title: string;
  readonly name: string;
  readonly email: string | null;
}

describe(
  "e2e: messages on two server processes sharing one Redis, one killed -9 mid-send",
  { skip: !ON_REDIS && "Redis only (runs with STORE=redis)" },
  () => {
    const fixture = testFixture();
    const { keys } = fixture;
    const run = randomBytes(4).toString("hex");
    let smtp: TestSmtpServer;
    const instances: ServerChild[] = [];

    before(async () => {
      smtp = await startSmtpServer({ dataReplies: Array.from({ length: HELD }, () => ({ code: 250, holdMs: HOLD_MS })) });
      const env = { ...processStoreEnv("redis"), FIXTURE: await writeFixture(fixture.json), SMTP_URL: smtp.url };
      const ports = await freePorts(2);
      // One after the other: the second one's fixture load adds nothing.
      for (const [i, port] of ports.entries()) instances.push(await spawnServer(port, { ...env, MAIL_FROM: SENDERS[i]! }));
    });
    after(async () => {
      await Promise.all(instances.map((server) => server.stop()));
      await smtp?.stop();
    });

    const write = async (base: string, path: string, body: unknown) => {
      const answer = await postJson(base, path, keys.admin, body);
      assert.equal(answer.status, 201, `${path}: ${answer.text}`);
      return answer.json;
    };

    it(
      "every message ends sent once; a Message-ID arrives twice only for the killed instance's mail mid-send",
      { timeout: 120_000 },
      async (t) => {
        const [first, second] = instances as [ServerChild, ServerChild];
        // A unit without a lock (no codes to wait for) and a template naming the prospect.
        const created = await write(first.url, "/v1/units/create_unit", { urlKey: `inst-${run}`, address: "3 Relay St", timeZone: "UTC" });
        const unitId = created.unit.id as string;
        const template = await write(first.url, "/v1/templates/create_message_template", {
          name: "Reminder",
          body: "Hello {{prospect.name}}, see you at {{unit.address}}.",
        });

        const sendMs = Date.now() + 6_000;
        const booked: Booked[] = [];
        for (let i = 0; i < TOURS; i++) {
          const email = i % WITHOUT_EMAIL_EVERY === WITHOUT_EMAIL_EVERY - 1 ? null : `p${i}.${run}@instances.example`;
          const title = `Reminder ${i}`;
          const name = `Guest ${i}`;
          const answer = await write(instances[i % 2]!.url, "/v1/tours/book_tour", {
            unitIdOrKey: unitId,
            startAt: at(sendMs + 60 * MINUTE),
            endAt: at(sendMs + 90 * MINUTE),
            prospect: { name, email, phone: null },
            messages: [{ templateId: template.template.id, anchor: "start", offsetMinutes: -60, title }],
          });
          const key = (answer.tour as { messageKeys: string[] }).messageKeys[0]!;
          assert.ok(key.startsWith("scheduled_message:"), key);
          booked.push({ key, id: key.slice("scheduled_message:".length), title, name, email });
        }
        assert.ok(Date.now() < sendMs, "every message booked before it fell due");
        const emailed = booked.filter((message) => message.email !== null);
        const mailIdOf = new Map(emailed.map((message) => [messageMailId(fixture.orgA, message.id), message]));
        assert.equal(mailIdOf.size, emailed.length, "a Message-ID of its own for every message");

        // The first DATA to arrive names its sender: that instance dies while its reply is held.
        const firstMail = await until("a first DATA", async () => (await smtp.state()).received[0], 20_000);
        const doomedAt = SENDERS.findIndex((sender) => sender === firstMail.from);
        assert.ok(doomedAt >= 0, `a mail from one of the instances: ${firstMail.from}`);
        const [doomed, survivor] = doomedAt === 0 ? [first, second] : [second, first];
        await doomed.stop("SIGKILL");
        const killedMs = Date.now();
        assert.equal(doomed.child.signalCode, "SIGKILL");
        const atKill = await smtp.state();
        const doomedMails = atKill.received.filter((mail) => mail.from === SENDERS[doomedAt]);
        assert.ok(doomedMails.length > 0);
        assert.ok(
          doomedMails.every((mail) => !mail.replied),
          "killed mid-send: no reply to its DATAs had reached it",
        );
        t.diagnostic(`killed ${killedMs - sendMs} ms after the messages fell due, ${doomedMails.length} of its mails held`);

        // Every message ends sent, the killed instance's ones once their lease ran out.
        const entries = await until(
          "every message sent",
          async () => {
            const answer = await call(survivor.url, `/v1/units/list_schedule?unitIdOrKey=${unitId}&from=2000-01-01T00:00:00Z&limit=100`, {
              key: keys.admin,
            });
            assert.equal(answer.status, 200, answer.text);
            const items = (answer.json.items as { key: string; delivery: { status: string; channel: string | null } }[]).filter((item) =>
              booked.some((message) => message.key === item.key),
            );
            return items.length === TOURS && items.every((item) => item.delivery.status !== "scheduled") ? items : undefined;
          },
          TAKEOVER_MS,
        );
        t.diagnostic(`all ended ${Date.now() - killedMs} ms after the kill`);
        for (const message of booked) {
          const delivery = entries.find((entry) => entry.key === message.key)?.delivery;
          assert.deepEqual(
            delivery && [delivery.status, delivery.channel],
            ["sent", message.email === null ? "webhook" : "email"],
            message.key,
          );
        }

        // One message.due and one message.sent each, nothing else.
        const counts = new Map<string, string[]>();
        for (const event of await allEvents(survivor.url, keys.admin)) {
          const key = event.data.item?.key as string | undefined;
          if (!event.type.startsWith("message.") || key === undefined) continue;
          counts.set(key, [...(counts.get(key) ?? []), event.type]);
        }
        for (const message of booked) {
          assert.deepEqual(counts.get(message.key)?.sort(), ["message.due", "message.sent"], message.key);
        }

        // Every email arrived, as its own message's mail; twice only for the killed instance's held mails.
        const { received, mails } = await smtp.state();
        assert.equal(mails.length, received.length, "every DATA accepted");
        const arrivals = new Map<string, ReceivedMail[]>();
        for (const mail of mails) arrivals.set(mail.messageId ?? "", [...(arrivals.get(mail.messageId ?? "") ?? []), mail]);
        assert.deepEqual([...arrivals.keys()].sort(), [...mailIdOf.keys()].sort(), "each message's Message-ID, and no other");
        const again = new Set<string>();
        for (const [mailId, copies] of arrivals) {
          const message = mailIdOf.get(mailId)!;
          for (const copy of copies) {
            assert.deepEqual(copy.rcptTo, [message.email], mailId);
            assert.equal(copy.subject, message.title, mailId);
            assert.equal(copy.text, `Hello ${message.name}, see you at 3 Relay St.\n`, mailId);
          }
          assert.ok(copies.length <= 2, `${mailId} arrived ${copies.length} times`);
          if (copies.length === 2) {
            again.add(mailId);
            assert.deepEqual(
              copies.map((copy) => copy.from),
              [SENDERS[doomedAt], SENDERS[1 - doomedAt]],
              `${mailId}: first from the killed instance, again from the survivor`,
            );
          }
        }
        assert.deepEqual(
          [...again].sort(),
          doomedMails.map((mail) => mail.messageId).sort(),
          "sent twice: exactly the mails the killed instance was sending",
        );
        t.diagnostic(`${mails.length} mails for ${emailed.length} emails: ${again.size} sent again after the kill`);
      },
    );
  },
);
