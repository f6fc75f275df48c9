/**
 * Requests Node's HTTP parser refuses before Koa sees them (a malformed request line or header,
 * headers over Node's size limit) still get a problem answer with an `x-request-id` (SPEC 4),
 * instead of Node's bare `400 Bad Request`. Both are 400 invalid_request, and the connection closes.
 */
import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";
import { problemBody } from "@lintel/domain";

/** A `clientError` listener for a node:http server whose problem types link to `docsUrl`. */
export function answerClientError(docsUrl: string): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const requestId = randomUUID();
    const detail = error.code === "HPE_HEADER_OVERFLOW" ? "The request headers are too large." : "The request is not well-formed HTTP.";
    const body = JSON.stringify(problemBody("invalid_request", detail, requestId, docsUrl));
    socket.end(
      "HTTP/1.1 400 Bad Request\r\n" +
        "Content-Type: application/problem+json\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\n` +
        "Connection: close\r\n\r\n" +
        body,
    );
  };
}
