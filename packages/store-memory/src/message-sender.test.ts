// The message sender of a Lintel over the memory store, driven through the use cases with a
// mailer that records every mail and fails on cue: a message of no tour goes out as its
// message.due (sealed at rest, opened for tours:read) and ends sent on webhook in the same step;
// a tour's message to a prospect with an email goes out by email too, one Message-ID for every
// attempt, a 4xx retried until the schedule is spent, a 5xx failed at once; a {{code.pin}}
// message waits for its code; a missing value fails it; a message deleted mid-retry is never
// mailed again.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseFixture, type Caller, type Lintel } from "@lintel/core";
import { MailFailure, messageMailId, type MessageMailer, type OutgoingMail } from "@lintel/core/adapters";
import { createMemoryLintel } from "./index.js";

const ORG = "org_msgs";
const caller: Caller = {
  keyId: "key_msgs",
  orgId: ORG,
  scopes: ["units:write", "messages:write", "events:read", "tours:write"],
};
const noToursRead: Caller = { ...caller, scopes: ["units:read", "events:read"] };
const FIXTURE = parseFixture({
  orgs: [{ id: ORG, name: "Messages" }],
  units: [{ id: "unit_msgs", orgId: ORG, urlKey: "msgs", address: "1 Mail St", timeZone: "America/Chicago", version: 1 }],
  locks: [
    {
      lockId: "lk_m",
      orgId: ORG,
      name: "Front door",
      provider: "simulated",
      providerDeviceId: "dev_m",
      model: null,
      timeZone: null,
      unitIds: ["unit_msgs"],
      status: "active",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    },
  ],
});

/** A mailer that records each mail; `failNext(kinds)` fails the next sends with those kinds, in order. */
function recordingMailer() {
  const sent: OutgoingMail[] = [];
  const tried: OutgoingMail[] = [];
  let failures: ("retry" | "failed")[] = [];
  const mailer: MessageMailer = {
    async send(mail) {
      tried.push(mail);
      const kind = failures.shift();
      if (kind !== undefined)
        throw new MailFailure(kind, kind === "retry" ? "SMTP 451 at DATA: try again later" : "SMTP 550 at RCPT TO: refused");
      sent.push(mail);
    },
  };
  return { mailer, sent, tried, failNext: (kinds: ("retry" | "failed")[]) => (failures = [...kinds]) };
}

const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const at = (ms: number) => new Date(ms).toISOString();

async function setUp(schedule = [0.05, 0.05]) {
  const recorder = recordingMailer();
  if (!FIXTURE.ok) throw new Error(FIXTURE.errors.join("\n"));
  const { lintel } = await createMemoryLintel({
    fixture: FIXTURE.data,
    mailer: recorder.mailer,
    messageSending: { pollMs: 10, retryScheduleSeconds: schedule },
    lockCodeSync: { pollMs: 10 },
  });
  const created = await lintel.createTemplate(caller, { name: "Hello", body: "Hello from {{unit.address}}, {{prospect.name}}" });
  assert.ok(created.ok);
  return { lintel, templateId: created.value.id, ...recorder };
}

/** The message's entry as list_schedule serves it, once its delivery is `status`. */
function deliveredAs(lintel: Lintel, key: string, status: string) {
  return until(`${key} ${status}`, async () => {
    const page = await lintel.listSchedule(caller, { unitIdOrKey: "msgs", limit: 100, from: 0 });
    assert.ok(page.ok);
    const entry = page.value.items.find((item) => item.key === key);
    return entry?.delivery?.status === status ? entry : undefined;
  });
}

/** The `data` the tests read of a `message.due`. */
interface DueData {
  readonly to: { readonly name: string; readonly email: string | null; readonly phone: string | null } | null;
  readonly text: string | null;
}

/** The org's events of `type` (as `who` reads them). */
async function eventsOf(lintel: Lintel, type: string, who: Caller = caller) {
  const page = await lintel.listEvents(who, { limit: 100 });
  assert.ok(page.ok);
  return page.value.events.filter((event) => event.type === type).map((event) => ({ ...event, data: event.data as unknown as DueData }));
}

/** Books a tour from `startMs` whose one message is sent `offsetMinutes` from its start. */
async function book(lintel: Lintel, templateId: string, startMs: number, offsetMinutes: number, email: string | null) {
  const booked = await lintel.bookTour(caller, {
    unitIdOrKey: "msgs",
    startAt: at(startMs),
    endAt: at(startMs + 30 * 60_000),
    prospect: { name: "Ada", email, phone: null },
    messages: [{ templateId, anchor: "start", offsetMinutes }],
  });
  assert.ok(booked.ok, JSON.stringify(booked));
  return booked.value.tour;
}

describe("message sender (memory store, a recording mailer)", () => {
  it("a message of no tour: its message.due, sealed, then sent on webhook in the same step; nothing before its time", async () => {
    const { lintel, templateId, tried } = await setUp();
    const later = await lintel.createScheduleItem(caller, {
      unitIdOrKey: "msgs",
      kind: "scheduled_message",
      title: "Later",
      sendAt: at(Date.now() + 3_600_000),
      templateId,
    });
    const created = await lintel.createScheduleItem(caller, {
      unitIdOrKey: "msgs",
      kind: "scheduled_message",
      title: "Now",
      sendAt: at(Date.now() - 60_000),
      templateId: null,
    });
    assert.ok(created.ok && later.ok);
    const entry = await deliveredAs(lintel, created.value.item.key, "sent");
    assert.equal(entry.delivery?.channel, "webhook");
    const [due] = await eventsOf(lintel, "message.due");
    assert.ok(due);
    assert.deepEqual({ to: due.data.to, text: due.data.text }, { to: null, text: "Now" }, "no template: its title");
    assert.equal((await eventsOf(lintel, "message.due", noToursRead))[0]?.data.text, null, "text null without tours:read");
    assert.equal((await eventsOf(lintel, "message.sent")).length, 1);
    await sleep(100);
    const still = await lintel.listSchedule(caller, { unitIdOrKey: "msgs", limit: 100, from: 0 });
    assert.ok(still.ok);
    assert.equal(still.value.items.find((item) => item.key === later.value.item.key)?.delivery?.status, "scheduled", "not before its time");
    assert.equal(tried.length, 0, "no prospect, no mail");
    await lintel.close();
  });

  it("a tour's message to a prospect's email: one Message-ID over a 4xx and its retry, then sent on email", async () => {
    const { lintel, templateId, sent, tried, failNext } = await setUp();
    failNext(["retry"]);
    const tour = await book(lintel, templateId, Date.now() + 3_600_000, -61, "ada@example.com");
    const key = tour.messageKeys[0]!;
    const entry = await deliveredAs(lintel, key, "sent");
    assert.equal(entry.delivery?.channel, "email");
    assert.equal(tried.length, 2, "tried twice");
    assert.equal(sent.length, 1, "one mail");
    const id = key.slice(key.indexOf(":") + 1);
    assert.deepEqual(
      tried.map((mail) => mail.messageId),
      [messageMailId(ORG, id), messageMailId(ORG, id)],
      "the same Message-ID",
    );
    assert.deepEqual(sent[0], {
      messageId: messageMailId(ORG, id),
      to: "ada@example.com",
      subject: "Hello",
      text: "Hello from 1 Mail St, Ada",
    });
    const dues = await eventsOf(lintel, "message.due");
    assert.equal(dues.length, 1, "one message.due for both attempts");
    assert.deepEqual(dues[0]?.data.to, { name: "Ada", email: "ada@example.com", phone: null });
    await lintel.close();
  });

  it("a 5xx fails the message on email at once; a 4xx every time fails it once the schedule is spent", async () => {
    const { lintel, templateId, tried, failNext } = await setUp([0.05]);
    failNext(["failed"]);
    const refused = await book(lintel, templateId, Date.now() + 3_600_000, -61, "ada@example.com");
    const entry = await deliveredAs(lintel, refused.messageKeys[0]!, "failed");
    assert.equal(entry.delivery?.channel, "email");
    assert.match(entry.delivery?.error ?? "", /550/);
    assert.equal((await eventsOf(lintel, "message.failed")).length, 1);

    failNext(["retry", "retry", "retry"]);
    const busy = await book(lintel, templateId, Date.now() + 7_200_000, -121, "bob@example.com");
    const spent = await deliveredAs(lintel, busy.messageKeys[0]!, "failed");
    assert.match(spent.delivery?.error ?? "", /451/);
    assert.equal(tried.filter((mail) => mail.to === "bob@example.com").length, 2, "the first try and one retry");
    await lintel.close();
  });

  it("a message deleted with its tour while its email is retried is never mailed again", async () => {
    const { lintel, templateId, tried, failNext } = await setUp([0.3, 0.3, 0.3]);
    failNext(["retry", "retry", "retry"]);
    const tour = await book(lintel, templateId, Date.now() + 3_600_000, -61, "ada@example.com");
    await until("a first attempt", async () => (tried.length > 0 ? true : undefined));
    const cancelled = await lintel.cancelTour(caller, { tourId: tour.id });
    assert.ok(cancelled.ok);
    const before = tried.length;
    await sleep(800);
    assert.equal(tried.length, before, "no attempt after the cancel");
    await lintel.close();
  });

  it("a {{code.pin}} message waits for its code to be set; a missing value fails it with no message.due", async () => {
    const { lintel, tried } = await setUp();
    const pinTemplate = await lintel.createTemplate(caller, { name: "Code", body: "Your code is {{code.pin}}" });
    assert.ok(pinTemplate.ok);
    const tour = await book(lintel, pinTemplate.value.id, Date.now() + 3_600_000, -61, null);
    await deliveredAs(lintel, tour.messageKeys[0]!, "sent");
    const [due] = await eventsOf(lintel, "message.due");
    assert.equal(due?.data.text, `Your code is ${tour.access.code}`);

    const startTemplate = await lintel.createTemplate(caller, { name: "Start", body: "Starts {{tour.start}}" });
    assert.ok(startTemplate.ok);
    const lone = await lintel.createScheduleItem(caller, {
      unitIdOrKey: "msgs",
      kind: "scheduled_message",
      title: "Lone",
      sendAt: at(Date.now()),
      templateId: startTemplate.value.id,
    });
    assert.ok(lone.ok);
    const failed = await deliveredAs(lintel, lone.value.item.key, "failed");
    assert.match(failed.delivery?.error ?? "", /\{\{tour\.start\}\}/);
    assert.equal((await eventsOf(lintel, "message.due")).length, 1, "no message.due for it");
    assert.equal(tried.length, 0);
    await lintel.close();
  });
});
