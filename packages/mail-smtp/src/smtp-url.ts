/**
 * SMTP_URL, read once at start: `smtp://user:password@host:port` (STARTTLS when the server
 * offers it) or `smtps://…` (implicit TLS). A bad URL is refused with words that never
 * repeat the URL, which holds the password.
 */

/** The server an SMTP URL names, with its credentials: internal, the password never leaves the mailer. */
export interface SmtpEndpoint {
  readonly host: string;
  readonly port: number;
  /** `smtps://`: TLS from the first byte; `smtp://`: plain, upgraded with STARTTLS. */
  readonly implicitTls: boolean;
  readonly auth: { readonly user: string; readonly pass: string } | null;
}

/**
 * {@link parseSmtpUrl}'s verdict: what the URL names (its password left out), or what it must be,
 * phrased to follow "SMTP_URL must " and never quoting the URL.
 */
export type SmtpUrlParse =
  | {
      readonly ok: true;
      /** What a start-up line may print: the host, the port (465 for `smtps://`, else 587 when absent), implicit TLS, the user (null without credentials). */
      readonly server: { readonly host: string; readonly port: number; readonly implicitTls: boolean; readonly user: string | null };
    }
  | { readonly ok: false; readonly problem: string };

const SHAPE = "be an smtp://user:password@host:port or smtps://user:password@host:port URL";

/** The endpoint of `url`, or what is wrong with it (see {@link SmtpUrlParse}). */
export function readSmtpUrl(url: string): { ok: true; endpoint: SmtpEndpoint } | { ok: false; problem: string } {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { ok: false, problem: SHAPE };
  }
  if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") return { ok: false, problem: SHAPE };
  // IPv6 literals come bracketed ([::1]); the socket wants them bare.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "") return { ok: false, problem: `${SHAPE} (it names no host)` };
  if ((parsed.pathname !== "" && parsed.pathname !== "/") || parsed.search !== "" || parsed.hash !== "") {
    return { ok: false, problem: `${SHAPE}, without a path, query or fragment` };
  }
  if ((parsed.username === "") !== (parsed.password === "")) {
    return { ok: false, problem: `${SHAPE} with both a user and a password, or neither` };
  }
  let auth: SmtpEndpoint["auth"] = null;
  if (parsed.username !== "") {
    try {
      auth = { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) };
    } catch {
      return { ok: false, problem: `${SHAPE} whose user and password are percent-encoded` };
    }
  }
  const implicitTls = parsed.protocol === "smtps:";
  const port = parsed.port === "" ? (implicitTls ? 465 : 587) : Number(parsed.port);
  if (port === 0) return { ok: false, problem: `${SHAPE} with a port 1..65535` };
  return { ok: true, endpoint: { host, port, implicitTls, auth } };
}

/**
 * Checks an SMTP URL the way `createSmtpMailer` reads it, for a configuration check at
 * start that must not throw: `smtp://` or `smtps://`, a host, an optional port (465 for
 * `smtps://`, else 587), a user and a password (percent-encoded) or neither, nothing else. The
 * answer never holds the password, and its `problem` never quotes the URL.
 */
export function parseSmtpUrl(url: string): SmtpUrlParse {
  const read = readSmtpUrl(url);
  if (!read.ok) return read;
  const { host, port, implicitTls, auth } = read.endpoint;
  return { ok: true, server: { host, port, implicitTls, user: auth?.user ?? null } };
}
