/**
 * Records as the API shows them: fields are picked one by one, so an owner id
 * (`orgId`) or any field a store adds can never leak into a response. Each view's type is the
 * output of the response schema the OpenAPI document is made from, itself the record's schema
 * of `@lintel/domain` less what is never shown: one description per shape. The computed answers
 * (a schedule entry, the preview) are shown whole, so their views have the domain's own types.
 * Plain picks, no parsing: the schemas type the views, they do not check them on the request path.
 *
 * Stored records (locks, units, templates) are also written as JSON text once per record object
 * ({@link jsonOnce}): stores never change a record they handed out (a change is a new object),
 * so a page of 20 locks is 20 cached strings joined, not 20 views stringified per request
 * (issue 21: 15–20 % of the server's CPU per request on the lock list).
 */
import type * as v from "valibot";
import type { Lock, LockState, PreviewItem, Template, TimezonePreview, Unit } from "@lintel/domain";
import type { ScheduleEntry } from "@lintel/domain/adapters";
import type { lockStateViewSchema, lockViewSchema, templateViewSchema, unitViewSchema } from "../schemas/schemas.js";

export function lockView(lock: Lock): v.InferOutput<typeof lockViewSchema> {
  return {
    lockId: lock.lockId,
    name: lock.name,
    provider: lock.provider,
    providerDeviceId: lock.providerDeviceId,
    model: lock.model,
    timeZone: lock.timeZone,
    unitIds: [...lock.unitIds],
    status: lock.status,
    createdAt: lock.createdAt,
    updatedAt: lock.updatedAt,
  };
}

export function lockStateView(state: LockState): v.InferOutput<typeof lockStateViewSchema> {
  return {
    lockId: state.lockId,
    provider: state.provider,
    lockState: state.lockState,
    doorState: state.doorState,
    online: state.online,
    batteryLevel: state.batteryLevel,
    lastSeenAt: state.lastSeenAt,
    fetchedAt: state.fetchedAt,
  };
}

export function templateView(template: Template): v.InferOutput<typeof templateViewSchema> {
  return {
    id: template.id,
    name: template.name,
    body: template.body,
    sortOrder: template.sortOrder,
    createdAt: template.createdAt,
    updatedAt: template.updatedAt,
  };
}

export function unitView(unit: Unit): v.InferOutput<typeof unitViewSchema> {
  return {
    id: unit.id,
    urlKey: unit.urlKey,
    address: unit.address,
    timeZone: unit.timeZone,
    version: unit.version,
    showingRules: unit.showingRules ?? null,
  };
}

export function scheduleEntryView(entry: ScheduleEntry): ScheduleEntry {
  return {
    key: entry.key,
    kind: entry.kind,
    id: entry.id,
    title: entry.title,
    startAt: entry.startAt,
    endAt: entry.endAt,
    lockId: entry.lockId,
    localStart: entry.localStart,
    localEnd: entry.localEnd,
    label: entry.label,
    templateId: entry.templateId,
    code: entry.code,
    lockSync:
      entry.lockSync === null ? null : { status: entry.lockSync.status, error: entry.lockSync.error, updatedAt: entry.lockSync.updatedAt },
    tourId: entry.tourId,
    delivery: entry.delivery === null ? null : { ...entry.delivery },
  };
}

export function previewItemView(item: PreviewItem): PreviewItem {
  return {
    key: item.key,
    kind: item.kind,
    title: item.title,
    startAt: item.startAt,
    endAt: item.endAt,
    wallClockStart: item.wallClockStart,
    wallClockEnd: item.wallClockEnd,
    beforeLabel: item.beforeLabel,
    keepInstantLabel: item.keepInstantLabel,
    keepWallClockLabel: item.keepWallClockLabel,
    sharedLockConflict: item.sharedLockConflict,
    warnings: item.warnings,
  };
}

export function previewView(preview: TimezonePreview): TimezonePreview {
  return {
    status: preview.status,
    unitId: preview.unitId,
    address: preview.address,
    expectedVersion: preview.expectedVersion,
    currentTimeZone: preview.currentTimeZone,
    proposedTimeZone: preview.proposedTimeZone,
    beforeUsesUtc: preview.beforeUsesUtc,
    items: preview.items.map(previewItemView),
  };
}

/**
 * `view(record)` as JSON text, computed once per record object and kept while the record is
 * alive (a WeakMap: a replaced record's text goes with it).
 *
 * Invariant: a record object never changes once written. Enforced here: the record (and every
 * object or array in it) is frozen when its text is kept, so a store that changed a record it
 * handed out would throw (TypeError in strict code) instead of having stale JSON served.
 */
export function jsonOnce<R extends object>(view: (record: R) => unknown): (record: R) => string {
  const texts = new WeakMap<R, string>();
  return (record) => {
    let text = texts.get(record);
    if (text === undefined) texts.set(deepFreeze(record), (text = JSON.stringify(view(record))));
    return text;
  };
}

/** `value` frozen, with every object and array it holds. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export const lockJson = jsonOnce(lockView);
export const unitJson = jsonOnce(unitView);
export const templateJson = jsonOnce(templateView);

/** `{"<name>":<record>}`: the text JSON.stringify gives for `{ [name]: view(record) }`. */
export function oneJson(name: string, recordJson: string): string {
  return `{"${name}":${recordJson}}`;
}

/** The Content-Type of a JSON answer, set as it is sent (Koa's `ctx.type = "application/json"` looks its charset up each time). */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** `{"<name>":[<rows>],"nextCursor":…}`: the text JSON.stringify gives for the page object. */
export function pageJson(name: string, rowsJson: readonly string[], nextCursor: string | null): string {
  return `{"${name}":[${rowsJson.join(",")}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/** The JSON text of an answer body: a 200's body is text already (`answer`), a problem's an object. */
export function jsonText(body: unknown): string {
  return typeof body === "string" ? body : JSON.stringify(body);
}
