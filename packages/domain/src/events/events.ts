/**
 * Events and webhook endpoints as plain data: what changed in an org, who is told,
 * and how each telling went. Instants are RFC 3339 UTC strings with milliseconds, like every
 * record (`records.js`); `data` is JSON exactly as `GET /v1/events/{id}` serves it.
 */
import * as v from "valibot";
import { InstantSchema, ITEM_KINDS, LockStateRecordSchema, type Instant } from "../records/records.js";
import {
  AccessCodeSyncDataSchema,
  LockUpdatedDataSchema,
  MessageDeliveryDataSchema,
  MessageDueDataSchema,
  ScheduleItemDataSchema,
  ScheduleItemUpdatedDataSchema,
  ServedUnitSchema,
  TemplateDataSchema,
  TemplateUpdatedDataSchema,
  ShowingRulesChangedDataSchema,
  TourDataSchema,
  TourRescheduledDataSchema,
  UnitCreatedDataSchema,
  UnitUpdatedDataSchema,
} from "./change-data.js";

export {
  AccessCodeSyncDataSchema,
  LockUpdatedDataSchema,
  MessageDeliveryDataSchema,
  MessageDueDataSchema,
  MessageRecipientSchema,
  ScheduleItemDataSchema,
  ScheduleItemUpdatedDataSchema,
  ServedLockSchema,
  ServedTemplateSchema,
  ServedUnitSchema,
  TemplateDataSchema,
  TemplateUpdatedDataSchema,
  ShowingRulesChangedDataSchema,
  TourDataSchema,
  TourRescheduledDataSchema,
  UnitCreatedDataSchema,
  UnitUpdatedDataSchema,
  type LockUpdatedData,
  type ServedLock,
  type ServedTemplate,
  type ServedUnit,
} from "./change-data.js";

/** The event types, in the order the API documents them. */
export const EVENT_TYPES = [
  "unit.timezone_changed",
  "lock.state_changed",
  "unit.created",
  "unit.updated",
  "schedule.item_created",
  "schedule.item_updated",
  "schedule.item_deleted",
  "template.created",
  "template.updated",
  "template.deleted",
  "webhook_delivery.failed",
  "webhook_endpoint.disabled",
  "access_code.synced",
  "access_code.sync_failed",
  "lock.updated",
  "tour.booked",
  "tour.confirmed",
  "tour.rescheduled",
  "tour.cancelled",
  "tour.checked_in",
  "tour.no_show",
  "tour.completed",
  "unit.showing_rules_changed",
  "message.due",
  "message.sent",
  "message.failed",
] as const;
/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The type of the event `send_test` delivers: signed and delivered like any other, but never
 * stored in the event log (`/v1/events` neither lists nor serves it) and never subscribed to.
 */
export const WEBHOOK_TEST_EVENT_TYPE = "webhook_endpoint.test";
/** What a delivery delivers: an event type, or the test event's. */
export type DeliveryEventType = EventType | typeof WEBHOOK_TEST_EVENT_TYPE;
/** The event types whose delivery, when it fails, emits nothing more (no feedback loop). */
export const WEBHOOK_FEEDBACK_TYPES: readonly DeliveryEventType[] = [
  "webhook_delivery.failed",
  "webhook_endpoint.disabled",
  WEBHOOK_TEST_EVENT_TYPE,
];

/** What an endpoint subscribes to: named types, or `["*"]` for every type but the named-only ones ({@link NAMED_ONLY_EVENT_TYPES}). */
export type EventTypeFilter = EventType | "*";

// ---- the shapes, each described once (the API's response schemas are these less the owner) ----

const id = (description: string) => v.pipe(v.string(), v.description(description));
const owner = v.pipe(v.string(), v.description("The owner; never served."));
const nullableInstant = (description: string) => v.pipe(v.nullable(v.pipe(v.string(), v.isoTimestamp())), v.description(description));

/** `T` read-only all the way down, lists included: events nest records, and nothing changes a stored one. */
export type DeepReadonly<T> = T extends readonly (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** One item whose instants a keep_wall_clock change rewrote: where it was and where it is. */
export const MovedItemSchema = v.strictObject({
  key: v.pipe(v.string(), v.description("`<kind>:<id>`.")),
  kind: v.picklist(ITEM_KINDS),
  id: v.string(),
  previousStartAt: InstantSchema,
  previousEndAt: InstantSchema,
  startAt: InstantSchema,
  endAt: InstantSchema,
});
/** A moved item ({@link MovedItemSchema}). */
export type MovedItem = Readonly<v.InferOutput<typeof MovedItemSchema>>;

/** `data` of `unit.timezone_changed`: the unit after the change, and what moved (empty under keep_instant). */
export const TimezoneChangedDataSchema = v.strictObject({
  unit: ServedUnitSchema,
  previousTimeZone: v.nullable(v.string()),
  policy: v.picklist(["keep_instant", "keep_wall_clock"]),
  moved: v.array(MovedItemSchema),
});
/** `data` of `unit.timezone_changed` ({@link TimezoneChangedDataSchema}). */
export type TimezoneChangedData = DeepReadonly<v.InferOutput<typeof TimezoneChangedDataSchema>>;

/** The part of a lock's state whose change is an event. */
export const ObservedLockStateSchema = v.pick(LockStateRecordSchema, ["lockState", "doorState", "online"]);
/** The observed part of a lock's state ({@link ObservedLockStateSchema}). */
export type ObservedLockState = Readonly<v.InferOutput<typeof ObservedLockStateSchema>>;

/** `data` of `lock.state_changed`: the state observed before, and the whole state now. */
export const LockStateChangedDataSchema = v.strictObject({
  lockId: v.string(),
  provider: v.string(),
  previous: ObservedLockStateSchema,
  state: LockStateRecordSchema,
});
/** `data` of `lock.state_changed` ({@link LockStateChangedDataSchema}). */
export type LockStateChangedData = DeepReadonly<v.InferOutput<typeof LockStateChangedDataSchema>>;

/** Why an endpoint was disabled: it answered 410, or it kept failing for 5 days. */
export type DisabledReason = "gone" | "failing";

/** How many secrets rotated out before the previous one an endpoint keeps signing with (rotations within the overlap). */
export const EARLIER_SECRETS_KEPT = 4;

/** A stored webhook endpoint, with its signing secret (served only by the answer that creates it). */
export const WebhookEndpointRecordSchema = v.strictObject({
  id: id("we_ + 24 letters and digits."),
  orgId: owner,
  url: v.string(),
  eventTypes: v.pipe(
    v.array(
      v.pipe(
        v.picklist([...EVENT_TYPES, "*"]),
        v.description('An event type, or "*" for every type but message.due (delivered only to endpoints that name it).'),
      ),
    ),
    v.readonly(),
  ),
  description: v.nullable(v.string()),
  status: v.picklist(["enabled", "disabled"]),
  disabledReason: v.pipe(
    v.nullable(v.picklist(["gone", "failing"])),
    v.description("Why it is disabled: it answered 410 (gone), or failed for 5 days (failing); null when enabled."),
  ),
  createdAt: InstantSchema,
  secret: v.pipe(v.string(), v.description("whsec_ + base64 of 32 bytes: verify deliveries with it. Shown in this answer only.")),
  failingSince: nullableInstant("The first failed attempt since the last delivered one (null when none): the 5-day rule counts from it."),
  previousSecret: v.optional(
    v.pipe(
      v.strictObject({ secret: v.string(), expiresAt: InstantSchema }),
      v.description("The secret before the last rotation, still signing (second) until expiresAt; never served."),
    ),
  ),
  earlierSecrets: v.optional(
    v.pipe(
      v.array(v.strictObject({ secret: v.string(), expiresAt: InstantSchema })),
      v.maxLength(EARLIER_SECRETS_KEPT),
      v.description("The secrets rotated out before previousSecret (newest first), each signing too until its expiresAt; never served."),
    ),
  ),
});
/** A stored webhook endpoint ({@link WebhookEndpointRecordSchema}). */
export type WebhookEndpointRecord = Readonly<v.InferOutput<typeof WebhookEndpointRecordSchema>>;

/** The delivery of one event to one endpoint, attempt by attempt. */
export const DeliveryRecordSchema = v.strictObject({
  id: id("dlv_ + the first 24 hex characters of SHA-1(<eventId>:<endpointId>): one delivery per event and endpoint."),
  orgId: owner,
  endpointId: v.string(),
  eventId: v.string(),
  eventType: v.pipe(v.picklist([...EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE]), v.description("The event's type.")),
  status: v.picklist(["pending", "delivered", "failed"]),
  attempts: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0),
    v.description("Attempts made, every one: a retry or a recover queues the delivery again without taking any back."),
  ),
  /** The attempts made when a retry or a recover last queued the delivery again (absent: never); the retry schedule counts from there. */
  attemptsBeforeRequeue: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  lastAttemptAt: nullableInstant("When the last attempt was made; null before the first."),
  lastResponseStatus: v.pipe(v.nullable(v.number()), v.description("The HTTP status of the last attempt; null when it got none.")),
  lastError: v.pipe(
    v.nullable(v.string()),
    v.description('What went wrong with the last attempt, e.g. "HTTP 500", "timed out after 15 s".'),
  ),
  nextAttemptAt: nullableInstant(
    "When the next attempt will be made, never a time already past while pending (on a failing endpoint, when its turn comes); null once delivered or failed.",
  ),
  createdAt: v.pipe(InstantSchema, v.description("The event's createdAt: deliveries list newest first by it, then by id.")),
});
/** A delivery ({@link DeliveryRecordSchema}). */
export type DeliveryRecord = Readonly<v.InferOutput<typeof DeliveryRecordSchema>>;

/** An endpoint as served: no owner, no secret, no failingSince. */
export const ServedWebhookEndpointSchema = v.omit(WebhookEndpointRecordSchema, [
  "orgId",
  "secret",
  "failingSince",
  "previousSecret",
  "earlierSecrets",
]);
/** An endpoint as served ({@link ServedWebhookEndpointSchema}). */
export type ServedWebhookEndpoint = DeepReadonly<v.InferOutput<typeof ServedWebhookEndpointSchema>>;
/** A delivery as served: no owner, no endpoint (the path names it), no createdAt (the event's), no schedule bookkeeping. */
export const ServedDeliverySchema = v.omit(DeliveryRecordSchema, ["orgId", "endpointId", "createdAt", "attemptsBeforeRequeue"]);
/** A delivery as served ({@link ServedDeliverySchema}). */
export type ServedDelivery = Readonly<v.InferOutput<typeof ServedDeliverySchema>>;

/** `data` of `webhook_delivery.failed`: the endpoint and its delivery whose retries are spent. */
export const WebhookDeliveryFailedDataSchema = v.strictObject({ endpointId: v.string(), delivery: ServedDeliverySchema });
/** `data` of `webhook_endpoint.disabled`: the endpoint as it is now (disabled, with its reason). */
export const WebhookEndpointDisabledDataSchema = v.strictObject({ webhookEndpoint: ServedWebhookEndpointSchema });

const eventId = id("evt_ + 24 letters and digits; the webhook-id of every delivery attempt.");
/** The stored event of `type` with `data`. */
const eventOf = <const T extends EventType, S extends v.GenericSchema>(type: T, data: S) =>
  v.strictObject({ id: eventId, orgId: owner, type: v.literal(type), createdAt: InstantSchema, data });

/** A stored event: one change in an org, kept 30 days; `type` says which `data` it carries. */
export const EventRecordSchema = v.pipe(
  v.variant("type", [
    eventOf("unit.timezone_changed", TimezoneChangedDataSchema),
    eventOf("lock.state_changed", LockStateChangedDataSchema),
    eventOf("unit.created", UnitCreatedDataSchema),
    eventOf("unit.updated", UnitUpdatedDataSchema),
    eventOf("schedule.item_created", ScheduleItemDataSchema),
    eventOf("schedule.item_updated", ScheduleItemUpdatedDataSchema),
    eventOf("schedule.item_deleted", ScheduleItemDataSchema),
    eventOf("template.created", TemplateDataSchema),
    eventOf("template.updated", TemplateUpdatedDataSchema),
    eventOf("template.deleted", TemplateDataSchema),
    eventOf("webhook_delivery.failed", WebhookDeliveryFailedDataSchema),
    eventOf("webhook_endpoint.disabled", WebhookEndpointDisabledDataSchema),
    eventOf("access_code.synced", AccessCodeSyncDataSchema),
    eventOf("access_code.sync_failed", AccessCodeSyncDataSchema),
    eventOf("lock.updated", LockUpdatedDataSchema),
    eventOf("tour.booked", TourDataSchema),
    eventOf("tour.confirmed", TourDataSchema),
    eventOf("tour.rescheduled", TourRescheduledDataSchema),
    eventOf("tour.cancelled", TourDataSchema),
    eventOf("tour.checked_in", TourDataSchema),
    eventOf("tour.no_show", TourDataSchema),
    eventOf("tour.completed", TourDataSchema),
    eventOf("unit.showing_rules_changed", ShowingRulesChangedDataSchema),
    eventOf("message.due", MessageDueDataSchema),
    eventOf("message.sent", MessageDeliveryDataSchema),
    eventOf("message.failed", MessageDeliveryDataSchema),
  ]),
  v.description("A change in the organization; delivered to webhook endpoints exactly as served here."),
);
/** A stored event ({@link EventRecordSchema}). */
export type LintelEvent = DeepReadonly<v.InferOutput<typeof EventRecordSchema>>;
/** The event `send_test` delivers: its `data` names the endpoint. */
export const WebhookTestEventSchema = v.strictObject({
  id: eventId,
  orgId: owner,
  type: v.literal(WEBHOOK_TEST_EVENT_TYPE),
  createdAt: InstantSchema,
  data: v.strictObject({ endpointId: v.string() }),
});
/** The test event ({@link WebhookTestEventSchema}). */
export type WebhookTestEvent = DeepReadonly<v.InferOutput<typeof WebhookTestEventSchema>>;
/** What a delivery carries: a stored event, or a test event. */
export type DeliverableEvent = LintelEvent | WebhookTestEvent;

/** The served view of an endpoint. */
export function servedWebhookEndpoint(endpoint: WebhookEndpointRecord): ServedWebhookEndpoint {
  const { id, url, eventTypes, description, status, disabledReason, createdAt } = endpoint;
  return { id, url, eventTypes: [...eventTypes], description, status, disabledReason, createdAt };
}

/** The served view of a delivery. */
export function servedDelivery(delivery: DeliveryRecord): ServedDelivery {
  const { id, eventId, eventType, status, attempts, lastAttemptAt, lastResponseStatus, lastError, nextAttemptAt } = delivery;
  return { id, eventId, eventType, status, attempts, lastAttemptAt, lastResponseStatus, lastError, nextAttemptAt };
}

/** What every event has, whatever its type. */
export type EventBase = Pick<LintelEvent, "id" | "orgId" | "createdAt">;

/**
 * The event types `["*"]` does not include: an endpoint receives them only by naming them.
 * `message.due` carries a message's text (a PIN, maybe) and its recipient's contact data, so only
 * an endpoint made for it receives it (through a key that may read tours, `tours:read`).
 */
export const NAMED_ONLY_EVENT_TYPES: readonly EventType[] = ["message.due"];

/** True when an endpoint subscribed with `filter` is told of an event of `type`. */
export function wantsEvent(filter: readonly EventTypeFilter[], type: EventType): boolean {
  return filter.includes(type) || (filter.includes("*") && !NAMED_ONLY_EVENT_TYPES.includes(type));
}

/** Events, endpoints and deliveries list newest first: createdAt desc, then id desc (fixed-width createdAt). */
export function newestFirstPosition(row: { readonly createdAt: Instant; readonly id: string }): string {
  return `${row.createdAt}|${row.id}`;
}

/** How long events, endpoints' deliveries and their records are kept. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The observed part of a state, for comparing it with the last observed one. */
export function observedPart(state: ObservedLockState): ObservedLockState {
  return { lockState: state.lockState, doorState: state.doorState, online: state.online };
}

/** True when two observations differ in `lockState`, `doorState` or `online`. */
export function observationChanged(previous: ObservedLockState, next: ObservedLockState): boolean {
  return previous.lockState !== next.lockState || previous.doorState !== next.doorState || previous.online !== next.online;
}
