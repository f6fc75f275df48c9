/**
 * HTTP/1.1 over a plain TCP socket, for e2e tests of what fetch cannot send or see: bytes after
 * a request, CONNECT, odd `Expect`, several answers on one kept-alive connection, and the moment
 * the server closes it. Answers are parsed by Content-Length (every Lintel answer has one).
 */
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import type { Answer } from "./e2e.test-support.js";

export interface RawAnswer extends Answer {
  /** The status line and headers as received. */
  readonly head: string;
}

function parseOne(buffer: Buffer): { answer: RawAnswer; rest: Buffer } | null {
  const end = buffer.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = buffer.subarray(0, end).toString("latin1");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = new Headers();
  for (const line of lines) headers.append(line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim());
  const length = Number(headers.get("content-length") ?? 0);
  if (buffer.length < end + 4 + length) return null;
  const text = buffer.subarray(end + 4, end + 4 + length).toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const status = Number(statusLine.split(" ")[1]);
  return { answer: { status, headers, text, json, head }, rest: buffer.subarray(end + 4 + length) };
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
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (let parsed = parseOne(this.buffer); parsed !== null; parsed = parseOne(this.buffer)) {
        this.answers.push(parsed.answer);
        this.buffer = parsed.rest;
      }
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

/** A GET request's bytes, keeping the connection alive. */
export function rawGet(path: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ Host: "lintel.test", ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `GET ${path} HTTP/1.1\r\n${lines.join("")}\r\n`;
}
