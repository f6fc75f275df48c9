/**
 * The rules an endpoint's fields follow, whether it is created or updated, and the
 * problems the webhook use cases answer.
 */
import type { Scope } from "@lintel/domain";
import { echo, EVENT_TYPES, grantsScope, type EventType, type EventTypeFilter } from "@lintel/domain/adapters";
import { TEXT_RULES, textProblem } from "@lintel/domain/schemas";
import { fail, type Failure } from "../common/problem.js";
import type { WebhookSender } from "./webhook-sender.js";

/** The longest endpoint url. */
export const MAX_WEBHOOK_URL_CHARS = 2048;

/** Why a Lintel built without a webhook sender takes no endpoint. */
export const NO_SENDER =
  "This Lintel delivers no webhooks: it was built without a webhookSender (createLintel's setting; the server passes its node:http sender).";

/** A 400 naming the field. */
export function invalid(name: string, reason: string): Failure<"invalid_request"> {
  return fail("invalid_request", `${name}: ${reason}`, { invalidParams: [{ name, reason }] });
}

/** A 404: unknown, or another org's (answered alike). */
export function unknown(what: "event" | "webhook endpoint" | "delivery", id: string): Failure<"not_found"> {
  return fail("not_found", `No ${what} '${echo(id)}'.`);
}

/** The reason `url` is refused before any lookup, or null. It is text by the writes' rule first: code points, no control character, no lone surrogate. */
export function urlShapeRefusal(url: string, allowPrivate: boolean): string | null {
  const text = textProblem(url, { max: MAX_WEBHOOK_URL_CHARS });
  if (text !== null) return `A webhook url ${text}.`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Not an absolute URL.";
  }
  if (parsed.protocol !== "https:" && !(allowPrivate && parsed.protocol === "http:")) {
    return "A webhook url must start with https:// (on a development machine, WEBHOOK_ALLOW_PRIVATE=true allows http://).";
  }
  if (parsed.username !== "" || parsed.password !== "") return "A webhook url carries no user name or password.";
  if (parsed.hash !== "") return "A webhook url has no #fragment.";
  return null;
}

/** Why an endpoint's description (null or absent: none) is refused, or null: it is text by the writes' rule, 1–200 characters on one line. */
export function descriptionRefusal(description: string | null | undefined): string | null {
  if (description === null || description === undefined) return null;
  const text = textProblem(description, TEXT_RULES.text);
  return text === null ? null : `A description ${text}.`;
}

/** The endpoint's event types, or why they are refused. */
export function eventTypesOf(types: readonly string[]): EventTypeFilter[] | string {
  if (types.length === 0) return 'List at least one event type, or ["*"] for all.';
  if (new Set(types).size !== types.length) return "An event type is listed twice.";
  if (types.includes("*")) return types.length === 1 ? ["*"] : '"*" means every type: list it alone.';
  const unknownType = types.find((type) => !(EVENT_TYPES as readonly string[]).includes(type));
  if (unknownType !== undefined) return `'${echo(unknownType)}' is not an event type (${EVENT_TYPES.join(", ")}).`;
  return types as EventType[];
}

/**
 * The event types an endpoint may name only through a key that also holds a scope: their
 * deliveries carry what that scope reads. A `message.due` carries a message's text (a PIN, maybe)
 * and its recipient's contact data, which `tours:read` reads.
 */
export const EVENT_TYPE_SCOPES: readonly { readonly type: EventType; readonly scope: Scope }[] = [
  { type: "message.due", scope: "tours:read" },
];

/**
 * The 403 for a caller with `scopes` whose endpoint names `types` (as given: checked before their
 * other rules, as admission checks scopes before parameters), or null when it may.
 */
export function eventTypesScopeRefusal(types: readonly string[], scopes: readonly Scope[]): Failure<"missing_scope"> | null {
  for (const { type, scope } of EVENT_TYPE_SCOPES) {
    if (!types.includes(type) || grantsScope(scopes, scope)) continue;
    return fail(
      "missing_scope",
      `An endpoint that names ${type} requires the scope '${scope}' (its deliveries carry a message's text and recipient), which this API key does not have.`,
    );
  }
  return null;
}

/** Why `url` may not be an endpoint's (its shape, then where it resolves to unless private ones are allowed), or null. */
export async function urlRefusal(url: string, sender: WebhookSender | null, allowPrivate: boolean): Promise<string | null> {
  // A Lintel that delivers nothing takes no endpoint: deliveries would wait for ever, silently.
  if (sender === null) return NO_SENDER;
  return urlShapeRefusal(url, allowPrivate) ?? (allowPrivate ? null : await sender.refusal(url));
}
