/**
 * Records as the API shows them (SPEC 1, 5): fields are picked one by one, so an owner id
 * (`orgId`) or any field a store adds can never leak into a response. Each view's type is the
 * output of the response schema the OpenAPI document is made from: one description per shape.
 */
import type * as v from "valibot";
import type { Lock, LockState, PreviewItem, ScheduleEntry, Template, TimezonePreview, Unit } from "@lintel/domain";
import type {
  lockSchema,
  lockStateSchema,
  previewItemSchema,
  previewSchema,
  scheduleEntrySchema,
  templateSchema,
  unitSchema,
} from "./schemas.js";

export function lockView(lock: Lock): v.InferOutput<typeof lockSchema> {
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

export function lockStateView(state: LockState): v.InferOutput<typeof lockStateSchema> {
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

export function templateView(template: Template): v.InferOutput<typeof templateSchema> {
  return {
    id: template.id,
    name: template.name,
    body: template.body,
    sortOrder: template.sortOrder,
    createdAt: template.createdAt,
    updatedAt: template.updatedAt,
  };
}

export function unitView(unit: Unit): v.InferOutput<typeof unitSchema> {
  return { id: unit.id, urlKey: unit.urlKey, address: unit.address, timeZone: unit.timeZone, version: unit.version };
}

export function scheduleEntryView(entry: ScheduleEntry): v.InferOutput<typeof scheduleEntrySchema> {
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
  };
}

export function previewItemView(item: PreviewItem): v.InferOutput<typeof previewItemSchema> {
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
  };
}

export function previewView(preview: TimezonePreview): v.InferOutput<typeof previewSchema> {
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
