/**
 * How long the HTTP server waits for clients, set on purpose instead of Node's defaults
 * (headers 60 s checked every 30 s, so a silent or slowloris socket was held up to 90 s; a
 * request body up to 300 s; keep-alive 5 s; no cap on requests per connection): each bound
 * keeps a silent, slow or flooding client from holding a connection's memory and time.
 */
import { createServer, type Server } from "node:http";

/** How long the server waits for clients and how many of one connection's requests it takes at once; see {@link HTTP_LIMITS}. */
export interface HttpLimits {
  /** A request's headers must be in within this; else 408. Also bounds a socket that never sends a byte. */
  readonly headersTimeoutMs: number;
  /** A whole request (headers and body, at most 16 KiB) must be in within this; else 408. */
  readonly requestTimeoutMs: number;
  /** How often Node checks the two timeouts above: a late socket is cut at most this much after them. */
  readonly connectionsCheckingIntervalMs: number;
  /** An idle keep-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /**
   * The answer to this many-th request on one connection says `Connection: close` (applied by
   * connection-drain.js: Node's own `maxRequestsPerSocket` answers requests pipelined past the
   * limit with a bare 503, not a problem).
   */
  readonly maxRequestsPerSocket: number;
  /**
   * Requests of one connection run at once, at most; pipelined requests past it wait unstarted,
   * and the connection is not read, until an answer before them is out (connection-drain.js).
   */
  readonly maxRequestsInProgressPerSocket: number;
  /**
   * A connection with this many pipelined requests waiting to start has sent more than any
   * client waits for: none of them runs, the answers in progress are its last (`Connection:
   * close`), and the connection closes after them, which frees every request Node parsed on it
   * (a client retries unanswered pipelined requests on a new connection, RFC 9112 §9.3.2).
   */
  readonly maxRequestsWaitingPerSocket: number;
  /** Draining: a connection idle this long is closed; a younger one may have its next request on the way. */
  readonly drainIdleGraceMs: number;
  /** Draining: connections still open after this are cut (a backstop; requests end well before it). */
  readonly drainDeadlineMs: number;
}

/** Lintel's own limits, used by its server and by `applyServerEdge` unless told otherwise. */
export const HTTP_LIMITS: HttpLimits = {
  // Honest clients send their headers in one packet; 10 s covers a slow mobile link many times
  // over, and a slowloris socket is gone in ≤ 11 s instead of 90 s.
  headersTimeoutMs: 10_000,
  // Bodies are at most 16 KiB (413): 20 s is ~8 kbit/s. Handling time is bounded
  // elsewhere (store 1 s, LOCK_PROVIDER_TIMEOUT_MS), this bounds only how long the client sends.
  requestTimeoutMs: 20_000,
  connectionsCheckingIntervalMs: 1_000,
  // Longer than the idle timeout of the load balancers Lintel sits behind (60 s is the usual
  // default): the balancer, the side that sends requests, closes an idle connection first, so
  // it never sends a request on a connection Lintel is closing at that very moment.
  keepAliveTimeoutMs: 65_000,
  // Long-lived connections from a balancer are recycled now and then, so load spreads onto
  // instances added later; 1,000 requests keep the cost of reconnecting negligible.
  maxRequestsPerSocket: 1_000,
  // Answers leave in order, so a pipelining client gains little from more than a few running
  // at once; one that pipelines thousands and leaves must not start thousands (issue 18).
  maxRequestsInProgressPerSocket: 4,
  // Node parses a whole read (64 KiB: ~1,800 small GETs) at once, and holds each parsed request
  // until it is answered or its connection closes; a bare server answers them as fast as they
  // come, Lintel a few at a time. Past 64 waiting, the connection is a flood, not a client.
  maxRequestsWaitingPerSocket: 64,
  // A client in a request loop sends its next request within milliseconds of an answer; one
  // that sent nothing for a second is idle, and closing it races with nothing but chance.
  drainIdleGraceMs: 1_000,
  drainDeadlineMs: 10_000,
};

/** a request target (path and query) longer than this is 414 uri_too_long. */
export const MAX_REQUEST_TARGET_CHARS = 8 * 1024;

/**
 * A node:http server (no request listener yet) with the two settings Node takes only at
 * creation: how often it checks the timeouts, and no bare 400 for a request without Host
 * (client-errors.js answers a problem). `applyServerEdge` sets the timeouts themselves.
 */
export function createLimitedServer(limits: Pick<HttpLimits, "connectionsCheckingIntervalMs">): Server {
  return createServer({ connectionsCheckingInterval: limits.connectionsCheckingIntervalMs, requireHostHeader: false });
}
