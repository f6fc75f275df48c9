/**
 * Sending a fuzz case over a raw socket and judging every answer against no 5xx; no write
 * accepted whose body holds a string no field takes (fuzz-writes.ts); every
 * non-2xx (but 304) a complete problem+json whose type, title and status match the catalog;
 * `x-request-id` on every answer, equal to the body's requestId (and to a well-formed id the
 * client sent); nothing that looks like a stack trace, a file path or an internal error name.
 */
import { randomInt } from "node:crypto";
import { PROBLEMS, type ProblemCode } from "@lintel/domain";
import { readRequest, valuesOf, type RequestReading } from "./fuzz-head.js";
import type { FuzzCase, FuzzHeader } from "./fuzz-requests.js";
import type { RawAnswer } from "@lintel/testkit/raw-http";
import { exchange, type RawExchange } from "../raw-http.js";
import { judgeWriteBody } from "./fuzz-writes.js";

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
/** The detail of the server's answer to bytes Node's parser refused (apps/api/src/http-edge/client-errors.ts). */
const PARSE_ERROR_DETAIL = "The request is not well-formed HTTP.";
/** What must never reach a client: stack frames, module paths, source files, error class names. */
const INTERNALS = [
  /\n\s*at /,
  /\bat [\w.<>]+ \(/,
  /node_modules/,
  /node:internal/,
  /\.[cm]?[jt]s:\d+/,
  /\b[A-Z]\w*Error\b/,
  /\/(?:apps|packages|dist)\//,
];

/**
 * True when the case sends bytes after its request as its Content-Length frames it (a stray
 * byte, a second request, the last byte of a body one byte short): it asks to keep the connection.
 */
function followedByMore(c: FuzzCase): boolean {
  return c.tail === "stray-byte" || c.tail === "pipelined" || (c.body?.length === "short" && c.body.text !== "");
}

export interface SentCase {
  readonly exchange: RawExchange;
  readonly failures: string[];
}

/** A client address of its own per request, so the failed-key budget of one case never answers another. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The bytes of `c` as sent to 127.0.0.1:`port`. */
export function encodeCase(c: FuzzCase, port: number): Buffer {
  const lines = [`${c.method} ${c.target} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const h of c.headers) lines.push(`${h.name}: ${h.value}`);
  // Last, so the proxy-seen entry (TRUST_PROXY) is ours whatever the case adds.
  lines.push(`x-forwarded-for: ${freshAddress()}`, `Connection: ${followedByMore(c) ? "keep-alive" : "close"}`);
  let body = Buffer.alloc(0);
  if (c.body !== null) {
    const bytes = Buffer.from(c.body.text, "utf8");
    if (c.body.length === "chunked") {
      lines.push("Transfer-Encoding: chunked");
      const chunk = bytes.length === 0 ? [] : [Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")];
      body = Buffer.concat([...chunk, Buffer.from("0\r\n\r\n")]);
    } else {
      const declared = { exact: bytes.length, short: Math.max(0, bytes.length - 1), long: bytes.length + 10 }[c.body.length];
      lines.push(`Content-Length: ${declared}`);
      body = bytes;
    }
  }
  const tail = {
    none: "",
    "half-close": "",
    "stray-byte": "x",
    pipelined: "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
  }[c.tail];
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body, Buffer.from(tail, "latin1")]);
}

/** Sends `c` and judges the answers; a lying (too long) Content-Length is half-closed after a pause, a "half-close" case at once. */
export async function sendCase(c: FuzzCase, port: number, docsUrl: string): Promise<SentCase> {
  const endAfterMs = c.tail === "half-close" ? 0 : c.body?.length === "long" ? 300 : undefined;
  const options = { timeoutMs: 3000, head: c.method === "HEAD", ...(endAfterMs === undefined ? {} : { endAfterMs }) };
  const bytes = encodeCase(c, port);
  const result = await exchange(port, bytes, options);
  return { exchange: result, failures: judge(c, bytes, result, docsUrl) };
}

/** Every way the answers to `c`, sent as `bytes`, break the contract (empty when they hold). */
export function judge(c: FuzzCase, bytes: Buffer, result: RawExchange, docsUrl: string): string[] {
  const [first] = result.responses;
  // Node takes a half-close as the client aborting (httpAllowHalfOpen is off): an answer may or may not come.
  if (first === undefined && c.tail === "half-close" && !result.timedOut) return [];
  if (first === undefined) return [result.timedOut ? "no answer within 3 s" : "connection closed without an answer"];
  const failures = [...judgeFirst(c, readRequest(bytes), first), ...judgeWriteBody(c, first.status)];
  for (const response of result.responses) failures.push(...judgeResponse(c, response, docsUrl));
  // RFC 9112 §9.6: the server closes the connection after the answer that says so.
  if (result.responses.slice(0, -1).some((response) => response.headers.get("connection") === "close")) {
    failures.push(`an answer after one that said Connection: close (${result.responses.map((r) => r.status).join(", ")})`);
  }
  return failures;
}

/**
 * Which first answer is right for the request as the server's parser reads it (fuzz-head.ts):
 * - refused by the parser: 431 headers_too_large when the head reached 16 KiB before any fault,
 *   else 400 invalid_request; a new request id, since no header of it was read (docs/decisions.md),
 *   unless Node handed the head over before refusing its framing: then the client's, as below;
 *   but 417 expectation_failed, as any answer to a head, when Node handed over a head with an
 *   `Expect` other than 100-continue before refusing its Transfer-Encoding (Node answers it first);
 * - read, its body in whole: the route's answer, never the parse-error 400 (bytes that follow it
 *   wait for its answer), with the client's `x-request-id` when exactly one well-formed one was read;
 * - read, its body promised longer than sent: the route's answer if it answers without the body,
 *   else the parse-error 400 once the client ends the connection mid-body (it can never be read).
 */
function judgeFirst(c: FuzzCase, reading: RequestReading, first: RawAnswer): string[] {
  const parseError = first.status === 400 && first.json?.detail === PARSE_ERROR_DETAIL;
  const id = first.headers.get("x-request-id");
  if (reading.refused !== undefined && reading.headers !== undefined && oddExpect(c, reading.headers))
    return judgeRead(c, reading.headers, first);
  if (reading.refused !== undefined) {
    const code = { 400: "invalid_request", 414: "uri_too_long", 431: "headers_too_large" }[reading.refused];
    const right = `${reading.refused} ${code}`;
    // A head read before its framing was refused is a HEAD's answer: no body, so its status is all there is to judge.
    const bodiless = c.method === "HEAD" && reading.headers !== undefined;
    const answered = `${first.status} ${bodiless ? code : first.json?.code}`;
    const failures = answered === right ? [] : [`a request the parser refuses answered ${answered}, not ${right}`];
    // A head handed over before its body's framing was refused was read: its 400 is its answer.
    if (reading.headers !== undefined) failures.push(...requestIdFailures(reading.headers, id));
    else if (valuesOf(c.headers, "x-request-id").includes(id ?? ""))
      failures.push(`a refused request's answer reuses its x-request-id ${id}`);
    return failures;
  }
  if (parseError) return reading.complete ? ["a complete request lost its answer to the parse error of what followed it"] : [];
  return judgeRead(c, reading.headers, first);
}

/** The route's (or Node's `Expect`/`CONNECT`) answer to a head the server read as `headers`. */
function judgeRead(c: FuzzCase, headers: readonly FuzzHeader[], first: RawAnswer): string[] {
  const failures: string[] = [];
  if (oddExpect(c, headers) && first.status !== 417) failures.push(`an Expect other than 100-continue answered ${first.status}, not 417`);
  // A replay of an Idempotency-Key answers with the first request's id.
  if (valuesOf(headers, "idempotency-key").length === 0) failures.push(...requestIdFailures(headers, first.headers.get("x-request-id")));
  return [...failures, ...judgeConventions(c, first)];
}

/** The answer's `id` must be the client's when the server read exactly one well-formed one. */
function requestIdFailures(headers: readonly FuzzHeader[], id: string | null): string[] {
  const offers = valuesOf(headers, "x-request-id");
  return offers.length === 1 && CLIENT_REQUEST_ID.test(offers[0]!) && id !== offers[0]
    ? [`x-request-id ${id} is not the well-formed one sent (${offers[0]})`]
    : [];
}

/**
 * An `Expect` Node answers 417 as soon as the head is in: its values joined hold no
 * `100-continue` (Node's test; RFC 9110 §10.1.1 lets a server refuse any other). A CONNECT
 * goes to its own handler instead.
 */
function oddExpect(c: FuzzCase, headers: readonly FuzzHeader[]): boolean {
  const expect = valuesOf(headers, "expect");
  return c.method !== "CONNECT" && expect.length > 0 && !/(?:^|\W)100-continue(?:$|\W)/i.test(expect.join(", "));
}

/** the contract headers of an answer the app itself wrote: Cache-Control on /v1, Allow on 405, Retry-After on 429 and 503. */
function judgeConventions(c: FuzzCase, { status, headers, json }: RawAnswer): string[] {
  const failures: string[] = [];
  const cacheControl = headers.get("cache-control");
  if (c.target.startsWith("/v1/") && status !== 304) {
    const expected = status < 300 && (c.method === "GET" || c.method === "HEAD") ? "private, no-cache" : "no-store";
    if (cacheControl !== expected) failures.push(`${c.method} ${status} on /v1 with Cache-Control ${cacheControl}, not ${expected}`);
  }
  if (status === 405 && !headers.get("allow")) failures.push("405 without Allow");
  if ((status === 429 || status === 503) && !/^\d+$/.test(headers.get("retry-after") ?? "")) failures.push(`${status} without Retry-After`);
  if (status >= 400 && c.method !== "HEAD") {
    const params: unknown = json?.invalidParams;
    const valid = (p: unknown) =>
      typeof p === "object" &&
      p !== null &&
      typeof (p as Record<string, unknown>)["name"] === "string" &&
      typeof (p as Record<string, unknown>)["reason"] === "string";
    if (params !== undefined && !(Array.isArray(params) && params.length > 0 && params.every(valid)))
      failures.push(`invalidParams ${JSON.stringify(params)}`);
  }
  return failures;
}

function judgeResponse(c: FuzzCase, response: RawAnswer, docsUrl: string): string[] {
  const { status, headers, text } = response;
  const failures: string[] = [];
  const id = headers.get("x-request-id");
  if (status >= 500) failures.push(`status ${status}`);
  if (id === null || !CLIENT_REQUEST_ID.test(id)) failures.push(`x-request-id header missing or malformed: ${JSON.stringify(id)}`);
  const leaked = INTERNALS.find((pattern) => pattern.test(withoutEchoes(text, c)));
  if (leaked !== undefined) failures.push(`internal text in the body (${leaked.source}): ${text.slice(0, 300)}`);
  if (status < 300 || status === 304) return failures;
  const contentType = headers.get("content-type");
  if (contentType !== "application/problem+json") failures.push(`${status} with content-type ${contentType}`);
  if (c.method === "HEAD") return failures;
  if (typeof response.json !== "object" || response.json === null)
    return [...failures, `${status} body is not a JSON object: ${text.slice(0, 200)}`];
  const problem = response.json as Record<string, unknown>;
  const missing = ["type", "title", "detail", "code", "requestId", "status"].filter((field) => !(field in problem));
  if (missing.length > 0) failures.push(`problem without ${missing.join(", ")}`);
  const entry = PROBLEMS[problem["code"] as ProblemCode] as (typeof PROBLEMS)[ProblemCode] | undefined;
  if (entry === undefined) return [...failures, `unknown problem code ${String(problem["code"])}`];
  if (problem["status"] !== status || entry.status !== status) failures.push(`status ${status}, body status ${String(problem["status"])}`);
  if (problem["title"] !== entry.title) failures.push(`title ${String(problem["title"])} for ${String(problem["code"])}`);
  if (problem["type"] !== `${docsUrl}/errors#${entry.anchor}`) failures.push(`type ${String(problem["type"])}`);
  if (typeof problem["detail"] !== "string" || problem["detail"] === "") failures.push("empty detail");
  if (problem["requestId"] !== id) failures.push(`requestId ${String(problem["requestId"])} ≠ x-request-id ${id}`);
  return [...failures, ...judgeBounds(c, response)];
}

/** at most 100 characters of anything the client sent, at most 20 invalidParams, a body under 4 KiB. */
function judgeBounds(c: FuzzCase, { text, json }: RawAnswer): string[] {
  const failures: string[] = [];
  if (Buffer.byteLength(text) >= 4096) failures.push(`a problem of ${Buffer.byteLength(text)} bytes`);
  const params: unknown = json?.invalidParams;
  if (Array.isArray(params) && params.length > 20) failures.push(`${params.length} invalidParams`);
  const long = [c.target, ...c.target.split(/[/?&=]/)].flatMap((part) => [part, safeDecode(part)]).filter((part) => part.length > 100);
  const echoed = long.find((part) => text.includes(part.slice(0, 101)));
  if (echoed !== undefined) failures.push(`a problem quotes over 100 characters of the request: ${echoed.slice(0, 40)}…`);
  return failures;
}

/** The body without what the request itself put there (a 404 names the path, a 400 the parameters). */
function withoutEchoes(body: string, c: FuzzCase): string {
  const echoes = [c.target, ...c.target.split(/[/?&=]/)].flatMap((part) => [part, safeDecode(part)]).filter((part) => part.length > 3);
  return echoes.sort((a, b) => b.length - a.length).reduce((text, part) => text.split(part).join(""), body);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
