/**
 * HTTP/1.1 over a plain TCP socket, for tests and scripts that send what fetch cannot send or
 * see: bytes after a request, CONNECT, odd `Expect`, control characters in a header, a
 * Content-Length that lies, several answers on one kept-alive connection, and the moment the
 * server closes it. Answers are parsed from the bytes: Content-Length or chunked bodies,
 * gzip and br decoded, 1xx answers kept (they have no body). Also `@lintel/testkit/raw-http`
 * (the HTTP fuzz in tools/ uses it).
 */
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** An HTTP answer as a test reads it. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body, or undefined when it is not JSON. */

  readonly json: any;
}

export interface RawAnswer extends Answer {
  /** The status line and headers as received. */
  readonly head: string;
}

/**
 * The first whole answer in `buffer` and the bytes after it; null while it is incomplete (or not
 * an answer). With `toHead`, it answers a HEAD: no body, whatever its Content-Length, unless the
 * bytes after its head are no next answer but the body of an answer to a request the server
 * could not parse (then it did not know it was a HEAD).
 */
export function parseAnswer(buffer: Buffer, toHead = false): { answer: RawAnswer; rest: Buffer } | null {
  const end = buffer.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = buffer.subarray(0, end).toString("latin1");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (Number.isNaN(status)) return null;
  const headers = new Headers();
  for (const line of lines) headers.append(line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim());
  const bodyStart = end + 4;
  const length = Number(headers.get("content-length") ?? 0);
  const bodiless =
    status < 200 ||
    status === 204 ||
    status === 304 ||
    (toHead && !(length > 0 && buffer.length >= bodyStart + length && buffer.toString("latin1", bodyStart, bodyStart + 5) !== "HTTP/"));
  const body = bodiless
    ? { bytes: Buffer.alloc(0), end: bodyStart }
    : headers.get("transfer-encoding")?.toLowerCase() === "chunked"
      ? dechunk(buffer, bodyStart)
      : buffer.length >= bodyStart + length
        ? { bytes: buffer.subarray(bodyStart, bodyStart + length), end: bodyStart + length }
        : null;
  if (body === null) return null;
  const text = decode(body.bytes, headers.get("content-encoding"));
  const json = jsonOrUndefined(text);
  return { answer: { status, headers, text, json, head }, rest: buffer.subarray(body.end) };
}

function dechunk(buffer: Buffer, start: number): { bytes: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  for (let at = start; ;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString("latin1", at, lineEnd), 16);
    if (Number.isNaN(size) || lineEnd + 2 + size + 2 > buffer.length) return null;
    if (size === 0) return { bytes: Buffer.concat(parts), end: lineEnd + 4 };
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function decode(bytes: Buffer, encoding: string | null): string {
  if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

/** Every whole answer in `buffer`, in order, and the bytes after the last; with `headFirst` the first final answer is to a HEAD. */
export function parseAnswers(buffer: Buffer, headFirst = false): { answers: RawAnswer[]; rest: Buffer } {
  const answers: RawAnswer[] = [];
  let rest = buffer;
  const toHead = () => headFirst && answers.every((answer) => answer.status < 200);
  for (let parsed = parseAnswer(rest, toHead()); parsed !== null; parsed = parseAnswer(rest, toHead())) {
    answers.push(parsed.answer);
    rest = parsed.rest;
  }
  return { answers, rest };
}

/** One client connection. */
export class RawConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly answers: RawAnswer[] = [];
  private waiting: (() => void) | undefined;
  private over = false;
  /** True once the server closed its side (FIN), false if the connection was reset. */
  readonly closed: Promise<boolean>;

  private constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      const parsed = parseAnswers(Buffer.concat([this.buffer, chunk]));
      this.answers.push(...parsed.answers);
      this.buffer = parsed.rest;
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => {
      socket.once("end", () => resolve(true));
      socket.once("error", () => resolve(false));
    });
    socket.on("end", () => socket.end());
    socket.once("close", () => {
      this.over = true;
      this.waiting?.();
    });
  }

  /** Connects to the server at `url` (`http://host:port`). */
  static async open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    await once(socket, "connect");
    return new RawConnection(socket);
  }

  send(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  /** The next answer; rejects if the connection closes first. */
  async answer(): Promise<RawAnswer> {
    while (this.answers.length === 0) {
      if (this.over) throw new Error(`the connection closed with no further answer (${this.buffer.length} bytes pending)`);
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    return this.answers.shift()!;
  }

  /** Sends `request` and waits for one answer. */
  async exchange(request: string): Promise<RawAnswer> {
    this.send(request);
    return this.answer();
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** The value `text` holds as JSON, or undefined when it is not JSON (an answer's body as a test reads it). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A GET request's bytes, keeping the connection alive. */
export function rawGet(path: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ Host: "lintel.test", ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `GET ${path} HTTP/1.1\r\n${lines.join("")}\r\n`;
}
