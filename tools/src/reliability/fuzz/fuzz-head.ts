/**
 * How Node's HTTP/1.1 parser (llhttp in strict mode, as node:http runs it) reads the bytes of a
 * fuzz case, so the judge knows which answer is right: checked against Node 20's parser byte by
 * byte (method, target, header syntax, the 16 KiB limit, Transfer-Encoding and Content-Length).
 * - The parser stops at the first fault in byte order. A method it does not know, a target byte
 *   that is not visible ASCII, a header line without `name:`, a name that is not a token, a value
 *   byte that is a control character (CR or LF alone, NUL, DEL…), a line folded onto the next:
 *   400. The request line's target and each header's name and value (without leading spaces) add
 *   up, and reaching 16 KiB is 431; a fault after that point is never reached, one before it wins.
 * - A CR LF inside a value ends that header; a CR LF CR LF ends the head there, and what was
 *   meant as the rest of the head follows the request as more bytes.
 * - `Transfer-Encoding` (RFC 9112 §6.1): a coding after `chunked` or a `Content-Length` beside
 *   it is 400 within the head. A last coding other than `chunked` is 400 once the head is in:
 *   Node has handed the head over by then (an odd `Expect` is answered 417 at that moment), but
 *   no route answers first (the server answers the broken body at once). `CONNECT` is exempt:
 *   Node reads no body after its head.
 */
import { METHODS } from "node:http";
import { isValidHeaderValue, type FuzzHeader } from "./fuzz-requests.js";

/** Node's default --max-http-header-size: the counted bytes of a head must stay below it. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** a longer request target is 414 uri_too_long. */
const MAX_REQUEST_TARGET_CHARS = 8 * 1024;
const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export type RequestReading =
  /**
   * Node's parser refuses the request: the server's answer is this status. With `headers`, it
   * refused the framing only once the head was in and handed to the server (who may have
   * answered an `Expect` already); else no header of it reached the server.
   */
  | { readonly refused: 400 | 414 | 431; readonly headers?: readonly FuzzHeader[] }
  | {
      readonly refused: undefined;
      /** The header fields the server is handed (values without surrounding spaces and tabs, as Node gives them). */
      readonly headers: readonly FuzzHeader[];
      /** The whole body arrived: false when its Content-Length promises more than was sent. */
      readonly complete: boolean;
      /** Bytes follow the complete request on the connection: a stray byte, a second request, the rest of a head ended early. */
      readonly followed: boolean;
    };

/** How the server's parser reads the first request in `bytes` (the whole of what a case sends). */
export function readRequest(bytes: Buffer): RequestReading {
  const text = bytes.toString("latin1");
  const lineEnd = text.indexOf("\r\n");
  const [method = "", target = "", ...rest] = text.slice(0, lineEnd).split(" ");
  if (!METHODS.includes(method) || !/^[\x21-\x7e]+$/.test(target) || rest.join(" ") !== "HTTP/1.1") return { refused: 400 };
  let counted = target.length;
  // A head over the limit is 414 when its target is over 8 KiB, else 431.
  const overflow = target.length > MAX_REQUEST_TARGET_CHARS ? 414 : 431;
  if (counted >= MAX_HEADER_BYTES) return { refused: overflow };
  const headers: FuzzHeader[] = [];
  let at = lineEnd + 2;
  for (let end = text.indexOf("\r\n", at); end > at; end = text.indexOf("\r\n", at)) {
    const line = text.slice(at, end);
    at = end + 2;
    const colon = line.indexOf(":");
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^[ \t]+/, "");
    if (colon < 0 || !TOKEN.test(name) || !isValidHeaderValue(value)) return { refused: 400 };
    headers.push({ name, value: value.replace(/[ \t]+$/, "") });
    if (codingAfterChunked(headers)) return { refused: 400 };
    counted += name.length + value.length;
    if (counted >= MAX_HEADER_BYTES) return { refused: overflow };
  }
  const body = bodyLength(headers, text, at + 2);
  if (body === undefined) return { refused: 400 };
  if (method === "CONNECT") return { refused: undefined, headers, complete: true, followed: false }; // what follows is no HTTP to Node
  if (codings(headers).length > 0 && codings(headers).at(-1) !== "chunked") return { refused: 400, headers };
  const available = text.length - (at + 2);
  return { refused: undefined, headers, complete: available >= body, followed: available > body };
}

/** The values of the header `name` among `headers`. */
export function valuesOf(headers: readonly FuzzHeader[], name: string): string[] {
  return headers.filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
}

function codings(headers: readonly FuzzHeader[]): string[] {
  return valuesOf(headers, "transfer-encoding").flatMap((value) => value.split(",").map((coding) => coding.trim().toLowerCase()));
}

function codingAfterChunked(headers: readonly FuzzHeader[]): boolean {
  const all = codings(headers);
  return all.includes("chunked") && all.at(-1) !== "chunked";
}

/** The length of the body that starts at `start` as the headers frame it; undefined when the framing is refused. */
function bodyLength(headers: readonly FuzzHeader[], text: string, start: number): number | undefined {
  const lengths = valuesOf(headers, "content-length");
  if (codings(headers).length > 0) {
    if (lengths.length > 0) return undefined;
    return codings(headers).at(-1) === "chunked" ? chunkedLength(text, start) : 0;
  }
  if (lengths.length === 0) return 0;
  if (new Set(lengths).size > 1 || !/^\d+$/.test(lengths[0]!)) return undefined;
  return Number(lengths[0]);
}

/** The bytes of the chunked body at `start`, up to its last chunk; more than were sent when it has none. */
function chunkedLength(text: string, start: number): number {
  for (let at = start; at < text.length;) {
    const lineEnd = text.indexOf("\r\n", at);
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (lineEnd < 0 || Number.isNaN(size)) break;
    at = lineEnd + 2 + size + 2;
    if (size === 0) return at - start;
  }
  return text.length - start + 1;
}
