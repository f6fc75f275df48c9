/**
 * `@lintel/domain/schemas`: the valibot schema of every record, event and computed answer, from
 * which the types of `@lintel/domain` are derived: what an adapter builds its validation and its
 * API document from (the fixture's rules in `@lintel/core`, the OpenAPI document of `@lintel/api`).
 * With them, the value sets and patterns of the records' fields (`ITEM_KINDS`, `LOCK_STATUSES`,
 * `PIN_PATTERN`, ...) with the types of those sets, and the rule every text field of a write
 * follows (`textProblem`, `TEXT_RULES`).
 */
export {
  DELIVERY_STATUSES,
  DOOR_STATES,
  ID_PATTERN,
  ITEM_KINDS,
  LOCK_STATE_VALUES,
  LOCK_STATUSES,
  LOCK_SYNC_STATUSES,
  MESSAGE_CHANNELS,
  PIN_PATTERN,
  URL_KEY_PATTERN,
  type DeliveryStatus,
  type DoorState,
  type LockStateValue,
  type LockStatus,
  type LockSync,
  type LockSyncStatus,
  type MessageChannel,
  type MessageDelivery,
  ApiKeyRecordSchema,
  InstantSchema,
  LockRecordSchema,
  LockStateRecordSchema,
  LockSyncSchema,
  MessageDeliverySchema,
  OrgRecordSchema,
  RatePolicySchema,
  ScheduleItemRecordSchema,
  TemplateRecordSchema,
  UnitRecordSchema,
  ZoneSchema,
} from "./records/records.js";
export {
  AccessCodeSyncDataSchema,
  DeliveryRecordSchema,
  EventRecordSchema,
  LockStateChangedDataSchema,
  LockUpdatedDataSchema,
  MessageDeliveryDataSchema,
  MessageDueDataSchema,
  MessageRecipientSchema,
  MovedItemSchema,
  ObservedLockStateSchema,
  ScheduleItemDataSchema,
  ScheduleItemUpdatedDataSchema,
  ServedDeliverySchema,
  ServedLockSchema,
  ServedTemplateSchema,
  ServedUnitSchema,
  ServedWebhookEndpointSchema,
  ShowingRulesChangedDataSchema,
  TemplateDataSchema,
  TemplateUpdatedDataSchema,
  TimezoneChangedDataSchema,
  TourDataSchema,
  TourRescheduledDataSchema,
  UnitCreatedDataSchema,
  UnitUpdatedDataSchema,
  WebhookDeliveryFailedDataSchema,
  WebhookEndpointDisabledDataSchema,
  WebhookEndpointRecordSchema,
  WebhookTestEventSchema,
} from "./events/events.js";
export { PREVIEW_WARNINGS, PreviewItemSchema, TimezonePreviewSchema } from "./preview/preview.js";
export { ServedTourSchema, TourMessageSchema, TourRecordSchema } from "./tours/tour-record.js";
export { ServedSlotSchema, ShowingRulesSchema } from "./availability/showing-slots.js";
export { ScheduleEntrySchema } from "./preview/schedule.js";
export { TEXT_RULES, textProblem, type TextRule } from "./text/text-rule.js";
