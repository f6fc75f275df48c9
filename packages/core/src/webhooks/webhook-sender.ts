/**
 * The port a webhook attempt goes out through: one POST, answered with a status or
 * a failure of kind `timeout`, `connection` or `refused_destination` (the address the url
 * resolves to is loopback, private, link-local or unspecified: checked at every attempt). The
 * adapter (node:http in `@lintel/api`) owns the timeout, redirects (never followed) and the check.
 */

/** One attempt: where, what, and a signal that aborts it (shutdown). */
export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly signal: AbortSignal;
}

/** How an attempt went: an HTTP answer, or why there was none. */
export type WebhookResponse =
  /** The receiver answered; `retryAfterSeconds` is its `Retry-After` (seconds), when it sent one. */
  | { readonly ok: true; readonly status: number; readonly retryAfterSeconds?: number | undefined }
  /** No answer: `error` says why in words a delivery may show (`timed out after 15 s`, `connection refused`). */
  | { readonly ok: false; readonly kind: "timeout" | "connection" | "refused_destination"; readonly error: string };

/** Sends webhook attempts and judges destinations. */
export interface WebhookSender {
  /** Makes one attempt; never rejects for a receiver's failure (only for a bug). */
  send(request: WebhookRequest): Promise<WebhookResponse>;
  /** Why `url`'s destination is refused (e.g. it resolves to a private address), or null when it may be sent to. */
  refusal(url: string): Promise<string | null>;
}
