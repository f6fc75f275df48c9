/**
 * The fixture rules, as an input layer over the records' own schemas
 * (`@lintel/domain`): pure, no I/O. A record's fixture schema holds one input rule per field of
 * its record schema (the compiler checks that every field has one), then fills in defaults,
 * then ends in the record schema itself, so what a fixture yields is a record as described
 * there. The input rules are more lenient in form (any RFC 3339 instant, any zone name or
 * link: output canonical) and say what is wrong in the fixture's words: every message names
 * the field and the value (a text's, never: it may hold what cannot be shown), and the judge in
 * `fixture.js` prefixes the record's label. Text follows the writes' rule (`textProblem`): an
 * address at most 300 characters, a template body 8,000 (the only one with line breaks), every
 * other text 200, none blank. Unknown fields and rules across records are the judge's.
 */
import * as v from "valibot";
import {
  canonicalTimeZone,
  hashApiKey,
  ID_PATTERN,
  isWellFormedApiKey,
  LOCK_STATUSES,
  PIN_PATTERN,
  refusedZoneReason,
  SCOPES,
  URL_KEY_PATTERN,
} from "@lintel/domain";
import {
  ApiKeyRecordSchema,
  LockRecordSchema,
  OrgRecordSchema,
  RatePolicySchema,
  TEXT_RULES,
  TemplateRecordSchema,
  textProblem,
  UnitRecordSchema,
  type TextRule,
} from "@lintel/domain/schemas";
import { normalizeInstant } from "./instant-text.js";

/** A value as an error message quotes it: JSON, cut at 80 characters. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The message of a field's issue, from the value it refused. */
const says = (message: (input: unknown) => string) => (issue: v.BaseIssue<unknown>) => message(issue.input);

/** A record's own issues: a required field that is absent (an unknown field is the judge's). */
const recordMessage = (issue: v.BaseIssue<unknown>) => `${v.getDotPath(issue) ?? "(record)"} is missing`;

// ---- the input rules: each takes the field's name, for its messages ---------------------------

const id = (name: string) => {
  const notAnId = says((input) => `${name} ${show(input)} is not an id ([A-Za-z0-9_-]{1,64})`);
  return v.pipe(v.string(notAnId), v.regex(ID_PATTERN, notAnId));
};
const nullableId = (name: string) => v.nullish(id(name), null);

const text = (name: string) => v.string(says((input) => `${name} must be a string, not ${show(input)}`));
/** Why `value` is refused as text by `rule` (the writes' text rule), or for being blank unless `blankAllowed`. */
const textRefusal = (value: string, rule: TextRule, blankAllowed: boolean) =>
  textProblem(value, rule) ?? (!blankAllowed && value.trim() === "" ? "must not be empty" : null);
/**
 * Text by the writes' rule (`rule`; a line of at most 200 characters by default) and, unless
 * `blankAllowed`, not blank; the message names the field, never the text (it may hold what cannot be shown).
 */
const ruledText =
  (rule: TextRule = TEXT_RULES.text, blankAllowed = false) =>
  (name: string) =>
    v.pipe(
      text(name),
      v.check(
        (value) => textRefusal(value, rule, blankAllowed) === null,
        (issue) => `${name} ${textRefusal(issue.input, rule, blankAllowed) ?? "is not valid text"}`,
      ),
    );
const nonEmptyText = ruledText();
const optionalText = (name: string) => v.nullish(nonEmptyText(name), null);

/** Any RFC 3339 date-time, output in the canonical UTC form with milliseconds. */
const instant = (name: string) =>
  v.pipe(
    v.custom<string>(
      (input) => typeof input === "string" && normalizeInstant(input) !== null,
      says((input) => `${name} ${show(input)} is not an RFC 3339 instant`),
    ),
    v.transform((input) => normalizeInstant(input) ?? input),
  );
const optionalInstant = (name: string) => v.nullish(instant(name), null);

/** A tz database name or link, output as its canonical name; null or absent is no zone. */
const optionalZone = (name: string) =>
  v.nullish(
    v.pipe(
      v.custom<string>(
        (input) => typeof input === "string" && canonicalTimeZone(input) !== null,
        says((input) => `${name}: ${typeof input === "string" ? refusedZoneReason(input) : `${show(input)} is not a time zone name`}`),
      ),
      v.transform((input) => canonicalTimeZone(input) ?? input),
    ),
    null,
  );

const integer = (min: number) => (name: string) =>
  v.custom<number>(
    (input) => Number.isSafeInteger(input) && (input as number) >= min,
    says((input) => `${name} ${show(input)} must be an integer ≥ ${min}`),
  );

/** A list of distinct entries, each one `entry` accepts. */
const distinctList = <T>(name: string, entry: v.GenericSchema<unknown, T>) =>
  v.pipe(
    v.array(
      entry,
      says((input) => (input === undefined ? `${name} is missing` : `${name} must be a list`)),
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const seen = new Set<T>();
      for (const value of dataset.value) {
        if (seen.has(value)) addIssue({ message: `${name} lists ${show(value)} twice` });
        seen.add(value);
      }
    }),
  );
/** The message of a list entry that is not `what`. */
const listEntry = (name: string, what: string) => says((input) => `${name} holds ${show(input)}, which is not ${what}`);

/** `{ requests, windowSeconds }` as the record holds it; null or absent is the default budget. */
const ratePolicy = (name: string) =>
  v.nullish(
    v.custom<v.InferOutput<typeof RatePolicySchema>>(
      (input) => v.is(RatePolicySchema, input),
      says((input) => `${name} ${show(input)} must be { requests, windowSeconds } with positive integers, or null`),
    ),
    null,
  );

// ---- the records ------------------------------------------------------------------------------

/** The input rule of one field: its schema, given the field's name. */
type Rule = (name: string) => v.GenericSchema;
/** A record schema of `@lintel/domain`. */
type RecordSchema = v.StrictObjectSchema<v.ObjectEntries, undefined>;
/** One input rule per field of `S`, and no other. */
type RulesOf<S extends RecordSchema> = { readonly [K in keyof S["entries"]]: Rule };

/** Each rule of `rules` given its field's name: an object's entries. */
function named<R extends Readonly<Record<string, Rule>>>(rules: R): { -readonly [K in keyof R]: ReturnType<R[K]> } {
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule(name)])) as { [K in keyof R]: ReturnType<R[K]> };
}

/** A record's fixture schema: its input rules, then `complete` (defaults filled in), then `record` itself. */
function fixtureRecord<S extends RecordSchema>(
  record: S,
  rules: RulesOf<S>,
  complete: (fields: Record<string, unknown>) => unknown = (fields) => fields,
): v.GenericSchema<unknown, v.InferOutput<S>> {
  const fields = v.object(named(rules) as v.ObjectEntries, recordMessage);
  return v.pipe(fields, v.transform(complete), record);
}

/** updatedAt, when absent or null, is createdAt. */
const updatedAtDefault = (fields: Record<string, unknown>) => ({ ...fields, updatedAt: fields["updatedAt"] ?? fields["createdAt"] });

/** An org as a fixture gives it. */
export const orgFixtureSchema = fixtureRecord(OrgRecordSchema, { id, name: nonEmptyText });

/** A unit as a fixture gives it; version defaults to 1. */
export const unitFixtureSchema = fixtureRecord(UnitRecordSchema, {
  id,
  orgId: id,
  urlKey: (name) =>
    v.pipe(
      text(name),
      v.regex(
        URL_KEY_PATTERN,
        says((input) => `${name} ${show(input)} is not kebab-case (${URL_KEY_PATTERN.source})`),
      ),
    ),
  address: ruledText(TEXT_RULES.address),
  timeZone: optionalZone,
  version: (name) => v.optional(integer(1)(name), 1),
});

/** A lock as a fixture gives it; status defaults to active, updatedAt to createdAt. */
export const lockFixtureSchema = fixtureRecord(
  LockRecordSchema,
  {
    lockId: id,
    orgId: id,
    name: nonEmptyText,
    provider: nonEmptyText,
    providerDeviceId: nonEmptyText,
    model: optionalText,
    timeZone: optionalZone,
    unitIds: (name) =>
      distinctList(name, v.pipe(v.string(listEntry(name, "a unit id")), v.regex(ID_PATTERN, listEntry(name, "a unit id")))),
    status: (name) =>
      v.optional(
        v.picklist(
          LOCK_STATUSES,
          says((input) => `${name} ${show(input)} must be one of ${LOCK_STATUSES.join(", ")}`),
        ),
        "active",
      ),
    createdAt: instant,
    updatedAt: optionalInstant,
  },
  updatedAtDefault,
);

/** A template as a fixture gives it; updatedAt defaults to createdAt. */
export const templateFixtureSchema = fixtureRecord(
  TemplateRecordSchema,
  {
    id,
    orgId: id,
    name: nonEmptyText,
    body: ruledText(TEXT_RULES.templateBody, true),
    sortOrder: integer(Number.MIN_SAFE_INTEGER),
    createdAt: instant,
    updatedAt: optionalInstant,
  },
  updatedAtDefault,
);

/** An API key's rules, but for `hash`: a fixture gives the plain `key` or its SHA-256 `hash`, never both. */
const apiKeyRules: Omit<RulesOf<typeof ApiKeyRecordSchema>, "hash"> = {
  id,
  orgId: id,
  name: nonEmptyText,
  scopes: (name) => distinctList(name, v.picklist(SCOPES, listEntry(name, "a scope"))),
  expiresAt: optionalInstant,
  revokedAt: optionalInstant,
  rateLimit: ratePolicy,
  createdAt: instant,
};

/** An API key record as a fixture gives it, with the plain `key` or its `hash`; output with its hash. */
export const apiKeyFixtureSchema = v.pipe(
  v.object(
    {
      ...named(apiKeyRules),
      key: v.optional(
        v.custom<string>(
          (input) => typeof input === "string" && isWellFormedApiKey(input),
          "key is not a well-formed API key (lnt_ + 40 characters with a valid checksum)",
        ),
      ),
      hash: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "hash must be a SHA-256 in lowercase hex (64 characters)"))),
    },
    recordMessage,
  ),
  v.partialCheck(
    [["key"], ["hash"]],
    (record) => (record.key === undefined) !== (record.hash === undefined),
    "needs exactly one of key (the plain key) or hash (its SHA-256)",
  ),
  v.transform(({ key, hash, ...record }) => ({ ...record, hash: key === undefined ? (hash ?? "") : hashApiKey(key) })),
  ApiKeyRecordSchema,
);

// ---- schedule items: each list has its own shape, which the judge reads into the item record ----

/** An item's unit, and its org when given (else the judge fills in the unit's). */
const itemOwner = { id, unitId: id, orgId: (name: string) => v.optional(id(name)) };

/** endAt may not come before startAt: checked once both are valid instants, whatever else is wrong. */
const spanPaths = [["startAt"], ["endAt"]] as const;
const inOrder = (item: { startAt: string; endAt: string }) => item.endAt >= item.startAt;
const outOfOrder = (issue: v.BaseIssue<unknown>) => {
  const item = issue.input as { startAt: string; endAt: string };
  return `endAt ${item.endAt} is before startAt ${item.startAt}`;
};

const span = { startAt: instant, endAt: instant };
const tourLike = v.object(named({ ...itemOwner, title: nonEmptyText, ...span, lockId: nullableId }), recordMessage);
/** A code's PIN: optional (Lintel makes one); never echoed in a message. */
const pin = (name: string) => v.optional(v.pipe(v.string(), v.regex(PIN_PATTERN, `${name} must be 4 to 8 digits`)));
const code = v.object(named({ ...itemOwner, name: nonEmptyText, ...span, lockId: id, code: pin }), recordMessage);

/** Every item list's schema; the judge reads `title`/`name` and `sendAt` into the common item shape. */
export const itemFixtureSchemas = {
  tour: v.pipe(tourLike, v.partialCheck(spanPaths, inOrder, outOfOrder)),
  code: v.pipe(code, v.partialCheck(spanPaths, inOrder, outOfOrder)),
  open_house: v.pipe(tourLike, v.partialCheck(spanPaths, inOrder, outOfOrder)),
  scheduled_message: v.object(named({ ...itemOwner, title: nonEmptyText, sendAt: instant, templateId: nullableId }), recordMessage),
} as const;
