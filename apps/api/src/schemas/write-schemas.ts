/**
 * The request bodies of the writes (set_timezone, units, schedule items, templates): every field's bounds,
 * checked before a use case runs. Instants take any RFC 3339 offset and are normalized to UTC;
 * text follows the domain's text rule: 1–200 code points (an address 1–300, a template's body
 * 1–8,000, which alone may break lines), well-formed (no lone surrogate), no control characters.
 * What depends on stored records (a lock, a template, the item's kind) is the use case's to check.
 */
import * as v from "valibot";

import { MAX_LOCK_UNITS } from "@lintel/core/adapters";
import { TEXT_RULES, LOCK_STATUSES, PIN_PATTERN, URL_KEY_PATTERN } from "@lintel/domain/schemas";
import { INPUT_MAX_LENGTH, timeZone } from "./schemas.js";
import { instantField as instant, textField as text } from "./write-fields.js";
import { SHOWING_BOUNDS, WALL_TIME_PATTERN, WEEKDAYS } from "@lintel/domain/adapters";

const id = (name: string, description: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.maxLength(64, `${name} must be at most 64 characters`),
    v.regex(/^[A-Za-z0-9_-]{1,64}$/, `${name} must be an id: 1 to 64 letters, digits, "_" or "-"`),
    v.description(description),
  );

const EXPECTED_VERSION_RANGE = "expectedVersion must be an integer from 1 to 9007199254740991 (2^53−1)";
/** A unit version: past 2^53−1 a JSON number no longer names one integer (9007199254740993 arrives as …992). */
const version = (description: string) =>
  v.pipe(
    v.number(EXPECTED_VERSION_RANGE),
    v.integer(EXPECTED_VERSION_RANGE),
    v.minValue(1, EXPECTED_VERSION_RANGE),
    v.maxValue(Number.MAX_SAFE_INTEGER, EXPECTED_VERSION_RANGE),
    v.description(description),
  );
const expectedVersion = v.optional(
  version("When given, the write applies only while the unit is at this version (else 409 version_conflict)."),
);
// A JSON string can hold what no query string can (a lone surrogate): the text rule refuses what can name no unit.
const unitIdOrKey = text("unitIdOrKey", { max: INPUT_MAX_LENGTH.unitIdOrKey }, "The unit's id, else its urlKey.");
const urlKey = v.pipe(
  v.string("urlKey must be a string"),
  v.maxLength(100, "urlKey must be at most 100 characters"),
  v.regex(URL_KEY_PATTERN, "urlKey must be kebab-case: lowercase letters and digits in groups joined by single hyphens"),
  v.description("The unit's key in URLs, unique in the organization (kebab-case)."),
);
const address = text("address", TEXT_RULES.address, "The unit's address.");
const itemKey = v.pipe(
  v.string("key must be a string"),
  v.maxLength(100, "key must be at most 100 characters"),
  v.regex(/^(tour|code|open_house|scheduled_message):[A-Za-z0-9_-]{1,64}$/, "key must be <kind>:<id>, as list_schedule serves it"),
  v.description("The item's key, `<kind>:<id>`, as list_schedule serves it."),
);

export const setTimezoneBodySchema = v.strictObject({
  unitIdOrKey,
  timeZone: v.pipe(timeZone("timeZone"), v.description("The new IANA time zone name or link, matched case-insensitively.")),
  expectedVersion: version("The unit version the preview answered; a stale one gives 409."),
  policy: v.pipe(
    v.picklist(["keep_instant", "keep_wall_clock"], "policy must be keep_instant or keep_wall_clock"),
    v.description("keep_instant leaves every instant; keep_wall_clock rewrites the items the preview listed."),
  ),
});

export const createUnitBodySchema = v.strictObject({
  urlKey,
  address,
  timeZone: v.optional(
    v.nullable(
      v.pipe(
        v.string("timeZone must be a string"),
        v.maxLength(INPUT_MAX_LENGTH.timeZone, `timeZone must be at most ${INPUT_MAX_LENGTH.timeZone} characters`),
        v.description("An IANA zone name or link (any case); absent or null: none set (shown as UTC)."),
      ),
    ),
  ),
});

export const updateUnitBodySchema = v.strictObject({
  unitIdOrKey,
  expectedVersion,
  urlKey: v.optional(urlKey),
  address: v.optional(address),
  timeZone: v.optional(
    v.never("timeZone is not changed here: use POST /v1/units/set_timezone, which moves the unit's schedule with its zone"),
  ),
});

const itemFields = {
  title: v.optional(text("title", TEXT_RULES.text, "A tour's or open house's title, a code's name, a message's title.")),
  startAt: v.optional(instant("startAt", "When it starts (tours, codes, open houses).")),
  endAt: v.optional(instant("endAt", "When it ends, after startAt (tours, codes, open houses).")),
  sendAt: v.optional(instant("sendAt", "When the message is sent (scheduled messages).")),
  lockId: v.optional(
    v.nullable(id("lockId", "An active lock of the organization that serves the unit (a code needs one; null clears it on an update).")),
  ),
  templateId: v.optional(v.nullable(id("templateId", "A template of the organization (scheduled messages; null clears it on an update)."))),
  code: v.optional(
    v.pipe(
      v.string("code must be a string of 4 to 8 digits"),
      v.maxLength(8, "code must be 4 to 8 digits"),
      v.regex(PIN_PATTERN, "code must be 4 to 8 digits"),
      v.description("A code's PIN, 4 to 8 digits (codes; a new code without one gets 6 random digits)."),
    ),
  ),
};

export const createScheduleItemBodySchema = v.strictObject({
  unitIdOrKey,
  expectedVersion,
  kind: v.pipe(
    v.picklist(["tour", "code", "open_house", "scheduled_message"], "kind must be tour, code, open_house or scheduled_message"),
    v.description(
      "tour and open_house: title, startAt, endAt, lockId?; code: title, startAt, endAt, lockId, code?; scheduled_message: title, sendAt, templateId?",
    ),
  ),
  ...itemFields,
});

export const updateScheduleItemBodySchema = v.strictObject({ unitIdOrKey, key: itemKey, expectedVersion, ...itemFields });

export const deleteScheduleItemBodySchema = v.strictObject({ unitIdOrKey, key: itemKey, expectedVersion });

const templateName = text("name", TEXT_RULES.text, "The template's name.");
const templateBody = text(
  "body",
  TEXT_RULES.templateBody,
  "Message text with {{name}} placeholders, each a variable of list_template_variables (spaces allowed inside the braces); line breaks and tabs allowed.",
);
const sortOrder = v.pipe(
  v.number("sortOrder must be an integer from -2147483648 to 2147483647"),
  v.integer("sortOrder must be an integer from -2147483648 to 2147483647"),
  v.minValue(-2147483648, "sortOrder must be an integer from -2147483648 to 2147483647"),
  v.maxValue(2147483647, "sortOrder must be an integer from -2147483648 to 2147483647"),
  v.description("Templates are listed by sortOrder, then id. Default 0."),
);
const templateId = id("templateId", "The template's id.");

export const createTemplateBodySchema = v.strictObject({ name: templateName, body: templateBody, sortOrder: v.optional(sortOrder) });
export const updateTemplateBodySchema = v.strictObject({
  templateId,
  name: v.optional(templateName),
  body: v.optional(templateBody),
  sortOrder: v.optional(sortOrder),
});
export const deleteTemplateBodySchema = v.strictObject({ templateId });

/** A render: templateId or body (exactly one: the use case says which is wrong), the unit, and a tour of it. */
export const renderTemplateBodySchema = v.strictObject({
  templateId: v.optional(id("templateId", "A saved template of the organization to render (or give body).")),
  body: v.optional(
    text("body", TEXT_RULES.templateBody, "A template's text to render as a template write would take it (or give templateId)."),
  ),
  unitIdOrKey,
  tourId: v.optional(id("tourId", "A booked tour of the unit (tour_…): its times, PIN, code window and lock. Needs tours:read.")),
});

const LOCK_UNITS = `unitIds must list 1 to ${MAX_LOCK_UNITS} units`;

/** Each field given replaces the lock's; none given changes nothing. */
export const updateLockBodySchema = v.strictObject({
  lockId: id("lockId", "The lock's id (an inactive lock of the organization too)."),
  name: v.optional(text("name", TEXT_RULES.text, "The lock's name.")),
  unitIds: v.optional(
    v.pipe(
      v.array(id("unitIds", "A unit of the organization."), "unitIds must be a list of unit ids"),
      v.minLength(1, LOCK_UNITS),
      v.maxLength(MAX_LOCK_UNITS, LOCK_UNITS),
      v.check((ids) => new Set(ids).size === ids.length, "unitIds must list each unit once"),
      v.description(
        `The units the lock serves, 1 to ${MAX_LOCK_UNITS}, each once (more than one: a shared lock, such as a building door). ` +
          "It may not stop serving a unit while a code of that unit ending ahead names it (409).",
      ),
    ),
  ),
  timeZone: v.optional(
    v.nullable(
      v.pipe(
        v.string("timeZone must be a string"),
        v.maxLength(INPUT_MAX_LENGTH.timeZone, `timeZone must be at most ${INPUT_MAX_LENGTH.timeZone} characters`),
        v.description("The device's IANA zone name or link (any case, answered by its current name); null clears it."),
      ),
    ),
  ),
  status: v.optional(
    v.pipe(
      v.picklist(LOCK_STATUSES, "status must be active or inactive"),
      v.description("inactive: the lock serves no unit and every read hides it (it may not while codes ahead name it, 409)."),
    ),
  ),
});

const ruleMinutes = (name: string, bounds: { readonly min: number; readonly max: number; readonly default: number }, what: string) =>
  v.optional(
    v.pipe(
      v.number(`${name} must be a number`),
      v.integer(`${name} must be a whole number from ${bounds.min} to ${bounds.max}`),
      v.minValue(bounds.min, `${name} must be a whole number from ${bounds.min} to ${bounds.max}`),
      v.maxValue(bounds.max, `${name} must be a whole number from ${bounds.min} to ${bounds.max}`),
      v.description(`${what} ${bounds.min}–${bounds.max}, default ${bounds.default}.`),
    ),
  );
const wallTime = (name: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.maxLength(5, `${name} must be HH:MM`),
    v.regex(WALL_TIME_PATTERN, `${name} must be HH:MM from 00:00 to 24:00`),
    v.description("Local wall-clock HH:MM (24:00 = the end of the day)."),
  );

export const setShowingRulesBodySchema = v.strictObject({
  unitIdOrKey,
  rules: v.pipe(
    v.nullable(
      v.strictObject({
        weekly: v.pipe(
          v.array(
            v.strictObject({
              day: v.picklist(WEEKDAYS, `day must be one of ${WEEKDAYS.join(", ")}`),
              opens: wallTime("opens"),
              closes: wallTime("closes"),
            }),
            "weekly must be a list",
          ),
          v.maxLength(SHOWING_BOUNDS.windows, `weekly must hold at most ${SHOWING_BOUNDS.windows} windows`),
          v.description("Windows of local time per weekday: opens before closes, a day's windows not overlapping."),
        ),
        slotMinutes: ruleMinutes("slotMinutes", SHOWING_BOUNDS.slotMinutes, "Slot length in minutes,"),
        bufferMinutes: ruleMinutes("bufferMinutes", SHOWING_BOUNDS.bufferMinutes, "Minutes kept free before and after each tour,"),
        minNoticeMinutes: ruleMinutes("minNoticeMinutes", SHOWING_BOUNDS.minNoticeMinutes, "Minutes of notice a slot needs,"),
        maxDaysAhead: ruleMinutes("maxDaysAhead", SHOWING_BOUNDS.maxDaysAhead, "How many days ahead slots are offered,"),
        maxConcurrent: ruleMinutes("maxConcurrent", SHOWING_BOUNDS.maxConcurrent, "Tours at once,"),
        blackouts: v.optional(
          v.pipe(
            v.array(v.strictObject({ startAt: instant("startAt", "The blackout's start."), endAt: instant("endAt", "Its end.") })),
            v.maxLength(SHOWING_BOUNDS.blackouts, `blackouts must hold at most ${SHOWING_BOUNDS.blackouts} entries`),
          ),
        ),
      }),
    ),
    v.description("The rules; null removes them."),
  ),
  expectedVersion,
});
