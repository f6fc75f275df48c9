/**
 * The `/v1` endpoints (SPEC 5) as data: path, scope, request and response schemas, and the
 * problems each can answer. The router and the OpenAPI document both read this table.
 */
import type { GenericSchema } from "valibot";
import type { ProblemCode, Scope } from "@lintel/domain";
import {
  getTemplateQuerySchema,
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
  readonly method: "get" | "post";
  /** Koa form: `/v1/locks/:lockId`. */
  readonly path: string;
  readonly scope: Scope;
  readonly summary: string;
  readonly description: string;
  readonly query: QuerySchema;
  readonly body?: GenericSchema;
  readonly pathParams?: readonly { readonly name: string; readonly description: string }[];
  readonly response: GenericSchema;
  /** Problems besides the ones every /v1 endpoint can answer (401, 429, 500, 503). */
  readonly problems: readonly ProblemCode[];
}

/** Problems every /v1 endpoint can answer. */
export const COMMON_PROBLEMS: readonly ProblemCode[] = ["invalid_api_key", "missing_scope", "rate_limited", "internal_error", "unavailable"];

const LOCK_ID = [{ name: "lockId", description: "The lock's id." }] as const;

export const ENDPOINTS = {
  previewTimezoneChange: {
    method: "get",
    path: "/v1/units/preview_timezone_change",
    scope: "units:write",
    summary: "Preview a unit's time-zone change",
    description:
      "Lists every future tour, code, open house and scheduled message of the unit that would move under keep-wall-clock, " +
      "with labels before and after under both policies. Changes nothing; pass expectedVersion to set_timezone.",
    query: previewQuerySchema,
    response: previewSchema,
    problems: ["invalid_request", "not_found"],
  },
  setTimezone: {
    method: "post",
    path: "/v1/units/set_timezone",
    scope: "units:write",
    summary: "Set a unit's time zone",
    description:
      "Atomically checks expectedVersion, sets the zone, rewrites the items the preview listed (keep_wall_clock only) and bumps the version. " +
      "Body: application/json, at most 16 KiB, no fields besides those listed.",
    query: emptyQuerySchema,
    body: setTimezoneBodySchema,
    response: setTimezoneResponseSchema,
    problems: ["invalid_request", "not_found", "version_conflict", "payload_too_large", "unsupported_media_type"],
  },
  getMessageTemplate: {
    method: "get",
    path: "/v1/templates/get_message_template",
    scope: "messages:read",
    summary: "Get a saved message template",
    description: "One template of the caller's organization.",
    query: getTemplateQuerySchema,
    response: templateResponseSchema,
    problems: ["invalid_request", "not_found"],
  },
  listMessageTemplates: {
    method: "get",
    path: "/v1/templates/list_message_templates",
    scope: "messages:read",
    summary: "List saved message templates",
    description: "Templates of the caller's organization by sortOrder, then id; keyset pagination as for locks.",
    query: listQuerySchema,
    response: templateListSchema,
    problems: ["invalid_request", "invalid_cursor"],
  },
  listLocks: {
    method: "get",
    path: "/v1/locks",
    scope: "locks:read",
    summary: "List active locks",
    description:
      "Active locks of the caller's organization, newest first (createdAt desc, then lockId desc). Follow nextCursor until it is null; " +
      "cursors are opaque, bound to the organization and the list.",
    query: listQuerySchema,
    response: lockListSchema,
    problems: ["invalid_request", "invalid_cursor"],
  },
  getLock: {
    method: "get",
    path: "/v1/locks/:lockId",
    scope: "locks:read",
    summary: "Get an active lock",
    description: "One active lock of the caller's organization.",
    query: emptyQuerySchema,
    pathParams: LOCK_ID,
    response: lockResponseSchema,
    problems: ["invalid_request", "not_found"],
  },
  getLockState: {
    method: "get",
    path: "/v1/locks/:lockId/state",
    scope: "lock-state:read",
    summary: "Read a lock's live state",
    description: "Read live from the lock's provider (answers reused for at most 2 s); a provider that fails or is too slow gives 503.",
    query: emptyQuerySchema,
    pathParams: LOCK_ID,
    response: lockStateResponseSchema,
    problems: ["invalid_request", "not_found"],
  },
} as const satisfies Record<string, Endpoint>;

export type OperationId = keyof typeof ENDPOINTS;
