/**
 * What Node's HTTP server answers before Koa sees a request, as problems with an
 * `x-request-id` instead of Node's bare answers or a silent close:
 * - a request Node's parser refuses (`clientError`): 400 invalid_request; headers over Node's
 *   16 KiB limit 431 headers_too_large, or 414 uri_too_long when its request target is over
 *   8 KiB; headers or request not in within the timeouts 408 request_timeout. Answers still in
 *   progress on that connection (requests before the bad bytes) are delivered first, in order;
 *   then this problem, then the connection closes. Bad bytes in a request's own body (or its
 *   body too late) are that request's answer, in its turn after those before it.
 * - `Expect` other than 100-continue (`checkExpectation`): 417 expectation_failed, and nothing
 *   after it on that connection (it says `Connection: close`).
 * - An HTTP/1.1 request without `Host` (Node's `requireHostHeader` is off, so it reaches us):
 *   400 invalid_request, the last answer on its connection.
 * - `Expect: 100-continue`: the `100 Continue` is written when the request's turn comes.
 * - `CONNECT` (`connect`): 405 method_not_allowed; Lintel is not a proxy. Like a parse error,
 *   it waits for an answer in progress on its connection.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { PROBLEMS, problemBody, type ProblemCode } from "@lintel/domain";
import { endConnection, type ConnectionDrain } from "./connection-drain.js";
import { MAX_REQUEST_TARGET_CHARS } from "./http-limits.js";
import { markEdgeAnswer } from "./edge-answers.js";
import { requestIdFor } from "./middleware.js";

/** The methods Lintel's routes take, for the `Allow` of a CONNECT's 405. */
const ALLOWED_METHODS = "GET, HEAD, POST";

interface RawProblem {
  readonly code: ProblemCode;
  readonly detail: string;
  readonly headers?: Record<string, string>;
}

type ParseError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/**
 * True when the head that overflowed Node's 16 KiB limit is a request line over
 * MAX_REQUEST_TARGET_CHARS (the contract asks for 414, not 431): the line that starts after the last
 * blank line before the error position, as far as the bytes Node kept show it.
 */
function requestLineTooLong(error: ParseError): boolean {
  const packet = error.rawPacket;
  if (packet === undefined) return false;
  const at = Math.min(error.bytesParsed ?? packet.length, packet.length);
  const previousEnd = packet.lastIndexOf("\r\n\r\n", at);
  const start = previousEnd < 0 ? 0 : previousEnd + 4;
  const lineEnd = packet.indexOf("\r\n", start);
  const [method = "", target = ""] = packet.toString("latin1", start, lineEnd < 0 ? packet.length : lineEnd).split(" ");
  return /^[A-Z]+$/.test(method) && target.length > MAX_REQUEST_TARGET_CHARS;
}

function problemFor(error: ParseError): RawProblem {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return { code: "request_timeout", detail: "The request did not arrive in time." };
  if (error.code === "HPE_HEADER_OVERFLOW" && requestLineTooLong(error))
    return { code: "uri_too_long", detail: `The request target (path and query) must be at most ${MAX_REQUEST_TARGET_CHARS} characters.` };
  if (error.code === "HPE_HEADER_OVERFLOW") return { code: "headers_too_large", detail: "The request headers are too large." };
  return { code: "invalid_request", detail: "The request is not well-formed HTTP." };
}

/** The whole answer as bytes: status line, headers (closing the connection), problem body. */
function rawAnswer(problem: RawProblem, requestId: string, docsUrl: string): string {
  const { status } = PROBLEMS[problem.code];
  const body = JSON.stringify(problemBody(problem.code, problem.detail, requestId, docsUrl));
  const headers = {
    ...problem.headers,
    "Content-Type": "application/problem+json",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    "x-request-id": requestId,
    Connection: "close",
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("")}\r\n${body}`;
}

/** Writes the answer and closes the connection after it. */
function answerOnSocket(socket: Duplex, answer: string): void {
  if (socket.writable) endConnection(socket, answer);
  else socket.destroy();
}

/**
 * Answers `problem` on `response` through node:http (after the answers pipelined before it) as
 * the last answer on its connection, with the client's request id if well-formed; a handler
 * still running for its request can no longer answer it.
 */
function answerOnResponse(
  connections: Pick<ConnectionDrain, "lastAnswer">,
  docsUrl: string,
  problem: RawProblem,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  connections.lastAnswer(request, response);
  const requestId = requestIdFor(request.headers["x-request-id"]);
  markEdgeAnswer(response, problem.code, requestId);
  const body = JSON.stringify(problemBody(problem.code, problem.detail, requestId, docsUrl));
  // A handler may have begun its own answer (a 404's reason, a 405's Allow): none of it is this one's.
  for (const name of response.getHeaderNames()) response.removeHeader(name);
  const { status } = PROBLEMS[problem.code];
  response.writeHead(status, STATUS_CODES[status], {
    ...problem.headers,
    "Content-Type": "application/problem+json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "x-request-id": requestId,
    Connection: "close", // a body the client sends anyway is never read
  });
  response.end(body);
  // Node forgets a request once its answer is out, so closing the connection would not abort
  // one whose body never came whole: its handler, still reading, would wait for ever.
  request.socket.once("close", () => {
    if (!request.complete) request.destroy();
  });
}

/** Answers `problem` to every request it is given, as the last answer on its connection. */
function answerLast(connections: Pick<ConnectionDrain, "lastAnswer">, docsUrl: string, problem: RawProblem): RequestListener {
  return (request, response) => answerOnResponse(connections, docsUrl, problem, request, response);
}

const withoutHost: RawProblem = { code: "invalid_request", detail: "An HTTP/1.1 request must have a Host header." };

/**
 * Registers the listeners of `server` for requests, through `connections`: `handle` runs every
 * request but one without `Host` (HTTP/1.1, RFC 9112 §3.2), which is answered a 400 problem.
 */
export function listenForRequests(server: Server, handle: RequestListener, docsUrl: string, connections: ConnectionDrain): void {
  const refuseWithoutHost = answerLast(connections, docsUrl, withoutHost);
  const hostRequired: RequestListener = (request, response) =>
    request.httpVersion === "1.1" && request.headers.host === undefined ? refuseWithoutHost(request, response) : handle(request, response);
  server.on("request", connections.listener(hostRequired));
  server.on(
    "checkContinue",
    connections.listener(
      (request: IncomingMessage, response: ServerResponse) => {
        if (request.headers.host !== undefined) response.writeContinue(); // its turn: the answers before it are out
        hostRequired(request, response);
      },
      { expectsContinue: true },
    ),
  );
  answerEdgeRequests(server, docsUrl, connections);
}

/** Answers the requests above on `server`; problem types link to `docsUrl`. */
function answerEdgeRequests(
  server: Server,
  docsUrl: string,
  connections: Pick<ConnectionDrain, "afterResponses" | "listener" | "lastAnswer">,
): void {
  const answered = new WeakSet<Duplex>();
  /** Writes `problem` where {@link ConnectionDrain.afterResponses} says. */
  const answerEdgeProblem = (
    socket: Duplex,
    target: ServerResponse | "socket" | null,
    problem: RawProblem,
    offeredId?: string | string[],
  ) => {
    if (target === null) socket.destroy();
    else if (target === "socket") answerOnSocket(socket, rawAnswer(problem, requestIdFor(offeredId), docsUrl));
    else answerOnResponse(connections, docsUrl, problem, target.req, target);
  };
  server.on("clientError", (error: ParseError, socket: Duplex) => {
    if (answered.has(socket)) return; // Node reports a socket again (a timeout, its end) while its answer waits
    answered.add(socket);
    if (error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const problem = problemFor(error);
    // Node raises the error as soon as the bad bytes arrive, possibly while requests before them
    // are still being answered: those answers go first, then this one. Bad bytes inside a
    // request's body (or its body too late) are that request's answer, in its turn.
    connections.afterResponses(socket, (target) => answerEdgeProblem(socket, target, problem));
  });
  const expectationFailed = answerLast(connections, docsUrl, {
    code: "expectation_failed",
    detail: "Expect: 100-continue is the only expectation this server meets.",
  });
  // In turn with the requests pipelined before it; its answer is the last on its connection.
  server.on("checkExpectation", connections.listener(expectationFailed));
  server.on("connect", (request: IncomingMessage, socket: Duplex) => {
    const problem: RawProblem = {
      code: "method_not_allowed",
      detail: `CONNECT is not allowed: Lintel is not a proxy. Its routes take ${ALLOWED_METHODS}.`,
      headers: { Allow: ALLOWED_METHODS },
    };
    connections.afterResponses(socket, (target) => answerEdgeProblem(socket, target, problem, request.headers["x-request-id"]));
  });
}
