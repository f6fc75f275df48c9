/**
 * The units, their schedules and their time zones. The rows of the `/v1` endpoint table (`endpoints.js`) for them.
 */
import * as v from "valibot";
import type { ItemWriteResult } from "@lintel/core";
import {
  getUnitQuerySchema,
  listScheduleQuerySchema,
  scheduleListSchema,
  unitListSchema,
  unitResponseSchema,
  itemWriteResponseSchema,
  emptyQuerySchema,
  listQuerySchema,
  previewQuerySchema,
  previewSchema,
  setTimezoneResponseSchema,
  listAvailableSlotsQuerySchema,
  slotListSchema,
} from "../schemas/schemas.js";
import {
  createScheduleItemBodySchema,
  createUnitBodySchema,
  deleteScheduleItemBodySchema,
  setShowingRulesBodySchema,
  setTimezoneBodySchema,
  updateScheduleItemBodySchema,
  updateUnitBodySchema,
} from "../schemas/write-schemas.js";
import { oneJson, pageJson, previewView, scheduleEntryView, unitJson, unitView } from "./serialize.js";
import { endpoint, type CheckedRows, IDEMPOTENCY_KEY_HEADER, WRITE_PROBLEMS, WRITE_NOTE, VERSION_NOTE } from "./endpoint-table.js";
import { EXAMPLE } from "../openapi/openapi-examples.js";
import { servedSlot } from "@lintel/domain/adapters";
/** An item write's answer: the item as list_schedule serves it, and the unit after the change. */
function itemWriteView({ item, unit }: ItemWriteResult) {
  return { item: scheduleEntryView(item), unit: unitView(unit) };
}

/**
 * update_schedule_item's body: the item fields, and `kind` refused by name (the item's key fixes
 * it), so a caller who sends it reads why instead of "unknown field".
 */
const updateItemBodySchema = v.strictObject({
  ...updateScheduleItemBodySchema.entries,
  kind: v.optional(v.never("kind cannot change: the item's key names it; delete the item and create one of the other kind")),
});

/** The showing rules' example hours (set_showing_rules' body and answer): weekend afternoons. */
const WEEKEND_HOURS = [
  { day: "sat", opens: "10:00", closes: "16:00" },
  { day: "sun", opens: "12:00", closes: "16:00" },
] as const;

/** The units, their schedules and their time zones. */
export const UNIT_ENDPOINTS = {
  previewTimezoneChange: endpoint({
    method: "get",
    path: "/v1/units/preview_timezone_change",
    tag: "Units",
    scope: "units:write",
    client: "units.previewTimezoneChange(query)",
    summary: "Preview a unit's time-zone change",
    description:
      "Lists every future tour, code, open house and scheduled message of the unit that would move under keep-wall-clock, " +
      "with labels before and after under both policies. Changes nothing; pass expectedVersion to set_timezone. " +
      "status: ok; noop (the unit already has this zone); conflict (an item's lock also serves a unit in another zone: a warning, " +
      "the change can still be applied). A local time in a spring-forward gap moves forward by the gap; one in a fall-back overlap " +
      'takes the earlier instant; an item whose length changes says warnings: ["duration_changed"].',
    query: previewQuerySchema,
    response: previewSchema,
    responseExample: previewView(EXAMPLE.preview),
    problems: ["invalid_request", "not_found"],
  }).runs(({ lintel, caller, query }) => lintel.previewTimezoneChange(caller, query), previewView),
  setTimezone: endpoint({
    method: "post",
    path: "/v1/units/set_timezone",
    tag: "Units",
    scope: "units:write",
    client: "units.setTimezone(body)",
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
    responseExample: {
      unit: { ...unitView(EXAMPLE.unit), timeZone: "America/New_York", version: EXAMPLE.unit.version + 1 },
      moved: EXAMPLE.preview.items.length,
    },
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
    client: "units.create(body)",
    summary: "Create a unit",
    description:
      "A new unit of the caller's organization, at version 1. A urlKey the organization already uses is 409 conflict." + WRITE_NOTE,
    query: emptyQuerySchema,
    body: createUnitBodySchema,
    bodyExample: { urlKey: "12-elm-st-apt-3", address: "12 Elm St, Apt 3, Springfield", timeZone: "America/Chicago" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: unitResponseSchema,
    responseExample: { unit: { ...unitView(EXAMPLE.unit), version: 1 } },
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
    client: "units.update(body)",
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
    responseExample: { unit: { ...unitView(EXAMPLE.unit), version: EXAMPLE.unit.version + 1 } },
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
    client: "units.createScheduleItem(body)",
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
    responseExample: {
      item: scheduleEntryView(EXAMPLE.scheduleItem),
      unit: { ...unitView(EXAMPLE.unit), version: EXAMPLE.unit.version + 1 },
    },
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict"],
  }).runs(({ lintel, caller, body }) => lintel.createScheduleItem(caller, body), itemWriteView),
  updateScheduleItem: endpoint({
    method: "post",
    path: "/v1/units/update_schedule_item",
    tag: "Units",
    scope: "units:write",
    client: "units.updateScheduleItem(body)",
    summary: "Update a schedule item",
    description:
      "Sets the fields given of the item named by its key (lockId: null and templateId: null clear them); the others are kept, and the kind " +
      "cannot change. An item a booked tour owns (its tourId is set) is 409 conflict: it changes with its tour; so is a message that was " +
      "sent, failed or skipped (history). A message moved is sent at its new sendAt." +
      VERSION_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: updateItemBodySchema,
    bodyExample: { unitIdOrKey: "12-elm-st-apt-3", key: "tour:tour_0123456789ABCDEFGHIJKLMN", endAt: "2026-12-01T11:30:00-06:00" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: itemWriteResponseSchema,
    responseExample: {
      item: scheduleEntryView(EXAMPLE.scheduleItem),
      unit: { ...unitView(EXAMPLE.unit), version: EXAMPLE.unit.version + 1 },
    },
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict", "conflict"],
  }).runs(({ lintel, caller, body }) => lintel.updateScheduleItem(caller, body), itemWriteView),
  deleteScheduleItem: endpoint({
    method: "post",
    path: "/v1/units/delete_schedule_item",
    tag: "Units",
    scope: "units:write",
    client: "units.deleteScheduleItem(body)",
    summary: "Delete a schedule item",
    description:
      "Removes the item named by its key; answers the unit after the change (a message deleted is never sent). An item a booked tour owns " +
      "is 409 conflict: cancel the tour; so is a message that was sent, failed or skipped (history)." +
      VERSION_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: deleteScheduleItemBodySchema,
    bodyExample: { unitIdOrKey: "12-elm-st-apt-3", key: "tour:tour_0123456789ABCDEFGHIJKLMN" },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: unitResponseSchema,
    responseExample: { unit: { ...unitView(EXAMPLE.unit), version: EXAMPLE.unit.version + 1 } },
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict", "conflict"],
  }).runs(
    ({ lintel, caller, body }) => lintel.deleteScheduleItem(caller, body),
    ({ unit }) => ({ unit: unitView(unit) }),
  ),
  setShowingRules: endpoint({
    method: "post",
    path: "/v1/units/set_showing_rules",
    tag: "Units",
    scope: "units:write",
    client: "units.setShowingRules(body)",
    summary: "Set when a unit may be toured",
    description:
      "The unit's showing rules in its own wall-clock time (windows per weekday, slot length, buffers, notice, horizon, tours at once, " +
      "blackouts); rules: null removes them. Units serve them as showingRules. A unit without a time zone cannot have rules (409 conflict). " +
      "set_timezone keeps them as they are: the slots follow the new zone. Event unit.showing_rules_changed." +
      VERSION_NOTE +
      WRITE_NOTE,
    query: emptyQuerySchema,
    body: setShowingRulesBodySchema,
    bodyExample: {
      unitIdOrKey: "chicago-loft",
      rules: {
        weekly: WEEKEND_HOURS,
        slotMinutes: 30,
        bufferMinutes: 15,
        blackouts: [{ startAt: "2027-12-24T00:00:00-06:00", endAt: "2027-12-27T00:00:00-06:00" }],
      },
    },
    headers: [IDEMPOTENCY_KEY_HEADER],
    idempotent: true,
    response: unitResponseSchema,
    responseExample: {
      unit: {
        ...unitView(EXAMPLE.unit),
        version: EXAMPLE.unit.version + 1,
        showingRules: {
          weekly: WEEKEND_HOURS,
          slotMinutes: 30,
          bufferMinutes: 15,
          minNoticeMinutes: 60,
          maxDaysAhead: 14,
          maxConcurrent: 1,
          blackouts: [{ startAt: "2027-12-24T06:00:00.000Z", endAt: "2027-12-27T06:00:00.000Z" }],
        },
      },
    },
    problems: [...WRITE_PROBLEMS, "not_found", "version_conflict", "conflict"],
  }).runs(
    ({ lintel, caller, body }) => lintel.setShowingRules(caller, body),
    (unit) => ({ unit: unitView(unit) }),
  ),
  listAvailableSlots: endpoint({
    method: "get",
    path: "/v1/units/list_available_slots",
    tag: "Units",
    scope: "units:read",
    client: "units.listAvailableSlots(query)",
    alsoScope: "tours:read",
    summary: "List the slots a prospect may book",
    description:
      "The unit's slots between from (default now) and to (default from + 7 days, at most 31 days after from), by startAt: in each " +
      "window a slot starts at opens and every slotMinutes of local time after it, read in the unit's zone (a local start that a " +
      "spring-forward gap skips is not offered; in a fall-back overlap the earlier instant), and must end, read locally, on its start's " +
      "date and not after closes. Only slots at or after now + minNoticeMinutes and before now + maxDaysAhead days. remaining = " +
      "maxConcurrent minus the unit's tours overlapping the slot widened by bufferMinutes each side; slots with none remaining, or " +
      "overlapping a blackout or an open house, are left out. A unit without rules offers none.",
    query: listAvailableSlotsQuerySchema,
    response: slotListSchema,
    responseExample: {
      unitId: EXAMPLE.unit.id,
      timeZone: EXAMPLE.unit.timeZone,
      slots: [Date.UTC(2027, 2, 13, 16), Date.UTC(2027, 2, 13, 16, 30)].map((startMs) =>
        servedSlot({ startMs, endMs: startMs + 1_800_000, remaining: 1 }, EXAMPLE.unit.timeZone ?? "UTC"),
      ),
    },
    problems: ["invalid_request", "not_found"],
  }).runs(
    ({ lintel, caller, query: { unitIdOrKey, from, to } }) =>
      lintel.listAvailableSlots(caller, {
        unitIdOrKey,
        from: from === undefined ? undefined : Date.parse(from),
        to: to === undefined ? undefined : Date.parse(to),
      }),
    ({ unitId, timeZone, slots }) => ({ unitId, timeZone, slots }),
  ),
  listUnits: endpoint({
    method: "get",
    path: "/v1/units/list_units",
    tag: "Units",
    scope: "units:read",
    client: "units.list(query?)",
    summary: "List units",
    description:
      "Units of the caller's organization by urlKey ascending; keyset pagination as for locks. A key with units:write may read too.",
    query: listQuerySchema,
    response: unitListSchema,
    responseExample: { units: EXAMPLE.units.map(unitView), nextCursor: EXAMPLE.cursor },
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
    client: "units.get(unitIdOrKey)",
    summary: "Get a unit",
    etag: true,
    description: "One unit of the caller's organization, by id, else by urlKey. A key with units:write may read too.",
    query: getUnitQuerySchema,
    response: unitResponseSchema,
    responseExample: { unit: unitView(EXAMPLE.unit) },
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
    client: "units.listSchedule(query)",
    summary: "List a unit's schedule",
    description:
      "The unit's tours, codes, open houses and scheduled messages whose end is after `from` (default now), by startAt, then kind, " +
      "then key, with their times in the unit's zone. A cursor is bound to its unit and its `from`: send it without `from`, or with the same one.",
    query: listScheduleQuerySchema,
    response: scheduleListSchema,
    responseExample: { items: EXAMPLE.schedule.map(scheduleEntryView), nextCursor: EXAMPLE.cursor },
    problems: ["invalid_request", "invalid_cursor", "not_found"],
  }).runs(
    ({ lintel, caller, query: { unitIdOrKey, limit, cursor, from } }) =>
      lintel.listSchedule(caller, { unitIdOrKey, limit, cursor, from: from === undefined ? undefined : Date.parse(from) }),
    ({ items, nextCursor }) => ({ items: items.map(scheduleEntryView), nextCursor }),
  ),
} satisfies CheckedRows;
