/**
 * Self-guided tours: book one (its code and its messages with it), confirm, reschedule, cancel,
 * check in; read one and list them. The rows of the `/v1` endpoint table (`endpoints.js`) for them.
 */
import type { ServedTour } from "@lintel/domain";
import type { TourWriteResult } from "@lintel/core";
import {
  bookTourBodySchema,
  cancelTourBodySchema,
  checkInBodySchema,
  getTourQuerySchema,
  listToursQuerySchema,
  rescheduleTourBodySchema,
  tourIdBodySchema,
  tourListSchema,
  tourResponseSchema,
  tourWriteResponseSchema,
} from "../schemas/tour-schemas.js";
import { emptyQuerySchema } from "../schemas/schemas.js";
import { unitView } from "./serialize.js";
import { endpoint, type CheckedRows, IDEMPOTENCY_KEY_HEADER, WRITE_NOTE, WRITE_PROBLEMS } from "./endpoint-table.js";
import { EXAMPLE } from "../openapi/openapi-examples.js";

const tourAnswer = (tour: ServedTour) => ({ tour });
const tourWriteAnswer = ({ tour, unit }: TourWriteResult) => ({ tour, unit: unitView(unit) });
const STATUS_NOTE =
  " A status the command does not take is 409 conflict naming it (the status of the moment: a timed transition whose instant has passed counts as done).";
const TOUR_EXAMPLE_ID = "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq";

/** The tour endpoints. */
export const TOUR_ENDPOINTS = {
  bookTour: endpoint({
    method: "post",
    path: "/v1/tours/book_tour",
    status: 201,
    tag: "Tours",
    scope: "tours:write",
    client: "tours.book(body)",
    summary: "Book a self-guided tour",
    description:
      "Makes the tour, its code (on the unit's only active lock, or lockId; from startAt − access.beforeMinutes to endAt + access.afterMinutes, " +
      "a 6-digit PIN no other code of that lock holds, programmed on the lock through the outbox) and its messages (sendAt = the anchor + " +
      "offsetMinutes) in one atomic step: the unit's version + 1, one tour.booked event. With verification: required the code is held off the " +
      "lock (lockSync held) and its messages are not sent (delivery held) until confirm_tour, and the tour is cancelled (not_verified) if " +
      "still unconfirmed when its access starts. " +
      "A tour lasts at most 24 h, its access must end after now (and, with verification, start after now). On a unit with showing rules " +
      "the tour must be one of its available slots (list_available_slots), else 409 slot_unavailable, exactly under concurrency." +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: bookTourBodySchema,
    bodyExample: {
      unitIdOrKey: "chicago-loft",
      startAt: "2027-03-14T10:00:00-05:00",
      endAt: "2027-03-14T10:30:00-05:00",
      prospect: { name: "Ada Lovelace", email: "ada@example.com", phone: "+13125550123" },
      lockId: "lock_shared_gate",
      messages: [{ templateId: "tpl_reminder", anchor: "start", offsetMinutes: -60 }],
    },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: tourWriteResponseSchema,
    responseExample: { tour: EXAMPLE.tour, unit: { ...unitView(EXAMPLE.unit), version: EXAMPLE.unit.version + 1 } },
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict", "slot_unavailable"],
  }).runs(({ lintel, caller, body }) => lintel.bookTour(caller, body), tourWriteAnswer),
  confirmTour: endpoint({
    method: "post",
    path: "/v1/tours/confirm_tour",
    tag: "Tours",
    scope: "tours:write",
    client: "tours.confirm(tourId)",
    summary: "Confirm a tour that awaits verification",
    description:
      "awaiting_verification → confirmed: the held code goes to the lock, and held messages go to the sender (those whose sendAt has " +
      "passed are sent at once). A confirmed tour is answered as it is." +
      STATUS_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: tourIdBodySchema,
    bodyExample: { tourId: TOUR_EXAMPLE_ID },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: tourResponseSchema,
    responseExample: { tour: EXAMPLE.tour },
    problems: [...WRITE_PROBLEMS, "not_found", "conflict"],
  }).runs(({ lintel, caller, body }) => lintel.confirmTour(caller, body.tourId), tourAnswer),
  rescheduleTour: endpoint({
    method: "post",
    path: "/v1/tours/reschedule_tour",
    tag: "Tours",
    scope: "tours:write",
    client: "tours.reschedule(body)",
    summary: "Move a tour, its code and its messages",
    description:
      "Before the tour's access starts: the tour, its code's window (same margins; the lock gets the new times) and its unsent messages " +
      "anchored at start or end move together, in one step: the unit's version + 1, one tour.rescheduled event with previous times. A message " +
      "that would now be due in the past is skipped (delivery skipped: never sent, kept with its new sendAt); sent ones stay as they were. " +
      "The bounds of a booking apply." +
      STATUS_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: rescheduleTourBodySchema,
    bodyExample: { tourId: TOUR_EXAMPLE_ID, startAt: "2027-03-15T16:00:00-05:00", endAt: "2027-03-15T16:30:00-05:00", expectedVersion: 4 },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: tourWriteResponseSchema,
    responseExample: {
      tour: {
        ...EXAMPLE.tour,
        startAt: "2027-03-15T21:00:00.000Z",
        endAt: "2027-03-15T21:30:00.000Z",
        localStart: "2027-03-15T16:00:00-05:00",
        localEnd: "2027-03-15T16:30:00-05:00",
        access: {
          ...EXAMPLE.tour.access,
          startAt: "2027-03-15T20:45:00.000Z",
          endAt: "2027-03-15T21:45:00.000Z",
          lockSync: { status: "pending", error: null, updatedAt: "2027-03-02T09:00:00.000Z" },
        },
      },
      unit: { ...unitView(EXAMPLE.unit), version: EXAMPLE.unit.version + 2 },
    },
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict", "conflict", "slot_unavailable"],
  }).runs(({ lintel, caller, body }) => lintel.rescheduleTour(caller, body), tourWriteAnswer),
  cancelTour: endpoint({
    method: "post",
    path: "/v1/tours/cancel_tour",
    tag: "Tours",
    scope: "tours:write",
    client: "tours.cancel(body)",
    summary: "Cancel a tour and revoke its code",
    description:
      "The tour leaves the schedule (its tour item, its code and its unsent messages are deleted, so they are never sent; sent, failed and " +
      "skipped ones stay as history; get_tour and list_tours still serve the tour) and its code " +
      "is removed from the lock through the outbox: a provider outage delays the removal, never loses it (access.lockSync pending until the " +
      "provider confirmed it, then removed; a held code is removed at once). Version + 1, one tour.cancelled event. A cancelled tour is " +
      "answered as it is." +
      STATUS_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: cancelTourBodySchema,
    bodyExample: { tourId: TOUR_EXAMPLE_ID, reason: "Prospect found another place" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: tourWriteResponseSchema,
    responseExample: {
      tour: {
        ...EXAMPLE.tour,
        status: "cancelled",
        cancelReason: "Prospect found another place",
        messageKeys: EXAMPLE.tour.messageKeys,
        access: { ...EXAMPLE.tour.access, code: null, lockSync: { status: "pending", error: null, updatedAt: "2027-03-02T09:00:00.000Z" } },
      },
      unit: { ...unitView(EXAMPLE.unit), version: EXAMPLE.unit.version + 2 },
    },
    problems: [...WRITE_PROBLEMS, "not_found", "conflict"],
  }).runs(({ lintel, caller, body }) => lintel.cancelTour(caller, body), tourWriteAnswer),
  checkIn: endpoint({
    method: "post",
    path: "/v1/tours/check_in",
    tag: "Tours",
    scope: "tours:write",
    client: "tours.checkIn(body)",
    summary: "Check a tour in",
    description:
      "The prospect arrived (an app's \"I'm here\"): confirmed → checked_in, checkedInAt = at (default now; within the access window, not " +
      "ahead). A no-show whose prospect did come becomes completed. The lock says so too: Seam's lock.unlocked with the tour's code checks it in." +
      STATUS_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: checkInBodySchema,
    bodyExample: { tourId: TOUR_EXAMPLE_ID },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: tourResponseSchema,
    responseExample: { tour: { ...EXAMPLE.tour, status: "checked_in", checkedInAt: "2027-03-14T14:58:12.000Z" } },
    problems: [...WRITE_PROBLEMS, "not_found", "conflict"],
  }).runs(({ lintel, caller, body }) => lintel.checkIn(caller, body), tourAnswer),
  getTour: endpoint({
    method: "get",
    path: "/v1/tours/get_tour",
    tag: "Tours",
    scope: "tours:read",
    client: "tours.get(tourId)",
    summary: "Get a tour",
    description:
      "A tour booked through book_tour, with its status of the moment, its code (PIN included) and the prospect's contact data. Tours written " +
      "through create_schedule_item are not tours here (404).",
    query: getTourQuerySchema,
    response: tourResponseSchema,
    responseExample: { tour: EXAMPLE.tour },
    problems: ["invalid_request", "not_found"],
  }).runs(({ lintel, caller, query }) => lintel.getTour(caller, query.tourId), tourAnswer),
  listTours: endpoint({
    method: "get",
    path: "/v1/tours/list_tours",
    tag: "Tours",
    scope: "tours:read",
    client: "tours.list(query?)",
    summary: "List tours",
    description:
      "The organization's booked tours whose end is after from (default now), by startAt then id; of one unit and in one status (of the " +
      "moment) when asked. A page may hold fewer than limit when many tours are filtered out; follow nextCursor.",
    query: listToursQuerySchema,
    response: tourListSchema,
    responseExample: { tours: [EXAMPLE.tour], nextCursor: EXAMPLE.cursor },
    problems: ["invalid_request", "not_found", "invalid_cursor"],
  }).runs(
    ({ lintel, caller, query: { unitIdOrKey, status, from, limit, cursor } }) =>
      lintel.listTours(caller, { unitIdOrKey, status, limit, cursor, from: from === undefined ? undefined : Date.parse(from) }),
    ({ tours, nextCursor }) => ({ tours, nextCursor }),
  ),
} satisfies CheckedRows;
