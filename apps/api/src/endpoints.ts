/**
 * The `/v1` endpoints, each declared once: route, scope, request and response schemas,
 * the use case it runs, the view of its value, and the problems it can answer. The router and
 * the OpenAPI document both read this table, and `endpoint()` checks each row's problems against
 * its use case's codes at compile time, so the document cannot promise a problem that cannot
 * happen, nor leave one out.
 */
import type * as v from "valibot";
import type { GenericSchema } from "valibot";
import type { Caller, IdempotencyCode, ItemWriteResult, Lintel, Result } from "@lintel/core";
import type { ProblemCode, Scope, Template } from "@lintel/domain";
import type { BodyReading } from "./json-body.js";
import {
  getTemplateQuerySchema,
  getUnitQuerySchema,
  listScheduleQuerySchema,
  scheduleListSchema,
  unitListSchema,
  unitResponseSchema,
  itemWriteResponseSchema,
  emptyQuerySchema,
  listQuerySchema,
  lockListSchema,
  lockResponseSchema,
  lockStateResponseSchema,
  previewQuerySchema,
  previewSchema,
  setTimezoneBodySchema,
  setTimezoneResponseSchema,
  templateListSchema,
  templateResponseSchema,
} from "./schemas.js";
import type { QuerySchema } from "./query.js";
import { entityTag, ifMatchHolds } from "./http-conventions.js";
import {
  createScheduleItemBodySchema,
  createTemplateBodySchema,
  createUnitBodySchema,
  deleteScheduleItemBodySchema,
  deleteTemplateBodySchema,
  updateScheduleItemBodySchema,
  updateTemplateBodySchema,
  updateUnitBodySchema,
} from "./write-schemas.js";
import {
  createdWebhookEndpointSchema,
  createdWebhookEndpointView,
  createWebhookEndpointBodySchema,
  deliveryListSchema,
  deliveryResponseSchema,
  deliveryView,
  eventListSchema,
  eventResponseSchema,
  eventsView,
  eventView,
  listEventsQuerySchema,
  noContentSchema,
  recoverDeliveriesBodySchema,
  recoveredSchema,
  rotatedSecretSchema,
  rotatedSecretView,
  updateWebhookEndpointBodySchema,
  webhookEndpointListSchema,
  webhookEndpointResponseSchema,
  webhookEndpointView,
} from "./event-schemas.js";
import {
  lockJson,
  lockStateView,
  oneJson,
  pageJson,
  previewView,
  scheduleEntryView,
  jsonText,
  templateJson,
  unitJson,
  unitView,
} from "./serialize.js";

/** An item write's answer: the item as list_schedule serves it, and the unit after the change. */
function itemWriteView({ item, unit }: ItemWriteResult) {
  return { item: scheduleEntryView(item), unit: unitView(unit) };
}

/**
 * `If-Match` as a check of the template as it is now: true when the header names its ETag (the
 * tag of the very text get_message_template serves) or is `*`. Undefined without the header.
 */
function matcher(ifMatch: string | undefined): ((current: Template) => boolean) | undefined {
  if (ifMatch === undefined) return undefined;
  return (current) => ifMatchHolds(ifMatch, entityTag(jsonText(oneJson("template", templateJson(current)))));
}

/** What the OpenAPI document and the router read of every endpoint. */
export interface Endpoint {
  readonly method: "get" | "post" | "delete";
  /** The status of a successful answer: 200 unless said (201 created, 204 no content). */
  readonly status?: 201 | 202 | 204;
  /** Koa form: `/v1/locks/:lockId`. */
  readonly path: string;
  readonly scope: Scope;
  readonly summary: string;
  readonly description: string;
  readonly query: QuerySchema;
  readonly body?: GenericSchema;
  readonly pathParams?: readonly { readonly name: string; readonly description: string }[];
  /** Optional request headers the operation reads (besides x-api-key and x-request-id). */
  readonly headers?: readonly {
    readonly name: string;
    readonly description: string;
    readonly maxLength: number;
    /** The characters it may hold, as a JSON Schema pattern. */
    readonly pattern?: string;
  }[];
  readonly response: GenericSchema;
  /** A GET of one resource: answers carry an ETag, and If-None-Match with it answers 304. */
  readonly etag?: true;
  /** OpenAPI tag: the resource the operation belongs to. */
  readonly tag: "Units" | "Templates" | "Locks" | "Events" | "Webhooks";
  /** The request body's example in the document (a POST with a body). */
  readonly bodyExample?: unknown;
  /** Problems besides the ones every /v1 endpoint can answer (401, 429, 500, 503). */
  readonly problems: readonly ProblemCode[];
  /** A write with a body (every POST but enable): it takes Idempotency-Key, its 2xx and 409 answers kept 24 h. */
  readonly idempotent?: true;
}

/** What an operation's use case is given, once the request is admitted and its parameters parsed. */
export interface OperationInput<Q, B> {
  readonly lintel: Lintel;
  readonly caller: Caller;
  readonly query: Q;
  /** The path's parameters (`lockId`), as the router matched them. */
  readonly params: Readonly<Record<string, string>>;
  /** The parsed body (a POST's; undefined for a GET). */
  readonly body: B;
  /** The request's `If-Match` header (a template's update or delete), undefined when absent. */
  readonly ifMatch?: string | undefined;
}

/** A whole endpoint: its description, the use case it runs and the JSON view of the use case's value. */
export interface Operation<
  Q extends QuerySchema = QuerySchema,
  B = unknown,
  T = unknown,
  C extends ProblemCode = ProblemCode,
> extends Endpoint {
  readonly query: Q;
  /** Runs the use case (method syntax: the router holds every row as an `Operation` of its own). */
  run(input: OperationInput<v.InferOutput<Q>, B>): Promise<Result<T, C>>;
  view(value: T): unknown;
}

/** Problems every /v1 endpoint can answer. */
export const COMMON_PROBLEMS = [
  "uri_too_long",
  "invalid_api_key",
  "missing_scope",
  "rate_limited",
  "internal_error",
  "unavailable",
] as const satisfies readonly ProblemCode[];
export type CommonProblem = (typeof COMMON_PROBLEMS)[number];

/** What the adapter answers itself: a bad query; for a POST also a bad body and the Idempotency-Key's problems. */
interface AdapterProblems {
  readonly get: "invalid_request";
  readonly delete: "invalid_request";
  readonly post: "invalid_request" | Extract<BodyReading, { ok: false }>["code"] | IdempotencyCode;
}

/**
 * What is wrong with a row's problems: codes its use case (`C`) can answer that it leaves out,
 * or codes it declares that neither the use case nor the adapter can answer; `unknown` when
 * nothing is. `ENDPOINTS` must satisfy {@link CheckedRows}, so either is a compile error naming them.
 */
type ProblemCheck<E extends Endpoint, C> = [Exclude<C, E["problems"][number] | CommonProblem>] extends [never]
  ? [Exclude<E["problems"][number], C | AdapterProblems[E["method"]]>] extends [never]
    ? unknown
    : { readonly unknownProblems: Exclude<E["problems"][number], C | AdapterProblems[E["method"]]> }
  : { readonly undeclaredProblems: Exclude<C, E["problems"][number] | CommonProblem> };

/** Rows whose problems match their use case's. */
type CheckedRows = Record<string, Endpoint & { readonly undeclaredProblems?: never; readonly unknownProblems?: never }>;

/** The parsed body an endpoint's use case gets: its body schema's output, or undefined. */
type BodyOf<E> = E extends { readonly body: infer S extends GenericSchema } ? v.InferOutput<S> : undefined;

/** One row of the table: `endpoint(description).runs(useCase, view)`, checked by {@link ProblemCheck}. */
function endpoint<const E extends Endpoint>(row: E) {
  return {
    runs<T, C extends ProblemCode>(
      run: (input: OperationInput<v.InferOutput<E["query"]>, BodyOf<E>>) => Promise<Result<T, C>>,
      view: (value: T) => unknown,
    ): E & Operation<E["query"], BodyOf<E>, T, C> & ProblemCheck<E, C> {
      return { ...row, run, view } as E & Operation<E["query"], BodyOf<E>, T, C> & ProblemCheck<E, C>;
    },
  };
}

const LOCK_ID = [{ name: "lockId", description: "The lock's id." }] as const;
const EVENT_ID = [{ name: "eventId", description: "The event's id (evt_…)." }] as const;
const ENDPOINT_ID = [{ name: "endpointId", description: "The webhook endpoint's id (we_…)." }] as const;
const DELIVERY_ID = [...ENDPOINT_ID, { name: "deliveryId", description: "The delivery's id (dlv_…)." }] as const;
const IDEMPOTENCY_KEY_HEADER = {
  name: "Idempotency-Key",
  description: "1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h.",
  maxLength: 255,
  pattern: "^[\\x20-\\x7E]+$",
} as const;
const IF_MATCH_HEADER = {
  name: "If-Match",
  description: "The ETag get_message_template served: the write applies only while the template is still that version (else 412).",
  maxLength: 1024,
} as const;
/** The problems every write with a body can answer besides its own. */
const WRITE_PROBLEMS = [
  "invalid_request",
  "idempotency_in_progress",
  "idempotency_key_reused",
  "payload_too_large",
  "unsupported_media_type",
] as const;
const WRITE_NOTE =
  " Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer " +
  "is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.";
const VERSION_NOTE =
  " Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that version (else 409 version_conflict with currentVersion), " +
  "so a preview made before it is stale. A write that changes nothing answers the record as it is, keeps the version and emits no event.";

/** The units, their schedules and their time zones. */
const UNIT_ENDPOINTS = {
  previewTimezoneChange: endpoint({
    method: "get",
    path: "/v1/units/preview_timezone_change",
    tag: "Units",
    scope: "units:write",
    summary: "Preview a unit's time-zone change",
    description:
      "Lists every future tour, code, open house and scheduled message of the unit that would move under keep-wall-clock, " +
      "with labels before and after under both policies. Changes nothing; pass expectedVersion to set_timezone. " +
      "status: ok; noop (the unit already has this zone); conflict (an item's lock also serves a unit in another zone: a warning, " +
      "the change can still be applied). A local time in a spring-forward gap moves forward by the gap; one in a fall-back overlap " +
      'takes the earlier instant; an item whose length changes says warnings: ["duration_changed"].',
    query: previewQuerySchema,
    response: previewSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(({ lintel, caller, query }) => lintel.previewTimezoneChange(caller, query), previewView),
  setTimezone: endpoint({
    method: "post",
    path: "/v1/units/set_timezone",
    tag: "Units",
    scope: "units:write",
    summary: "Set a unit's time zone",
    description:
      "Atomically checks expectedVersion, sets the zone, rewrites the items the preview listed (keep_wall_clock only) and bumps the version. " +
      "Body: application/json, at most 16 KiB, no fields besides those listed. " +
      "Retry safely with an Idempotency-Key: the first 200 or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.",
    query: emptyQuerySchema,
    body: setTimezoneBodySchema,
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: setTimezoneResponseSchema,
    problems: [
      "invalid_request",
      "not_found",
      "version_conflict",
      "idempotency_in_progress",
      "idempotency_key_reused",
      "payload_too_large",
      "unsupported_media_type",
    ],
  }).runs(
    ({ lintel, caller, body }) => lintel.setTimeZone(caller, body),
    ({ unit, moved }) => ({ unit: unitView(unit), moved }),
  ),
  createUnit: endpoint({
    method: "post",
    path: "/v1/units/create_unit",
    status: 201,
    tag: "Units",
    scope: "units:write",
    summary: "Create a unit",
    description:
      "A new unit of the caller's organization, at version 1. A urlKey the organization already uses is 409 conflict." + WRITE_NOTE,
    query: emptyQuerySchema,
    body: createUnitBodySchema,
    bodyExample: { urlKey: "12-elm-st-apt-3", address: "12 Elm St, Apt 3, Springfield", timeZone: "America/Chicago" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: unitResponseSchema,
    problems: [...WRITE_PROBLEMS, "conflict"],
  }).runs(
    ({ lintel, caller, body }) => lintel.createUnit(caller, body),
    (unit) => ({ unit: unitView(unit) }),
  ),
  updateUnit: endpoint({
    method: "post",
    path: "/v1/units/update_unit",
    tag: "Units",
    scope: "units:write",
    summary: "Update a unit",
    description:
      "Sets the unit's urlKey or address (its zone changes through set_timezone, which moves the schedule with it)." +
      VERSION_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: updateUnitBodySchema,
    bodyExample: { unitIdOrKey: "12-elm-st-apt-3", expectedVersion: 1, address: "12 Elm Street, Apt 3, Springfield" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: unitResponseSchema,
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict", "conflict"],
  }).runs(
    ({ lintel, caller, body }) => lintel.updateUnit(caller, body),
    (unit) => ({ unit: unitView(unit) }),
  ),
  createScheduleItem: endpoint({
    method: "post",
    path: "/v1/units/create_schedule_item",
    status: 201,
    tag: "Units",
    scope: "units:write",
    summary: "Create a tour, code, open house or scheduled message",
    description:
      "By kind: tour and open_house take title, startAt, endAt and lockId (optional); code takes title (its name), startAt, endAt and lockId; " +
      "scheduled_message takes title, sendAt and templateId (optional). Fields of another kind are 400. A lockId must name an active lock " +
      "of the organization that serves the unit; at most 10,000 items per unit. Answers the item as list_schedule serves it and the unit." +
      VERSION_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: createScheduleItemBodySchema,
    bodyExample: {
      unitIdOrKey: "12-elm-st-apt-3",
      expectedVersion: 1,
      kind: "tour",
      title: "Self-guided tour",
      startAt: "2026-12-01T10:00:00-06:00",
      endAt: "2026-12-01T11:00:00-06:00",
    },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: itemWriteResponseSchema,
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict"],
  }).runs(({ lintel, caller, body }) => lintel.createScheduleItem(caller, body), itemWriteView),
  updateScheduleItem: endpoint({
    method: "post",
    path: "/v1/units/update_schedule_item",
    tag: "Units",
    scope: "units:write",
    summary: "Update a schedule item",
    description:
      "Sets the fields given of the item named by its key (lockId: null and templateId: null clear them); the others are kept, and the kind " +
      "cannot change." +
      VERSION_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: updateScheduleItemBodySchema,
    bodyExample: { unitIdOrKey: "12-elm-st-apt-3", key: "tour:tour_0123456789ABCDEFGHIJKLMN", endAt: "2026-12-01T11:30:00-06:00" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: itemWriteResponseSchema,
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict"],
  }).runs(({ lintel, caller, body }) => lintel.updateScheduleItem(caller, body), itemWriteView),
  deleteScheduleItem: endpoint({
    method: "post",
    path: "/v1/units/delete_schedule_item",
    tag: "Units",
    scope: "units:write",
    summary: "Delete a schedule item",
    description: "Removes the item named by its key; answers the unit after the change." + VERSION_NOTE + WRITE_NOTE,
    query: emptyQuerySchema,
    body: deleteScheduleItemBodySchema,
    bodyExample: { unitIdOrKey: "12-elm-st-apt-3", key: "tour:tour_0123456789ABCDEFGHIJKLMN" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: unitResponseSchema,
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict"],
  }).runs(
    ({ lintel, caller, body }) => lintel.deleteScheduleItem(caller, body),
    ({ unit }) => ({ unit: unitView(unit) }),
  ),
  listUnits: endpoint({
    method: "get",
    path: "/v1/units/list_units",
    tag: "Units",
    scope: "units:read",
    summary: "List units",
    description:
      "Units of the caller's organization by urlKey ascending; keyset pagination as for locks. A key with units:write may read too.",
    query: listQuerySchema,
    response: unitListSchema,
    problems: ["invalid_request", "invalid_cursor"],
  }).runs(
    ({ lintel, caller, query: { limit, cursor } }) => lintel.listUnits(caller, { limit, cursor }),
    ({ units, nextCursor }) => pageJson("units", units.map(unitJson), nextCursor),
  ),
  getUnit: endpoint({
    method: "get",
    path: "/v1/units/get_unit",
    tag: "Units",
    scope: "units:read",
    summary: "Get a unit",
    etag: true,
    description: "One unit of the caller's organization, by id, else by urlKey. A key with units:write may read too.",
    query: getUnitQuerySchema,
    response: unitResponseSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, query }) => lintel.getUnit(caller, query.unitIdOrKey),
    (unit) => oneJson("unit", unitJson(unit)),
  ),
  listSchedule: endpoint({
    method: "get",
    path: "/v1/units/list_schedule",
    tag: "Units",
    scope: "units:read",
    summary: "List a unit's schedule",
    description:
      "The unit's tours, codes, open houses and scheduled messages whose end is after `from` (default now), by startAt, then kind, " +
      "then key, with their times in the unit's zone. A cursor is bound to its unit and its `from`: send it without `from`, or with the same one.",
    query: listScheduleQuerySchema,
    response: scheduleListSchema,
    problems: ["invalid_request", "invalid_cursor", "not_found"],
  }).runs(
    ({ lintel, caller, query: { unitIdOrKey, limit, cursor, from } }) =>
      lintel.listSchedule(caller, { unitIdOrKey, limit, cursor, from: from === undefined ? undefined : Date.parse(from) }),
    ({ items, nextCursor }) => ({ items: items.map(scheduleEntryView), nextCursor }),
  ),
} satisfies CheckedRows;

/** Message templates. */
const TEMPLATE_ENDPOINTS = {
  getMessageTemplate: endpoint({
    method: "get",
    path: "/v1/templates/get_message_template",
    tag: "Templates",
    scope: "messages:read",
    summary: "Get a saved message template",
    etag: true,
    description: "One template of the caller's organization.",
    query: getTemplateQuerySchema,
    response: templateResponseSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, query }) => lintel.getTemplate(caller, query.templateId),
    (template) => oneJson("template", templateJson(template)),
  ),
  listMessageTemplates: endpoint({
    method: "get",
    path: "/v1/templates/list_message_templates",
    tag: "Templates",
    scope: "messages:read",
    summary: "List saved message templates",
    description: "Templates of the caller's organization by sortOrder, then id; keyset pagination as for locks.",
    query: listQuerySchema,
    response: templateListSchema,
    problems: ["invalid_request", "invalid_cursor"],
  }).runs(
    ({ lintel, caller, query: { limit, cursor } }) => lintel.listTemplates(caller, { limit, cursor }),
    ({ templates, nextCursor }) => pageJson("templates", templates.map(templateJson), nextCursor),
  ),
  createMessageTemplate: endpoint({
    method: "post",
    path: "/v1/templates/create_message_template",
    status: 201,
    tag: "Templates",
    scope: "messages:write",
    summary: "Create a message template",
    description:
      "A new template of the caller's organization. Its body's placeholders are {{name}}; an unclosed {{, a stray }} or a bad name is 400 " +
      "with the character offset. At most 1,000 templates per organization." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: createTemplateBodySchema,
    bodyExample: { name: "Tour reminder", body: "Hi {{ guest.first_name }}, your tour starts at {{tour.start}}.", sortOrder: 10 },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: templateResponseSchema,
    problems: [...WRITE_PROBLEMS],
  }).runs(
    ({ lintel, caller, body }) => lintel.createTemplate(caller, body),
    (template) => oneJson("template", templateJson(template)),
  ),
  updateMessageTemplate: endpoint({
    method: "post",
    path: "/v1/templates/update_message_template",
    tag: "Templates",
    scope: "messages:write",
    summary: "Update a message template",
    description:
      "Sets the fields given (updatedAt moves). With If-Match (the ETag get_message_template served), applies only while the template is " +
      "still that version, else 412." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: updateTemplateBodySchema,
    bodyExample: { templateId: "tpl_0123456789ABCDEFGHIJKLMN", body: "Hi {{ guest.first_name }}, see you at {{tour.start}}." },
    headers: [IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER],
    idempotent: true,
    response: templateResponseSchema,
    problems: [...WRITE_PROBLEMS, "not_found", "precondition_failed"],
  }).runs(
    ({ lintel, caller, body, ifMatch }) => lintel.updateTemplate(caller, { ...body, ifMatch: matcher(ifMatch) }),
    (template) => oneJson("template", templateJson(template)),
  ),
  deleteMessageTemplate: endpoint({
    method: "post",
    path: "/v1/templates/delete_message_template",
    status: 204,
    tag: "Templates",
    scope: "messages:write",
    summary: "Delete a message template",
    description:
      "Deletes the template. One that a scheduled message still to be sent names is 409 conflict; If-Match as for an update." + WRITE_NOTE,
    query: emptyQuerySchema,
    body: deleteTemplateBodySchema,
    bodyExample: { templateId: "tpl_0123456789ABCDEFGHIJKLMN" },
    headers: [IDEMPOTENCY_KEY_HEADER, IF_MATCH_HEADER],
    idempotent: true,
    response: noContentSchema,
    problems: [...WRITE_PROBLEMS, "not_found", "precondition_failed", "conflict"],
  }).runs(
    ({ lintel, caller, body, ifMatch }) => lintel.deleteTemplate(caller, { ...body, ifMatch: matcher(ifMatch) }),
    () => null,
  ),
} satisfies CheckedRows;

/** Locks, events and webhook endpoints. */
const OTHER_ENDPOINTS = {
  listLocks: endpoint({
    method: "get",
    path: "/v1/locks",
    tag: "Locks",
    scope: "locks:read",
    summary: "List active locks",
    description:
      "Active locks of the caller's organization, newest first (createdAt desc, then lockId desc). Follow nextCursor until it is null; " +
      "cursors are opaque, bound to the organization and the list.",
    query: listQuerySchema,
    response: lockListSchema,
    problems: ["invalid_request", "invalid_cursor"],
  }).runs(
    ({ lintel, caller, query: { limit, cursor } }) => lintel.listLocks(caller, { limit, cursor }),
    ({ locks, nextCursor }) => pageJson("locks", locks.map(lockJson), nextCursor),
  ),
  getLock: endpoint({
    method: "get",
    path: "/v1/locks/:lockId",
    tag: "Locks",
    scope: "locks:read",
    summary: "Get an active lock",
    etag: true,
    description: "One active lock of the caller's organization.",
    query: emptyQuerySchema,
    pathParams: LOCK_ID,
    response: lockResponseSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.getLock(caller, params["lockId"] ?? ""),
    (lock) => oneJson("lock", lockJson(lock)),
  ),
  getLockState: endpoint({
    method: "get",
    path: "/v1/locks/:lockId/state",
    tag: "Locks",
    scope: "lock-state:read",
    summary: "Read a lock's live state",
    description:
      "Read live from the lock's provider (answers reused for at most 2 s); a provider that fails or is too slow gives 503 with " +
      "Retry-After. A 503 without Retry-After means the server is not configured for the lock's provider: retrying cannot help.",
    query: emptyQuerySchema,
    pathParams: LOCK_ID,
    response: lockStateResponseSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.getLockState(caller, params["lockId"] ?? ""),
    (state) => ({ state: lockStateView(state) }),
  ),
  listEvents: endpoint({
    method: "get",
    path: "/v1/events",
    tag: "Events",
    scope: "events:read",
    summary: "List events",
    description:
      "Changes in the caller's organization, newest first (createdAt desc, then id desc), of one type when `type` is given; kept 30 days. " +
      "A cursor is bound to its `type`: send it with the same one (or none, if it was made without).",
    query: listEventsQuerySchema,
    response: eventListSchema,
    problems: ["invalid_request", "invalid_cursor"],
  }).runs(
    ({ lintel, caller, query: { limit, cursor, type } }) => lintel.listEvents(caller, { limit, cursor, type }),
    ({ events, nextCursor }) => ({ events: eventsView(events), nextCursor }),
  ),
  getEvent: endpoint({
    method: "get",
    path: "/v1/events/:eventId",
    tag: "Events",
    scope: "events:read",
    summary: "Get an event",
    etag: true,
    description: "One event of the caller's organization, exactly as its webhook deliveries carry it.",
    query: emptyQuerySchema,
    pathParams: EVENT_ID,
    response: eventResponseSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.getEvent(caller, params["eventId"] ?? ""),
    (event) => ({ event: eventView(event) }),
  ),
  createWebhookEndpoint: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints",
    status: 201,
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Create a webhook endpoint",
    description:
      "Events of the types listed are POSTed to `url`, signed as Standard Webhooks 1.0 says with the `secret` of this answer " +
      "(shown here only: keep it). At most 16 endpoints per organization. Retry safely with an Idempotency-Key: the 201 is kept " +
      "for 24 h and replayed, secret included, to a retry with the same key and body.",
    query: emptyQuerySchema,
    body: createWebhookEndpointBodySchema,
    bodyExample: { url: "https://crm.example.com/lintel-webhooks", eventTypes: ["unit.timezone_changed"], description: "CRM sync" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: createdWebhookEndpointSchema,
    problems: ["invalid_request", "idempotency_in_progress", "idempotency_key_reused", "payload_too_large", "unsupported_media_type"],
  }).runs(({ lintel, caller, body }) => lintel.createWebhookEndpoint(caller, body), createdWebhookEndpointView),
  listWebhookEndpoints: endpoint({
    method: "get",
    path: "/v1/webhook_endpoints",
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "List webhook endpoints",
    description: "The organization's webhook endpoints, newest first; keyset pagination as for locks.",
    query: listQuerySchema,
    response: webhookEndpointListSchema,
    problems: ["invalid_request", "invalid_cursor"],
  }).runs(
    ({ lintel, caller, query: { limit, cursor } }) => lintel.listWebhookEndpoints(caller, { limit, cursor }),
    ({ webhookEndpoints, nextCursor }) => ({ webhookEndpoints: webhookEndpoints.map(webhookEndpointView), nextCursor }),
  ),
  getWebhookEndpoint: endpoint({
    method: "get",
    path: "/v1/webhook_endpoints/:endpointId",
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Get a webhook endpoint",
    description: "One webhook endpoint of the organization (without its secret).",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    response: webhookEndpointResponseSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.getWebhookEndpoint(caller, params["endpointId"] ?? ""),
    (endpoint) => ({ webhookEndpoint: webhookEndpointView(endpoint) }),
  ),
  deleteWebhookEndpoint: endpoint({
    method: "delete",
    path: "/v1/webhook_endpoints/:endpointId",
    status: 204,
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Delete a webhook endpoint",
    description: "Nothing more is delivered to it; its pending deliveries fail.",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    response: noContentSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.deleteWebhookEndpoint(caller, params["endpointId"] ?? ""),
    () => null,
  ),
  enableWebhookEndpoint: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/enable",
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Enable a webhook endpoint",
    description:
      "Enables a disabled endpoint (after a 410, or 5 days of failures): it receives the events created from then on. No body needed.",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    response: webhookEndpointResponseSchema,
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.enableWebhookEndpoint(caller, params["endpointId"] ?? ""),
    (endpoint) => ({ webhookEndpoint: webhookEndpointView(endpoint) }),
  ),
  listDeliveries: endpoint({
    method: "get",
    path: "/v1/webhook_endpoints/:endpointId/deliveries",
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "List an endpoint's deliveries",
    description:
      "The deliveries of events to this endpoint, newest first, with how the last attempt went and when the next is due. " +
      "A cursor is bound to its endpoint.",
    query: listQuerySchema,
    pathParams: ENDPOINT_ID,
    response: deliveryListSchema,
    problems: ["invalid_request", "invalid_cursor", "not_found"],
  }).runs(
    ({ lintel, caller, params, query: { limit, cursor } }) =>
      lintel.listDeliveries(caller, { endpointId: params["endpointId"] ?? "", limit, cursor }),
    ({ deliveries, nextCursor }) => ({ deliveries: deliveries.map(deliveryView), nextCursor }),
  ),
  updateWebhookEndpoint: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId",
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Update a webhook endpoint",
    description:
      "Replaces the fields given (url, eventTypes, description), each by create's rules; the others, the status and the secret stay. " +
      "Deliveries already pending go to the new url." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    body: updateWebhookEndpointBodySchema,
    bodyExample: { url: "https://crm.example.com/lintel-webhooks/v2", eventTypes: ["*"] },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: webhookEndpointResponseSchema,
    problems: [...WRITE_PROBLEMS, "not_found"],
  }).runs(
    ({ lintel, caller, params, body }) => lintel.updateWebhookEndpoint(caller, params["endpointId"] ?? "", body),
    (endpoint) => ({ webhookEndpoint: webhookEndpointView(endpoint) }),
  ),
  rotateWebhookEndpointSecret: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/rotate_secret",
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Rotate a webhook endpoint's secret",
    description:
      "A new secret, shown in this answer only. For the next 24 h every delivery carries two signatures in webhook-signature " +
      "(space-separated, the new secret's first), so a receiver can switch secrets without missing one; then the new one alone. " +
      "No body needed. Retry safely with an Idempotency-Key: the answer, secret included, is kept for 24 h and replayed to a retry with the same key.",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: rotatedSecretSchema,
    problems: ["invalid_request", "not_found", "idempotency_in_progress", "idempotency_key_reused"],
  }).runs(({ lintel, caller, params }) => lintel.rotateWebhookEndpointSecret(caller, params["endpointId"] ?? ""), rotatedSecretView),
  retryDelivery: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/deliveries/:deliveryId/retry",
    status: 202,
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Retry a delivery",
    description:
      "A failed (or delivered) delivery is attempted again at once, with the same webhook-id, then on the retry schedule from its start. " +
      "409 conflict while it is still pending, or when the endpoint is disabled (enable it first). No body needed.",
    query: emptyQuerySchema,
    pathParams: DELIVERY_ID,
    response: deliveryResponseSchema,
    problems: ["invalid_request", "not_found", "conflict"],
  }).runs(
    ({ lintel, caller, params }) => lintel.retryDelivery(caller, params["endpointId"] ?? "", params["deliveryId"] ?? ""),
    (delivery) => ({ delivery: deliveryView(delivery) }),
  ),
  recoverDeliveries: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/recover",
    status: 202,
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Recover failed deliveries",
    description:
      "After a receiver was down: every failed delivery of the endpoint whose event was created at `since` or later (at most 30 days back) " +
      "is attempted again, each as retry does; answers how many were queued. 409 conflict when the endpoint is disabled (enable it first)." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    body: recoverDeliveriesBodySchema,
    bodyExample: { since: "2026-01-01T00:00:00.000Z" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: recoveredSchema,
    problems: [...WRITE_PROBLEMS, "not_found", "conflict"],
  }).runs(
    ({ lintel, caller, params, body }) => lintel.recoverDeliveries(caller, params["endpointId"] ?? "", body.since),
    (recovered) => recovered,
  ),
  sendTestWebhook: endpoint({
    method: "post",
    path: "/v1/webhook_endpoints/:endpointId/send_test",
    status: 202,
    tag: "Webhooks",
    scope: "webhooks:write",
    summary: "Send a test event",
    description:
      "Delivers one event of type webhook_endpoint.test (data: { endpointId }) to the endpoint, whatever its eventTypes, signed like every " +
      "other. It is listed in the endpoint's deliveries but is not an event of /v1/events. 409 conflict when the endpoint is disabled. No body needed.",
    query: emptyQuerySchema,
    pathParams: ENDPOINT_ID,
    response: deliveryResponseSchema,
    problems: ["invalid_request", "not_found", "conflict"],
  }).runs(
    ({ lintel, caller, params }) => lintel.sendTestWebhook(caller, params["endpointId"] ?? ""),
    (delivery) => ({ delivery: deliveryView(delivery) }),
  ),
} satisfies CheckedRows;

/** Every `/v1` endpoint, in the order the document lists them (three tables: each one's type stays small enough to declare). */
export const ENDPOINTS: typeof UNIT_ENDPOINTS & typeof TEMPLATE_ENDPOINTS & typeof OTHER_ENDPOINTS = {
  ...UNIT_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
  ...OTHER_ENDPOINTS,
};

export type OperationId = keyof typeof ENDPOINTS;
