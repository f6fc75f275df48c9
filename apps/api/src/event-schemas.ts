/**
 * The valibot schemas and views of events and webhook endpoints (SPEC 5.10): request schemas
 * for the queries and the create body, response schemas for what the routes answer (the OpenAPI
 * document is generated from them), and the views that turn records into those answers: never
 * an org id, never a secret but in the create answer.
 */
import * as v from "valibot";
import { EVENT_TYPES, ITEM_KINDS, type DeliveryRecord, type LintelEvent, type WebhookEndpointRecord } from "@lintel/domain";
import { eventView, MAX_WEBHOOK_URL_CHARS, type CreatedWebhookEndpoint } from "@lintel/core";
import { listQuerySchema, lockStateViewSchema, unitViewSchema } from "./schemas.js";

const instant = v.pipe(v.string(), v.isoTimestamp(), v.description("RFC 3339 instant in UTC with milliseconds."));
const nullableInstant = (description: string) => v.pipe(v.nullable(v.pipe(v.string(), v.isoTimestamp())), v.description(description));
const nextCursor = v.pipe(v.nullable(v.string()), v.description("Cursor of the next page; null on the last page."));
const eventTypeSchema = v.pipe(v.picklist(EVENT_TYPES), v.description("An event type."));
const eventTypeFilterSchema = v.pipe(v.picklist([...EVENT_TYPES, "*"]), v.description('An event type, or "*" for every type.'));

// ---- requests -----------------------------------------------------------------------------

export const listEventsQuerySchema = v.strictObject({
  ...listQuerySchema.entries,
  type: v.optional(
    v.pipe(v.picklist(EVENT_TYPES, `type must be one of ${EVENT_TYPES.join(", ")}`), v.description("Only events of this type.")),
  ),
});

export const createWebhookEndpointBodySchema = v.strictObject({
  url: v.pipe(
    v.string("url must be a string"),
    v.minLength(1, "url must not be empty"),
    v.maxLength(MAX_WEBHOOK_URL_CHARS, `url must be at most ${MAX_WEBHOOK_URL_CHARS} characters`),
    v.description(
      "Where events are POSTed: https://, at most 2048 characters; never a loopback, private, link-local or unspecified destination (checked again at every delivery).",
    ),
  ),
  eventTypes: v.pipe(
    v.array(
      v.picklist([...EVENT_TYPES, "*"], `eventTypes holds event types (${EVENT_TYPES.join(", ")}) or "*"`),
      "eventTypes must be a list",
    ),
    v.minLength(1, 'eventTypes must list at least one type, or ["*"]'),
    v.maxLength(EVENT_TYPES.length + 1, "eventTypes lists each type once"),
    v.description('The types delivered: a non-empty list without repeats, or ["*"] alone for every type.'),
  ),
  description: v.optional(
    v.nullable(
      v.pipe(
        v.string("description must be a string"),
        v.maxLength(256, "description must be at most 256 characters"),
        v.description("Your own note about the endpoint."),
      ),
    ),
  ),
});

// ---- responses ----------------------------------------------------------------------------

const movedItemSchema = v.strictObject({
  key: v.string(),
  kind: v.picklist(ITEM_KINDS),
  id: v.string(),
  previousStartAt: instant,
  previousEndAt: instant,
  startAt: instant,
  endAt: instant,
});

const observedSchema = v.strictObject({
  lockState: v.picklist(["locked", "unlocked", "jammed", "unknown"]),
  doorState: v.picklist(["open", "closed", "unknown"]),
  online: v.boolean(),
});

export const eventSchema = v.pipe(
  v.variant("type", [
    v.strictObject({
      id: v.pipe(v.string(), v.description("evt_ + 24 letters and digits; the webhook-id of every delivery attempt.")),
      type: v.literal("unit.timezone_changed"),
      createdAt: instant,
      data: v.strictObject({
        unit: unitViewSchema,
        previousTimeZone: v.nullable(v.string()),
        policy: v.picklist(["keep_instant", "keep_wall_clock"]),
        moved: v.array(movedItemSchema),
      }),
    }),
    v.strictObject({
      id: v.pipe(v.string(), v.description("evt_ + 24 letters and digits; the webhook-id of every delivery attempt.")),
      type: v.literal("lock.state_changed"),
      createdAt: instant,
      data: v.strictObject({ lockId: v.string(), provider: v.string(), previous: observedSchema, state: lockStateViewSchema }),
    }),
  ]),
  v.description("A change in the organization; delivered to webhook endpoints exactly as served here."),
);

export const webhookEndpointSchema = v.strictObject({
  id: v.pipe(v.string(), v.description("we_ + 24 letters and digits.")),
  url: v.string(),
  eventTypes: v.array(eventTypeFilterSchema),
  description: v.nullable(v.string()),
  status: v.picklist(["enabled", "disabled"]),
  disabledReason: v.pipe(
    v.nullable(v.picklist(["gone", "failing"])),
    v.description("Why it is disabled: it answered 410 (gone), or failed for 5 days (failing); null when enabled."),
  ),
  createdAt: instant,
});

export const deliverySchema = v.strictObject({
  id: v.string(),
  eventId: v.string(),
  eventType: eventTypeSchema,
  status: v.picklist(["pending", "delivered", "failed"]),
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  lastAttemptAt: nullableInstant("When the last attempt was made; null before the first."),
  lastResponseStatus: v.pipe(v.nullable(v.number()), v.description("The HTTP status of the last attempt; null when it got none.")),
  lastError: v.pipe(
    v.nullable(v.string()),
    v.description('What went wrong with the last attempt, e.g. "HTTP 500", "timed out after 15 s".'),
  ),
  nextAttemptAt: nullableInstant("When the next attempt is due; null once delivered or failed."),
});

export const eventResponseSchema = v.strictObject({ event: eventSchema });
export const eventListSchema = v.strictObject({ events: v.array(eventSchema), nextCursor });
export const webhookEndpointResponseSchema = v.strictObject({ webhookEndpoint: webhookEndpointSchema });
export const webhookEndpointListSchema = v.strictObject({ webhookEndpoints: v.array(webhookEndpointSchema), nextCursor });
export const createdWebhookEndpointSchema = v.strictObject({
  webhookEndpoint: webhookEndpointSchema,
  secret: v.pipe(v.string(), v.description("whsec_ + base64 of 32 bytes: verify deliveries with it. Shown in this answer only.")),
});
export const deliveryListSchema = v.strictObject({ deliveries: v.array(deliverySchema), nextCursor });
/** A 204 has no body. */
export const noContentSchema = v.pipe(v.null(), v.description("No content."));

// ---- views --------------------------------------------------------------------------------

/** An event as served (and delivered). */
export { eventView };

/** An endpoint as served: no org, no secret, no failingSince. */
export function webhookEndpointView(endpoint: WebhookEndpointRecord): v.InferOutput<typeof webhookEndpointSchema> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    eventTypes: [...endpoint.eventTypes],
    description: endpoint.description,
    status: endpoint.status,
    disabledReason: endpoint.disabledReason,
    createdAt: endpoint.createdAt,
  };
}

/** The create answer: the endpoint and, this once, its secret. */
export function createdWebhookEndpointView(created: CreatedWebhookEndpoint): v.InferOutput<typeof createdWebhookEndpointSchema> {
  return { webhookEndpoint: webhookEndpointView(created.webhookEndpoint), secret: created.secret };
}

/** A delivery as served: no org, no endpoint (the path names it), no createdAt. */
export function deliveryView(delivery: DeliveryRecord): v.InferOutput<typeof deliverySchema> {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastAttemptAt: delivery.lastAttemptAt,
    lastResponseStatus: delivery.lastResponseStatus,
    lastError: delivery.lastError,
    nextAttemptAt: delivery.nextAttemptAt,
  };
}

/** Events as served. */
export const eventsView = (events: readonly LintelEvent[]) => events.map(eventView);
