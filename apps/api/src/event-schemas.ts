/**
 * The valibot schemas and views of events and webhook endpoints (SPEC 5.10): request schemas
 * for the queries and the create body, response schemas for what the routes answer (the OpenAPI
 * document is generated from them), and the views that turn records into those answers: never
 * an org id, never a secret but in the create answer.
 */
import * as v from "valibot";
import { EVENT_TYPES, type DeliveryRecord, type LintelEvent, type WebhookEndpointRecord } from "@lintel/domain";
import { DeliveryRecordSchema, EventRecordSchema, WebhookEndpointRecordSchema } from "@lintel/domain/schemas";
import { MAX_WEBHOOK_URL_CHARS, type CreatedWebhookEndpoint } from "@lintel/core";
import { eventView } from "@lintel/core/adapters";
import { listQuerySchema } from "./schemas.js";

const nextCursor = v.pipe(v.nullable(v.string()), v.description("Cursor of the next page; null on the last page."));

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

// ---- responses: the domain's records less what is never served ------------------------------

/** An event as served: each type's record less its owner, in the order the domain lists them (typed loosely: the full type is too large to declare). */
export const eventSchema: v.GenericSchema = v.pipe(
  v.variant("type", EventRecordSchema.pipe[0].options.map((option) => v.omit(option, ["orgId"])) as unknown as v.VariantOptions<"type">),
  EventRecordSchema.pipe[1],
);

export const webhookEndpointSchema = v.omit(WebhookEndpointRecordSchema, ["orgId", "secret", "failingSince"]);

/** No endpoint id (the path names it) and no createdAt (the event's). */
export const deliverySchema = v.omit(DeliveryRecordSchema, ["orgId", "endpointId", "createdAt"]);

export const eventResponseSchema: v.GenericSchema = v.strictObject({ event: eventSchema });
export const eventListSchema: v.GenericSchema = v.strictObject({ events: v.array(eventSchema), nextCursor });
export const webhookEndpointResponseSchema = v.strictObject({ webhookEndpoint: webhookEndpointSchema });
export const webhookEndpointListSchema = v.strictObject({ webhookEndpoints: v.array(webhookEndpointSchema), nextCursor });
export const createdWebhookEndpointSchema = v.strictObject({
  webhookEndpoint: webhookEndpointSchema,
  secret: WebhookEndpointRecordSchema.entries.secret,
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
