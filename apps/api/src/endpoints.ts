/**
 * The `/v1` endpoints (SPEC 5) as data: path, scope, the use case, request and response
 * schemas, and the problems each can answer. The router and the OpenAPI document both read this
 * table, and `endpoint()` checks each row's problems against its use case's codes at compile
 * time, so the document cannot promise a problem that cannot happen, nor leave one out.
 */
import type { GenericSchema } from "valibot";
import type { IdempotencyCode, UseCaseCode, UseCaseName } from "@lintel/core";
import type { ProblemCode, Scope } from "@lintel/domain";
import type { BodyReading } from "./json-body.js";
import {
  getTemplateQuerySchema,
  getUnitQuerySchema,
  listScheduleQuerySchema,
  scheduleListSchema,
  unitListSchema,
  unitResponseSchema,
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

export interface Endpoint {
  /** The `Lintel` use case the operation runs. */
  readonly useCase: UseCaseName;
  readonly method: "get" | "post";
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
  /** A GET of one resource: answers carry an ETag, and If-None-Match with it answers 304 (SPEC 5.8). */
  readonly etag?: true;
  /** OpenAPI tag: the resource the operation belongs to. */
  readonly tag: "Units" | "Templates" | "Locks";
  /** Problems besides the ones every /v1 endpoint can answer (401, 429, 500, 503). */
  readonly problems: readonly ProblemCode[];
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
  readonly post: "invalid_request" | Extract<BodyReading, { ok: false }>["code"] | IdempotencyCode;
}

/** The problems endpoint `E` can answer: its use case's and its adapter's. */
type Answerable<E extends Endpoint> = UseCaseCode<E["useCase"]> | AdapterProblems[E["method"]];

/** The problems an endpoint declares, with the common ones: what its route may answer. */
export type DeclaredProblem<E extends Endpoint> = E["problems"][number] | CommonProblem;

/** A use-case code the endpoint leaves out of `problems` becomes a required property that names it. */
type Undeclared<E extends Endpoint> = [Exclude<UseCaseCode<E["useCase"]>, DeclaredProblem<E>>] extends [never]
  ? unknown
  : { readonly undeclaredProblems: Exclude<UseCaseCode<E["useCase"]>, DeclaredProblem<E>> };

/** One row of the table, checked: every declared problem is one it can answer, and none of its use case's is missing. */
function endpoint<const E extends Endpoint>(row: E & { readonly problems: readonly Answerable<E>[] } & Undeclared<E>): E {
  return row;
}

const LOCK_ID = [{ name: "lockId", description: "The lock's id." }] as const;

export const ENDPOINTS = {
  previewTimezoneChange: endpoint({
    useCase: "previewTimezoneChange",
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
  }),
  setTimezone: endpoint({
    useCase: "setTimeZone",
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
    headers: [
      {
        name: "Idempotency-Key",
        description: "1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h.",
        maxLength: 255,
        pattern: "^[\\x20-\\x7E]+$",
      },
    ],
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
  }),
  listUnits: endpoint({
    useCase: "listUnits",
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
  }),
  getUnit: endpoint({
    useCase: "getUnit",
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
  }),
  listSchedule: endpoint({
    useCase: "listSchedule",
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
  }),
  getMessageTemplate: endpoint({
    useCase: "getTemplate",
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
  }),
  listMessageTemplates: endpoint({
    useCase: "listTemplates",
    method: "get",
    path: "/v1/templates/list_message_templates",
    tag: "Templates",
    scope: "messages:read",
    summary: "List saved message templates",
    description: "Templates of the caller's organization by sortOrder, then id; keyset pagination as for locks.",
    query: listQuerySchema,
    response: templateListSchema,
    problems: ["invalid_request", "invalid_cursor"],
  }),
  listLocks: endpoint({
    useCase: "listLocks",
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
  }),
  getLock: endpoint({
    useCase: "getLock",
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
  }),
  getLockState: endpoint({
    useCase: "getLockState",
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
  }),
};

export type OperationId = keyof typeof ENDPOINTS;
