/**
 * Locks and events. The rows of the `/v1` endpoint table (`endpoints.js`) for them.
 */
import { emptyQuerySchema, listQuerySchema, lockListSchema, lockResponseSchema, lockStateResponseSchema } from "../schemas/schemas.js";
import { eventListSchema, eventResponseSchema, eventsView, eventView, listEventsQuerySchema } from "../schemas/event-schemas.js";
import { lockJson, lockStateView, oneJson, pageJson } from "./serialize.js";
import { endpoint, type CheckedRows, LOCK_ID, EVENT_ID } from "./endpoint-table.js";

/** Locks and events. */
export const LOCK_EVENT_ENDPOINTS = {
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
} satisfies CheckedRows;
