/**
 * The client's vocabulary: the API's schemas by name, and the query, body, answer and write
 * result of each operation, all derived from the generated `openapi-types.js`.
 */
import type { components, operations } from "./openapi-types.js";
import type { CallOptions } from "./transport.js";

/** A lock of the org, as `GET /v1/locks` lists it. */
export type Lock = components["schemas"]["Lock"];
/** A lock's live state, read through its provider. */
export type LockState = components["schemas"]["LockState"];
/** A message template of the org. */
export type Template = components["schemas"]["Template"];
/** One future item of a unit and what a time-zone change would do to it. */
export type PreviewItem = components["schemas"]["PreviewItem"];
/** An error answer (application/problem+json), as a thrown `LintelProblem` carries it. */
export type Problem = components["schemas"]["Problem"];
/** A rental unit with its time zone and version. */
export type Unit = components["schemas"]["Unit"];
/** An item of a unit's schedule (tour, access code, open house, scheduled message). */
export type ScheduleEntry = components["schemas"]["ScheduleEntry"];
/** An event as served and delivered: id, type, creation time and data. */
export type Event = components["schemas"]["Event"];
/** A webhook endpoint of the org (never its secret). */
export type WebhookEndpoint = components["schemas"]["WebhookEndpoint"];
/** One delivery of an event to an endpoint: its status, attempts and last answer. */
export type Delivery = components["schemas"]["Delivery"];

/** The `operationId` of an operation of the OpenAPI document (`listLocks`, `setTimezone`, …). */
export type OperationId = keyof operations;
/** The query parameters of an operation. */
export type QueryOf<K extends OperationId> = NonNullable<operations[K]["parameters"]["query"]>;
/** The success body of an operation (its 200, its 201, or its 202). */
export type AnswerOf<K extends OperationId> = operations[K]["responses"] extends { 200: { content: { "application/json": infer Answer } } }
  ? Answer
  : operations[K]["responses"] extends { 201: { content: { "application/json": infer Created } } }
    ? Created
    : operations[K]["responses"] extends { 202: { content: { "application/json": infer Accepted } } }
      ? Accepted
      : never;
/**
 * What `webhookEndpoints.create` resolves to: the endpoint, its secret (shown this once: keep it
 * to verify deliveries with `verifyWebhook`), and whether it was a replay of an earlier request
 * with the same Idempotency-Key.
 */
export type CreatedWebhookEndpoint = WriteResult<"createWebhookEndpoint">;
/**
 * What `webhookEndpoints.rotateSecret` resolves to: the endpoint, its new secret (shown this
 * once; the old one still signs, second, for 24 h), and whether it was a replay.
 */
export type RotatedWebhookSecret = WriteResult<"rotateWebhookEndpointSecret">;
/**
 * What `units.setTimezone` resolves to: the API's answer, and whether it was a replay
 * (`Idempotent-Replayed: true`): the change was made by an earlier request with the same
 * Idempotency-Key, and this one changed nothing.
 */
export type SetTimezoneResult = WriteResult<"setTimezone">;
/** The JSON body an operation takes. */
export type BodyOf<K extends OperationId> = operations[K]["requestBody"] extends { content: { "application/json": infer Body } } | undefined
  ? Body
  : never;

/**
 * What every write takes last: {@link CallOptions}, and the `Idempotency-Key` to send. Without
 * one the client makes a new UUID per call; either way the key is the same on every retry of
 * that call, so a retry can never apply the change twice. Pass your own (e.g. an order id) to
 * make a repeat of the whole call safe too, across restarts: the server keeps the first 2xx or
 * 409 answer per key for 24 h and replays it.
 */
export type WriteOptions = CallOptions & {
  /** 1–255 printable ASCII characters, unique per intended change; default a new UUID. */
  readonly idempotencyKey?: string | undefined;
};

/**
 * What a write resolves to: the operation's answer, and `replayed`: true when the answer is the
 * stored one of an earlier request with the same Idempotency-Key (`Idempotent-Replayed: true`),
 * so this call changed nothing.
 */
export type WriteResult<K extends OperationId> = AnswerOf<K> & { readonly replayed: boolean };

/** What `tours.book`, `tours.reschedule` and `tours.cancel` resolve to: `{ tour, unit, replayed }`. */
export type TourWriteResult = WriteResult<"bookTour">;
/** What `units.create` and `units.update` resolve to: `{ unit, replayed }`. */
export type UnitWriteResult = WriteResult<"createUnit">;
/**
 * What `units.createScheduleItem` and `units.updateScheduleItem` resolve to: the item as
 * `listSchedule` serves it, the unit after the change (its new `version`), and `replayed`.
 */
export type ScheduleItemWriteResult = WriteResult<"createScheduleItem">;
/** What `units.deleteScheduleItem` resolves to: the unit after the change (its new `version`), and `replayed`. */
export type ScheduleItemDeleteResult = WriteResult<"deleteScheduleItem">;
/** What `templates.create` and `templates.update` resolve to: `{ template, replayed }`. */
export type TemplateWriteResult = WriteResult<"createMessageTemplate">;
/** What `templates.delete` resolves to (the API answers 204, no body). */
export interface TemplateDeleteResult {
  /** True when an earlier request with the same Idempotency-Key deleted it: this one changed nothing. */
  readonly replayed: boolean;
}

/**
 * What `templates.getWithEtag` resolves to: the template, and the `ETag` of that very answer,
 * to pass as `ifMatch` to `templates.update` or `templates.delete` (412 `precondition_failed`
 * when the template changed since).
 */
export interface TemplateWithEtag {
  readonly template: Template;
  /** The answer's strong `ETag`, quotes included (`"…"`): pass it back unchanged. */
  readonly etag: string;
}

/**
 * The condition of a template's update or delete, or a lock's update: `ifMatch`, the ETag of
 * `templates.getWithEtag` (`locks.getWithEtag`), sent as `If-Match`. The write applies only while
 * the record is still that version, else the call throws a LintelProblem `precondition_failed`
 * (412): read it again and decide. Absent: the write applies whatever the record is now.
 */
export interface IfMatch {
  readonly ifMatch?: string | undefined;
}

/**
 * What `locks.getWithEtag` resolves to: the lock, and the `ETag` of that very answer, to pass as
 * `ifMatch` to `locks.update` (412 `precondition_failed` when the lock changed since).
 */
export interface LockWithEtag {
  readonly lock: Lock;
  /** The answer's strong `ETag`, quotes included (`"…"`): pass it back unchanged. */
  readonly etag: string;
}

/**
 * What `locks.update` resolves to: the lock after the change (or as it is, when nothing changed),
 * its `ETag` (for the next update's `ifMatch`; null only if something between dropped it), and `replayed`.
 */
export interface LockWriteResult {
  readonly lock: Lock;
  readonly etag: string | null;
  /** True when the answer is the stored one of an earlier call with the same Idempotency-Key: this one changed nothing. */
  readonly replayed: boolean;
}

/** Every event type (`unit.timezone_changed`, `schedule.item_created`, …). */
export type EventType = Event["type"];
/**
 * The event of one `type`, its `data` typed: `EventOf<"template.updated">["data"]` has
 * `template` and `previous`. {@link Event} is the union of them all, so checking `event.type`
 * narrows `event.data` too.
 */
export type EventOf<T extends EventType> = Extract<Event, { readonly type: T }>;
