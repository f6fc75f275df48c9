/**
 * The server edge: what Lintel's own server does at the HTTP level, applied to any node:http
 * server — Lintel's, or a service's own that mounts the Koa app (`koa-mount`). Timeouts for
 * slow and silent clients, keep-alive longer than a balancer's, at most a few pipelined
 * requests of one connection in progress (the rest wait unread), problem answers to requests
 * Node's parser refuses, and a drain on `close()`.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { listenForRequests } from "./client-errors.js";
import { trackConnections } from "./connection-drain.js";
import { HTTP_LIMITS, type HttpLimits } from "./http-limits.js";

/** Options of {@link applyServerEdge}. */
export interface ServerEdgeOptions {
  /** Other limits than Lintel's own ({@link HTTP_LIMITS}). */
  readonly limits?: Partial<HttpLimits>;
  /** Where the problem types of the edge's own answers (408, 413, 414, 431, …) point; default `/docs`. */
  readonly docsUrl?: string;
}

/** A server with the edge applied. */
export interface ServerEdge {
  /** True from `close()` on: give it to `createApp`'s `draining`, so `/readyz` answers 503 at once. */
  readonly draining: boolean;
  /**
   * Drains: no new connections, every answer from now on says `Connection: close`, idle
   * connections are closed, and connections still open after `drainDeadlineMs` are cut.
   * Resolves once all are closed.
   */
  close(): Promise<void>;
}

/**
 * Applies the edge to `server` and serves `handle` (a Koa app's `callback()`, which answers its
 * own errors) through it. The
 * server should have no `request` listener of its own. Two settings Node takes only when the
 * server is made are up to its maker: `createServer({ requireHostHeader: false })` lets the edge
 * answer a request without `Host` with a problem (else Node's bare 400), and
 * `connectionsCheckingInterval` (Node's default 30 s) is how late the timeouts may bite.
 */
export function applyServerEdge(
  server: Server,
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  options: ServerEdgeOptions = {},
): ServerEdge {
  const limits: HttpLimits = { ...HTTP_LIMITS, ...options.limits };
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  const connections = trackConnections(server, limits);
  // A Koa app's callback answers its own errors; its promise is not awaited here.
  listenForRequests(server, (request, response) => void handle(request, response), options.docsUrl ?? "/docs", connections);
  return {
    get draining() {
      return connections.draining;
    },
    close: () => connections.drain(),
  };
}
