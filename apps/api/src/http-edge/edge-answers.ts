/**
 * Answers the server edge wrote on a request's own response (a body that broke or came too late,
 * client-errors.js) while the app's handler for it still ran: its log line names the edge's
 * problem and request id, not what the handler would have answered.
 */
import type { ServerResponse } from "node:http";

export interface EdgeAnswer {
  readonly code: string;
  readonly requestId: string;
}

const answers = new WeakMap<ServerResponse, EdgeAnswer>();

/** Records that the edge answered `response` with the problem `code`. */
export function markEdgeAnswer(response: ServerResponse, code: string, requestId: string): void {
  answers.set(response, { code, requestId });
}

/** The edge's answer on `response`, or undefined when the app answered it. */
export function edgeAnswer(response: ServerResponse): EdgeAnswer | undefined {
  return answers.get(response);
}
