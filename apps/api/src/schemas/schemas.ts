/**
 * The valibot schemas of the HTTP contract. Request schemas validate every query
 * string and body; response schemas describe what the routes answer. `openapi.js` turns the
 * same schemas into the OpenAPI document, so the document and the validation cannot drift.
 */
import * as v from "valibot";
import { canonicalTimeZone, PROBLEMS, refusedZoneReason } from "@lintel/domain";
import {
  LockStateRecordSchema,
  ScheduleEntrySchema,
  ServedSlotSchema,
  ServedLockSchema,
  ServedUnitSchema,
  TemplateRecordSchema,
  TimezonePreviewSchema,
} from "@lintel/domain/schemas";
import { normalizeInstant } from "@lintel/core/adapters";

/**
 * Bounds of the input strings (declared as `maxLength` in the document, refused with 400 past
 * them): ids are at most 64 characters (`[A-Za-z0-9_-]{1,64}`), a unit's id or urlKey at most
 * 255, a zone name at most 64 (tzdb's longest is 32), a cursor at most 1024 (Lintel's are
 * under 400), an instant at most 64.
 */
export const INPUT_MAX_LENGTH = { id: 64, unitIdOrKey: 255, timeZone: 64, cursor: 1024, instant: 64 } as const;

const required = (name: string, max: number) =>
  v.pipe(v.string(), v.minLength(1, `${name} must not be empty`), v.maxLength(max, `${name} must be at most ${max} characters`));

/** A tz database zone name or link (any case); the use case answers it by its canonical name. A refusal suggests zones. */
export const timeZone = (name: string) =>
  v.pipe(
    required(name, INPUT_MAX_LENGTH.timeZone),
    v.check(
      (text) => canonicalTimeZone(text) !== null,
      (issue) => refusedZoneReason(String(issue.input)),
    ),
  );

/** `limit`: an integer 1..100 written in plain decimal digits (no sign, exponent or point). */
export const limitSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9]+$/, "limit must be an integer from 1 to 100 in plain decimal digits"),
  v.transform(Number),
  v.number(),
  v.integer(),
  v.minValue(1, "limit must be an integer from 1 to 100"),
  v.maxValue(100, "limit must be an integer from 1 to 100"),
  v.description("Page size, 1..100 in plain decimal; default 20."),
);

const cursorSchema = v.pipe(
  v.string(),
  v.maxLength(INPUT_MAX_LENGTH.cursor, `cursor must be at most ${INPUT_MAX_LENGTH.cursor} characters`),
  v.description("The nextCursor of the previous page, sent unchanged."),
);

// ---- request schemas: one per endpoint --------------------------------------------------

export const previewQuerySchema = v.strictObject({
  unitIdOrKey: v.pipe(required("unitIdOrKey", INPUT_MAX_LENGTH.unitIdOrKey), v.description("The unit's id, else its urlKey.")),
  proposedTimeZone: v.pipe(
    timeZone("proposedTimeZone"),
    v.description("An IANA time zone name or link, matched case-insensitively; fixed offsets are refused."),
    v.examples(["America/New_York"]),
  ),
});

export const getTemplateQuerySchema = v.strictObject({
  templateId: v.pipe(required("templateId", INPUT_MAX_LENGTH.id), v.description("The template's id.")),
});

export const listQuerySchema = v.strictObject({
  limit: v.optional(limitSchema, "20"),
  cursor: v.optional(cursorSchema),
});

const unitIdOrKey = v.pipe(required("unitIdOrKey", INPUT_MAX_LENGTH.unitIdOrKey), v.description("The unit's id, else its urlKey."));

export const getUnitQuerySchema = v.strictObject({ unitIdOrKey });

export const listScheduleQuerySchema = v.strictObject({
  unitIdOrKey,
  limit: v.optional(limitSchema, "20"),
  cursor: v.optional(cursorSchema),
  from: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(INPUT_MAX_LENGTH.instant, `from must be at most ${INPUT_MAX_LENGTH.instant} characters`),
      v.check((text) => normalizeInstant(text) !== null, "from must be an RFC 3339 date-time such as 2026-12-01T15:00:00Z"),
      // Normalized to UTC with milliseconds; still a string, so the document shows what is sent.
      v.transform((text) => normalizeInstant(text) as string),
      v.string(),
      v.description("An RFC 3339 instant; items whose end is after it are listed. Default: now (or the cursor's)."),
      v.examples(["2026-12-01T00:00:00Z"]),
    ),
  ),
});

const slotsInstant = (name: string, description: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(INPUT_MAX_LENGTH.instant, `${name} must be at most ${INPUT_MAX_LENGTH.instant} characters`),
      v.check((text) => normalizeInstant(text) !== null, `${name} must be an RFC 3339 date-time such as 2026-12-01T15:00:00Z`),
      v.transform((text) => normalizeInstant(text) as string),
      v.string(),
      v.description(description),
    ),
  );

export const listAvailableSlotsQuerySchema = v.strictObject({
  unitIdOrKey,
  from: slotsInstant("from", "Slots starting at or after it. Default now."),
  to: slotsInstant("to", "Slots ending at or before it: after from, at most 31 days after it. Default from + 7 days."),
});

/** list_available_slots' answer. */
export const slotListSchema = v.strictObject({
  unitId: v.string(),
  timeZone: v.nullable(v.string()),
  slots: v.array(ServedSlotSchema),
});

/** Endpoints that take no query parameters at all. */
export const emptyQuerySchema = v.strictObject({});

// ---- response schemas ---------------------------------------------------------------------

// The records' own schemas (`@lintel/domain`) describe them; a view leaves out what is never
// shown (the owner's id). The computed answers (the preview, a schedule entry) are shown whole,
// so their domain schemas are used as they are. The schemas describe (the document, the view
// types): responses are not validated.

/** A lock as the API shows it: the record without its owner (the domain's, which events carry too). */
export const lockViewSchema = ServedLockSchema;
/** A lock's state as the API shows it: all of it. */
export const lockStateViewSchema = LockStateRecordSchema;
/** A template as the API shows it: the record without its owner. */
export const templateViewSchema = v.omit(TemplateRecordSchema, ["orgId"]);
/** A unit as the API shows it: the record without its owner (the domain's, which events carry too). */
export const unitViewSchema = ServedUnitSchema;

/** preview_timezone_change's answer: the domain's preview, whole. */
export const previewSchema = TimezonePreviewSchema;

export const setTimezoneResponseSchema = v.strictObject({
  unit: unitViewSchema,
  moved: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const nextCursor = v.pipe(v.nullable(v.string()), v.description("Cursor of the next page; null on the last page."));

export const templateResponseSchema = v.strictObject({ template: templateViewSchema });
export const templateListSchema = v.strictObject({ templates: v.array(templateViewSchema), nextCursor });
export const lockResponseSchema = v.strictObject({ lock: lockViewSchema });
export const lockListSchema = v.strictObject({ locks: v.array(lockViewSchema), nextCursor });
export const lockStateResponseSchema = v.strictObject({ state: lockStateViewSchema });
export const unitResponseSchema = v.strictObject({ unit: unitViewSchema });
export const unitListSchema = v.strictObject({ units: v.array(unitViewSchema), nextCursor });
export const scheduleListSchema = v.strictObject({ items: v.array(ScheduleEntrySchema), nextCursor });
/** A schedule item write's answer: the item as list_schedule serves it, and the unit after the change. */
export const itemWriteResponseSchema = v.strictObject({ item: ScheduleEntrySchema, unit: unitViewSchema });

export const templateVariablesSchema = v.strictObject({
  variables: v.array(
    v.strictObject({
      name: v.pipe(v.string(), v.description("What a placeholder names: {{tour.start}}.")),
      description: v.string(),
      example: v.pipe(v.string(), v.description("What it renders to for an example tour.")),
    }),
  ),
});
/** render_message_template's answer. */
export const renderedTemplateSchema = v.strictObject({
  text: v.pipe(v.string(), v.description("The message as it would be sent now; a placeholder with no value renders empty.")),
  values: v.pipe(
    v.record(v.string(), v.nullable(v.string())),
    v.description("Each placeholder of the template, once: its value, or null when it has none."),
  ),
  missing: v.pipe(v.array(v.string()), v.description("The placeholders with no value for this unit or tour, in order of first use.")),
  sms: v.pipe(
    v.strictObject({
      encoding: v.pipe(
        v.picklist(["GSM-7", "UCS-2"]),
        v.description("GSM-7 when every character is in the GSM 03.38 alphabet or its extension, else UCS-2."),
      ),
      units: v.pipe(
        v.number(),
        v.integer(),
        v.minValue(0),
        v.description("Septets (an extension character counts 2), or UTF-16 code units under UCS-2."),
      ),
      segments: v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.description("One segment holds 160 GSM-7 / 70 UCS-2 units; a longer text takes 153 / 67 per segment."),
      ),
    }),
    v.description("What the text costs as SMS."),
  ),
});

const PROBLEM_CODES = Object.keys(PROBLEMS) as (keyof typeof PROBLEMS)[];

export const problemSchema = v.strictObject({
  type: v.pipe(v.string(), v.description("{DOCS_URL}/errors#<anchor>")),
  title: v.string(),
  status: v.pipe(v.number(), v.integer()),
  detail: v.string(),
  code: v.picklist(PROBLEM_CODES),
  requestId: v.string(),
  invalidParams: v.optional(v.array(v.strictObject({ name: v.string(), reason: v.string() }))),
  currentVersion: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.description("version_conflict only: the unit's version now.")),
  ),
});

export const healthSchema = v.strictObject({ status: v.literal("ok") });
