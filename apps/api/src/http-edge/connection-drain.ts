/**
 * The connections of a node:http server, each with its responses in progress, so that a
 * shutdown loses no request (issue 12) and a parse error waits for the answer before it
 * (client-errors.js). Draining: the server stops listening; the answer in progress on each
 * connection (if not yet started), and the answer to a request that still arrives on a kept-alive
 * connection, says `Connection: close` (Node then closes the connection after it); a connection
 * idle for `drainIdleGraceMs` is closed with a FIN, a younger idle one when it reaches that age
 * unless a request comes first: a request sent just as its idle connection closes would
 * otherwise be lost in the race.
 *
 * Bounded work per connection (issue 18): node:http emits a request for every pipelined request
 * it parses, at once. At most `maxRequestsInProgressPerSocket` of one connection run; the others
 * wait unstarted, the connection is not read meanwhile (as Node's own server stops reading when
 * answers back up), and none is started once the socket is gone. A request whose answer left
 * its body partly unread (a 413 mid-stream) has the rest read and dropped, so the connection's
 * next request is parsed. An answer that says `Connection: close` is the last thing written on
 * its connection: no request after it runs, no problem follows it.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import type { Duplex } from "node:stream";
import type { HttpLimits } from "./http-limits.js";

/** After our FIN, how long a connection may stay half-open waiting for the client's. */
const HALF_CLOSE_LINGER_MS = 1_000;

interface Connection {
  /** Responses in progress, each with its request. */
  readonly responses: Map<ServerResponse, IncomingMessage>;
  /** The request started last, with its response. */
  last: { readonly request: IncomingMessage; readonly response: ServerResponse } | undefined;
  /** Requests parsed but not started (pipelined past the limit), in order. */
  readonly waiting: Waiting[];
  /** We stopped reading the socket until a request in progress is answered. */
  held: boolean;
  /** Requests taken on this connection so far. */
  requests: number;
  /** When the last response ended (or the connection opened), and the bytes read by then. */
  idleSince: number;
  bytesAtIdle: number;
  /** Run once no response is in progress. */
  whenIdle: (() => void)[];
  /** An answer saying `Connection: close` is on its way: no later request here is run (RFC 9112 §9.6). */
  closing: boolean;
  /** Our side is closed: a request that still arrives is dropped unanswered, never run. */
  ended: boolean;
  timer: NodeJS.Timeout | undefined;
}

type Socket = Duplex & { bytesRead?: number };

interface Waiting {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly handle: RequestListener;
  /** `Expect: 100-continue`: started only once its answer is next on the wire (see `listener`). */
  readonly expectsContinue: boolean;
}

/**
 * Ends our side of `socket` after `lastBytes` (a FIN, not a reset: a client that sent a request
 * meanwhile sees a clean close) and destroys it if the client has not closed its side soon after.
 */
export function endConnection(socket: Duplex, lastBytes?: string): void {
  socket.end(lastBytes);
  setTimeout(() => socket.destroy(), HALF_CLOSE_LINGER_MS).unref();
}

export interface ConnectionDrain {
  /** True from `drain()` on. */
  readonly draining: boolean;
  /**
   * A listener for the server's `request` (or `checkContinue`, `checkExpectation`) event: runs
   * `handle` with each response counted on its connection, at most
   * `maxRequestsInProgressPerSocket` of a connection at once. With `expectsContinue` a request
   * starts only once every answer before it is out, so the `100 Continue` its handler writes
   * goes out in its place (node:http would put a pipelined one after the next answer's head
   * when that answer's body is a Buffer).
   */
  listener(handle: RequestListener, options?: { readonly expectsContinue?: boolean }): RequestListener;
  /** The answer to `request` says `Connection: close`: nothing after it on its connection runs or is written. */
  lastAnswer(request: IncomingMessage, response: ServerResponse): void;
  /**
   * Finds where the edge's own answer to `socket` (a parse error, a timeout, CONNECT) goes, and
   * runs `callback` with it:
   * - the response of the request whose body never completed (bad bytes in it, or too late),
   *   when its answer has not begun: the edge answers on it, and Node sends that answer in its
   *   turn, after the answers to the requests pipelined before it; its handler can no longer answer;
   * - `"socket"` once every answer in progress is out, when the bytes came after whole requests;
   * - `null` when that request's answer is being written and will not end: destroy.
   * Never when that request is already answered (the rest of its body goes with the connection,
   * closed after the answers) or an answer on `socket` says `Connection: close`: the connection
   * just closes after it.
   */
  afterResponses(socket: Duplex, callback: (target: ServerResponse | "socket" | null) => void): void;
  /** Stops listening and closes every connection as above; resolves once all are closed. */
  drain(): Promise<void>;
}

/**
 * Tracks the connections of `server`; its requests must go through `listener`, which also closes
 * a connection after `maxRequestsPerSocket` answers.
 */
export function trackConnections(
  server: Server,
  limits: Pick<
    HttpLimits,
    "drainIdleGraceMs" | "drainDeadlineMs" | "maxRequestsPerSocket" | "maxRequestsInProgressPerSocket" | "maxRequestsWaitingPerSocket"
  >,
): ConnectionDrain {
  const connections = new Map<Socket, Connection>();
  let draining = false;
  let closing: Promise<void> | undefined;

  /** No answer in progress, still open, and no byte read since the last answer (a request on its way in). */
  const idle = (socket: Socket, connection: Connection) =>
    connection.responses.size === 0 && !socket.destroyed && socket.writable && socket.bytesRead === connection.bytesAtIdle;

  const close = (socket: Socket, connection: Connection) => {
    clearTimeout(connection.timer);
    connection.timer = undefined;
    if (!idle(socket, connection)) return;
    const wait = connection.idleSince + limits.drainIdleGraceMs - performance.now();
    if (wait > 0) {
      connection.timer = setTimeout(() => close(socket, connection), wait);
      return;
    }
    // A request the kernel already holds (the process may have been too busy to read it, which
    // also made the connection look idle for long) is read in the next poll phase: look after it.
    setImmediate(() =>
      setImmediate(() => {
        if (!idle(socket, connection)) return;
        connection.ended = true;
        endConnection(socket);
      }),
    );
  };

  const closeAfter = (connection: Connection, response: ServerResponse) => {
    if (!response.headersSent) response.setHeader("Connection", "close"); // Node closes the connection once this answer is out
    connection.closing = true;
    connection.waiting.length = 0; // read after it: never run
  };

  /** Pipelined past maxRequestsWaitingPerSocket: nothing waiting runs; the answers in progress are the last. */
  const flooded = (socket: Socket, connection: Connection) => {
    connection.waiting.length = 0;
    connection.closing = true;
    const last = [...connection.responses.keys()].at(-1);
    if (last === undefined) endConnection(socket);
    else if (!last.headersSent)
      last.setHeader("Connection", "close"); // Node closes the connection once it is out
    else connection.whenIdle.push(() => endConnection(socket));
  };

  const start = (socket: Socket, connection: Connection, { request, response, handle }: Waiting) => {
    connection.responses.set(response, request);
    connection.last = { request, response };
    response.once("close", () => settle(socket, connection, response));
    // An answer that leaves the body partly unread (a 413 mid-stream: the reader stopped) would
    // leave the parser stuck in it and the next request unread until the request timeout: the
    // rest is read and dropped, as node:http does with a body nobody began to read.
    response.once("finish", () => {
      if (request.complete || request.destroyed) return;
      request.removeAllListeners("data");
      request.resume();
    });
    // Draining: the last request read says `Connection: close`; those before it keep their
    // answers. A request that asks to close (or HTTP/1.0) ends the connection the same way.
    const last = draining && connection.waiting.length === 0;
    if (last || ++connection.requests >= limits.maxRequestsPerSocket || !response.shouldKeepAlive) closeAfter(connection, response);
    handle(request, response);
  };

  /** Starts waiting requests while fewer than the limit run; reads the socket only while below it. */
  const startWaiting = (socket: Socket, connection: Connection) => {
    while (connection.waiting.length > 0 && connection.responses.size < limits.maxRequestsInProgressPerSocket) {
      const next = connection.waiting[0]!;
      // Gone (a client's FIN already ended our side and aborted its requests): never run, no
      // answer could follow.
      if (socket.destroyed || !socket.writable || next.request.destroyed) {
        connection.waiting.length = 0;
        break;
      }
      if (next.expectsContinue && next.response.socket === null) {
        // Node hands the socket to the answer once those before it are out, just before writing it.
        if (next.response.listenerCount("socket") === 0) next.response.once("socket", () => startWaiting(socket, connection));
        break;
      }
      connection.waiting.shift();
      start(socket, connection, next);
    }
    const full = connection.responses.size >= limits.maxRequestsInProgressPerSocket || connection.waiting.length > 0;
    if (full && !connection.held) {
      connection.held = true;
      socket.pause(); // node:http stops reading a consumed socket on its 'pause'
    } else if (!full && connection.held) {
      connection.held = false;
      socket.resume();
    }
  };

  const settle = (socket: Socket, connection: Connection, response: ServerResponse) => {
    connection.responses.delete(response);
    startWaiting(socket, connection);
    if (connection.responses.size > 0 || connection.waiting.length > 0) return;
    connection.idleSince = performance.now();
    connection.bytesAtIdle = socket.bytesRead ?? 0;
    for (const callback of connection.whenIdle.splice(0)) callback();
    if (draining) close(socket, connection);
  };

  server.on("connection", (socket: Socket) => {
    const connection: Connection = {
      responses: new Map(),
      last: undefined,
      waiting: [],
      held: false,
      requests: 0,
      idleSince: performance.now(),
      bytesAtIdle: 0,
      whenIdle: [],
      closing: false,
      ended: false,
      timer: undefined,
    };
    connections.set(socket, connection);
    socket.once("close", () => {
      clearTimeout(connection.timer);
      connection.waiting.length = 0;
      connections.delete(socket);
    });
    // node:http resumes reading after each answer (it drains the request's unread body): while
    // the connection is held, stop again at once, before any read can happen.
    socket.on("resume", () => {
      if (connection.held) socket.pause();
    });
    if (draining) close(socket, connection); // accepted from the queue as the listener closes: its request comes first
  });

  return {
    get draining() {
      return draining;
    },
    listener(handle, options = {}) {
      const expectsContinue = options.expectsContinue ?? false;
      return (request: IncomingMessage, response: ServerResponse) => {
        const socket: Socket = request.socket;
        const connection = connections.get(socket);
        if (connection === undefined || connection.ended) {
          socket.destroy();
          return;
        }
        if (socket.destroyed || !socket.writable || connection.closing) return; // gone, or pipelined after the last answer: never run
        if (connection.waiting.length >= limits.maxRequestsWaitingPerSocket) {
          flooded(socket, connection);
          return;
        }
        connection.waiting.push({ request, response, handle, expectsContinue });
        startWaiting(socket, connection);
      };
    },
    lastAnswer(request, response) {
      const connection = connections.get(request.socket);
      if (connection !== undefined) closeAfter(connection, response);
      else if (!response.headersSent) response.setHeader("Connection", "close");
    },
    afterResponses(socket, callback) {
      const connection = connections.get(socket);
      if (connection === undefined) {
        callback("socket");
        return;
      }
      // The parser stops in the body of the last request it read: waiting, or the last started.
      const brokenAt = connection.waiting.findIndex(({ request }) => !request.complete);
      if (brokenAt >= 0) {
        const { response } = connection.waiting[brokenAt]!;
        connection.waiting.length = brokenAt;
        callback(response); // never run; Node sends its answer after those before it
        return;
      }
      const last = connection.last;
      if (last === undefined || last.request.complete) {
        // After an answer that says `Connection: close` nothing more is written (RFC 9112 §9.6).
        const answer = () => (connection.closing ? endConnection(socket) : callback("socket"));
        if (connection.responses.size === 0 && connection.waiting.length === 0) answer();
        else connection.whenIdle.push(answer);
      } else if (!last.response.headersSent)
        callback(last.response); // a write of the socket here would overtake the answers before it
      else if (last.response.writableEnded)
        connection.whenIdle.push(() => endConnection(socket)); // answered already (a 401, a 413): a second answer would be read as the next request's
      else callback(null);
    },
    drain() {
      closing ??= new Promise<void>((resolve) => {
        draining = true;
        const deadline = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
        }, limits.drainDeadlineMs);
        // Connections the kernel has queued but Node not yet accepted (a busy process accepts
        // late) would be reset by closing the listener: the next poll phase accepts them first.
        // node:http's own close() would also destroy every connection it deems idle at once,
        // resetting requests already on their way on them; net's close only stops listening.
        setImmediate(() =>
          setImmediate(() =>
            NetServer.prototype.close.call(server, () => {
              clearTimeout(deadline);
              resolve();
            }),
          ),
        );
        for (const [socket, connection] of connections) {
          // Pipelined requests already read keep their answers; the last of them closes (a
          // waiting one does so when it starts).
          const last = [...connection.responses.keys()].at(-1);
          if (connection.waiting.length === 0 && last !== undefined && !last.headersSent) closeAfter(connection, last);
          close(socket, connection);
        }
      });
      return closing;
    },
  };
}
