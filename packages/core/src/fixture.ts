/**
 * The fixture loader's judge (SPEC 6): checks a parsed JSON fixture against every rule of
 * SPEC 1 and returns normalized records, or every error found (each naming its record).
 * All or nothing: a fixture with any error yields no data.
 */
import { hashApiKey, isWellFormedApiKey, ITEM_KINDS, LOCK_STATUSES, SCOPES, URL_KEY_PATTERN } from "@lintel/domain";
import type { ApiKeyRecord, ItemKind, Lock, Org, Scope, Template, Unit } from "@lintel/domain";
import { readFields, type FieldReader } from "./fixture-fields.js";
import { checkReferences, type Parsed } from "./fixture-references.js";
import type { FixtureData, FixtureItem } from "./ports.js";

/** The lists a fixture may hold, each optional. */
export const FIXTURE_LISTS = [
  "orgs", "apiKeys", "units", "locks", "tours", "codes", "openHouses", "scheduledMessages", "templates",
] as const;
type ListName = (typeof FIXTURE_LISTS)[number];

/** At most this many errors are reported; the rest are counted. */
export const MAX_FIXTURE_ERRORS = 50;

export type FixtureParse = { readonly ok: true; readonly data: FixtureData } | { readonly ok: false; readonly errors: string[] };


const ITEM_LISTS: Readonly<Record<ItemKind, ListName>> = {
  tour: "tours", code: "codes", open_house: "openHouses", scheduled_message: "scheduledMessages",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function labelOf(list: ListName, index: number, record: Record<string, unknown>): string {
  const idField = list === "locks" ? "lockId" : "id";
  const id = record[idField];
  return typeof id === "string" ? `${list}[${index}] (${idField} ${JSON.stringify(id.slice(0, 64))})` : `${list}[${index}]`;
}

function parseOrg(r: FieldReader): Org {
  r.onlyFields(["id", "name"]);
  return { id: r.id("id"), name: r.text("name", true) };
}

function parseApiKey(r: FieldReader): ApiKeyRecord {
  r.onlyFields(["id", "orgId", "name", "key", "hash", "scopes", "expiresAt", "revokedAt", "rateLimit", "createdAt"]);
  let hash = "";
  const key = r.raw("key");
  const given = r.raw("hash");
  if (r.has("key") === r.has("hash")) r.error("needs exactly one of key (the plain key) or hash (its SHA-256)");
  else if (r.has("key")) {
    if (typeof key === "string" && isWellFormedApiKey(key)) hash = hashApiKey(key);
    else r.error("key is not a well-formed API key (lnt_ + 40 characters with a valid checksum)");
  } else if (typeof given === "string" && /^[0-9a-f]{64}$/.test(given)) hash = given;
  else r.error("hash must be a SHA-256 in lowercase hex (64 characters)");
  return {
    id: r.id("id"),
    orgId: r.id("orgId"),
    name: r.text("name", true),
    hash,
    scopes: r.list("scopes", "a scope", (s) => ((SCOPES as readonly unknown[]).includes(s) ? (s as Scope) : null)),
    expiresAt: r.optionalInstant("expiresAt"),
    revokedAt: r.optionalInstant("revokedAt"),
    rateLimit: r.optionalRatePolicy("rateLimit"),
    createdAt: r.instant("createdAt"),
  };
}

function parseUnit(r: FieldReader): Unit {
  r.onlyFields(["id", "orgId", "urlKey", "address", "timeZone", "version"]);
  const urlKey = r.text("urlKey");
  if (r.has("urlKey") && !URL_KEY_PATTERN.test(urlKey)) r.error(`urlKey ${JSON.stringify(urlKey)} is not kebab-case (${URL_KEY_PATTERN.source})`);
  return {
    id: r.id("id"),
    orgId: r.id("orgId"),
    urlKey,
    address: r.text("address", true),
    timeZone: r.optionalZone("timeZone"),
    version: r.integer("version", 1, 1),
  };
}

function parseLock(r: FieldReader): Lock {
  r.onlyFields(["lockId", "orgId", "name", "provider", "providerDeviceId", "model", "timeZone", "unitIds", "status", "createdAt", "updatedAt"]);
  const createdAt = r.instant("createdAt");
  return {
    lockId: r.id("lockId"),
    orgId: r.id("orgId"),
    name: r.text("name", true),
    provider: r.text("provider", true),
    providerDeviceId: r.text("providerDeviceId", true),
    model: r.optionalText("model"),
    timeZone: r.optionalZone("timeZone"),
    unitIds: r.list("unitIds", "a unit id", (id) => (typeof id === "string" ? id : null)),
    status: r.oneOf("status", LOCK_STATUSES, "active"),
    createdAt,
    updatedAt: r.optionalInstant("updatedAt") ?? createdAt,
  };
}

function parseTemplate(r: FieldReader): Template {
  r.onlyFields(["id", "orgId", "name", "body", "sortOrder", "createdAt", "updatedAt"]);
  const createdAt = r.instant("createdAt");
  return {
    id: r.id("id"),
    orgId: r.id("orgId"),
    name: r.text("name", true),
    body: r.text("body"),
    sortOrder: r.integer("sortOrder", Number.MIN_SAFE_INTEGER),
    createdAt,
    updatedAt: r.optionalInstant("updatedAt") ?? createdAt,
  };
}

/** An item of `kind`; its orgId is filled in from its unit later ("" until then, or as given). */
function parseItem(kind: ItemKind, r: FieldReader): FixtureItem {
  const base = { kind, id: r.id("id"), unitId: r.id("unitId"), orgId: r.has("orgId") ? r.id("orgId") : "" };
  const nullableId = (name: string) => (r.raw(name) === null || !r.has(name) ? null : r.id(name));
  if (kind === "scheduled_message") {
    r.onlyFields(["id", "unitId", "orgId", "title", "sendAt", "templateId"]);
    const sendAt = r.instant("sendAt");
    return { ...base, title: r.text("title", true), startAt: sendAt, endAt: sendAt, lockId: null, templateId: nullableId("templateId") };
  }
  const titleField = kind === "code" ? "name" : "title";
  r.onlyFields(["id", "unitId", "orgId", titleField, "startAt", "endAt", "lockId"]);
  const item = {
    ...base,
    title: r.text(titleField, true),
    startAt: r.instant("startAt"),
    endAt: r.instant("endAt"),
    lockId: kind === "code" ? r.id("lockId") : nullableId("lockId"),
  };
  if (item.startAt !== "" && item.endAt !== "" && item.endAt < item.startAt) {
    r.error(`endAt ${item.endAt} is before startAt ${item.startAt}`);
  }
  return item;
}

/** Indexes records by id, reporting duplicates. */
function byId<T>(records: readonly Parsed<T>[], idOf: (t: T) => string, errors: string[]): Map<string, Parsed<T>> {
  const index = new Map<string, Parsed<T>>();
  for (const record of records) {
    const id = idOf(record.value);
    const first = index.get(id);
    if (id === "") continue;
    if (first) errors.push(`${record.label}: duplicate id ${JSON.stringify(id)} (first at ${first.label.split(" ")[0]})`);
    else index.set(id, record);
  }
  return index;
}

/** Judges a parsed JSON fixture; see the module comment. */
export function parseFixture(json: unknown): FixtureParse {
  const errors: string[] = [];
  if (!isRecord(json)) return { ok: false, errors: ["the fixture must be a JSON object of lists"] };
  for (const key of Object.keys(json)) {
    if (!(FIXTURE_LISTS as readonly string[]).includes(key)) {
      errors.push(`unknown list ${JSON.stringify(key)} (a fixture holds ${FIXTURE_LISTS.join(", ")})`);
    }
  }

  const root = json;
  function parseList<T>(list: ListName, parse: (r: FieldReader) => T): Parsed<T>[] {
    const raw = root[list];
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) {
      errors.push(`${list} must be a list`);
      return [];
    }
    return (raw as unknown[]).flatMap((entry, index) => {
      if (!isRecord(entry)) {
        errors.push(`${list}[${index}]: must be an object`);
        return [];
      }
      const label = labelOf(list, index, entry);
      return [{ label, value: parse(readFields(entry, label, errors)) }];
    });
  }

  const orgs = parseList("orgs", parseOrg);
  const apiKeys = parseList("apiKeys", parseApiKey);
  const units = parseList("units", parseUnit);
  const locks = parseList("locks", parseLock);
  const items = ITEM_KINDS.flatMap((kind) => parseList(ITEM_LISTS[kind], (r) => parseItem(kind, r)));
  const templates = parseList("templates", parseTemplate);

  const orgIndex = byId(orgs, (o) => o.id, errors);
  const unitIndex = byId(units, (u) => u.id, errors);
  const lockIndex = byId(locks, (l) => l.lockId, errors);
  const templateIndex = byId(templates, (t) => t.id, errors);
  byId(apiKeys, (k) => k.id, errors);
  for (const kind of ITEM_KINDS) byId(items.filter((i) => i.value.kind === kind), (i) => i.id, errors);
  checkReferences({ orgIndex, unitIndex, lockIndex, templateIndex }, { apiKeys, units, locks, templates, items }, errors);

  if (errors.length > 0) {
    const shown = errors.slice(0, MAX_FIXTURE_ERRORS);
    if (errors.length > shown.length) shown.push(`... and ${errors.length - shown.length} more errors`);
    return { ok: false, errors: shown };
  }
  const values = <T>(records: readonly Parsed<T>[]) => records.map((r) => r.value);
  return {
    ok: true,
    data: {
      orgs: values(orgs),
      apiKeys: values(apiKeys),
      units: values(units),
      locks: values(locks),
      templates: values(templates),
      items: items.map(({ value }) => ({ ...value, orgId: unitIndex.get(value.unitId)?.value.orgId ?? value.orgId })),
    },
  };
}
