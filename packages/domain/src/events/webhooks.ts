/**
 * Webhooks as Standard Webhooks 1.0 signs them (what Lintel sends) and as Svix signs Seam's
 * (what Lintel receives): `v1,` + base64 of HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed
 * with the base64-decoded part of the secret after `whsec_`. And the retry law: each delay of
 * the schedule in turn, up to 10 % longer at random, or a longer `Retry-After`.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Every webhook signing secret starts with this; the rest is base64. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** A signature is refused when its timestamp is further than this from now, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The delays between delivery attempts, in seconds: Seam's and Svix's schedule. */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];
/** The delays between attempts to program a code on its lock, seconds (ACCESS_CODE_SYNC_RETRY_SCHEDULE's default). */
export const DEFAULT_CODE_SYNC_SCHEDULE_SECONDS: readonly number[] = [5, 30, 120, 600, 3600];

/** A fresh signing secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(bytes: Uint8Array = randomBytes(32)): string {
  return `${WEBHOOK_SECRET_PREFIX}${Buffer.from(bytes).toString("base64")}`;
}

/** The key a secret signs with: the base64-decoded part after `whsec_` (a secret without it is taken whole). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, "base64");
}

/** What one webhook attempt is signed over. */
export interface WebhookMessage {
  /** `webhook-id` (`svix-id`): the same on every attempt of one message. */
  readonly id: string;
  /** `webhook-timestamp` (`svix-timestamp`): Unix seconds of this attempt. */
  readonly timestamp: number;
  /** The body, exactly as sent. */
  readonly body: string;
}

function digest(message: WebhookMessage, secret: string): Buffer {
  return createHmac("sha256", keyOf(secret)).update(`${message.id}.${message.timestamp}.${message.body}`).digest();
}

/** The `webhook-signature` header of `message` signed with `secret`: `v1,<base64>`. */
export function signWebhook(message: WebhookMessage, secret: string): string {
  return `v1,${digest(message, secret).toString("base64")}`;
}

/** {@link checkWebhookSignature}'s verdict: the signature holds, or why it does not. */
export type WebhookVerification =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "no_signature" | "bad_timestamp" | "stale_timestamp" | "signature_mismatch" };

/**
 * Checks a received webhook: `signatureHeader` may list several space-separated `v1,<base64>`
 * signatures (during a secret's rotation), one match suffices; the timestamp must be within
 * {@link WEBHOOK_TOLERANCE_SECONDS} of `nowSeconds`. Comparisons take the same time whatever
 * the bytes.
 */
export function checkWebhookSignature(
  received: { readonly id: string; readonly timestamp: string; readonly body: string; readonly signatureHeader: string },
  secret: string,
  nowSeconds: number,
): WebhookVerification {
  if (!/^\d{1,12}$/.test(received.timestamp)) return { ok: false, reason: "bad_timestamp" };
  const timestamp = Number(received.timestamp);
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: "stale_timestamp" };
  const signatures = received.signatureHeader
    .split(" ")
    .filter((part) => part.startsWith("v1,"))
    .map((part) => Buffer.from(part.slice(3), "base64"));
  if (signatures.length === 0) return { ok: false, reason: "no_signature" };
  const expected = digest({ id: received.id, timestamp, body: received.body }, secret);
  const matches = signatures.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  return matches ? { ok: true } : { ok: false, reason: "signature_mismatch" };
}

/**
 * How long to wait before the attempt after the `failedAttempts`-th one, in ms, or null when
 * the schedule is spent (the delivery has failed). Each delay is up to 10 % longer at random
 * (`random()` in [0, 1)); a `Retry-After` longer than that is waited instead, up to the
 * schedule's longest step (one that is not a positive number is ignored).
 */
export function nextAttemptDelayMs(
  failedAttempts: number,
  scheduleSeconds: readonly number[],
  random: () => number,
  retryAfterSeconds?: number,
): number | null {
  const base = scheduleSeconds[failedAttempts - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * 1000 * (1 + 0.1 * random()));
  // A receiver's Retry-After is taken when longer, up to the schedule's longest step: no
  // endpoint holds a delivery past its schedule's end.
  const longest = Math.max(...scheduleSeconds) * 1000;
  const asked =
    retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : 0;
  return Math.max(jittered, Math.min(asked, longest));
}

/** A retry schedule from its text (`5,300,1800`: seconds, each a positive integer), or null. */
export function parseRetrySchedule(text: string): number[] | null {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length === 0 || parts.length > 20 || !parts.every((part) => /^[1-9]\d{0,6}$/.test(part))) return null;
  return parts.map(Number);
}
