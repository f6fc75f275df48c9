/**
 * Locks and events. The rows of the `/v1` endpoint table (`endpoints.js`) for them.
 */
import type { Lock } from "@lintel/domain";
import { emptyQuerySchema, listQuerySchema, lockListSchema, lockResponseSchema, lockStateResponseSchema } from "../schemas/schemas.js";
import { eventListSchema, eventResponseSchema, eventsView, eventView, listEventsQuerySchema } from "../schemas/event-schemas.js";
import { updateLockBodySchema } from "../schemas/write-schemas.js";
import { entityTag, ifMatchHolds } from "../http-edge/http-conventions.js";
import { jsonText, lockJson, lockStateView, lockView, oneJson, pageJson } from "./serialize.js";
import {
  endpoint,
  type CheckedRows,
  EVENT_ID,
  IDEMPOTENCY_KEY_HEADER,
  LOCK_ID,
  LOCK_IF_MATCH_HEADER,
  WRITE_NOTE,
  WRITE_PROBLEMS,
} from "./endpoint-table.js";
import { EXAMPLE } from "../openapi/openapi-examples.js";

/** A lock as GET /v1/locks/{lockId} and update_lock answer it: the text their ETag tags. */
const lockAnswer = (lock: Lock) => oneJson("lock", lockJson(lock));

/**
 * `If-Match` as a check of the lock as it is now: true when the header names its ETag (the tag
 * of the very text GET /v1/locks/{lockId} serves) or is `*`. Undefined without the header.
 */
function matcher(ifMatch: string | undefined): ((current: Lock) => boolean) | undefined {
  if (ifMatch === undefined) return undefined;
  return (current) => ifMatchHolds(ifMatch, entityTag(jsonText(lockAnswer(current))));
}

/** Locks and events. */
export const LOCK_EVENT_ENDPOINTS = {
  listLocks: endpoint({
    method: "get",
    path: "/v1/locks",
    tag: "Locks",
    scope: "locks:read",
    client: "locks.list(query?)",
    summary: "List active locks",
    description:
      "Active locks of the caller's organization, newest first (createdAt desc, then lockId desc). Follow nextCursor until it is null; " +
      "cursors are opaque, bound to the organization and the list.",
    query: listQuerySchema,
    response: lockListSchema,
    responseExample: { locks: EXAMPLE.locks.map(lockView), nextCursor: EXAMPLE.cursor },
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
    client: "locks.get(lockId)",
    summary: "Get an active lock",
    etag: true,
    description: "One active lock of the caller's organization.",
    query: emptyQuerySchema,
    pathParams: LOCK_ID,
    response: lockResponseSchema,
    responseExample: { lock: lockView(EXAMPLE.lock) },
    problems: ["invalid_request", "not_found"],
  }).runs(({ lintel, caller, params }) => lintel.getLock(caller, params["lockId"] ?? ""), lockAnswer),
  updateLock: endpoint({
    method: "post",
    path: "/v1/locks/update_lock",
    tag: "Locks",
    scope: "locks:write",
    summary: "Update a lock",
    answerTag: true,
    description:
      "Sets the fields given of a lock of the organization, active or inactive (only this endpoint answers an inactive one; every read " +
      "still hides it): its name, the units it serves (1 to 50, each once: how a unit made with create_unit gets a lock, and so codes), " +
      "the device's zone (null clears it), its status. updatedAt moves. A lock may not stop serving a unit (leave it, or become " +
      "inactive) while a code of that unit ending ahead names it: 409 conflict naming how many and the first one's key. The tours and " +
      "open houses of that unit ending ahead that name it lose their lockId in the same step: the unit's version + 1, one " +
      "schedule.item_updated each; a code removal still queued for the lock is still carried out. With If-Match (the ETag " +
      "GET /v1/locks/{lockId} or this endpoint served), applies only while the lock is still that version, else 412. The answer " +
      "carries the lock's ETag. A write that changes nothing answers the lock as it is and emits no event." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: updateLockBodySchema,
    bodyExample: { lockId: "lock_001", name: "Courtyard door", unitIds: ["unit_brooklyn", "unit_unzoned"], timeZone: "America/New_York" },
    headers: [IDEMPOTENCY_KEY_HEADER, LOCK_IF_MATCH_HEADER],
    idempotent: true,
    response: lockResponseSchema,
    responseExample: {
      lock: lockView({
        ...EXAMPLE.lock,
        name: "Courtyard door",
        unitIds: [...EXAMPLE.lock.unitIds, "unit_unzoned"],
        timeZone: "America/New_York",
        updatedAt: "2026-01-02T09:30:00.000Z",
      }),
    },
    problems: [...WRITE_PROBLEMS, "not_found", "precondition_failed", "conflict"],
  }).runs(({ lintel, caller, body, ifMatch }) => lintel.updateLock(caller, { ...body, ifMatch: matcher(ifMatch) }), lockAnswer),
  getLockState: endpoint({
    method: "get",
    path: "/v1/locks/:lockId/state",
    tag: "Locks",
    scope: "lock-state:read",
    client: "locks.getState(lockId)",
    summary: "Read a lock's live state",
    description:
      "Read live from the lock's provider (answers reused for at most 2 s); a provider that fails or is too slow gives 503 with " +
      "Retry-After. A 503 without Retry-After means the server is not configured for the lock's provider: retrying cannot help.",
    query: emptyQuerySchema,
    pathParams: LOCK_ID,
    response: lockStateResponseSchema,
    responseExample: {
      state: lockStateView({
        lockId: EXAMPLE.lock.lockId,
        provider: EXAMPLE.lock.provider,
        lockState: "locked",
        doorState: "closed",
        online: true,
        batteryLevel: 0.82,
        lastSeenAt: "2026-01-01T11:58:04.000Z",
        fetchedAt: "2026-01-01T12:00:00.000Z",
      }),
    },
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
    client: "events.list(query?)",
    summary: "List events",
    description:
      "Changes in the caller's organization, newest first (createdAt desc, then id desc), of one type when `type` is given; kept 30 days. " +
      "A cursor is bound to its `type`: send it with the same one (or none, if it was made without). A `message.due` carries its " +
      "`to` and `text` to a key that also holds `tours:read`, null to any other.",
    query: listEventsQuerySchema,
    response: eventListSchema,
    responseExample: { events: [EXAMPLE.messageDue, EXAMPLE.event], nextCursor: EXAMPLE.cursor },
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
    client: "events.get(eventId)",
    summary: "Get an event",
    etag: true,
    description:
      "One event of the caller's organization, exactly as its webhook deliveries carry it (a `message.due`'s `to` and `text`: to a key " +
      "that also holds `tours:read`; null to any other).",
    query: emptyQuerySchema,
    pathParams: EVENT_ID,
    response: eventResponseSchema,
    responseExample: { event: EXAMPLE.event },
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, params }) => lintel.getEvent(caller, params["eventId"] ?? ""),
    (event) => ({ event: eventView(event) }),
  ),
} satisfies CheckedRows;
