/**
 * The fixture loader's judge: checks a parsed JSON fixture against every rule of
 * the contract (per record: the valibot schemas of `fixture-schemas.js`; across records: ids,
 * references, per-org uniqueness) and returns normalized records, or every error found (each
 * naming its record).
 * All or nothing: a fixture with any error yields no data.
 */
import * as v from "valibot";
import { ITEM_KINDS } from "@lintel/domain";
import type { ApiKeyRecord, ItemKind, Lock, Org, Template, Unit } from "@lintel/domain";
import {
  apiKeyFixtureSchema,
  itemFixtureSchemas,
  lockFixtureSchema,
  orgFixtureSchema,
  show,
  templateFixtureSchema,
  unitFixtureSchema,
} from "./fixture-schemas.js";
import { checkReferences, type Parsed } from "./fixture-references.js";
import type { FixtureData, FixtureItem } from "./ports.js";

/** The lists a fixture may hold, each optional. */
export const FIXTURE_LISTS = [
  "orgs",
  "apiKeys",
  "units",
  "locks",
  "tours",
  "codes",
  "openHouses",
  "scheduledMessages",
  "templates",
] as const;
type FixtureList = (typeof FIXTURE_LISTS)[number];

/** At most this many errors are reported; the rest are counted. */
export const MAX_FIXTURE_ERRORS = 50;

/** {@link parseFixture}'s verdict: the normalized records, or every error found (each naming its record). */
export type FixtureParse = { readonly ok: true; readonly data: FixtureData } | { readonly ok: false; readonly errors: string[] };

const ITEM_LISTS: Readonly<Record<ItemKind, FixtureList>> = {
  tour: "tours",
  code: "codes",
  open_house: "openHouses",
  scheduled_message: "scheduledMessages",
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function labelOf(list: FixtureList, index: number, record: Record<string, unknown>): string {
  const idField = list === "locks" ? "lockId" : "id";
  const id = record[idField];
  return typeof id === "string" ? `${list}[${index}] (${idField} ${JSON.stringify(id.slice(0, 64))})` : `${list}[${index}]`;
}

/**
 * Judges one raw record with `schema`: every issue and unknown field becomes an error naming
 * the record. A broken record still takes part in the rules across records, with its broken
 * fields blanked ("" or []), so a reference to it is not reported as dangling on top.
 */
function judge<S extends v.GenericSchema>(
  schema: S,
  entries: v.ObjectEntries,
  raw: Record<string, unknown>,
  label: string,
  errors: string[],
): v.InferOutput<S> {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined));
  for (const name of Object.keys(present)) if (!Object.hasOwn(entries, name)) errors.push(`${label}: unknown field ${show(name)}`);
  const result = v.safeParse(schema, present);
  if (result.success) return result.output;
  const value = { ...(result.output as Record<string, unknown>) };
  for (const issue of result.issues) {
    errors.push(`${label}: ${issue.message}`);
    const field = issue.path?.[0]?.key;
    if (typeof field === "string") value[field] = Array.isArray(raw[field]) ? [] : "";
  }
  // Never returned as data: a fixture with any error is refused whole.
  return value as v.InferOutput<S>;
}

/** A schema's fields, for reporting unknown ones (a pipe's first item is its object). */
function entriesOf(schema: v.GenericSchema): v.ObjectEntries {
  const object = "pipe" in schema ? (schema.pipe as readonly v.GenericSchema[])[0] : schema;
  return object !== undefined && "entries" in object ? (object.entries as v.ObjectEntries) : {};
}

/** A fixture item in the shape the stores keep, from its list's record. */
function itemOf(kind: ItemKind, record: Record<string, unknown>): FixtureItem {
  const { id, unitId } = record as Pick<FixtureItem, "id" | "unitId">;
  const orgId = typeof record["orgId"] === "string" ? record["orgId"] : ""; // "" until the unit's org is known
  if (kind === "scheduled_message") {
    const { title, sendAt, templateId } = record as { title: string; sendAt: string; templateId: string | null };
    return { kind, id, unitId, orgId, title, startAt: sendAt, endAt: sendAt, lockId: null, templateId };
  }
  const { title, name, startAt, endAt, lockId, code } = record as {
    title?: string;
    name?: string;
    startAt: string;
    endAt: string;
    lockId: string | null;
    code?: string;
  };
  const item = { kind, id, unitId, orgId, title: title ?? name ?? "", startAt, endAt, lockId };
  // A code's PIN as the fixture gives it (plain: `lintel.loadFixture` seals it, or makes one when absent).
  return code === undefined ? item : { ...item, code };
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
  function parseList<S extends v.GenericSchema>(list: FixtureList, schema: S): Parsed<v.InferOutput<S>>[] {
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
      return [{ label, value: judge(schema, entriesOf(schema), entry, label, errors) }];
    });
  }

  const orgs: Parsed<Org>[] = parseList("orgs", orgFixtureSchema);
  const apiKeys: Parsed<ApiKeyRecord>[] = parseList("apiKeys", apiKeyFixtureSchema);
  const units: Parsed<Unit>[] = parseList("units", unitFixtureSchema);
  const locks: Parsed<Lock>[] = parseList("locks", lockFixtureSchema);
  const items = ITEM_KINDS.flatMap((kind) =>
    parseList(ITEM_LISTS[kind], itemFixtureSchemas[kind]).map(({ label, value }) => ({ label, value: itemOf(kind, value) })),
  );
  const templates: Parsed<Template>[] = parseList("templates", templateFixtureSchema);

  const orgIndex = byId(orgs, (o) => o.id, errors);
  const unitIndex = byId(units, (u) => u.id, errors);
  const lockIndex = byId(locks, (l) => l.lockId, errors);
  const templateIndex = byId(templates, (t) => t.id, errors);
  byId(apiKeys, (k) => k.id, errors);
  for (const kind of ITEM_KINDS)
    byId(
      items.filter((i) => i.value.kind === kind),
      (i) => i.id,
      errors,
    );
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
