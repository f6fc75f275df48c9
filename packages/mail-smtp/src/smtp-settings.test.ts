// SMTP_URL and MAIL_FROM as createSmtpMailer reads them: what a configuration check at start
// gets from parseSmtpUrl and parseMailFrom, and the mailer refusing a bad one at once, in words
// that never hold the password.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MailFailure } from "@lintel/core/adapters";
import { freePorts } from "@lintel/testkit/processes";
import { createSmtpMailer, parseMailFrom, parseSmtpUrl } from "./index.js";

const PASSWORD = "pa ss:w@rd/é";
const encoded = encodeURIComponent(PASSWORD);

describe("parseSmtpUrl", () => {
  it("smtp:// and smtps://: host, port (587 and 465 when absent), implicit TLS, the user percent-decoded; no password in the answer", () => {
    assert.deepEqual(parseSmtpUrl(`smtp://mailer%40acme:${encoded}@smtp.example.com:2525`), {
      ok: true,
      server: { host: "smtp.example.com", port: 2525, implicitTls: false, user: "mailer@acme" },
    });
    assert.deepEqual(parseSmtpUrl(`smtps://mailer:${encoded}@smtp.example.com`), {
      ok: true,
      server: { host: "smtp.example.com", port: 465, implicitTls: true, user: "mailer" },
    });
    assert.deepEqual(parseSmtpUrl("smtp://relay.internal/"), {
      ok: true,
      server: { host: "relay.internal", port: 587, implicitTls: false, user: null },
    });
    assert.deepEqual(parseSmtpUrl("smtp://[::1]:25"), { ok: true, server: { host: "::1", port: 25, implicitTls: false, user: null } });
    const answer = JSON.stringify(parseSmtpUrl(`smtp://mailer:${encoded}@smtp.example.com`));
    assert.ok(!answer.includes(PASSWORD) && !answer.includes(encoded), "no password");
  });

  it("refuses what is not one SMTP server, saying what it must be and never quoting the URL", () => {
    const refused: [string, RegExp][] = [
      [`https://mailer:${encoded}@smtp.example.com`, /^be an smtp:\/\/user:password@host:port or smtps:\/\/user:password@host:port URL$/],
      [`mailer:${encoded}@smtp.example.com:25`, /^be an smtp:\/\//],
      [`smtp://mailer:${encoded}@`, /^be an smtp:\/\//],
      [`smtp://mailer:${encoded}@smtp.example.com:99999`, /^be an smtp:\/\//],
      [`smtp://mailer:${encoded}@smtp.example.com:0`, /with a port 1\.\.65535$/],
      [`smtp://mailer:${encoded}@smtp.example.com:25/inbox`, /without a path, query or fragment$/],
      [`smtp://mailer:${encoded}@smtp.example.com:25?pool=true`, /without a path, query or fragment$/],
      [`smtp://mailer:${encoded}@smtp.example.com:25#x`, /without a path, query or fragment$/],
      ["smtp://mailer@smtp.example.com:25", /with both a user and a password, or neither$/],
      [`smtp://:${encoded}@smtp.example.com:25`, /with both a user and a password, or neither$/],
      ["smtp://mailer:%E0%A4%A@smtp.example.com:25", /whose user and password are percent-encoded$/],
      ["", /^be an smtp:\/\//],
    ];
    for (const [url, problem] of refused) {
      const parsed = parseSmtpUrl(url);
      assert.ok(!parsed.ok, url);
      assert.match(parsed.problem, problem, url);
      for (const secret of [PASSWORD, encoded, "mailer", "example"])
        assert.ok(!parsed.problem.includes(secret), `${url}: ${parsed.problem}`);
    }
  });
});

describe("parseMailFrom", () => {
  it("one address, with or without a name", () => {
    assert.deepEqual(parseMailFrom("noreply@example.com"), { ok: true, address: "noreply@example.com" });
    assert.deepEqual(parseMailFrom("Lintel Tours <noreply@example.com>"), { ok: true, address: "noreply@example.com" });
    assert.deepEqual(parseMailFrom('"Lintel, Tours" <noreply@example.com>'), { ok: true, address: "noreply@example.com" });
  });

  it("refuses none, several, a group or a name alone", () => {
    for (const from of ["", "noreply", "Lintel", "a@example.com, b@example.com", "team: a@example.com, b@example.com;", "<@example.com>"]) {
      const parsed = parseMailFrom(from);
      assert.ok(!parsed.ok, from);
      assert.match(parsed.problem, /^be one email address/);
    }
  });
});

describe("createSmtpMailer", () => {
  it("throws at once on a bad url or sender, never quoting the url", () => {
    assert.throws(
      () => createSmtpMailer({ url: `smtp://mailer:${encoded}@smtp.example.com:25/path`, from: "noreply@example.com" }),
      (error: Error) => /^The SMTP url must be an smtp:\/\/.*without a path/.test(error.message) && !error.message.includes(encoded),
    );
    assert.throws(() => createSmtpMailer({ url: `smtp://mailer:${encoded}@smtp.example.com:25`, from: "a@example.com, b@example.com" }), {
      message: /^The sender \(from\) must be one email address/,
    });
  });

  it("a recipient that is not one address fails the mail before any connection (several would each get it)", async () => {
    // Nothing listens on the port: a connection attempt would be a `retry`, not this `failed`.
    const [port] = await freePorts(1);
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: "noreply@example.com" });
    for (const to of ["ann@example.com, bob@example.com", "ann", "team: ann@example.com;", ""]) {
      await assert.rejects(
        mailer.send({ messageId: "<m1@lintel.test>", to, subject: "s", text: "t" }, new AbortController().signal),
        (error: unknown) =>
          error instanceof MailFailure &&
          error.kind === "failed" &&
          error.message === "the recipient is not one email address" &&
          (to === "" || !error.message.includes(to)),
      );
    }
  });
});
