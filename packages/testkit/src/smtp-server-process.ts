// The test SMTP server in a process of its own: the smtp-server package, set up by the first IPC
// message (a TestSmtpConfig), answering {"type":"listening","port"} once it listens and
// {"type":"state","id",…} (every mail whose DATA ended, the logins it was offered) to each
// {"type":"state","id"}. Its refusals repeat the recipient and the sender, as real servers do, so
// a test sees whether the mailer keeps them out of its errors. Started and stopped by smtp.ts; it
// exits when the process that started it is gone (the IPC channel closes), so a killed test
// leaves no server behind.
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { DataReply, RawReceivedMail, ServerState, TestSmtpConfig } from "./smtp.js";

/** An error smtp-server answers with `code message`. */
const reply = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

const addressOf = (address: SMTPServerAddress | false) => (address === false ? "" : address.address);

/** A received mail as the child keeps it: its reply marked sent once written. */
type Kept = { -readonly [K in keyof RawReceivedMail]: RawReceivedMail[K] };

function start(config: TestSmtpConfig): void {
  const received: Kept[] = [];
  const logins: ServerState["logins"][number][] = [];
  const dataReplies = [...(config.dataReplies ?? [])];
  const repliesTo = new Map(Object.entries(config.dataRepliesTo ?? {}).map(([to, replies]) => [to.toLowerCase(), [...replies]]));
  /** The next reply to a DATA for `to`: its recipients' own script first, then the general one, then 250. */
  const nextReply = (to: readonly string[]): { code: number; holdMs: number } => {
    const own = to.map((address) => repliesTo.get(address.toLowerCase())).find((replies) => replies !== undefined && replies.length > 0);
    const next: DataReply = own?.shift() ?? dataReplies.shift() ?? 250;
    return typeof next === "number" ? { code: next, holdMs: 0 } : next;
  };
  const auth = config.auth ?? null;
  const server = new SMTPServer({
    secure: config.secure ?? false,
    ...(config.tls === null || config.tls === undefined ? {} : { key: config.tls.key, cert: config.tls.cert }),
    disabledCommands: [...(config.starttls === true ? [] : ["STARTTLS"]), ...(auth === null ? ["AUTH"] : [])],
    authOptional: auth === null,
    // Takes a login in the clear, so a client that sends one without TLS is seen doing it.
    allowInsecureAuth: true,
    logger: false,
    onAuth(login, session, callback) {
      const accepted = auth !== null && login.username === auth.user && login.password === auth.pass;
      logins.push({ user: login.username ?? "", overTls: session.secure, accepted });
      if (accepted) callback(null, { user: login.username });
      else callback(reply(535, "5.7.8 Authentication credentials invalid"));
    },
    onRcptTo(address, _session, callback) {
      if (config.rcptReply === null || config.rcptReply === undefined) callback();
      else callback(reply(config.rcptReply, `<${address.address}>: Recipient address rejected`));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const mailFrom = addressOf(session.envelope.mailFrom);
        const { code, holdMs } = nextReply(to);
        // Received now, whatever becomes of the reply: a held 250 to a client killed meanwhile is a mail delivered.
        const kept: Kept = { mailFrom, rcptTo: to, raw: Buffer.concat(chunks).toString("utf8"), reply: code, replied: false };
        received.push(kept);
        const answer = () => {
          kept.replied = true;
          if (code === 250) callback();
          else callback(reply(code, `Mailbox of ${to.join(", ")} busy, mail from ${mailFrom} not taken`));
        };
        if (holdMs > 0) setTimeout(answer, holdMs);
        else answer();
      });
    },
  });
  server.on("error", (error) => console.error(error));
  server.listen(0, "127.0.0.1", () => {
    const address = server.server.address();
    process.send?.({ type: "listening", port: typeof address === "object" && address !== null ? address.port : 0 });
  });
  process.on("message", (message: { type?: string; id?: number }) => {
    if (message.type === "state") process.send?.({ type: "state", id: message.id, received, logins });
  });
}

process.once("message", (config: TestSmtpConfig) => start(config));
process.once("disconnect", () => process.exit(0));
