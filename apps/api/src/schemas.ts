/**
 * The valibot schemas of the HTTP contract (SPEC 5). Request schemas validate every query
 * string and body; response schemas describe what the routes answer. `openapi.ts` turns the
 * same schemas into the OpenAPI document, so the document and the validation cannot drift.
 */
import * as v from "valibot";
import { canonicalTimeZone, ITEM_KINDS, LOCK_STATUSES, PROBLEMS } from "@lintel/domain";

const required = (name: string) => v.pipe(v.string(), v.minLength(1, `${name} must not be empty`));

/** An IANA zone name or link (any case); the use case answers it by its canonical name. */
const timeZone = (name: string) =>
  v.pipe(
    required(name),
    v.check((text) => canonicalTimeZone(text) !== null, `${name} must be an IANA time zone name such as America/Chicago (fixed offsets are not zones)`),
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
  v.description("The nextCursor of the previous page, sent unchanged."),
);

// ---- request schemas: one per endpoint --------------------------------------------------

export const previewQuerySchema = v.strictObject({
  unitIdOrKey: v.pipe(required("unitIdOrKey"), v.description("The unit's id, else its urlKey.")),
  proposedTimeZone: v.pipe(
    timeZone("proposedTimeZone"),
    v.description("An IANA time zone name or link, matched case-insensitively; fixed offsets are refused."),
    v.examples(["America/New_York"]),
  ),
});

export const getTemplateQuerySchema = v.strictObject({
  templateId: v.pipe(required("templateId"), v.description("The template's id.")),
});

export const listQuerySchema = v.strictObject({
  limit: v.optional(limitSchema, "20"),
  cursor: v.optional(cursorSchema),
});

/** Endpoints that take no query parameters at all. */
export const emptyQuerySchema = v.strictObject({});

export const setTimezoneBodySchema = v.strictObject({
  unitIdOrKey: v.pipe(required("unitIdOrKey"), v.description("The unit's id, else its urlKey.")),
  timeZone: v.pipe(timeZone("timeZone"), v.description("The new IANA time zone name or link, matched case-insensitively.")),
  expectedVersion: v.pipe(
    v.number("expectedVersion must be an integer ≥ 1"),
    v.integer("expectedVersion must be an integer ≥ 1"),
    v.minValue(1, "expectedVersion must be an integer ≥ 1"),
    v.description("The unit version the preview answered; a stale one gives 409."),
  ),
  policy: v.pipe(
    v.picklist(["keep_instant", "keep_wall_clock"], "policy must be keep_instant or keep_wall_clock"),
    v.description("keep_instant leaves every instant; keep_wall_clock rewrites the items the preview listed."),
  ),
});

// ---- response schemas ---------------------------------------------------------------------

const instant = v.pipe(v.string(), v.description("RFC 3339 instant in UTC with milliseconds."));
const zone = v.pipe(v.nullable(v.string()), v.description("IANA zone name, or null = none set (UTC)."));

export const lockSchema = v.strictObject({
  lockId: v.string(),
  name: v.string(),
  provider: v.string(),
  providerDeviceId: v.string(),
  model: v.nullable(v.string()),
  timeZone: zone,
  unitIds: v.array(v.string()),
  status: v.picklist(LOCK_STATUSES),
  createdAt: instant,
  updatedAt: instant,
});

export const lockStateSchema = v.strictObject({
  lockId: v.string(),
  provider: v.string(),
  lockState: v.picklist(["locked", "unlocked", "jammed", "unknown"]),
  doorState: v.picklist(["open", "closed", "unknown"]),
  online: v.boolean(),
  batteryLevel: v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  lastSeenAt: v.nullable(instant),
  fetchedAt: instant,
});

export const templateSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  body: v.pipe(v.string(), v.description("Message text with {{variables}} placeholders.")),
  sortOrder: v.pipe(v.number(), v.integer()),
  createdAt: instant,
  updatedAt: instant,
});

export const previewItemSchema = v.strictObject({
  key: v.pipe(v.string(), v.description("<kind>:<id>")),
  kind: v.picklist(ITEM_KINDS),
  title: v.string(),
  startAt: instant,
  endAt: instant,
  wallClockStart: v.pipe(v.string(), v.description("Keep-wall-clock start, RFC 3339 with the proposed zone's offset.")),
  wallClockEnd: v.pipe(v.string(), v.description("Keep-wall-clock end, RFC 3339 with the proposed zone's offset.")),
  beforeLabel: v.string(),
  keepInstantLabel: v.string(),
  keepWallClockLabel: v.string(),
  sharedLockConflict: v.boolean(),
});

export const previewSchema = v.strictObject({
  status: v.picklist(["ok", "noop", "conflict"]),
  unitId: v.string(),
  address: v.string(),
  expectedVersion: v.pipe(v.number(), v.integer(), v.minValue(1)),
  currentTimeZone: zone,
  proposedTimeZone: v.string(),
  beforeUsesUtc: v.boolean(),
  items: v.array(previewItemSchema),
});

export const setTimezoneResponseSchema = v.strictObject({
  unit: v.strictObject({
    id: v.string(),
    urlKey: v.string(),
    address: v.string(),
    timeZone: zone,
    version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  moved: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const nextCursor = v.pipe(v.nullable(v.string()), v.description("Cursor of the next page; null on the last page."));

export const templateResponseSchema = v.strictObject({ template: templateSchema });
export const templateListSchema = v.strictObject({ templates: v.array(templateSchema), nextCursor });
export const lockResponseSchema = v.strictObject({ lock: lockSchema });
export const lockListSchema = v.strictObject({ locks: v.array(lockSchema), nextCursor });
export const lockStateResponseSchema = v.strictObject({ state: lockStateSchema });

const PROBLEM_CODES = Object.keys(PROBLEMS) as (keyof typeof PROBLEMS)[];

export const problemSchema = v.strictObject({
  type: v.pipe(v.string(), v.description("{DOCS_URL}/errors#<anchor>")),
  title: v.string(),
  status: v.pipe(v.number(), v.integer()),
  detail: v.string(),
  code: v.picklist(PROBLEM_CODES),
  requestId: v.string(),
  invalidParams: v.optional(v.array(v.strictObject({ name: v.string(), reason: v.string() }))),
});

export const healthSchema = v.strictObject({ status: v.literal("ok") });
