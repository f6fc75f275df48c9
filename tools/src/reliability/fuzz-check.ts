/**
 * Sending a fuzz case over a raw socket and judging every answer against SPEC 4: no 5xx; every
 * non-2xx (but 304) a complete problem+json whose type, title and status match the catalog;
 * `x-request-id` on every answer, equal to the body's requestId (and to a well-formed id the
 * client sent); nothing that looks like a stack trace, a file path or an internal error name.
 */
import { randomInt } from "node:crypto";
import { METHODS } from "node:http";
import { PROBLEMS, type ProblemCode } from "@lintel/domain";
import { isValidHeaderValue, type FuzzCase } from "./fuzz-requests.js";
import { exchange, type RawExchange, type RawResponse } from "./raw-http.js";

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
const MAX_HEADER_BYTES = 16 * 1024; // Node's default --max-http-header-size
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
 * Cases the server (apps/api/src/server.ts, client-errors.ts: branch `edge`) does not answer
 * right yet. TODO(branch edge): remove each entry once `edge` is merged; the script keeps them.
 */
export const PENDING_ON_BRANCH_EDGE: readonly { readonly name: string; readonly matches: (c: FuzzCase) => boolean }[] = [
  { name: "CONNECT is closed with no answer", matches: (c) => c.method === "CONNECT" },
  { name: "Expect other than 100-continue gets a bare 417", matches: (c) => c.headers.some(isOddExpect) },
  { name: "headers over the limit get 400, not 431", matches: (c) => headBytes(c) > MAX_HEADER_BYTES },
  { name: "bytes after a request lose its answer", matches: (c) => wellFormed(c) && followedByMore(c) },
];

/** True when bytes follow the request as its Content-Length frames it: a stray byte, a second request, a body that lies. */
function followedByMore(c: FuzzCase): boolean {
  return c.tail === "stray-byte" || c.tail === "pipelined" || c.body?.length === "short";
}

function isOddExpect(header: { name: string; value: string }): boolean {
  return header.name.toLowerCase() === "expect" && header.value.toLowerCase() !== "100-continue";
}

/** The name of the branch-edge case `c` falls under, if any. */
export function pendingOnEdge(c: FuzzCase): string | undefined {
  return PENDING_ON_BRANCH_EDGE.find((pending) => pending.matches(c))?.name;
}

function headBytes(c: FuzzCase): number {
  return Buffer.byteLength(c.target) + c.headers.reduce((sum, h) => sum + Buffer.byteLength(h.name + h.value, "latin1") + 4, 0);
}

/**
 * True when nothing in the request line or headers breaks HTTP/1.1 syntax (its body may still
 * lie). Node's parser knows only the methods of http.METHODS, and refuses most Transfer-Encodings
 * a case sets itself, so those count as broken too.
 */
export function wellFormed(c: FuzzCase): boolean {
  return (
    METHODS.includes(c.method) &&
    /^[\x21-\x7e]+$/.test(c.target) &&
    !c.headers.some((h) => !isValidHeaderValue(h.value) || h.name.toLowerCase() === "transfer-encoding") &&
    headBytes(c) <= MAX_HEADER_BYTES
  );
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
  const result = await exchange(port, encodeCase(c, port), options);
  return { exchange: result, failures: judge(c, result, docsUrl) };
}

/** Every way the answers to `c` break SPEC 4 (empty when they hold). */
export function judge(c: FuzzCase, result: RawExchange, docsUrl: string): string[] {
  const [first] = result.responses;
  // Node takes a half-close as the client aborting (httpAllowHalfOpen is off): an answer may or may not come.
  if (first === undefined && c.tail === "half-close" && !result.timedOut) return [];
  if (first === undefined) return [result.timedOut ? "no answer within 3 s" : "connection closed without an answer"];
  const failures: string[] = [];
  if (headBytes(c) > MAX_HEADER_BYTES && first.status !== 431) failures.push(`headers over the limit answered ${first.status}, not 431`);
  if (wellFormed(c) && followedByMore(c) && first.body.includes("not well-formed HTTP")) {
    failures.push("a well-formed request followed by more bytes lost its answer to a parse error");
  }
  const offers = c.headers.filter((h) => h.name.toLowerCase() === "x-request-id");
  const offered = offers.length === 1 ? offers[0]?.value : undefined;
  const replay = c.headers.some((h) => h.name === "idempotency-key");
  const parseError = first.body.includes("not well-formed HTTP"); // Node's parser refused it: no header was read
  if (offered !== undefined && CLIENT_REQUEST_ID.test(offered) && !replay && !parseError && first.headers["x-request-id"] !== offered) {
    failures.push(`x-request-id ${first.headers["x-request-id"]} is not the well-formed one sent (${offered})`);
  }
  if (wellFormed(c) && !parseError) failures.push(...judgeConventions(c, first));
  for (const response of result.responses) failures.push(...judgeResponse(c, response, docsUrl));
  return failures;
}

/** SPEC 4 and 5.8 headers of an answer the app itself wrote: Cache-Control on /v1, Allow on 405, Retry-After on 429 and 503. */
function judgeConventions(c: FuzzCase, { status, headers, body }: RawResponse): string[] {
  const failures: string[] = [];
  const cacheControl = headers["cache-control"];
  if (c.target.startsWith("/v1/") && status !== 304) {
    const expected = status < 300 && (c.method === "GET" || c.method === "HEAD") ? "private, no-cache" : "no-store";
    if (cacheControl !== expected) failures.push(`${c.method} ${status} on /v1 with Cache-Control ${cacheControl}, not ${expected}`);
  }
  if (status === 405 && !headers["allow"]) failures.push("405 without Allow");
  if ((status === 429 || status === 503) && !/^\d+$/.test(headers["retry-after"] ?? "")) failures.push(`${status} without Retry-After`);
  if (status >= 400 && c.method !== "HEAD") {
    const params = (parseJson(body) as { invalidParams?: unknown } | undefined)?.invalidParams;
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

function judgeResponse(c: FuzzCase, response: RawResponse, docsUrl: string): string[] {
  const { status, headers, body } = response;
  const failures: string[] = [];
  const id = headers["x-request-id"];
  if (status >= 500) failures.push(`status ${status}`);
  if (id === undefined || !CLIENT_REQUEST_ID.test(id)) failures.push(`x-request-id header missing or malformed: ${JSON.stringify(id)}`);
  const leaked = INTERNALS.find((pattern) => pattern.test(withoutEchoes(body, c)));
  if (leaked !== undefined) failures.push(`internal text in the body (${leaked.source}): ${body.slice(0, 300)}`);
  if (status < 300 || status === 304) return failures;
  if (headers["content-type"] !== "application/problem+json") failures.push(`${status} with content-type ${headers["content-type"]}`);
  if (c.method === "HEAD") return failures;
  let problem: Record<string, unknown>;
  try {
    problem = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return [...failures, `${status} body is not JSON: ${body.slice(0, 200)}`];
  }
  const missing = ["type", "title", "detail", "code", "requestId", "status"].filter((field) => !(field in problem));
  if (missing.length > 0) failures.push(`problem without ${missing.join(", ")}`);
  const entry = PROBLEMS[problem["code"] as ProblemCode] as (typeof PROBLEMS)[ProblemCode] | undefined;
  if (entry === undefined) return [...failures, `unknown problem code ${String(problem["code"])}`];
  if (problem["status"] !== status || entry.status !== status) failures.push(`status ${status}, body status ${String(problem["status"])}`);
  if (problem["title"] !== entry.title) failures.push(`title ${String(problem["title"])} for ${String(problem["code"])}`);
  if (problem["type"] !== `${docsUrl}/errors#${entry.anchor}`) failures.push(`type ${String(problem["type"])}`);
  if (typeof problem["detail"] !== "string" || problem["detail"] === "") failures.push("empty detail");
  if (problem["requestId"] !== id) failures.push(`requestId ${String(problem["requestId"])} ≠ x-request-id ${id}`);
  return failures;
}

/** The body without what the request itself put there (a 404 names the path, a 400 the parameters). */
function withoutEchoes(body: string, c: FuzzCase): string {
  const echoes = [c.target, ...c.target.split(/[/?&=]/)].flatMap((part) => [part, safeDecode(part)]).filter((part) => part.length > 3);
  return echoes.sort((a, b) => b.length - a.length).reduce((text, part) => text.split(part).join(""), body);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
