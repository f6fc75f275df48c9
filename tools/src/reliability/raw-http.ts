/**
 * One request's bytes over a bare loopback socket (node:net), for requests fetch refuses to
 * send: CR/LF in a header value, a Content-Length that lies, bytes after the request, odd
 * methods. The answer is every response the server wrote before closing (or before
 * `timeoutMs`), parsed by @lintel/api's raw HTTP test support.
 */
import { connect } from "node:net";
import { parseAnswers, type RawAnswer } from "@lintel/testkit/raw-http";

export interface RawExchange {
  /** The final answers (1xx left out), in order. */
  readonly responses: readonly RawAnswer[];
  /** True when the server had not closed the connection within the time allowed. */
  readonly timedOut: boolean;
}

export interface ExchangeOptions {
  readonly timeoutMs: number;
  /** Half-close the connection after this long (a request whose body never comes). */
  readonly endAfterMs?: number;
  /** The first request is a HEAD: its answer has headers only. */
  readonly head?: boolean;
}

/** Sends `bytes` to 127.0.0.1:`port` and collects the answers until the server closes. */
export function exchange(port: number, bytes: Buffer, options: ExchangeOptions): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: "127.0.0.1" });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, options.timeoutMs);
    let halfClose: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(bytes);
      if (options.endAfterMs !== undefined) halfClose = setTimeout(() => socket.end(), options.endAfterMs);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A reset after the server answered and closed is the end of the exchange, not a failure of ours.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      clearTimeout(halfClose);
      const { answers } = parseAnswers(Buffer.concat(chunks), options.head === true);
      resolve({ responses: answers.filter((answer) => answer.status >= 200), timedOut });
    });
  });
}
