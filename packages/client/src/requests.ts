/**
 * The requests the client's methods are made of: a GET of an operation's path, a write with its
 * Idempotency-Key (so the transport may retry it), and a template write's `If-Match`.
 */
import type { CallOptions, Send, Transport } from "./transport.js";
import type { AnswerOf, IfMatch, OperationId, QueryOf, WriteOptions } from "./types.js";

/** `template` with its one `{param}` filled with `value`, encoded. */
export const path = (template: string, value: string) => template.replace(/\{\w+\}/, encodeURIComponent(value));

/** A GET of `template` (one `{param}` filled with `param`) whose answer is `AnswerOf<K>`. */
export function get<K extends OperationId>(
  send: Send,
  template: string,
  query: QueryOf<K> | undefined,
  param?: string,
  options?: CallOptions,
) {
  const filled = param === undefined ? template : path(template, param);
  return send<AnswerOf<K>>({ method: "GET", path: filled, query, retryable: true, options });
}

/**
 * A POST of `body` to `path` with an Idempotency-Key (the caller's, else a new UUID, the same on
 * every retry), so the transport may retry it; the answer's body with `replayed`.
 */
export async function write<T>(
  transport: Transport,
  path: string,
  body: unknown,
  options: WriteOptions,
  headers: Readonly<Record<string, string>> = {},
): Promise<{ readonly body: T; readonly replayed: boolean }> {
  const answer = await transport.exchange<T>({
    method: "POST",
    path,
    body,
    headers: { ...headers, "Idempotency-Key": options.idempotencyKey ?? globalThis.crypto.randomUUID() },
    retryable: true,
    options,
  });
  return { body: answer.body, replayed: answer.headers.get("idempotent-replayed") === "true" };
}

/** `If-Match` when the caller gave an ETag, else no header; and the body without `ifMatch`. */
export function splitIfMatch<B extends object>(input: B & IfMatch): { body: B; headers: Record<string, string> } {
  const { ifMatch, ...body } = input;
  return { body: body as B, headers: ifMatch === undefined ? {} : { "If-Match": ifMatch } };
}
