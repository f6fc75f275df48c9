/**
 * The requests the client's methods are made of: a GET of an operation's path (with the answer's
 * `ETag` when asked), a write with its Idempotency-Key (so the transport may retry it), and a
 * write's `If-Match`.
 */
import { LintelProblem } from "./problem.js";
import type { CallOptions, Send, Transport } from "./transport.js";
import type { AnswerOf, IfMatch, OperationId, QueryOf, WriteOptions, WriteResult } from "./types.js";

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

/** A GET of `path` (`query` when given) whose answer is `AnswerOf<K>`, with the answer's `ETag`. */
export async function getWithEtag<K extends OperationId>(
  transport: Transport,
  path: string,
  query: QueryOf<K> | undefined,
  options?: CallOptions,
): Promise<{ readonly body: AnswerOf<K>; readonly etag: string }> {
  const answer = await transport.exchange<AnswerOf<K>>({ method: "GET", path, query, retryable: true, options });
  const etag = answer.headers.get("etag");
  // Only something between the client and the API can drop it: an update without the
  // condition the caller asked for would be worse than this error.
  if (etag === null) throw new LintelProblem(200, { detail: "The answer carried no ETag." }, answer.headers);
  return { body: answer.body, etag };
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
): Promise<{ readonly body: T; readonly replayed: boolean; readonly etag: string | null }> {
  const answer = await transport.exchange<T>({
    method: "POST",
    path,
    body,
    headers: { ...headers, "Idempotency-Key": options.idempotencyKey ?? globalThis.crypto.randomUUID() },
    retryable: true,
    options,
  });
  return { body: answer.body, replayed: answer.headers.get("idempotent-replayed") === "true", etag: answer.headers.get("etag") };
}

/** A write of operation `K` whose answer is a JSON body: that body with `replayed` ({@link writer}). */
export type Written = <K extends OperationId>(
  path: string,
  body: unknown,
  options: WriteOptions,
  headers?: Readonly<Record<string, string>>,
) => Promise<WriteResult<K>>;

/** The writes of `transport` whose answer is a JSON body: {@link write}, resolving to the body with `replayed`. */
export function writer(transport: Transport): Written {
  return async <K extends OperationId>(path: string, body: unknown, options: WriteOptions, headers?: Readonly<Record<string, string>>) => {
    const answer = await write<AnswerOf<K>>(transport, path, body, options, headers);
    return { ...(answer.body as object), replayed: answer.replayed } as WriteResult<K>;
  };
}

/** `If-Match` when the caller gave an ETag, else no header; and the body without `ifMatch`. */
export function splitIfMatch<B extends object>(input: B & IfMatch): { body: B; headers: Record<string, string> } {
  const { ifMatch, ...body } = input;
  return { body: body as B, headers: ifMatch === undefined ? {} : { "If-Match": ifMatch } };
}
