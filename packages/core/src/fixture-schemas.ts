/**
 * The fixture rules of SPEC 1 and 6 as valibot schemas, one per record type: pure, no I/O.
 * Each schema checks one raw record and outputs its normalized fields (canonical instants and
 * zones, defaults filled in); every message names the field and the value, and the judge in
 * `fixture.ts` prefixes the record's label. Unknown fields and rules across records are the
 * judge's.
 */
import * as v from "valibot";
import {
  canonicalTimeZone,
  hashApiKey,
  ID_PATTERN,
  isWellFormedApiKey,
  LOCK_STATUSES,
  refusedZoneReason,
  SCOPES,
  URL_KEY_PATTERN,
} from "@lintel/domain";
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

const id = (name: string) =>
  v.pipe(
    v.string(says((input) => `${name} ${show(input)} is not an id ([A-Za-z0-9_-]{1,64})`)),
    v.regex(
      ID_PATTERN,
      says((input) => `${name} ${show(input)} is not an id ([A-Za-z0-9_-]{1,64})`),
    ),
  );
const nullableId = (name: string) => v.nullish(id(name), null);

const text = (name: string) => v.string(says((input) => `${name} must be a string, not ${show(input)}`));
const nonEmptyText = (name: string) =>
  v.pipe(
    text(name),
    v.check((value) => value.trim() !== "", `${name} must not be empty`),
  );
const optionalText = (name: string) => v.nullish(v.string(says((input) => `${name} must be a string or null, not ${show(input)}`)), null);

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

const integer = (name: string, min: number) =>
  v.custom<number>(
    (input) => Number.isSafeInteger(input) && (input as number) >= min,
    says((input) => `${name} ${show(input)} must be an integer ≥ ${min}`),
  );

/** A list of distinct entries, each one `entry` accepts; `what` names an entry in messages. */
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
const listEntry = (name: string, what: string) => says((input) => `${name} holds ${show(input)}, which is not ${what}`);

/** `{ requests, windowSeconds }` within the budget law's bounds; null or absent is the default budget. */
const ratePolicy = (name: string) => {
  const bound = (max: number) => v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(max));
  const policy = v.strictObject({ requests: bound(999_999_999), windowSeconds: bound(9_999_999) });
  return v.nullish(
    v.custom<v.InferOutput<typeof policy>>(
      (input) => v.is(policy, input),
      says((input) => `${name} ${show(input)} must be { requests, windowSeconds } with positive integers, or null`),
    ),
    null,
  );
};

export const orgSchema = v.object({ id: id("id"), name: nonEmptyText("name") }, recordMessage);

/** An API key record, given as the plain `key` or as its SHA-256 `hash`, never both; output with its hash. */
export const apiKeySchema = v.pipe(
  v.object(
    {
      id: id("id"),
      orgId: id("orgId"),
      name: nonEmptyText("name"),
      key: v.optional(
        v.custom<string>(
          (input) => typeof input === "string" && isWellFormedApiKey(input),
          "key is not a well-formed API key (lnt_ + 40 characters with a valid checksum)",
        ),
      ),
      hash: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "hash must be a SHA-256 in lowercase hex (64 characters)"))),
      scopes: distinctList("scopes", v.picklist(SCOPES, listEntry("scopes", "a scope"))),
      expiresAt: optionalInstant("expiresAt"),
      revokedAt: optionalInstant("revokedAt"),
      rateLimit: ratePolicy("rateLimit"),
      createdAt: instant("createdAt"),
    },
    recordMessage,
  ),
  v.partialCheck(
    [["key"], ["hash"]],
    (record) => (record.key === undefined) !== (record.hash === undefined),
    "needs exactly one of key (the plain key) or hash (its SHA-256)",
  ),
  v.transform(({ key, hash, ...record }) => ({ ...record, hash: key === undefined ? (hash ?? "") : hashApiKey(key) })),
);

export const unitSchema = v.object(
  {
    id: id("id"),
    orgId: id("orgId"),
    urlKey: v.pipe(
      text("urlKey"),
      v.regex(
        URL_KEY_PATTERN,
        says((input) => `urlKey ${show(input)} is not kebab-case (${URL_KEY_PATTERN.source})`),
      ),
    ),
    address: nonEmptyText("address"),
    timeZone: optionalZone("timeZone"),
    version: v.optional(integer("version", 1), 1),
  },
  recordMessage,
);

/** A record with createdAt and an optional updatedAt, which defaults to createdAt. */
const withUpdatedAt = <T extends { createdAt: string; updatedAt: string | null }>(record: T) => ({
  ...record,
  updatedAt: record.updatedAt ?? record.createdAt,
});

export const lockSchema = v.pipe(
  v.object(
    {
      lockId: id("lockId"),
      orgId: id("orgId"),
      name: nonEmptyText("name"),
      provider: nonEmptyText("provider"),
      providerDeviceId: nonEmptyText("providerDeviceId"),
      model: optionalText("model"),
      timeZone: optionalZone("timeZone"),
      unitIds: distinctList("unitIds", v.string(listEntry("unitIds", "a unit id"))),
      status: v.optional(
        v.picklist(
          LOCK_STATUSES,
          says((input) => `status ${show(input)} must be one of ${LOCK_STATUSES.join(", ")}`),
        ),
        "active",
      ),
      createdAt: instant("createdAt"),
      updatedAt: optionalInstant("updatedAt"),
    },
    recordMessage,
  ),
  v.transform(withUpdatedAt),
);

export const templateSchema = v.pipe(
  v.object(
    {
      id: id("id"),
      orgId: id("orgId"),
      name: nonEmptyText("name"),
      body: text("body"),
      sortOrder: integer("sortOrder", Number.MIN_SAFE_INTEGER),
      createdAt: instant("createdAt"),
      updatedAt: optionalInstant("updatedAt"),
    },
    recordMessage,
  ),
  v.transform(withUpdatedAt),
);

/** An item's unit, and its org when given (else the judge fills in the unit's). */
const itemOwner = { id: id("id"), unitId: id("unitId"), orgId: v.optional(id("orgId")) };

/** endAt may not come before startAt: checked once both are valid instants, whatever else is wrong. */
const spanPaths = [["startAt"], ["endAt"]] as const;
const inOrder = (item: { startAt: string; endAt: string }) => item.endAt >= item.startAt;
const outOfOrder = (issue: v.BaseIssue<unknown>) => {
  const item = issue.input as { startAt: string; endAt: string };
  return `endAt ${item.endAt} is before startAt ${item.startAt}`;
};

const span = { startAt: instant("startAt"), endAt: instant("endAt") };
const tourLike = v.object({ ...itemOwner, title: nonEmptyText("title"), ...span, lockId: nullableId("lockId") }, recordMessage);
const code = v.object({ ...itemOwner, name: nonEmptyText("name"), ...span, lockId: id("lockId") }, recordMessage);

/** Every item list's schema; the judge reads `title`/`name` and `sendAt` into the common item shape. */
export const itemSchemas = {
  tour: v.pipe(tourLike, v.partialCheck(spanPaths, inOrder, outOfOrder)),
  code: v.pipe(code, v.partialCheck(spanPaths, inOrder, outOfOrder)),
  open_house: v.pipe(tourLike, v.partialCheck(spanPaths, inOrder, outOfOrder)),
  scheduled_message: v.object(
    { ...itemOwner, title: nonEmptyText("title"), sendAt: instant("sendAt"), templateId: nullableId("templateId") },
    recordMessage,
  ),
} as const;
