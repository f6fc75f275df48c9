// The test SMTP server itself, spoken to in plain SMTP over a socket (no mailer between): its
// replies to DATA go in turn and by recipient, a held reply keeps the mail received but not yet
// answered, and state() reads each mail's Message-ID, From, To, Subject and text with their
// encodings undone.
import assert from "node:assert/strict";
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import { startSmtpServer, type TestSmtpServer } from "./smtp.js";

/** One SMTP session on `port`: each `command` answers the server's next reply (its code). */
async function session(port: number): Promise<{ command(line: string | null): Promise<number>; close(): void; socket: Socket }> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  let buffer = "";
  const waiting: ((code: number) => void)[] = [];
  const replies: number[] = [];
  socket.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (line[3] === "-") continue; // a line of a multi-line reply, not its last
      const code = Number(line.slice(0, 3));
      const next = waiting.shift();
      if (next) next(code);
      else replies.push(code);
    }
  });
  const reply = () => new Promise<number>((resolve) => (replies.length > 0 ? resolve(replies.shift()!) : waiting.push(resolve)));
  assert.equal(await reply(), 220, "the greeting");
  return {
    socket,
    command(line) {
      if (line !== null) socket.write(`${line}\r\n`);
      return reply();
    },
    close: () => socket.destroy(),
  };
}

/** Sends one mail to `to` with `message` (CRLF lines) in a session of its own; answers the reply to DATA. */
async function sendRaw(port: number, to: string, message: string): Promise<number> {
  const smtp = await session(port);
  try {
    assert.equal(await smtp.command("EHLO client.test"), 250);
    assert.equal(await smtp.command("MAIL FROM:<noreply@lintel.test>"), 250);
    assert.equal(await smtp.command(`RCPT TO:<${to}>`), 250);
    assert.equal(await smtp.command("DATA"), 354);
    return await smtp.command(`${message}\r\n.`);
  } finally {
    smtp.close();
  }
}

const mail = (id: string, subject: string, headers: string[], body: string) =>
  [
    `Message-ID: <${id}@lintel.test>`,
    "From: Lintel <noreply@lintel.test>",
    "To: ann@example.com",
    `Subject: ${subject}`,
    ...headers,
    "",
    body,
  ].join("\r\n");

describe("@lintel/testkit/smtp: the test SMTP server", () => {
  let server: TestSmtpServer;
  before(async () => {
    server = await startSmtpServer({
      dataReplies: [451, { code: 250, holdMs: 2_000 }],
      dataRepliesTo: { "refused@example.com": [550] },
    });
  });
  after(() => server?.stop());

  it("answers DATA in turn and by recipient; a held 250 leaves the mail received, not yet answered, then answered", async () => {
    assert.equal(
      await sendRaw(server.port, "refused@example.com", mail("a", "Refused", [], "no")),
      550,
      "its recipient's own script first",
    );
    assert.equal(await sendRaw(server.port, "ann@example.com", mail("b", "First", [], "one")), 451, "then the general script");
    const held = sendRaw(server.port, "ann@example.com", mail("c", "Held", [], "two"));
    let during = await server.state();
    for (let waited = 0; during.received.length < 3; waited += 20) {
      assert.ok(waited < 1_500, "the held mail's DATA arrives");
      await new Promise((resolve) => setTimeout(resolve, 20));
      during = await server.state();
    }
    assert.deepEqual(
      during.received.map((one) => [one.messageId, one.reply, one.replied]),
      [
        ["<a@lintel.test>", 550, true],
        ["<b@lintel.test>", 451, true],
        ["<c@lintel.test>", 250, false],
      ],
    );
    assert.equal(await held, 250);
    assert.equal(await sendRaw(server.port, "refused@example.com", mail("d", "Later", [], "three")), 250, "250 once the scripts ran out");
    const { mails } = await server.state();
    assert.deepEqual(
      mails.map((one) => [one.messageId, one.replied, one.rcptTo, one.mailFrom]),
      [
        ["<c@lintel.test>", true, ["ann@example.com"], "noreply@lintel.test"],
        ["<d@lintel.test>", true, ["refused@example.com"], "noreply@lintel.test"],
      ],
    );
  });

  it("reads the subject's encoded words and a quoted-printable or base64 body as the text they carry", async () => {
    const text = "Hello Ann,\nyour tour starts at 4:00\u202fPM — see you.\n";
    const qp = "Hello Ann,\r\nyour tour starts at 4:00=E2=80=AFPM =E2=80=94 see y=\r\nou.";
    await sendRaw(
      server.port,
      "ann@example.com",
      mail("qp", "=?UTF-8?Q?Tour_=E2=80=94?= =?UTF-8?B?dG9kYXk=?=", ["Content-Transfer-Encoding: quoted-printable"], qp),
    );
    const base64 = Buffer.from(text.replace(/\n/g, "\r\n")).toString("base64").replace(/.{20}/g, "$&\r\n");
    await sendRaw(server.port, "ann@example.com", mail("b64", "Plain", ["Content-Transfer-Encoding: base64"], base64));
    const { mails } = await server.state();
    const read = (id: string) => mails.find((one) => one.messageId === `<${id}@lintel.test>`);
    assert.equal(read("qp")?.subject, "Tour —today", "adjacent encoded words join without the space between them");
    assert.equal(read("qp")?.text, text);
    assert.equal(read("qp")?.from, "Lintel <noreply@lintel.test>");
    assert.equal(read("qp")?.to, "ann@example.com");
    assert.equal(read("b64")?.subject, "Plain");
    assert.equal(read("b64")?.text, text);
  });
});
