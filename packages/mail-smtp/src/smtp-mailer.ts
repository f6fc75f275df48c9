/**
 * The {@link MessageMailer} on one SMTP server, with nodemailer's SMTP transport.
 *
 * No pool: each send is one connection (greeting, STARTTLS or implicit TLS, login, MAIL FROM,
 * RCPT TO, DATA, QUIT), closed when it ends. Scheduled messages fall due one by one (a tour's
 * confirmation and reminders), not in bulk; a pool would save a handshake per mail and cost a
 * `close()` every embedder must call, idle sockets a server drops under it, and one connection's
 * failure shared by the mails queued on it.
 */
import { createTransport } from "nodemailer";
import { MailFailure, type MessageMailer, type OutgoingMail } from "@lintel/core/adapters";
import { oneMailbox } from "./mail-address.js";
import { mailFailureOf } from "./smtp-failure.js";
import { readSmtpUrl } from "./smtp-url.js";

/** How {@link createSmtpMailer} reaches the server and signs the mails. */
export interface SmtpMailerOptions {
  /**
   * SMTP_URL: `smtp://user:password@host:port` (upgraded with STARTTLS whenever the server offers
   * it; the login is made where the server asks for one, as any mail client does) or
   * `smtps://user:password@host:port` (implicit TLS: for a password that must never cross in the clear). The port defaults to 587 and 465; the user
   * and password are percent-encoded, or both left out for a server that takes mail without a
   * login. Never logged, never part of an error.
   */
  readonly url: string;
  /** MAIL_FROM: the sender of every mail, `noreply@example.com` or `Lintel <noreply@example.com>`. */
  readonly from: string;
  /** How the server's certificate is checked: `ca` to trust (PEM) besides the system's; `rejectUnauthorized` true by default. */
  readonly tls?: { readonly ca?: string | Buffer | undefined; readonly rejectUnauthorized?: boolean | undefined } | undefined;
  /** The longest one send may take, connection to the server's last reply, before it rejects with `retry`; 10000 by default. */
  readonly timeoutMs?: number | undefined;
}

/**
 * A {@link MessageMailer} that sends each mail through the SMTP server of `options.url`: from
 * `options.from`, to `mail.to`, with `mail.subject`, `mail.text` as its plain-text body and
 * `mail.messageId` as its `Message-ID`. `send` resolves once the server accepted the mail (250
 * after DATA) and rejects with a {@link MailFailure} otherwise: `failed` for a 5xx reply to the
 * mail (MAIL FROM, RCPT TO, DATA) or a recipient that is not one address; `retry` for a 4xx
 * reply, a refused login or session setup (a wrong password fails every mail alike: they wait
 * for it to be fixed), a connection or TLS failure, or no answer within `timeoutMs`. A failure's
 * message names the reply code and the command it answered, never the recipient, the text or the
 * credentials.
 *
 * The caller's signal aborting a send rejects it at once with the signal's reason and drops the
 * connection: a server takes no mail whose DATA did not end (one aborted between the end of DATA
 * and the 250 may have been taken; sent again, it has the same Message-ID).
 *
 * Throws at once when `url` or `from` is malformed (the message never quotes the URL): a
 * configuration mistake stops the start, not the first mail.
 */
export function createSmtpMailer(options: SmtpMailerOptions): MessageMailer {
  const read = readSmtpUrl(options.url);
  if (!read.ok) throw new Error(`The SMTP url must ${read.problem}.`);
  const from = oneMailbox(options.from);
  if (from === null) throw new Error("The sender (from) must be one email address, e.g. Lintel <noreply@example.com>.");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { host, port, implicitTls, auth } = read.endpoint;
  const transport = createTransport({
    host,
    port,
    secure: implicitTls,
    // smtp:// upgrades with STARTTLS whenever the server offers it, and logs in only where the server asks for a
    // login (nodemailer's own rule): like any mail client. smtps:// is for a password that must never cross in the clear.
    requireTLS: false,
    ...(auth === null ? {} : { auth: { user: auth.user, pass: auth.pass } }),
    tls: {
      ...(options.tls?.ca === undefined ? {} : { ca: options.tls.ca }),
      rejectUnauthorized: options.tls?.rejectUnauthorized ?? true,
    },
    logger: false,
  });

  return {
    async send(mail: OutgoingMail, signal: AbortSignal): Promise<void> {
      signal.throwIfAborted();
      const to = oneMailbox(mail.to);
      if (to === null) throw new MailFailure("failed", "the recipient is not one email address");
      // One deadline for the whole send (nodemailer's own timeouts are per step, up to 10 minutes); aborting drops the connection.
      const deadline = AbortSignal.timeout(timeoutMs);
      try {
        await transport.sendMail({
          from,
          to,
          envelope: { from: from.address, to: [to.address] },
          subject: mail.subject,
          text: mail.text,
          messageId: mail.messageId,
          signal: AbortSignal.any([signal, deadline]),
        });
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (deadline.aborted) throw new MailFailure("retry", `the SMTP server did not accept the mail within ${timeoutMs} ms`);
        throw mailFailureOf(error);
      }
    },
  };
}
