/**
 * One mailbox, `address@domain` or `Name <address@domain>`: what MAIL_FROM must be, and what a
 * mail's `to` must be before anything goes to the server (a list there would send one message
 * to several people).
 */
import addressparser from "nodemailer/lib/addressparser";

/** A mailbox as nodemailer takes it (an object, so it is not parsed again). */
export interface Mailbox {
  readonly name: string;
  readonly address: string;
}

/** `text` as exactly one mailbox, or null (none, several, a group, or no `local@domain`). */
export function oneMailbox(text: string): Mailbox | null {
  const parsed = addressparser(text);
  const [first] = parsed;
  if (parsed.length !== 1 || first === undefined || first.address === undefined) return null;
  return /^[^\s@]+@[^\s@]+$/.test(first.address) ? { name: first.name, address: first.address } : null;
}

/** {@link parseMailFrom}'s verdict: the sender's address, or what it must be (phrased to follow "MAIL_FROM must "). */
export type MailFromParse = { readonly ok: true; readonly address: string } | { readonly ok: false; readonly problem: string };

/** Checks a sender the way `createSmtpMailer` reads it, for a configuration check at start that must not throw: one mailbox, with or without a name. */
export function parseMailFrom(from: string): MailFromParse {
  const mailbox = oneMailbox(from);
  return mailbox === null
    ? { ok: false, problem: "be one email address, e.g. noreply@example.com or Lintel <noreply@example.com>" }
    : { ok: true, address: mailbox.address };
}
