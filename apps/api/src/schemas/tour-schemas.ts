/**
 * The request and response schemas of the tour endpoints (book, confirm, reschedule, cancel,
 * check in; get and list). Bounds as the writes' (write-schemas.js); a refusal names the field
 * and never quotes what was sent (a prospect's email and phone are personal data).
 */
import * as v from "valibot";
import {
  MAX_ACCESS_MARGIN_MINUTES,
  MAX_MESSAGE_OFFSET_MINUTES,
  MESSAGE_ANCHORS,
  TOUR_STATUSES,
  VERIFICATIONS,
} from "@lintel/domain/adapters";
import { ServedTourSchema, TEXT_RULES } from "@lintel/domain/schemas";
import { normalizeInstant } from "@lintel/core/adapters";
import { MAX_TOUR_MESSAGES } from "@lintel/core/adapters";
import { INPUT_MAX_LENGTH, limitSchema, unitViewSchema } from "./schemas.js";
import { instantField as instant, textField as text } from "./write-fields.js";

const id = (name: string, description: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.maxLength(64, `${name} must be at most 64 characters`),
    v.regex(/^[A-Za-z0-9_-]{1,64}$/, `${name} must be an id: 1 to 64 letters, digits, "_" or "-"`),
    v.description(description),
  );
const minutes = (name: string, low: number, high: number, description: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.integer(`${name} must be a whole number of minutes from ${low} to ${high}`),
    v.minValue(low, `${name} must be a whole number of minutes from ${low} to ${high}`),
    v.maxValue(high, `${name} must be a whole number of minutes from ${low} to ${high}`),
    v.description(description),
  );
const VERSION_RANGE = "expectedVersion must be an integer from 1 to 9007199254740991 (2^53−1)";
const expectedVersion = v.optional(
  v.pipe(
    v.number(VERSION_RANGE),
    v.integer(VERSION_RANGE),
    v.minValue(1, VERSION_RANGE),
    v.maxValue(Number.MAX_SAFE_INTEGER, VERSION_RANGE),
    v.description("When given, the write applies only while the unit is at this version (else 409 version_conflict)."),
  ),
);
const tourId = id("tourId", "The tour's id (tour_…).");
const unitIdOrKey = text("unitIdOrKey", { max: INPUT_MAX_LENGTH.unitIdOrKey }, "The unit's id, else its urlKey.");

/** A prospect's email: an RFC 5321 mailbox of at most 254 characters (never echoed in a refusal). */
const email = v.pipe(
  v.string("prospect.email must be a string"),
  v.maxLength(254, "prospect.email must be at most 254 characters"),
  v.email("prospect.email must be an email address (an RFC 5321 mailbox)"),
  v.description("An email address, at most 254 characters. Personal data: encrypted at rest, served to tours:read only."),
);
/** A prospect's phone: E.164. */
const phone = v.pipe(
  v.string("prospect.phone must be a string"),
  v.regex(/^\+[1-9][0-9]{6,14}$/, "prospect.phone must be E.164: + and 7 to 15 digits, the first not 0"),
  v.description("E.164, e.g. +13125550123. Personal data: encrypted at rest, served to tours:read only."),
);

export const bookTourBodySchema = v.strictObject({
  unitIdOrKey,
  startAt: instant("startAt", "The tour's start."),
  endAt: instant("endAt", "The tour's end: after startAt, at most 24 h later, and its access must end after now."),
  prospect: v.strictObject({
    name: text("prospect.name", TEXT_RULES.text, "The prospect's name."),
    email: v.optional(v.nullable(email)),
    phone: v.optional(v.nullable(phone)),
  }),
  title: v.optional(text("title", TEXT_RULES.text, "Default `Self-guided tour`; the code's title too.")),
  lockId: v.optional(
    id("lockId", "The lock the code goes on. Default: the unit's only active lock (required when it has several; none: no code)."),
  ),
  access: v.optional(
    v.strictObject({
      beforeMinutes: v.optional(
        minutes("access.beforeMinutes", 0, MAX_ACCESS_MARGIN_MINUTES, "Minutes the code opens before the tour (default 15)."),
      ),
      afterMinutes: v.optional(
        minutes("access.afterMinutes", 0, MAX_ACCESS_MARGIN_MINUTES, "Minutes the code opens after it (default 15)."),
      ),
    }),
  ),
  messages: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          templateId: id("templateId", "The template the message is written from."),
          anchor: v.pipe(
            v.picklist(MESSAGE_ANCHORS, "anchor must be booked, start or end"),
            v.description("What the message's time counts from."),
          ),
          offsetMinutes: minutes(
            "offsetMinutes",
            -MAX_MESSAGE_OFFSET_MINUTES,
            MAX_MESSAGE_OFFSET_MINUTES,
            "Minutes after the anchor (before: negative).",
          ),
          title: v.optional(text("title", TEXT_RULES.text, "Default: the template's name.")),
        }),
        "messages must be a list",
      ),
      v.maxLength(MAX_TOUR_MESSAGES, `messages must hold at most ${MAX_TOUR_MESSAGES} messages`),
    ),
  ),
  verification: v.optional(
    v.pipe(
      v.picklist(VERIFICATIONS, "verification must be none or required"),
      v.description(
        "required: the code and the messages are held until confirm_tour; the tour is cancelled if unconfirmed when its access starts.",
      ),
    ),
  ),
  expectedVersion,
});

export const tourIdBodySchema = v.strictObject({ tourId });

export const rescheduleTourBodySchema = v.strictObject({
  tourId,
  startAt: instant("startAt", "The tour's new start."),
  endAt: instant("endAt", "The tour's new end."),
  expectedVersion,
});

export const cancelTourBodySchema = v.strictObject({
  tourId,
  reason: v.optional(text("reason", TEXT_RULES.text, "Why (1–200 characters); default `cancelled`.")),
});

export const checkInBodySchema = v.strictObject({
  tourId,
  at: v.optional(instant("at", "When the prospect arrived: within the tour's access window, not ahead of now. Default now.")),
});

export const getTourQuerySchema = v.strictObject({
  tourId: v.pipe(
    v.string(),
    v.minLength(1, "tourId must not be empty"),
    v.maxLength(INPUT_MAX_LENGTH.id, `tourId must be at most ${INPUT_MAX_LENGTH.id} characters`),
    v.description("The tour's id."),
  ),
});

export const listToursQuerySchema = v.strictObject({
  unitIdOrKey: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1, "unitIdOrKey must not be empty"),
      v.maxLength(INPUT_MAX_LENGTH.unitIdOrKey, `unitIdOrKey must be at most ${INPUT_MAX_LENGTH.unitIdOrKey} characters`),
      v.description("Only this unit's tours (its id, else its urlKey)."),
    ),
  ),
  status: v.optional(
    v.pipe(v.picklist(TOUR_STATUSES, `status must be one of ${TOUR_STATUSES.join(", ")}`), v.description("Only tours in this status now.")),
  ),
  from: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(INPUT_MAX_LENGTH.instant, `from must be at most ${INPUT_MAX_LENGTH.instant} characters`),
      v.check((text) => normalizeInstant(text) !== null, "from must be an RFC 3339 date-time such as 2026-12-01T15:00:00Z"),
      v.transform((text) => normalizeInstant(text) as string),
      v.string(),
      v.description("An RFC 3339 instant; tours whose end is after it are listed. Default: now (or the cursor's)."),
    ),
  ),
  limit: v.optional(limitSchema, "20"),
  cursor: v.optional(
    v.pipe(v.string(), v.maxLength(INPUT_MAX_LENGTH.cursor, `cursor must be at most ${INPUT_MAX_LENGTH.cursor} characters`)),
  ),
});

export const tourResponseSchema = v.strictObject({ tour: ServedTourSchema });
export const tourWriteResponseSchema = v.strictObject({ tour: ServedTourSchema, unit: unitViewSchema });
export const tourListSchema = v.strictObject({
  tours: v.array(ServedTourSchema),
  nextCursor: v.pipe(v.nullable(v.string()), v.description("Cursor of the next page; null on the last page.")),
});
