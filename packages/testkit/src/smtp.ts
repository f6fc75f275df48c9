/**
 * A real SMTP server for tests (`@lintel/testkit/smtp`): the smtp-server package in a child process
 * (smtp-server-process.ts), so a mailer — the SMTP mailer's own tests, a Lintel server in the test's
 * process or in processes of its own — talks to it over loopback TCP exactly as to a server
 * elsewhere, and the test asks it afterwards what it received. Its replies to DATA are scripted
 * one by one (a 451 then a 250, a 550; by recipient too) and a reply can be held for a while, so
 * a test can kill the sender while its mail is mid-send. A TLS certificate for `localhost` and
 * 127.0.0.1 is made by `openssl` at run time (nothing is committed): the mailer trusts it as its `ca`.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** A reply to the end of DATA: its code, or its code sent only `holdMs` later (the mail is the server's from the end of DATA either way). */
export type DataReply = number | { readonly code: number; readonly holdMs: number };

/** How the test server behaves; by default a plain relay that takes every mail without a login. */
export interface TestSmtpConfig {
  /** Implicit TLS (`smtps://`); needs `tls`. Default false. */
  readonly secure?: boolean | undefined;
  /** Offers STARTTLS on a plain connection; needs `tls`. Default false. */
  readonly starttls?: boolean | undefined;
  readonly tls?: TestCertificate | null | undefined;
  /** The login it requires; null (the default): it takes mail without one (and offers no AUTH). */
  readonly auth?: { readonly user: string; readonly pass: string } | null | undefined;
  /** A reply code for every RCPT TO (its text repeats the recipient); null (the default): 250. */
  readonly rcptReply?: number | null | undefined;
  /** The replies to the end of DATA, in turn (a refusal's text repeats the recipient and sender); 250 once they run out. */
  readonly dataReplies?: readonly DataReply[] | undefined;
  /** Replies by recipient address: a mail to one of them takes its replies in turn first, then {@link dataReplies}'. */
  readonly dataRepliesTo?: Readonly<Record<string, readonly DataReply[]>> | undefined;
}

/** A mail whose DATA the server read to its end, as the child process reports it. */
export interface RawReceivedMail {
  /** The envelope's sender (MAIL FROM) and recipients (RCPT TO). */
  readonly mailFrom: string;
  readonly rcptTo: readonly string[];
  /** The message as it came after DATA. */
  readonly raw: string;
  /** The code the server answers its DATA with: 250 (accepted) or a refusal. */
  readonly reply: number;
  /** False while the reply is held; a held 250 whose client is gone by then still leaves the mail received. */
  readonly replied: boolean;
}

/** A received mail with the header fields and body a test reads. */
export interface ReceivedMail extends RawReceivedMail {
  /** The `Message-ID` header, `<…@…>`; null without one. */
  readonly messageId: string | null;
  /** The `From`, `To` and `Subject` headers (encoded words decoded); null when absent. */
  readonly from: string | null;
  readonly to: string | null;
  readonly subject: string | null;
  /** The body, its transfer encoding undone, lines ending in \n (DATA ends with a line break: a text without one gains one). */
  readonly text: string;
}

/** What the server saw. */
export interface ServerState {
  /** Every mail whose DATA ended, in the order their DATA ended, accepted or refused. */
  readonly received: readonly ReceivedMail[];
  /** The accepted ones (250): the server holds each from the end of its DATA, as a real one would deliver it. */
  readonly mails: readonly ReceivedMail[];
  /** Every login it was offered. */
  readonly logins: readonly { readonly user: string; readonly overTls: boolean; readonly accepted: boolean }[];
}

/** A running test server. */
export interface TestSmtpServer {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>`: SMTP_URL for a server without login or TLS. */
  readonly url: string;
  state(): Promise<ServerState>;
  stop(): Promise<void>;
}

/** A self-signed certificate (PEM) for `localhost` and 127.0.0.1, and its key. */
export interface TestCertificate {
  readonly key: string;
  readonly cert: string;
}

/** A new key and self-signed certificate made with `openssl` (which must be installed: a missing one fails the test). */
export async function makeCertificate(): Promise<TestCertificate> {
  const dir = await mkdtemp(join(tmpdir(), "lintel-mail-tls-"));
  try {
    const key = join(dir, "key.pem");
    const cert = join(dir, "cert.pem");
    await exec("openssl", [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ]);
    return { key: await readFile(key, "utf8"), cert: await readFile(cert, "utf8") };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The next IPC message of `child` of type `type` (and `id`, when given); rejects when the child exits first or says nothing for 10 s. */
function nextMessage<T>(child: ChildProcess, type: string, output: () => string, id?: number): Promise<T> {
  // Every listener is taken off once settled: a test polls state() many times over one child.
  return new Promise<T>((resolve, reject) => {
    const settle = (done: () => void) => {
      child.off("message", listen);
      child.off("exit", exited);
      clearTimeout(timer);
      done();
    };
    const listen = (received: { type?: string; id?: number } & T) => {
      if (received.type === type && received.id === id) settle(() => resolve(received));
    };
    const exited = () => settle(() => reject(new Error(`the SMTP server process exited before "${type}": ${output()}`)));
    const timer = setTimeout(
      () => settle(() => reject(new Error(`no "${type}" from the SMTP server process within 10 s: ${output()}`))),
      10_000,
    );
    child.on("message", listen);
    child.on("exit", exited);
  });
}

/** Starts an SMTP server process as `config` says; resolves once it listens on 127.0.0.1. */
export async function startSmtpServer(config: TestSmtpConfig = {}): Promise<TestSmtpServer> {
  const entry = fileURLToPath(new URL("./smtp-server-process.js", import.meta.url));
  const child = spawn(process.execPath, [entry], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const output = () => stderr;
  const listening = nextMessage<{ port: number }>(child, "listening", output);
  child.send(config);
  const { port } = await listening.catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  let asked = 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    async state() {
      const id = ++asked;
      const answer = nextMessage<{ received: RawReceivedMail[]; logins: ServerState["logins"] }>(child, "state", output, id);
      child.send({ type: "state", id });
      const { received, logins } = await answer;
      const read = received.map(readReceived);
      return { received: read, mails: read.filter((mail) => mail.reply === 250), logins };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** `mail` with the header fields and body a test reads. */
function readReceived(mail: RawReceivedMail): ReceivedMail {
  const { headers, body } = readMessage(mail.raw);
  const header = (name: string) => {
    const value = headers.get(name);
    return value === undefined ? null : decodeWords(value);
  };
  return {
    ...mail,
    messageId: headers.get("message-id") ?? null,
    from: header("from"),
    to: header("to"),
    subject: header("subject"),
    text: decodeBody(body, headers.get("content-transfer-encoding") ?? "7bit"),
  };
}

/** A received message's header fields (unfolded; names in lower case) and its body, lines ending in \n. */
export function readMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n(?=[ \t])/g, "");
  const headers = new Map(
    head.split("\r\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { headers, body: raw.slice(split + 4).replace(/\r\n/g, "\n") };
}

/** Bytes written `=XX` (quoted-printable; `_` is a space in an encoded word's Q form). */
function unquote(text: string, underscoreIsSpace: boolean): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char === "_" && underscoreIsSpace) bytes.push(0x20);
    else bytes.push(...Buffer.from(char, "utf8"));
  }
  return Buffer.from(bytes);
}

/** A header's encoded words (RFC 2047, UTF-8) decoded; the space between two of them dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, form: string, text: string) =>
      (form.toLowerCase() === "b" ? Buffer.from(text, "base64") : unquote(text, true)).toString("utf8"),
    );
}

/** A body of `encoding` (lines ending in \n) as the text it carries, its lines ending in \n. */
function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8").replace(/\r\n/g, "\n");
    case "quoted-printable":
      return unquote(body.replace(/=\n/g, ""), false).toString("utf8").replace(/\r\n/g, "\n");
    default:
      return body;
  }
}
