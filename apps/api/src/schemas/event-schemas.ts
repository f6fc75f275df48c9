/**
 * The valibot schemas and views of events and webhook endpoints: request schemas
 * for the queries and the bodies (a url and a description follow the writes' text rule, `since`
 * is an instant like every other), response schemas for what the routes answer (the OpenAPI
 * document is generated from them), and the views that turn records into those answers: never
 * an org id, never a secret but in the create answer.
 */
import * as v from "valibot";
import {
  EVENT_TYPES,
  servedDelivery,
  servedWebhookEndpoint,
  type DeliveryRecord,
  type LintelEvent,
  type WebhookEndpointRecord,
} from "@lintel/domain/adapters";
import {
  EventRecordSchema,
  MessageDueDataSchema,
  ServedDeliverySchema,
  ServedWebhookEndpointSchema,
  TEXT_RULES,
  WebhookEndpointRecordSchema,
} from "@lintel/domain/schemas";
import type { CreatedWebhookEndpoint, RotatedWebhookSecret } from "@lintel/core";
import { eventView, MAX_WEBHOOK_URL_CHARS } from "@lintel/core/adapters";
import { listQuerySchema } from "./schemas.js";
import { instantField, textField } from "./write-fields.js";

const nextCursor = v.pipe(v.nullable(v.string()), v.description("Cursor of the next page; null on the last page."));

// ---- requests -----------------------------------------------------------------------------

export const listEventsQuerySchema = v.strictObject({
  ...listQuerySchema.entries,
  type: v.optional(
    v.pipe(v.picklist(EVENT_TYPES, `type must be one of ${EVENT_TYPES.join(", ")}`), v.description("Only events of this type.")),
  ),
});

export const createWebhookEndpointBodySchema = v.strictObject({
  url: textField(
    "url",
    { max: MAX_WEBHOOK_URL_CHARS },
    "Where events are POSTed: https://, at most 2048 characters; never a loopback, private, link-local or unspecified destination (checked again at every delivery).",
  ),
  eventTypes: v.pipe(
    v.array(
      v.picklist([...EVENT_TYPES, "*"], `eventTypes holds event types (${EVENT_TYPES.join(", ")}) or "*"`),
      "eventTypes must be a list",
    ),
    v.minLength(1, 'eventTypes must list at least one type, or ["*"]'),
    v.maxLength(EVENT_TYPES.length + 1, "eventTypes lists each type once"),
    v.description(
      'The types delivered: a non-empty list without repeats, or ["*"] alone for every type but message.due, which an endpoint gets only ' +
        "by naming it, through an API key that also holds tours:read (403 otherwise).",
    ),
  ),
  description: v.optional(
    v.nullable(
      textField(
        "description",
        TEXT_RULES.text,
        "Your own note about the endpoint: 1 to 200 characters on one line (null or absent: none; null clears it on an update).",
      ),
    ),
  ),
});

/** Each field given replaces the endpoint's, by create's rules; none given changes nothing. */
export const updateWebhookEndpointBodySchema = v.strictObject({
  url: v.optional(createWebhookEndpointBodySchema.entries.url),
  eventTypes: v.optional(createWebhookEndpointBodySchema.entries.eventTypes),
  description: createWebhookEndpointBodySchema.entries.description,
});

export const recoverDeliveriesBodySchema = v.strictObject({
  since: instantField("since", "Failed deliveries of events created at this instant or later are retried; at most 30 days back."),
});

// ---- responses: the domain's records less what is never served ------------------------------

/** A `message.due`'s data as served: its sealed copy is kept at rest only. */
const servedMessageDueData = v.omit(MessageDueDataSchema, ["sealed"]);

/**
 * An event as served: each type's record less its owner (and a `message.due` less its sealed copy), in
 * the order the domain lists them (typed loosely: the full type is too large to declare).
 */
export const eventSchema: v.GenericSchema = v.pipe(
  v.variant(
    "type",
    EventRecordSchema.pipe[0].options.map((option) =>
      option.entries.type.literal === "message.due"
        ? v.strictObject({ ...v.omit(option, ["orgId"]).entries, data: servedMessageDueData })
        : v.omit(option, ["orgId"]),
    ) as unknown as v.VariantOptions<"type">,
  ),
  EventRecordSchema.pipe[1],
);

export const webhookEndpointSchema = ServedWebhookEndpointSchema;

/** No endpoint id (the path names it) and no createdAt (the event's). */
export const deliverySchema = ServedDeliverySchema;

export const eventResponseSchema: v.GenericSchema = v.strictObject({ event: eventSchema });
export const eventListSchema: v.GenericSchema = v.strictObject({ events: v.array(eventSchema), nextCursor });
export const webhookEndpointResponseSchema = v.strictObject({ webhookEndpoint: webhookEndpointSchema });
export const webhookEndpointListSchema = v.strictObject({ webhookEndpoints: v.array(webhookEndpointSchema), nextCursor });
export const createdWebhookEndpointSchema = v.strictObject({
  webhookEndpoint: webhookEndpointSchema,
  secret: WebhookEndpointRecordSchema.entries.secret,
});
export const deliveryListSchema = v.strictObject({ deliveries: v.array(deliverySchema), nextCursor });
export const rotatedSecretSchema = v.strictObject({
  webhookEndpoint: webhookEndpointSchema,
  secret: v.pipe(
    v.string(),
    v.description("The new secret (whsec_…): shown in this answer only. The old one signs too, second, for 24 h."),
  ),
});
export const deliveryResponseSchema = v.strictObject({ delivery: deliverySchema });
export const recoveredSchema = v.strictObject({
  deliveries: v.pipe(v.number(), v.integer(), v.minValue(0), v.description("How many failed deliveries were queued again.")),
});
/** A 204 has no body. */
export const noContentSchema = v.pipe(v.null(), v.description("No content."));

// ---- views --------------------------------------------------------------------------------

/** An event as served (and delivered). */
export { eventView };

/** An endpoint as served: no org, no secret, no failingSince. */
export function webhookEndpointView(endpoint: WebhookEndpointRecord): v.InferOutput<typeof webhookEndpointSchema> {
  return servedWebhookEndpoint(endpoint) as v.InferOutput<typeof webhookEndpointSchema>;
}

/** The create answer: the endpoint and, this once, its secret. */
export function createdWebhookEndpointView(created: CreatedWebhookEndpoint): v.InferOutput<typeof createdWebhookEndpointSchema> {
  return { webhookEndpoint: webhookEndpointView(created.webhookEndpoint), secret: created.secret };
}

/** A delivery as served: no org, no endpoint (the path names it), no createdAt. */
export const deliveryView = (delivery: DeliveryRecord): v.InferOutput<typeof deliverySchema> => servedDelivery(delivery);

/** The rotate answer: the endpoint and, this once, its new secret. */
export function rotatedSecretView(rotated: RotatedWebhookSecret): v.InferOutput<typeof rotatedSecretSchema> {
  return { webhookEndpoint: webhookEndpointView(rotated.webhookEndpoint), secret: rotated.secret };
}

/** Events as served. */
export const eventsView = (events: readonly LintelEvent[]) => events.map(eventView);
