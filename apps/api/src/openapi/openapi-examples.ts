/**
 * What the OpenAPI document's examples are made of (the rows' response examples, the
 * parameters', the problems'), taken from the example records (example-records.js, which
 * @lintel/server serves as its demo) and the real serializers and preview engine, so they have
 * the shapes the server answers.
 */
import { planTimezoneChange, problemBody, type ProblemCode } from "@lintel/domain";
import { scheduleEntry } from "@lintel/domain/adapters";
import { parseFixture } from "@lintel/core";
import { exampleRecords } from "./example-records.js";
import { scheduleEntryView, unitView } from "../routes/serialize.js";
import { messageValues, renderTemplate, servedTour, smsCost } from "@lintel/domain/adapters";

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

/**
 * What the endpoint rows' response examples (`responseExample`) are made of: the example records'
 * unit_chicago, its schedule and the preview of its move to New York, two units, templates and
 * locks of org_acme, and the tour, render, events, webhook endpoint and delivery built above.
 */
export const EXAMPLE = {
  cursor: CURSOR,
  unit,
  units,
  schedule,
  scheduleItem: first(schedule, "schedule item"),
  preview,
  template: first(templates, "template"),
  templates,
  lock,
  locks,
  tour: EXAMPLE_TOUR,
  render: EXAMPLE_RENDER,
  event: EXAMPLE_EVENT,
  messageDue: EXAMPLE_MESSAGE_DUE,
  webhookEndpoint: EXAMPLE_ENDPOINT,
  delivery: EXAMPLE_DELIVERY,
} as const;

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
