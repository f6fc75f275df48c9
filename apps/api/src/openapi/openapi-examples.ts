/**
 * Examples for the OpenAPI document (every operation with examples), taken from the
 * example records (example-records.js, which @lintel/server serves as its demo) and the real serializers and preview engine, so they have the shapes
 * the server answers.
 */
import { planTimezoneChange, problemBody, type ProblemCode } from "@lintel/domain";
import { scheduleEntry } from "@lintel/domain/adapters";
import { parseFixture } from "@lintel/core";
import { exampleRecords } from "./example-records.js";
import type { OperationId } from "../routes/endpoints.js";
import { lockStateView, lockView, previewView, scheduleEntryView, templateView, unitView } from "../routes/serialize.js";
import { messageValues, renderTemplate, servedSlot, servedTour, smsCost, TEMPLATE_VARIABLES } from "@lintel/domain/adapters";

const parsed = parseFixture(exampleRecords());
if (!parsed.ok) throw new Error(`the example records are refused: ${parsed.errors.join("; ")}`);
const demo = parsed.data;
const ORG = "org_acme";
/** "Now" for the preview example: before every demo item, so the example is the same every day. */
const EXAMPLE_NOW = Date.UTC(2026, 0, 1);
const CURSOR = "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU";

function first<T>(list: readonly T[], what: string): T {
  const found = list[0];
  if (found === undefined) throw new Error(`the example records have no ${what}`);
  return found;
}

const locks = demo.locks.filter((lock) => lock.orgId === ORG && lock.status === "active").slice(0, 2);
const lock = first(locks, "active lock");
const sharedGate = first(
  demo.locks.filter((l) => l.lockId === "lock_shared_gate"),
  "lock_shared_gate",
);
const templates = demo.templates.filter((template) => template.orgId === ORG).slice(0, 2);
const unit = first(
  demo.units.filter((u) => u.id === "unit_chicago"),
  "unit_chicago",
);
const units = demo.units
  .filter((u) => u.orgId === ORG)
  .sort((a, b) => (a.urlKey < b.urlKey ? -1 : 1))
  .slice(0, 2);
const EXAMPLE_LOCK_SYNC = { status: "set", error: null, updatedAt: "2026-01-01T12:00:01.204Z" } as const;
const schedule = demo.items
  .filter((item) => item.unitId === unit.id)
  .map((item) => scheduleEntry(item.kind === "code" ? { ...item, lockSync: EXAMPLE_LOCK_SYNC } : item, unit.timeZone, item.code ?? null))
  .sort((a, b) => (a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : 0))
  .slice(0, 2);
const preview = planTimezoneChange({
  unit,
  items: demo.items.filter((item) => item.unitId === unit.id),
  lockUnits: new Map(),
  proposedTimeZone: "America/New_York",
  nowMs: EXAMPLE_NOW,
}).preview;

const EXAMPLE_EVENT = {
  id: "evt_2kGq7V0bXc9RtLm4NpA8sDfH",
  type: "unit.timezone_changed",
  createdAt: "2026-01-01T12:00:00.000Z",
  data: {
    unit: { ...unitView(unit), timeZone: "America/New_York", version: unit.version + 1 },
    previousTimeZone: unit.timeZone,
    policy: "keep_instant",
    moved: [],
  },
} as const;
const EXAMPLE_ENDPOINT = {
  id: "we_7hJk2LmN4pQr6StU8vWx0YzA",
  url: "https://crm.example.com/lintel-webhooks",
  eventTypes: ["unit.timezone_changed"],
  description: "CRM sync",
  status: "enabled",
  disabledReason: null,
  createdAt: "2026-01-01T12:00:00.000Z",
} as const;

const EXAMPLE_DELIVERY = {
  id: "dlv_9aBc3DeF5gHi7JkL1mNo2PqR",
  eventId: EXAMPLE_EVENT.id,
  eventType: EXAMPLE_EVENT.type,
  status: "pending",
  attempts: 1,
  lastAttemptAt: "2026-01-01T12:00:00.412Z",
  lastResponseStatus: 500,
  lastError: "HTTP 500",
  nextAttemptAt: "2026-01-01T12:00:05.412Z",
} as const;

/** A booked tour of the demo's Chicago unit, as the tour endpoints serve it (its PIN and contact data shown: tours:read). */
const EXAMPLE_TOUR = servedTour(
  {
    id: "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
    orgId: ORG,
    unitId: unit.id,
    status: "confirmed",
    title: "Self-guided tour",
    startAt: "2027-03-14T15:00:00.000Z",
    endAt: "2027-03-14T15:30:00.000Z",
    lockId: "lock_shared_gate",
    prospect: { name: "Ada Lovelace", email: null, phone: null },
    access: { beforeMinutes: 15, afterMinutes: 15, codeId: "code_4vB8nQ1zX6cR3tY7uI0oP5aS", lockSync: null },
    messages: [{ id: "msg_2wE6rT9yU3iO7pA1sD5fG8hJ", templateId: "tpl_reminder", anchor: "start", offsetMinutes: -60 }],
    verification: "none",
    checkedInAt: null,
    cancelReason: null,
    createdAt: "2027-03-01T12:00:00.000Z",
    updatedAt: "2027-03-01T12:00:00.000Z",
  },
  {
    timeZone: unit.timeZone,
    status: "confirmed",
    lockSync: EXAMPLE_LOCK_SYNC,
    pin: "482913",
    email: "ada@example.com",
    phone: "+13125550123",
  },
);

/** The demo's access-code template rendered for the example tour on the shared gate, as render_message_template answers it. */
const EXAMPLE_RENDER = (() => {
  const codeTemplate = first(
    demo.templates.filter((template) => template.id === "tpl_code"),
    "tpl_code",
  );
  const { access } = EXAMPLE_TOUR;
  const rendered = renderTemplate(
    codeTemplate.body,
    messageValues({
      unit,
      tour: {
        title: EXAMPLE_TOUR.title,
        startAt: EXAMPLE_TOUR.startAt,
        endAt: EXAMPLE_TOUR.endAt,
        prospectName: EXAMPLE_TOUR.prospect.name,
      },
      code: { startAt: access.startAt, endAt: access.endAt, pin: access.code },
      lock: { name: sharedGate.name },
    }),
  );
  return { ...rendered, sms: smsCost(rendered.text) };
})();

/**
 * The example tour's access-code message when its time came, as `/v1/events` serves it to a key
 * with `tours:read` (its recipient and text shown; null to other keys).
 */
const EXAMPLE_MESSAGE_DUE = (() => {
  const sendAt = "2027-03-14T14:00:00.000Z";
  const message = {
    kind: "scheduled_message",
    id: "msg_6yH3jK8lZ1xC5vB9nM2qW4eR",
    unitId: unit.id,
    title: "Access code",
    startAt: sendAt,
    endAt: sendAt,
    lockId: null,
    templateId: "tpl_code",
    tourId: EXAMPLE_TOUR.id,
  } as const;
  return {
    id: "evt_5nR8tY2uI6oP0aS4dF7gH1jK",
    type: "message.due",
    createdAt: "2027-03-14T14:00:00.512Z",
    data: {
      unitId: unit.id,
      item: scheduleEntryView(scheduleEntry(message, unit.timeZone, null)),
      tourId: EXAMPLE_TOUR.id,
      to: { name: EXAMPLE_TOUR.prospect.name, email: EXAMPLE_TOUR.prospect.email, phone: EXAMPLE_TOUR.prospect.phone },
      text: EXAMPLE_RENDER.text,
    },
  };
})();

/** The success body of each operation (null: a 204). */
export const RESPONSE_EXAMPLES: Record<OperationId, unknown> = {
  previewTimezoneChange: previewView(preview),
  listUnits: { units: units.map(unitView), nextCursor: CURSOR },
  getUnit: { unit: unitView(unit) },
  listSchedule: { items: schedule.map(scheduleEntryView), nextCursor: CURSOR },
  setTimezone: { unit: { ...unitView(unit), timeZone: "America/New_York", version: unit.version + 1 }, moved: preview.items.length },
  createUnit: { unit: { ...unitView(unit), version: 1 } },
  setShowingRules: {
    unit: {
      ...unitView(unit),
      version: unit.version + 1,
      showingRules: {
        weekly: [
          { day: "sat", opens: "10:00", closes: "16:00" },
          { day: "sun", opens: "12:00", closes: "16:00" },
        ],
        slotMinutes: 30,
        bufferMinutes: 15,
        minNoticeMinutes: 60,
        maxDaysAhead: 14,
        maxConcurrent: 1,
        blackouts: [{ startAt: "2027-12-24T06:00:00.000Z", endAt: "2027-12-27T06:00:00.000Z" }],
      },
    },
  },
  listAvailableSlots: {
    unitId: unit.id,
    timeZone: unit.timeZone,
    slots: [Date.UTC(2027, 2, 13, 16), Date.UTC(2027, 2, 13, 16, 30)].map((startMs) =>
      servedSlot({ startMs, endMs: startMs + 1_800_000, remaining: 1 }, unit.timeZone ?? "UTC"),
    ),
  },
  bookTour: { tour: EXAMPLE_TOUR, unit: { ...unitView(unit), version: unit.version + 1 } },
  confirmTour: { tour: EXAMPLE_TOUR },
  rescheduleTour: {
    tour: {
      ...EXAMPLE_TOUR,
      startAt: "2027-03-15T21:00:00.000Z",
      endAt: "2027-03-15T21:30:00.000Z",
      localStart: "2027-03-15T16:00:00-05:00",
      localEnd: "2027-03-15T16:30:00-05:00",
      access: {
        ...EXAMPLE_TOUR.access,
        startAt: "2027-03-15T20:45:00.000Z",
        endAt: "2027-03-15T21:45:00.000Z",
        lockSync: { status: "pending", error: null, updatedAt: "2027-03-02T09:00:00.000Z" },
      },
    },
    unit: { ...unitView(unit), version: unit.version + 2 },
  },
  cancelTour: {
    tour: {
      ...EXAMPLE_TOUR,
      status: "cancelled",
      cancelReason: "Prospect found another place",
      messageKeys: EXAMPLE_TOUR.messageKeys,
      access: { ...EXAMPLE_TOUR.access, code: null, lockSync: { status: "pending", error: null, updatedAt: "2027-03-02T09:00:00.000Z" } },
    },
    unit: { ...unitView(unit), version: unit.version + 2 },
  },
  checkIn: { tour: { ...EXAMPLE_TOUR, status: "checked_in", checkedInAt: "2027-03-14T14:58:12.000Z" } },
  getTour: { tour: EXAMPLE_TOUR },
  listTours: { tours: [EXAMPLE_TOUR], nextCursor: CURSOR },
  updateUnit: { unit: { ...unitView(unit), version: unit.version + 1 } },
  createScheduleItem: { item: scheduleEntryView(first(schedule, "schedule item")), unit: { ...unitView(unit), version: unit.version + 1 } },
  updateScheduleItem: { item: scheduleEntryView(first(schedule, "schedule item")), unit: { ...unitView(unit), version: unit.version + 1 } },
  deleteScheduleItem: { unit: { ...unitView(unit), version: unit.version + 1 } },
  createMessageTemplate: { template: templateView(first(templates, "template")) },
  updateMessageTemplate: { template: templateView(first(templates, "template")) },
  deleteMessageTemplate: null,
  getMessageTemplate: { template: templateView(first(templates, "template")) },
  listMessageTemplates: { templates: templates.map(templateView), nextCursor: CURSOR },
  listTemplateVariables: { variables: TEMPLATE_VARIABLES },
  renderMessageTemplate: EXAMPLE_RENDER,
  listLocks: { locks: locks.map(lockView), nextCursor: CURSOR },
  getLock: { lock: lockView(lock) },
  updateLock: {
    lock: lockView({
      ...lock,
      name: "Courtyard door",
      unitIds: [...lock.unitIds, "unit_unzoned"],
      timeZone: "America/New_York",
      updatedAt: "2026-01-02T09:30:00.000Z",
    }),
  },
  getLockState: {
    state: lockStateView({
      lockId: lock.lockId,
      provider: lock.provider,
      lockState: "locked",
      doorState: "closed",
      online: true,
      batteryLevel: 0.82,
      lastSeenAt: "2026-01-01T11:58:04.000Z",
      fetchedAt: "2026-01-01T12:00:00.000Z",
    }),
  },
  listEvents: { events: [EXAMPLE_MESSAGE_DUE, EXAMPLE_EVENT], nextCursor: CURSOR },
  getEvent: { event: EXAMPLE_EVENT },
  createWebhookEndpoint: { webhookEndpoint: EXAMPLE_ENDPOINT, secret: "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD6XlHvH0VtEQ=" },
  listWebhookEndpoints: { webhookEndpoints: [EXAMPLE_ENDPOINT], nextCursor: CURSOR },
  getWebhookEndpoint: { webhookEndpoint: EXAMPLE_ENDPOINT },
  deleteWebhookEndpoint: null,
  enableWebhookEndpoint: { webhookEndpoint: EXAMPLE_ENDPOINT },
  listDeliveries: { deliveries: [EXAMPLE_DELIVERY], nextCursor: CURSOR },
  updateWebhookEndpoint: { webhookEndpoint: { ...EXAMPLE_ENDPOINT, url: "https://crm.example.com/lintel-webhooks/v2", eventTypes: ["*"] } },
  rotateWebhookEndpointSecret: { webhookEndpoint: EXAMPLE_ENDPOINT, secret: "whsec_9Jq2c0vWmR1x8yTnK4bLs7eHfA3dGzP6uQoVi5NwXkE=" },
  retryDelivery: {
    // A failed delivery queued again: its 8 attempts kept, the schedule starting over.
    delivery: { ...EXAMPLE_DELIVERY, status: "pending", attempts: 8, nextAttemptAt: "2026-01-02T09:30:00.000Z" },
  },
  recoverDeliveries: { deliveries: 42 },
  sendTestWebhook: {
    delivery: {
      ...EXAMPLE_DELIVERY,
      id: "dlv_4fE8a1B2c3D4e5F6a7B8c9D0",
      eventId: "evt_8TtQz3LmN0pR5sVx2YwA7cKd",
      eventType: "webhook_endpoint.test",
      attempts: 0,
      lastAttemptAt: null,
      lastResponseStatus: null,
      lastError: null,
      nextAttemptAt: "2026-01-02T09:30:00.000Z",
    },
  },
};

/** The body of set_timezone's example: the move the preview example shows. */
export const SET_TIMEZONE_EXAMPLE = {
  unitIdOrKey: unit.urlKey,
  timeZone: "America/New_York",
  expectedVersion: unit.version,
  policy: "keep_wall_clock",
};

/** An example per query or path parameter, by name. */
export const PARAMETER_EXAMPLES: Record<string, string | number> = {
  unitIdOrKey: unit.urlKey,
  templateId: first(templates, "template").id,
  lockId: lock.lockId,
  eventId: EXAMPLE_EVENT.id,
  endpointId: EXAMPLE_ENDPOINT.id,
  deliveryId: EXAMPLE_DELIVERY.id,
  limit: 50,
  proposedTimeZone: "America/New_York",
  cursor: CURSOR,
};

const DETAILS: Record<ProblemCode, string> = {
  slot_unavailable: "The tour's times are not an available slot of the unit now. Read list_available_slots and pick one.",
  invalid_request: "Invalid parameter: limit. See invalidParams.",
  invalid_api_key: "The API key is missing, malformed, unknown, expired or revoked.",
  missing_scope: "This operation needs the scope locks:read.",
  invalid_cursor: "The cursor is not valid for this list.",
  not_found: "There is no lock lk_unknown.",
  method_not_allowed: "/v1/locks does not take DELETE; it takes GET, HEAD.",
  version_conflict: "expectedVersion 3 is stale: the unit has changed. Preview again and retry.",
  conflict: "urlKey: another unit of the organization has this urlKey.",
  precondition_failed: "If-Match names a version of the template that is no longer current. Get it again (its ETag) and retry.",
  idempotency_in_progress: "A request with this Idempotency-Key is still running. Retry shortly.",
  idempotency_key_reused: "This Idempotency-Key was used with a different body.",
  payload_too_large: "The body is over 16 KiB.",
  uri_too_long: "The request target (path and query) must be at most 8192 characters.",
  unsupported_media_type: "The body must be application/json.",
  rate_limited: "The request budget of this key is used up. Retry after Retry-After seconds.",
  internal_error: "The service could not complete the request. Quote the requestId to support.",
  unavailable: "The store did not answer in time. Retry shortly.",
  request_timeout: "The request headers did not arrive within 10 s.",
  expectation_failed: "Expect: 100-continue is the only expectation this server meets.",
  headers_too_large: "The request headers are over 16 KiB.",
};

/**
 * One example problem body for `code`, as the server writes it; a 400 names `invalidParam`,
 * a parameter of the operation it is the example of.
 */
export function problemExample(
  code: ProblemCode,
  docsUrl: string,
  invalidParam: { readonly name: string; readonly reason: string } = { name: "limit", reason: "limit must be an integer from 1 to 100" },
): unknown {
  const invalid = code === "invalid_request" ? [invalidParam] : undefined;
  return problemBody(
    code,
    code === "invalid_request" ? `Invalid parameter: ${invalidParam.name}. See invalidParams.` : DETAILS[code],
    "3f0c1b8e-5d0a-4c8e-9a51-2f7d0c6b9e11",
    docsUrl,
    invalid,
    code === "version_conflict" ? 4 : undefined,
  );
}
