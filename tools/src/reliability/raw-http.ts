/**
 * HTTP/1.1 over a bare loopback socket (node:net), for requests fetch refuses to send: CR/LF in a
 * header value, a Content-Length that lies, bytes after the request, odd methods. The answer is
 * every response the server wrote before closing (or before `timeoutMs`), parsed from the bytes.
 */
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawResponse {
  readonly status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface RawExchange {
  readonly responses: readonly RawResponse[];
  /** Bytes after the last complete response (a cut-off answer), as text. */
  readonly trailing: string;
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
      resolve({ ...parseResponses(Buffer.concat(chunks), options.head === true), timedOut });
    });
  });
}

/**
 * Splits a byte stream into complete HTTP/1.1 responses (Content-Length or chunked bodies,
 * gzip/br decoded); with `head`, the first final response is the bodiless answer to a HEAD.
 */
export function parseResponses(data: Buffer, head: boolean): Pick<RawExchange, "responses" | "trailing"> {
  const responses: RawResponse[] = [];
  let at = 0;
  for (;;) {
    const parsed = parseOne(data, at, head && responses.length === 0);
    if (parsed === undefined) break;
    if (parsed.response.status >= 200) responses.push(parsed.response); // 1xx (100 Continue) are interim

    at = parsed.end;
  }
  return { responses, trailing: data.subarray(at).toString("latin1") };
}

function parseOne(data: Buffer, start: number, head: boolean): { response: RawResponse; end: number } | undefined {
  const headEnd = data.indexOf("\r\n\r\n", start, "latin1");
  if (headEnd < 0) return undefined;
  const [statusLine = "", ...lines] = data.subarray(start, headEnd).toString("latin1").split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (status === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyStart = headEnd + 4;
  // The answer to a HEAD has no body, unless it is not an answer to the HEAD (Node's parser
  // refused the request): then the bytes its Content-Length names follow, and no next response.
  const length = Number(headers["content-length"] ?? 0);
  const headWithBody =
    head && length > 0 && data.length >= bodyStart + length && data.toString("latin1", bodyStart, bodyStart + 5) !== "HTTP/";
  const bodiless = (head && !headWithBody) || status === "204" || status === "304" || status.startsWith("1");
  const body = bodiless
    ? { bytes: Buffer.alloc(0), end: bodyStart }
    : headers["transfer-encoding"]?.toLowerCase() === "chunked"
      ? dechunk(data, bodyStart)
      : sized(data, bodyStart, headers);
  if (body === undefined) return undefined;
  return { response: { status: Number(status), headers, body: decode(body.bytes, headers["content-encoding"]) }, end: body.end };
}

function sized(data: Buffer, at: number, headers: Record<string, string>): { bytes: Buffer; end: number } | undefined {
  const length = Number(headers["content-length"] ?? 0);
  if (at + length > data.length) return undefined;
  return { bytes: data.subarray(at, at + length), end: at + length };
}

function dechunk(data: Buffer, start: number): { bytes: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at, "latin1");
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (Number.isNaN(size) || lineEnd + 2 + size + 2 > data.length) return undefined;
    if (size === 0) return { bytes: Buffer.concat(parts), end: lineEnd + 4 };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function decode(bytes: Buffer, encoding: string | undefined): string {
  if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}
