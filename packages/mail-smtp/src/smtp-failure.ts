/**
 * What nodemailer threw, as the {@link MailFailure} the outbox acts on. Nodemailer's errors put
 * the server's reply in their message, and a reply often repeats the recipient (`550 5.1.1
 * <ann@example.com>: Recipient address rejected`); they also carry the recipients as fields. So
 * nothing of the error is kept but its reply code, the enhanced status code (digits), the SMTP
 * command it answered and nodemailer's or the socket's error code: never the error itself, not
 * even as a cause.
 */
import { MailFailure } from "@lintel/core/adapters";

/** The parts of a nodemailer error that are safe to read. */
interface NodemailerFailure {
  readonly code?: unknown;
  readonly originalCode?: unknown;
  readonly responseCode?: unknown;
  readonly response?: unknown;
  readonly command?: unknown;
}

/** RFC 5321 (4.2.2, 4.2.3) and RFC 4954's words for the reply codes a send meets. */
const REPLY_WORDS: Readonly<Record<number, string>> = {
  421: "service not available",
  450: "mailbox unavailable",
  451: "local error in processing",
  452: "insufficient system storage",
  454: "temporary authentication failure",
  455: "parameters not accommodated",
  500: "command not recognized",
  501: "syntax error in parameters",
  502: "command not implemented",
  503: "bad sequence of commands",
  504: "parameter not implemented",
  530: "authentication required",
  534: "authentication mechanism too weak",
  535: "authentication credentials invalid",
  550: "mailbox unavailable",
  551: "user not local",
  552: "exceeded storage allocation",
  553: "mailbox name not allowed",
  554: "transaction failed",
  555: "parameters not recognized",
};

/** An upper-case code or command word (`ECONNREFUSED`, `RCPT TO`): safe to name; anything else is left out. */
const safeWord = (value: unknown): string | undefined =>
  typeof value === "string" && /^[A-Z][A-Z0-9_]*( [A-Z0-9_-]+)?$/.test(value) ? value : undefined;

/**
 * The failure of one send: `failed` for a 5xx reply to the mail itself (MAIL FROM, RCPT TO,
 * DATA), which sending it again would get again; `retry` for a 4xx reply, a 5xx reply to the
 * session's setup (the greeting, EHLO, STARTTLS) or a refused login (both say nothing of the mail
 * and hold for every mail: failing each would lose them all until the configuration is fixed),
 * and a connection, TLS or protocol failure.
 */
export function mailFailureOf(error: unknown): MailFailure {
  const failure: NodemailerFailure = typeof error === "object" && error !== null ? error : {};
  const command = safeWord(failure.command);
  const at = command === undefined || command === "API" ? "" : ` at ${command}`;
  const reply = typeof failure.responseCode === "number" && Number.isInteger(failure.responseCode) ? failure.responseCode : undefined;
  if (reply !== undefined && reply >= 400 && reply < 600) {
    const enhanced = typeof failure.response === "string" ? /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})\b/.exec(failure.response)?.[1] : undefined;
    const words = REPLY_WORDS[reply] ?? (reply >= 500 ? "permanent failure" : "transient failure");
    const said = `SMTP ${reply}${enhanced === undefined ? "" : ` ${enhanced}`}${at} (${words})`;
    if (command?.startsWith("AUTH")) return new MailFailure("retry", `${said}: the server refused the login`);
    if (reply < 500) return new MailFailure("retry", `${said}: the server deferred the mail`);
    const aboutTheMail = command === undefined || command === "MAIL FROM" || command === "RCPT TO" || command === "DATA";
    return aboutTheMail
      ? new MailFailure("failed", `${said}: the server refused the mail for good`)
      : new MailFailure("retry", `${said}: the server refused the session's setup, not the mail`);
  }
  const code = safeWord(failure.originalCode) ?? safeWord(failure.code) ?? "an unknown error";
  // Nodemailer's own refusal of the envelope or message, before a word to the server: the same mail fails the same way again.
  if (command === "API" && (failure.code === "EENVELOPE" || failure.code === "EMESSAGE")) {
    return new MailFailure("failed", `the mail could not be sent as it is (${code})`);
  }
  return new MailFailure("retry", `the connection to the SMTP server failed (${code}${at})`);
}
