/**
 * A real SMTP server for the mailer's tests: the smtp-server package in a child process
 * (smtp-server-process.test-support.ts), so the mailer talks to it over TCP exactly as to a
 * server elsewhere, and the test asks it afterwards what it accepted. A TLS certificate for
 * `localhost` and 127.0.0.1 is made by `openssl` at run time (nothing is committed): the mailer
 * trusts it as its `ca`.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** How the test server behaves. */
export interface TestSmtpConfig {
  /** Implicit TLS (`smtps://`); needs `tls`. */
  readonly secure: boolean;
  /** Offers STARTTLS on a plain connection; needs `tls`. */
  readonly starttls: boolean;
  readonly tls: TestCertificate | null;
  /** The login it requires; null: it takes mail without one (and offers no AUTH). */
  readonly auth: { readonly user: string; readonly pass: string } | null;
  /** A reply code for every RCPT TO (its text repeats the recipient); null: 250. */
  readonly rcptReply: number | null;
  /** The replies to the end of DATA, in turn (their text repeats the recipient and sender); 250 once they run out. */
  readonly dataReplies: readonly number[];
}

/** A mail the server accepted (250 after DATA). */
export interface AcceptedMail {
  readonly mailFrom: string;
  readonly rcptTo: readonly string[];
  /** The message as it came after DATA. */
  readonly raw: string;
}

/** What the server saw: the mails it accepted and every login it was offered. */
export interface ServerState {
  readonly mails: AcceptedMail[];
  readonly logins: { readonly user: string; readonly overTls: boolean; readonly accepted: boolean }[];
}

/** A running test server. */
export interface TestSmtpServer {
  readonly port: number;
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

/** The next IPC message of `child` of type `type`; rejects when the child exits first or says nothing for 10 s. */
async function nextMessage<T>(child: ChildProcess, type: string, output: () => string): Promise<T> {
  const message = new Promise<T>((resolve) => {
    const listen = (received: { type?: string } & T) => {
      if (received.type !== type) return;
      child.off("message", listen);
      resolve(received);
    };
    child.on("message", listen);
  });
  const exited = once(child, "exit").then(() => {
    throw new Error(`the SMTP server process exited before "${type}": ${output()}`);
  });
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no "${type}" from the SMTP server process within 10 s: ${output()}`)), 10_000);
  });
  try {
    return await Promise.race([message, exited, silent]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts an SMTP server process as `config` says; resolves once it listens on 127.0.0.1. */
export async function startSmtpServer(config: TestSmtpConfig): Promise<TestSmtpServer> {
  const entry = fileURLToPath(new URL("./smtp-server-process.test-support.js", import.meta.url));
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
  return {
    port,
    async state() {
      const answer = nextMessage<{ state: ServerState }>(child, "state", output);
      child.send({ type: "state" });
      return (await answer).state;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
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
