// The receiving end of the mailer's tests, in a process of its own: the smtp-server package, set up
// by the first IPC message (a TestSmtpConfig), answering {"type":"listening","port"} once it
// listens and {"type":"state",…} (the mails it accepted, the logins it was offered) when asked.
// Its refusals repeat the recipient and the sender, as real servers do, so a test sees whether the
// mailer keeps them out of its errors. Started and stopped by smtp-test-server.test-support.ts.
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { ServerState, TestSmtpConfig } from "./smtp-test-server.test-support.js";

/** An error smtp-server answers with `code message`. */
const reply = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

const addressOf = (address: SMTPServerAddress | false) => (address === false ? "" : address.address);

function start(config: TestSmtpConfig): void {
  const state: ServerState = { mails: [], logins: [] };
  const dataReplies = [...config.dataReplies];
  const server = new SMTPServer({
    secure: config.secure,
    ...(config.tls === null ? {} : { key: config.tls.key, cert: config.tls.cert }),
    disabledCommands: [...(config.starttls ? [] : ["STARTTLS"]), ...(config.auth === null ? ["AUTH"] : [])],
    authOptional: config.auth === null,
    // Takes a login in the clear, so a client that sends one without TLS is seen doing it.
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, session, callback) {
      const accepted = config.auth !== null && auth.username === config.auth.user && auth.password === config.auth.pass;
      state.logins.push({ user: auth.username ?? "", overTls: session.secure, accepted });
      if (accepted) callback(null, { user: auth.username });
      else callback(reply(535, "5.7.8 Authentication credentials invalid"));
    },
    onRcptTo(address, _session, callback) {
      if (config.rcptReply === null) callback();
      else callback(reply(config.rcptReply, `<${address.address}>: Recipient address rejected`));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const code = dataReplies.shift() ?? 250;
        if (code !== 250) {
          callback(reply(code, `Mailbox of ${to.join(", ")} busy, mail from ${addressOf(session.envelope.mailFrom)} not taken`));
          return;
        }
        state.mails.push({ mailFrom: addressOf(session.envelope.mailFrom), rcptTo: to, raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  server.on("error", (error) => console.error(error));
  server.listen(0, "127.0.0.1", () => {
    const address = server.server.address();
    process.send?.({ type: "listening", port: typeof address === "object" && address !== null ? address.port : 0 });
  });
  process.on("message", (message: { type?: string }) => {
    if (message.type === "state") process.send?.({ type: "state", state });
  });
}

process.once("message", (config: TestSmtpConfig) => start(config));
