/**
 * `verifyWebhook`: what a receiver of Lintel's webhooks calls first. Standard Webhooks 1.0:
 * `webhook-signature` holds `v1,<base64>` signatures (several while a secret rotates) of
 * HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part
 * of the endpoint's secret after `whsec_`. Web Crypto only (Node 22+, browsers, edge runtimes):
 * no dependency.
 */
import type { EventOf, EventType } from "./types.js";

/**
 * An event as Lintel delivers it and serves it at `GET /v1/events/{id}`. Its `type` is a plain
 * string here (a receiver may get types newer than this client): once `type` is one this client
 * knows, the delivery is an `Event` (`EventOf<"unit.created">` and so on), with `data` typed.
 */
export interface LintelEvent {
  /** `evt_` + 24 characters; the `webhook-id` of every attempt to deliver it. */
  readonly id: string;
  /** `unit.timezone_changed`, `schedule.item_created`, `template.updated`, … (the `EventType`s). */
  readonly type: string;
  /** When the change happened (RFC 3339, UTC). */
  readonly createdAt: string;
  /** What changed; its shape depends on `type`. */
  readonly data: unknown;
}

/**
 * Narrows a delivered event to one `type` this client knows, with its `data` typed:
 * `if (isEventOf(event, "schedule.item_created")) event.data.item.key`.
 */
export function isEventOf<T extends EventType>(event: LintelEvent, type: T): event is LintelEvent & EventOf<T> {
  return event.type === type;
}

/** Why a delivery was refused: it is not Lintel's, was changed, or is too old to trust. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** How far the `webhook-timestamp` may be from now, either way (default 300 s: replays older than that are refused). */
  readonly toleranceSeconds?: number;
  /** Now, in ms since the epoch (default `Date.now()`). */
  readonly now?: number;
}

/** A request's headers: a `Headers`, or node:http's `request.headers`. */
export type HeaderSource = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: HeaderSource, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  const text = Array.isArray(value) ? value.join(" ") : value;
  if (typeof text !== "string" || text === "") throw new WebhookVerificationError(`The ${name} header is missing.`);
  return text;
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Checks a delivery from Lintel and returns its event. `body` is the raw request body as
 * received (not re-serialized JSON); `headers` the request's headers (a `Headers`, or node:http's
 * `request.headers`); `secret` the endpoint's `whsec_…` secret, or a list of secrets: while a
 * secret rotates (24 h after `rotate_secret`) a receiver holds the old and the new one, and one
 * match of any signature with any of them suffices. Throws
 * {@link WebhookVerificationError} when a header is missing, the timestamp is outside the
 * tolerance, or no signature matches.
 */
export async function verifyWebhook(
  body: string,
  headers: HeaderSource,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<LintelEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError("The webhook-timestamp header is not a Unix time.");
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("The webhook-timestamp is too far from now.");
  }
  const secrets = typeof secret === "string" ? [secret] : secret;
  if (secrets.length === 0) throw new WebhookVerificationError("No secret to verify with.");
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  const received: Uint8Array[] = [];
  for (const part of signatures.split(" ")) {
    if (!part.startsWith("v1,")) continue;
    try {
      received.push(fromBase64(part.slice(3)));
    } catch {
      continue;
    }
  }
  for (const one of secrets) {
    const key = await crypto.subtle.importKey(
      "raw",
      fromBase64(one.startsWith("whsec_") ? one.slice("whsec_".length) : one),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["verify"],
    );
    // Web Crypto's verify compares in constant time.
    for (const signature of received) {
      if (await crypto.subtle.verify("HMAC", key, signature, signed)) return JSON.parse(body) as LintelEvent;
    }
  }
  throw new WebhookVerificationError("No webhook-signature matches: the delivery is not from this endpoint's Lintel, or was changed.");
}
