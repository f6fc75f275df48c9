// The SMTP mailer against a real SMTP server: the smtp-server package in a process of its own
// (@lintel/testkit/smtp), over loopback TCP, with STARTTLS or implicit TLS on a
// certificate openssl makes for the run. In the int tier with the other tests that talk to a real
// server; it needs no Redis. What the server accepted is asked of it afterwards, so each case
// checks the mail as received, not as the mailer meant to send it.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import { MailFailure, type OutgoingMail } from "@lintel/core/adapters";
import { freePorts } from "@lintel/testkit/processes";
import { createSmtpMailer } from "./smtp-mailer.js";
import { makeCertificate, readMessage, startSmtpServer, type TestCertificate, type TestSmtpConfig } from "@lintel/testkit/smtp";

const USER = "lintel-mailer";
const PASS = "s3cret-p@ss:word/42";
const FROM = "Lintel <noreply@lintel.test>";
/** In the URL, percent-encoded as the README says. */
const credentials = `${encodeURIComponent(USER)}:${encodeURIComponent(PASS)}`;

let certificate: TestCertificate;
before(async () => {
  certificate = await makeCertificate();
});

/** A mail of its own for each case: a recipient and Message-ID no other case uses. */
function aMail(name: string): OutgoingMail {
  const id = `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    messageId: `<msg_${id}@lintel.test>`,
    to: `ann.${id}@example.com`,
    subject: `Your tour at 12 Elm St (${name})`,
    text: `Hello Ann,\n\nyour code is 482913.\n.a line that starts with a dot\nSee you at 16:00.\n`,
  };
}

/** Asserts what a failure's message must never hold: the recipient, the text, the user's password. */
function assertDiscreet(error: unknown, mail: OutgoingMail): void {
  assert.ok(error instanceof Error);
  for (const secret of [mail.to, mail.to.split("@")[0]!, "482913", PASS, encodeURIComponent(PASS)]) {
    assert.ok(!error.message.includes(secret), `the message "${error.message}" holds ${secret}`);
    assert.ok(!String(error.stack).includes(secret), `the stack holds ${secret}`);
  }
  assert.equal(error.cause, undefined, "no cause (nodemailer's error holds the recipient)");
}

/** Rejects with a MailFailure of `kind` whose message matches `pattern` and holds nothing personal; answers it. */
async function failsWith(sending: Promise<void>, mail: OutgoingMail, kind: MailFailure["kind"], pattern: RegExp): Promise<MailFailure> {
  const error = await sending.then(
    () => assert.fail("the send resolved"),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof MailFailure, `a MailFailure, not ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  assert.match(error.message, pattern);
  assertDiscreet(error, mail);
  return error;
}

const STARTTLS_SERVER: Omit<TestSmtpConfig, "tls"> = {
  secure: false,
  starttls: true,
  auth: { user: USER, pass: PASS },
  rcptReply: null,
  dataReplies: [],
};

const signal = () => new AbortController().signal;

describe("SMTP mailer against smtp-server in its own process", () => {
  it("accepted: the server holds one mail, from MAIL_FROM to the recipient, with the exact Message-ID, subject and text (STARTTLS, login)", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, tls: certificate });
    try {
      const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${server.port}`, from: FROM, tls: { ca: certificate.cert } });
      const mail = aMail("accepted");
      await mailer.send(mail, signal());
      const { mails, logins } = await server.state();
      assert.equal(mails.length, 1);
      const [received] = mails;
      assert.equal(received?.mailFrom, "noreply@lintel.test");
      assert.deepEqual(received?.rcptTo, [mail.to]);
      const { headers, body } = readMessage(received!.raw);
      assert.equal(headers.get("message-id"), mail.messageId);
      assert.equal(headers.get("subject"), mail.subject);
      assert.equal(headers.get("from"), "Lintel <noreply@lintel.test>");
      assert.equal(headers.get("to"), mail.to);
      assert.match(headers.get("content-type") ?? "", /^text\/plain; charset=utf-8$/i);
      assert.equal(body, mail.text);
      assert.deepEqual(logins, [{ user: USER, overTls: true, accepted: true }], "one login, after STARTTLS");
    } finally {
      await server.stop();
    }
  });

  it("451 on the first DATA, 250 on the second: retry, then accepted; the server holds exactly one mail with that Message-ID", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, tls: certificate, dataReplies: [451] });
    try {
      const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${server.port}`, from: FROM, tls: { ca: certificate.cert } });
      const mail = aMail("deferred");
      await failsWith(mailer.send(mail, signal()), mail, "retry", /^SMTP 451 at DATA \(local error in processing\): the server deferred/);
      assert.equal((await server.state()).mails.length, 0, "nothing accepted yet");
      await mailer.send(mail, signal());
      const { mails, received } = await server.state();
      assert.deepEqual(
        mails.map((accepted) => readMessage(accepted.raw).headers.get("message-id")),
        [mail.messageId],
      );
      assert.deepEqual(
        received.map((one) => [one.messageId, one.reply, one.subject, one.text]),
        [
          [mail.messageId, 451, mail.subject, mail.text],
          [mail.messageId, 250, mail.subject, mail.text],
        ],
        "the same mail twice, refused then accepted",
      );
    } finally {
      await server.stop();
    }
  });

  it("550 to RCPT TO (the reply repeating the recipient): failed, naming 550 and not the recipient; nothing accepted", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, tls: certificate, rcptReply: 550 });
    try {
      const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${server.port}`, from: FROM, tls: { ca: certificate.cert } });
      const mail = aMail("refused");
      await failsWith(
        mailer.send(mail, signal()),
        mail,
        "failed",
        /^SMTP 550 at RCPT TO \(mailbox unavailable\): the server refused the mail for good$/,
      );
      assert.equal((await server.state()).mails.length, 0);
    } finally {
      await server.stop();
    }
  });

  it("554 after DATA: failed", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, tls: certificate, dataReplies: [554] });
    try {
      const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${server.port}`, from: FROM, tls: { ca: certificate.cert } });
      const mail = aMail("refused-data");
      await failsWith(mailer.send(mail, signal()), mail, "failed", /^SMTP 554 at DATA \(transaction failed\)/);
      assert.equal((await server.state()).mails.length, 0);
    } finally {
      await server.stop();
    }
  });

  it("a refused login (535): retry, the password in no word of it", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, tls: certificate, auth: { user: USER, pass: "another password" } });
    try {
      const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${server.port}`, from: FROM, tls: { ca: certificate.cert } });
      const mail = aMail("login");
      await failsWith(
        mailer.send(mail, signal()),
        mail,
        "retry",
        /^SMTP 535 5\.7\.8 at AUTH \w+ \(authentication credentials invalid\): the server refused the login$/,
      );
      assert.equal((await server.state()).mails.length, 0);
    } finally {
      await server.stop();
    }
  });

  it("credentials on smtp:// to a server without STARTTLS: the mail goes out as with any mail client (login where the server asks for one)", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, starttls: false, tls: null });
    try {
      const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${server.port}`, from: FROM });
      const mail = aMail("plain");
      await mailer.send(mail, signal());
      const { mails, logins } = await server.state();
      assert.deepEqual(
        mails.map((received) => readMessage(received.raw).headers.get("message-id")),
        [mail.messageId],
      );
      assert.deepEqual(logins, [{ user: USER, overTls: false, accepted: true }], "the server asked for a login on a plain connection");
    } finally {
      await server.stop();
    }
  });

  it("smtps:// (implicit TLS) with the test CA passed: accepted", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, secure: true, starttls: false, tls: certificate });
    try {
      const mailer = createSmtpMailer({
        url: `smtps://${credentials}@localhost:${server.port}`,
        from: FROM,
        tls: { ca: certificate.cert },
      });
      const mail = aMail("smtps");
      await mailer.send(mail, signal());
      const { mails, logins } = await server.state();
      assert.deepEqual(
        mails.map((received) => [received.rcptTo, readMessage(received.raw).headers.get("message-id")]),
        [[[mail.to], mail.messageId]],
      );
      assert.deepEqual(logins, [{ user: USER, overTls: true, accepted: true }]);
    } finally {
      await server.stop();
    }
  });

  it("smtps:// without the CA (a certificate nobody vouches for): retry, nothing sent", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, secure: true, starttls: false, tls: certificate });
    try {
      const mailer = createSmtpMailer({ url: `smtps://${credentials}@localhost:${server.port}`, from: FROM });
      const mail = aMail("untrusted");
      await failsWith(
        mailer.send(mail, signal()),
        mail,
        "retry",
        /^the connection to the SMTP server failed \(\w*SELF_SIGNED\w* at CONN\)$/,
      );
      assert.deepEqual(await server.state(), { received: [], mails: [], logins: [] });
    } finally {
      await server.stop();
    }
  });

  it("a server that takes mail without a login, on plain smtp://: accepted", async () => {
    const server = await startSmtpServer({ ...STARTTLS_SERVER, starttls: false, tls: null, auth: null });
    try {
      const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${server.port}`, from: "noreply@lintel.test" });
      const mail = aMail("relay");
      await mailer.send(mail, signal());
      const { mails } = await server.state();
      assert.deepEqual(
        mails.map((received) => [received.mailFrom, readMessage(received.raw).headers.get("message-id")]),
        [["noreply@lintel.test", mail.messageId]],
      );
    } finally {
      await server.stop();
    }
  });

  it("connection refused: retry, naming ECONNREFUSED", async () => {
    const [port] = await freePorts(1);
    const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM });
    const mail = aMail("refused-connection");
    await failsWith(mailer.send(mail, signal()), mail, "retry", /^the connection to the SMTP server failed \(ECONNREFUSED at CONN\)$/);
  });
});

describe("SMTP mailer: a server that never answers", () => {
  let silent: Server;
  let port = 0;
  const sockets = new Set<Socket>();
  let connections = 0;
  before(async () => {
    // Accepts the connection and says nothing (no greeting): a hung server.
    silent = createServer((socket) => {
      connections++;
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    silent.listen(0, "127.0.0.1");
    await once(silent, "listening");
    port = (silent.address() as { port: number }).port;
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    silent.close();
    await once(silent, "close");
  });

  it("timeoutMs passes: retry, naming the timeout, and the connection is dropped", async () => {
    const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM, timeoutMs: 300 });
    const mail = aMail("timeout");
    const started = performance.now();
    await failsWith(mailer.send(mail, signal()), mail, "retry", /^the SMTP server did not accept the mail within 300 ms$/);
    assert.ok(performance.now() - started < 5000, "long before nodemailer's own timeouts");
    for (let waited = 0; sockets.size > 0; waited += 10) {
      assert.ok(waited < 2000, "the mailer closed its connection");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it("the caller's signal aborts: rejects promptly with the signal's reason, and the connection is dropped", async () => {
    const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM, timeoutMs: 30_000 });
    const controller = new AbortController();
    const reason = new Error("shutting down");
    const sending = mailer.send(aMail("abort"), controller.signal);
    for (let waited = 0; sockets.size === 0; waited += 10) {
      assert.ok(waited < 2000, "the mailer connected");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const aborted = performance.now();
    controller.abort(reason);
    await assert.rejects(sending, (error) => error === reason);
    assert.ok(performance.now() - aborted < 1000, "promptly");
    for (let waited = 0; sockets.size > 0; waited += 10) {
      assert.ok(waited < 2000, "the mailer closed its connection");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it("a signal aborted before the send: rejects with its reason without connecting", async () => {
    const mailer = createSmtpMailer({ url: `smtp://${credentials}@127.0.0.1:${port}`, from: FROM });
    const reason = new Error("already stopped");
    const before = connections;
    await assert.rejects(mailer.send(aMail("pre-aborted"), AbortSignal.abort(reason)), (error) => error === reason);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(connections, before, "no connection made");
  });
});
