/**
 * The records of the contract, each described once: a valibot schema per record shape, from
 * which the TypeScript types, the fixture's rules (`@lintel/core`) and the API's response
 * schemas and OpenAPI document (`@lintel/api`) are derived. Instants are RFC 3339 UTC strings
 * with milliseconds (`2026-12-01T15:00:00.000Z`); ids are opaque strings matching
 * {@link ID_PATTERN}.
 *
 * The schemas describe; nothing on the request path parses with them (records come from
 * stores that only ever held valid ones).
 */
import * as v from "valibot";
import { ShowingRulesSchema } from "../availability/showing-slots.js";

/** The characters and length of every id: `[A-Za-z0-9_-]{1,64}`. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A unit's urlKey: kebab-case, lowercase letters and digits. */
export const URL_KEY_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An RFC 3339 instant in UTC with milliseconds. */
export type Instant = string;

/** The scopes an API key may hold. */
export const SCOPES = [
  "units:write",
  "units:read",
  "messages:read",
  "messages:write",
  "locks:read",
  "locks:write",
  "lock-state:read",
  "webhooks:write",
  "events:read",
  "tours:write",
  "tours:read",
] as const;
/** One of {@link SCOPES}. */
export type Scope = (typeof SCOPES)[number];

/** A lock's status; only active locks are listed. */
export const LOCK_STATUSES = ["active", "inactive"] as const;
/** One of {@link LOCK_STATUSES}. */
export type LockStatus = (typeof LOCK_STATUSES)[number];

/** What a lock provider reports of the bolt. */
export const LOCK_STATE_VALUES = ["locked", "unlocked", "jammed", "unknown"] as const;
/** One of {@link LOCK_STATE_VALUES}. */
export type LockStateValue = (typeof LOCK_STATE_VALUES)[number];

/** What a lock provider reports of the door. */
export const DOOR_STATES = ["open", "closed", "unknown"] as const;
/** One of {@link DOOR_STATES}. */
export type DoorState = (typeof DOOR_STATES)[number];

/**
 * Where a code stands with its lock's provider: the latest change not yet accepted, accepted, or
 * given up on; `held` (a tour's code kept off the lock until the tour is confirmed) and `removed`
 * (a cancelled tour's code, once the provider confirmed its removal) are a tour's code's only.
 */
export const LOCK_SYNC_STATUSES = ["pending", "set", "failed", "held", "removed"] as const;
/** One of {@link LOCK_SYNC_STATUSES}. */
export type LockSyncStatus = (typeof LOCK_SYNC_STATUSES)[number];

/**
 * Where a scheduled message stands: `scheduled` (waiting for its `sendAt`, or for its tour's code
 * to be set on the lock), `held` (its tour awaits verification), `sent`, `failed`, or `skipped` (a
 * reschedule made it due in the past: never sent). `sent`, `failed` and `skipped` are history.
 */
export const DELIVERY_STATUSES = ["scheduled", "held", "sent", "failed", "skipped"] as const;
/** One of {@link DELIVERY_STATUSES}. */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** How a message was sent: its `message.due` event stored for the org's own sender, or an email. */
export const MESSAGE_CHANNELS = ["webhook", "email"] as const;
/** One of {@link MESSAGE_CHANNELS}. */
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** A code's PIN: 4 to 8 digits. */
export const PIN_PATTERN = /^[0-9]{4,8}$/;

/** The kinds of schedule item. */
export const ITEM_KINDS = ["tour", "code", "open_house", "scheduled_message"] as const;
/** One of {@link ITEM_KINDS}. */
export type ItemKind = (typeof ITEM_KINDS)[number];

// ---- the field vocabulary: each kind of field once, with what the document says of it ----------

const id = (description: string) => v.pipe(v.string(), v.regex(ID_PATTERN), v.description(description));
const text = (description: string) => v.pipe(v.string(), v.description(description));
const nonEmptyText = (description: string) => v.pipe(v.string(), v.minLength(1), v.description(description));
/** A list the records never change (the type says so; JSON has no such notion). */
const list = <const T extends v.GenericSchema>(entry: T) => v.pipe(v.array(entry), v.readonly());

/** An instant as every record holds it: RFC 3339 in UTC with milliseconds. */
export const InstantSchema = v.pipe(v.string(), v.isoTimestamp(), v.description("RFC 3339 instant in UTC with milliseconds."));
/** A zone as every record holds it: a canonical IANA name, or null = none set (shown as UTC). */
export const ZoneSchema = v.pipe(v.nullable(v.string()), v.description("IANA zone name, or null = none set (UTC)."));

// ---- the records ----------------------------------------------------------------------------

/** An org: the owner of units, locks, templates and keys. */
export const OrgRecordSchema = v.strictObject({
  id: id("The org's id."),
  name: nonEmptyText("The org's name."),
});
/** An org ({@link OrgRecordSchema}). */
export type Org = Readonly<v.InferOutput<typeof OrgRecordSchema>>;

/** A request budget: `requests` per `windowSeconds`. */
export const RatePolicySchema = v.strictObject({
  requests: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(999_999_999)),
  windowSeconds: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(9_999_999)),
});
/** A request budget ({@link RatePolicySchema}). */
export type RatePolicy = Readonly<v.InferOutput<typeof RatePolicySchema>>;

/** A stored API key. The secret itself is never stored, only `hash` (SHA-256 hex of the key). */
export const ApiKeyRecordSchema = v.strictObject({
  id: id("The key's id."),
  orgId: id("The owner."),
  name: nonEmptyText("A name for people."),
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/), v.description("SHA-256 of the key, lowercase hex.")),
  scopes: list(v.picklist(SCOPES)),
  expiresAt: v.nullable(InstantSchema),
  revokedAt: v.nullable(InstantSchema),
  rateLimit: v.pipe(v.nullable(RatePolicySchema), v.description("null = the server default.")),
  createdAt: InstantSchema,
});
/** A stored API key ({@link ApiKeyRecordSchema}). */
export type ApiKeyRecord = Readonly<v.InferOutput<typeof ApiKeyRecordSchema>>;

/** A rental unit. */
export const UnitRecordSchema = v.strictObject({
  id: id("The unit's id."),
  orgId: id("The owner; never shown."),
  urlKey: v.pipe(v.string(), v.regex(URL_KEY_PATTERN), v.description("The unit's key in URLs, unique in its org (kebab-case).")),
  address: nonEmptyText("The unit's address."),
  timeZone: ZoneSchema,
  version: v.pipe(v.number(), v.integer(), v.minValue(1), v.description("≥ 1, +1 on every change of the unit.")),
  showingRules: v.exactOptional(
    v.pipe(v.nullable(ShowingRulesSchema), v.description("When prospects may tour it (set_showing_rules); null or absent: none.")),
  ),
});
/** A rental unit ({@link UnitRecordSchema}). */
export type Unit = Readonly<v.InferOutput<typeof UnitRecordSchema>>;

/** A smart lock, serving one or more units. */
export const LockRecordSchema = v.strictObject({
  lockId: id("The lock's id."),
  orgId: id("The owner; never shown."),
  name: nonEmptyText("The lock's name."),
  provider: nonEmptyText("The lock provider (e.g. seam)."),
  providerDeviceId: nonEmptyText("The lock's id at its provider."),
  model: v.pipe(v.nullable(v.string()), v.description("The lock's model, or null when unknown.")),
  timeZone: ZoneSchema,
  unitIds: list(id("A unit the lock serves.")),
  status: v.picklist(LOCK_STATUSES),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
/** A smart lock ({@link LockRecordSchema}). */
export type Lock = Readonly<v.InferOutput<typeof LockRecordSchema>>;

/** A lock's state as its provider last reported it. */
export const LockStateRecordSchema = v.strictObject({
  lockId: id("The lock's id."),
  provider: text("The lock provider that answered."),
  lockState: v.picklist(LOCK_STATE_VALUES),
  doorState: v.picklist(DOOR_STATES),
  online: v.boolean(),
  batteryLevel: v.pipe(v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))), v.description("0..1, or null when unknown.")),
  lastSeenAt: v.nullable(InstantSchema),
  fetchedAt: InstantSchema,
});
/** A lock's state ({@link LockStateRecordSchema}). */
export type LockState = Readonly<v.InferOutput<typeof LockStateRecordSchema>>;

/** A message template of an org. */
export const TemplateRecordSchema = v.strictObject({
  id: id("The template's id."),
  orgId: id("The owner; never shown."),
  name: nonEmptyText("The template's name."),
  body: text("Message text with {{variables}} placeholders."),
  sortOrder: v.pipe(v.number(), v.integer(), v.description("Templates are listed by sortOrder, then id.")),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
/** A message template ({@link TemplateRecordSchema}). */
export type Template = Readonly<v.InferOutput<typeof TemplateRecordSchema>>;

/**
 * Where a code stands with its lock: `pending` (the latest change is not yet accepted by the
 * lock's provider), `set` (the provider accepted the code as last described) or `failed`
 * (`error` names the provider and what happened). Changing it is not a change of the schedule.
 */
export const LockSyncSchema = v.strictObject({
  status: v.picklist(LOCK_SYNC_STATUSES),
  error: v.pipe(v.nullable(v.string()), v.description("Which provider and what happened, when failed; else null.")),
  updatedAt: InstantSchema,
});
/** A code's standing with its lock ({@link LockSyncSchema}). */
export type LockSync = Readonly<v.InferOutput<typeof LockSyncSchema>>;

/**
 * Where a scheduled message stands with its sending (a message stored without one is
 * `scheduled`). Changing it is not a change of the schedule: no version, no `schedule.*` event.
 */
export const MessageDeliverySchema = v.strictObject({
  status: v.picklist(DELIVERY_STATUSES),
  channel: v.pipe(v.nullable(v.picklist(MESSAGE_CHANNELS)), v.description("How it was sent (or failed); null before.")),
  sentAt: v.pipe(v.nullable(InstantSchema), v.description("When it was sent; null until then.")),
  error: v.pipe(v.nullable(v.string()), v.description("Why it failed (or why its last email attempt did); else null.")),
});
/** A message's delivery ({@link MessageDeliverySchema}). */
export type MessageDelivery = Readonly<v.InferOutput<typeof MessageDeliverySchema>>;

/** The delivery of a message stored without one. */
export const SCHEDULED_DELIVERY: MessageDelivery = { status: "scheduled", channel: null, sentAt: null, error: null };

/** True for a message still to be sent (`scheduled` or `held`); false for history and for other kinds. */
export function isUnsentMessage(item: { readonly kind: string; readonly delivery?: MessageDelivery | undefined }): boolean {
  return (
    item.kind === "scheduled_message" &&
    (item.delivery === undefined || item.delivery.status === "scheduled" || item.delivery.status === "held")
  );
}

/**
 * One schedule item of a unit, in the shape every kind shares. Tours and open houses have
 * `title`, codes have `name` (held here as `title`), messages have `sendAt` (held here as
 * both `startAt` and `endAt`). `lockId` is null where the item has no lock; a message never
 * has one. `templateId` is only meaningful for messages. A code holds its PIN in `code`, sealed at rest
 * (the stores keep it as given; the core seals and opens it), and `lockSync`; a message its
 * `delivery` (absent: `scheduled`).
 */
export const ScheduleItemRecordSchema = v.strictObject({
  kind: v.picklist(ITEM_KINDS),
  id: id("The item's id, unique per kind."),
  unitId: id("The unit the item is at."),
  title: nonEmptyText("A code's name, else the title."),
  startAt: InstantSchema,
  endAt: InstantSchema,
  lockId: v.nullable(id("The lock the item uses.")),
  templateId: v.exactOptional(v.nullable(id("The template a message is written from."))),
  code: v.exactOptional(v.pipe(v.string(), v.description("A code's PIN, sealed under the data keys."))),
  lockSync: v.exactOptional(LockSyncSchema),
  tourId: v.exactOptional(id("The tour (booked through the tour endpoints) that owns the item.")),
  delivery: v.exactOptional(MessageDeliverySchema),
});
/** A schedule item ({@link ScheduleItemRecordSchema}). */
export type ScheduleItem = Readonly<v.InferOutput<typeof ScheduleItemRecordSchema>>;
