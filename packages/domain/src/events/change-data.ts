/**
 * The `data` of the events that say a record changed (a unit, a schedule item, a template, a
 * code's standing with its lock, a lock), and the records as those events serve them: the
 * record's schema less its owner. `events.js` assembles every event type from these.
 */
import * as v from "valibot";
import { LOCK_STATUSES, LockRecordSchema, TemplateRecordSchema, UnitRecordSchema } from "../records/records.js";
import { ScheduleEntrySchema } from "../preview/schedule.js";
import { ShowingRulesSchema } from "../availability/showing-slots.js";
import { ServedTourSchema } from "../tours/tour-record.js";

/** A unit as the API serves it (no owner): the `unit` of a `unit.timezone_changed`, and the API's Unit. */
export const ServedUnitSchema = v.strictObject({
  ...v.omit(UnitRecordSchema, ["orgId", "showingRules"]).entries,
  showingRules: v.pipe(v.nullable(ShowingRulesSchema), v.description("When prospects may tour it (set_showing_rules), or null.")),
});
/** A unit as served ({@link ServedUnitSchema}). */
export type ServedUnit = Readonly<v.InferOutput<typeof ServedUnitSchema>>;

/** A template as the API serves it (no owner). */
export const ServedTemplateSchema = v.omit(TemplateRecordSchema, ["orgId"]);
/** A template as served ({@link ServedTemplateSchema}). */
export type ServedTemplate = Readonly<v.InferOutput<typeof ServedTemplateSchema>>;

/** A lock as the API serves it (no owner). */
export const ServedLockSchema = v.omit(LockRecordSchema, ["orgId"]);
/** A lock as served ({@link ServedLockSchema}). */
export type ServedLock = Readonly<v.InferOutput<typeof ServedLockSchema>>;

/** `data` of `unit.created`: the unit as served. */
export const UnitCreatedDataSchema = v.strictObject({ unit: ServedUnitSchema });
/** `data` of `unit.updated`: the unit after, and the fields it had before. */
export const UnitUpdatedDataSchema = v.strictObject({
  unit: ServedUnitSchema,
  previous: v.strictObject({ urlKey: v.string(), address: v.string() }),
});
/** `data` of `schedule.item_created` and `schedule.item_deleted`: the unit after the change, the item (as it was, for a delete). */
export const ScheduleItemDataSchema = v.strictObject({ unit: ServedUnitSchema, item: ScheduleEntrySchema });
/** `data` of `schedule.item_updated`: the unit after, the item after, and the whole entry before. */
export const ScheduleItemUpdatedDataSchema = v.strictObject({
  unit: ServedUnitSchema,
  item: ScheduleEntrySchema,
  previous: ScheduleEntrySchema,
});
/** `data` of `template.created` and `template.deleted`: the template (as it was, for a delete). */
export const TemplateDataSchema = v.strictObject({ template: ServedTemplateSchema });
/** `data` of `template.updated`: the template after and before. */
export const TemplateUpdatedDataSchema = v.strictObject({ template: ServedTemplateSchema, previous: ServedTemplateSchema });

/** `data` of `access_code.synced` and `access_code.sync_failed`: the code's unit and entry (its `code` null: read the PIN from the schedule). */
export const AccessCodeSyncDataSchema = v.strictObject({ unitId: v.string(), item: ScheduleEntrySchema });

/** `data` of `lock.updated`: the lock after, and the fields an organization arranges as they were before. */
export const LockUpdatedDataSchema = v.strictObject({
  lock: ServedLockSchema,
  previous: v.strictObject({
    name: v.string(),
    unitIds: v.array(v.string()),
    timeZone: v.nullable(v.string()),
    status: v.picklist(LOCK_STATUSES),
  }),
});
/** `data` of `lock.updated` ({@link LockUpdatedDataSchema}). */
export type LockUpdatedData = Readonly<v.InferOutput<typeof LockUpdatedDataSchema>>;

/** `data` of the tour events (`tour.booked`, `tour.confirmed`, …): the unit and the tour, its PIN and the prospect's email and phone null. */
export const TourDataSchema = v.strictObject({ unit: ServedUnitSchema, tour: ServedTourSchema });
/** `data` of `tour.rescheduled`: as {@link TourDataSchema}, and the tour's times before. */
export const TourRescheduledDataSchema = v.strictObject({
  unit: ServedUnitSchema,
  tour: ServedTourSchema,
  previous: v.strictObject({ startAt: v.string(), endAt: v.string() }),
});

/** `data` of `unit.showing_rules_changed`: the unit after, and its rules before (null: none). */
export const ShowingRulesChangedDataSchema = v.strictObject({
  unit: ServedUnitSchema,
  previous: v.nullable(ShowingRulesSchema),
});

/** Who a message is for: the tour's prospect (`to` of `message.due`). */
export const MessageRecipientSchema = v.strictObject({
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
});

/**
 * `data` of `message.due`: a message whose time came, rendered from the data as it was then, for
 * the org's own sender to deliver. `to` (the tour's prospect, null for a message of no tour) and
 * `text` are served only to keys with `tours:read` and in deliveries to the endpoints that name
 * the type; the stored copy holds them in `sealed` (under the data keys), both null beside it.
 */
export const MessageDueDataSchema = v.strictObject({
  unitId: v.string(),
  item: ScheduleEntrySchema,
  tourId: v.nullable(v.string()),
  to: v.pipe(v.nullable(MessageRecipientSchema), v.description("The tour's prospect; null for a message of no tour, or when not shown.")),
  text: v.pipe(v.nullable(v.string()), v.description("The message as rendered when it fell due; null when not shown.")),
  sealed: v.exactOptional(v.pipe(v.string(), v.description("At rest only, never served: `to` and `text`, sealed."))),
});

/** `data` of `message.sent` and `message.failed`: the message's unit and entry, with its `delivery`. */
export const MessageDeliveryDataSchema = v.strictObject({ unitId: v.string(), item: ScheduleEntrySchema });
