/**
 * The connections of a node:http server, each with its responses in progress, so that a
 * shutdown loses no request (issue 12) and a parse error waits for the answer before it
 * (client-errors.ts). Draining: the server stops listening; the answer in progress on each
 * connection (if not yet started), and the answer to a request that still arrives on a kept-alive
 * connection, says `Connection: close` (Node then closes the connection after it); a connection
 * idle for `drainIdleGraceMs` is closed with a FIN, a younger idle one when it reaches that age
 * unless a request comes first. The reasoning (the race of a request sent just as its idle
 * connection closes) is in docs/decisions.md, "HTTP server edge".
 *
 * Bounded work per connection (issue 18): node:http emits a request for every pipelined request
 * it parses, at once. At most `maxRequestsInProgressPerSocket` of one connection run; the others
 * wait unstarted, the connection is not read meanwhile (as Node's own server stops reading when
 * answers back up), and none is started once the socket is gone.
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
  /** Requests parsed but not started (pipelined past the limit), in order. */
  readonly waiting: [IncomingMessage, ServerResponse][];
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
  /** The server's request listener: `handle` with each response counted on its connection. */
  listener(handle: RequestListener): RequestListener;
  /**
   * Runs `callback(true)` once `socket` has no response in progress: at once when it has none,
   * or when the request in progress is itself incomplete (bad bytes in its body: it never will
   * be) — then `callback(false)` if its answer has already started (a second one would corrupt it).
   */
  afterResponses(socket: Duplex, callback: (answerable: boolean) => void): void;
  /** Stops listening and closes every connection as above; resolves once all are closed. */
  drain(): Promise<void>;
}

/**
 * Tracks the connections of `server`; its requests must go through `listener`, which also closes
 * a connection after `maxRequestsPerSocket` answers.
 */
export function trackConnections(
  server: Server,
  limits: Pick<HttpLimits, "drainIdleGraceMs" | "drainDeadlineMs" | "maxRequestsPerSocket" | "maxRequestsInProgressPerSocket">,
): ConnectionDrain {
  const connections = new Map<Socket, Connection>();
  let draining = false;
  let closing: Promise<void> | undefined;
  let handle: RequestListener = () => {
    throw new Error("trackConnections: listener() was never called");
  };

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
    response.setHeader("Connection", "close"); // Node closes the connection once this answer is out
    connection.closing = true;
  };

  /** Starts waiting requests while fewer than the limit run; reads the socket only while below it. */
  const startWaiting = (socket: Socket, connection: Connection) => {
    while (connection.waiting.length > 0 && connection.responses.size < limits.maxRequestsInProgressPerSocket) {
      const [request, response] = connection.waiting.shift()!;
      // Gone (a client's FIN already ended our side and aborted its requests), or pipelined after
      // the answer that closes the connection (RFC 9112 §9.6): never run, no answer could follow.
      if (socket.destroyed || !socket.writable || request.destroyed || connection.closing) {
        connection.waiting.length = 0;
        break;
      }
      connection.responses.set(response, request);
      response.once("close", () => settle(socket, connection, response));
      // Draining: the last request read says `Connection: close`; those before it keep their answers.
      const last = draining && connection.waiting.length === 0;
      if (last || ++connection.requests >= limits.maxRequestsPerSocket) closeAfter(connection, response);
      handle(request, response);
    }
    const full = connection.responses.size >= limits.maxRequestsInProgressPerSocket;
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
    if (connection.responses.size > 0) return;
    connection.idleSince = performance.now();
    connection.bytesAtIdle = socket.bytesRead ?? 0;
    for (const callback of connection.whenIdle.splice(0)) callback();
    if (draining) close(socket, connection);
  };

  server.on("connection", (socket: Socket) => {
    const connection: Connection = {
      responses: new Map(),
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
    listener(handler) {
      handle = handler;
      return (request: IncomingMessage, response: ServerResponse) => {
        const socket: Socket = request.socket;
        const connection = connections.get(socket);
        if (connection === undefined || connection.ended) {
          socket.destroy();
          return;
        }
        if (socket.destroyed || !socket.writable || connection.closing) return; // gone, or pipelined after the last answer: never run
        connection.waiting.push([request, response]);
        startWaiting(socket, connection);
      };
    },
    afterResponses(socket, callback) {
      const connection = connections.get(socket);
      // A waiting request whose body broke can never be read whole: the problem is its answer,
      // after the answers before it.
      const broken = connection?.waiting.findIndex(([request]) => !request.complete) ?? -1;
      if (broken >= 0) connection!.waiting.length = broken;
      const inProgress = [...(connection?.responses ?? [])];
      if (connection === undefined || inProgress.length === 0) callback(true);
      else if (inProgress.some(([, request]) => !request.complete)) callback(inProgress.every(([response]) => !response.headersSent));
      else connection.whenIdle.push(() => callback(true));
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
