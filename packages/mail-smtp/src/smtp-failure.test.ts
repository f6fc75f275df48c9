// How the errors nodemailer throws are told apart (their shape as nodemailer's SMTP connection
// makes them: code, responseCode, response, command), beyond the cases the int tests provoke on a
// real server: which replies fail a mail for good, and that nothing of the server's words or of
// nodemailer's fields reaches the message.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mailFailureOf } from "./smtp-failure.js";

const RECIPIENT = "ann.lee@example.com";

/** An error as nodemailer's SMTP connection makes it for `response` to `command`. */
function nodemailerError(code: string, response: string | false, command: string) {
  const message = response === false ? "Connection closed" : `Recipient command failed: ${response}`;
  return Object.assign(new Error(message), {
    code,
    command,
    ...(response === false ? {} : { response, responseCode: Number(response.slice(0, 3)) }),
    recipient: RECIPIENT,
    rejected: [RECIPIENT],
  });
}

describe("mailFailureOf", () => {
  it("5xx to MAIL FROM, RCPT TO or DATA: failed, with the reply code, enhanced code, command and RFC words", () => {
    const failure = mailFailureOf(nodemailerError("EENVELOPE", `550 5.1.1 <${RECIPIENT}>: Recipient address rejected`, "RCPT TO"));
    assert.equal(failure.kind, "failed");
    assert.equal(failure.message, "SMTP 550 5.1.1 at RCPT TO (mailbox unavailable): the server refused the mail for good");
    assert.equal(mailFailureOf(nodemailerError("EENVELOPE", "553 sender rejected", "MAIL FROM")).kind, "failed");
    assert.equal(mailFailureOf(nodemailerError("EMESSAGE", "552 5.3.4 too big", "DATA")).kind, "failed");
    assert.equal(
      mailFailureOf(nodemailerError("EMESSAGE", "557 something new", "DATA")).message,
      "SMTP 557 at DATA (permanent failure): the server refused the mail for good",
    );
  });

  it("4xx anywhere, 5xx to the session's setup or the login: retry", () => {
    assert.deepEqual(
      [
        nodemailerError("EMESSAGE", "452 4.3.1 Insufficient system storage", "DATA"),
        nodemailerError("EENVELOPE", `450 4.2.1 <${RECIPIENT}> busy`, "RCPT TO"),
        nodemailerError("ECONNECTION", "421 4.7.0 try again later", "CONN"),
        nodemailerError("EPROTOCOL", "554 5.7.1 no service for you", "CONN"),
        nodemailerError("EPROTOCOL", "502 5.5.1 unrecognized", "EHLO"),
        nodemailerError("EAUTH", "535 5.7.8 Authentication credentials invalid", "AUTH PLAIN"),
        nodemailerError("EAUTH", "454 4.7.0 Temporary authentication failure", "AUTH LOGIN"),
      ].map((error) => mailFailureOf(error).kind),
      ["retry", "retry", "retry", "retry", "retry", "retry", "retry"],
    );
    assert.equal(
      mailFailureOf(nodemailerError("EMESSAGE", "499 strange", "DATA")).message,
      "SMTP 499 at DATA (transient failure): the server deferred the mail",
    );
  });

  it("a connection failure names nodemailer's or the socket's code; nodemailer's own refusal of the mail fails it", () => {
    const refused = Object.assign(nodemailerError("ESOCKET", false, "CONN"), { originalCode: "ECONNREFUSED" });
    assert.deepEqual(
      [mailFailureOf(refused).kind, mailFailureOf(refused).message],
      ["retry", "the connection to the SMTP server failed (ECONNREFUSED at CONN)"],
    );
    const invalid = Object.assign(new Error(`Invalid recipient "${RECIPIENT}"`), { code: "EENVELOPE", command: "API" });
    assert.deepEqual(
      [mailFailureOf(invalid).kind, mailFailureOf(invalid).message],
      ["failed", "the mail could not be sent as it is (EENVELOPE)"],
    );
    assert.equal(mailFailureOf("a string").message, "the connection to the SMTP server failed (an unknown error)");
  });

  it("keeps nothing of the error: no server words, no recipient, no cause; a code or command that is not a plain word is left out", () => {
    const failure = mailFailureOf(
      Object.assign(new Error(`x ${RECIPIENT}`), {
        code: `E ${RECIPIENT}`,
        command: `RCPT TO:<${RECIPIENT}>`,
        responseCode: 550,
        response: `550 ${RECIPIENT}`,
      }),
    );
    assert.equal(failure.message, "SMTP 550 (mailbox unavailable): the server refused the mail for good");
    assert.equal(failure.cause, undefined);
    for (const error of [
      nodemailerError("EENVELOPE", `550 5.1.1 <${RECIPIENT}>: Recipient address rejected`, "RCPT TO"),
      Object.assign(nodemailerError("ESOCKET", false, "CONN"), { originalCode: RECIPIENT }),
    ]) {
      const message = mailFailureOf(error).message;
      assert.ok(!message.includes("ann"), message);
      assert.ok(!message.includes("Recipient address rejected"), message);
    }
  });
});
