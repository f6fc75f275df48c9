/**
 * A self-guided tour as stored and as served. The stored record owns its schedule items by id:
 * the tour's own item (`tour:<id>`), its code (`code:<access.codeId>`) and its messages
 * (`scheduled_message:<id>`), each of which names the tour back (`tourId`). The tour's times
 * are its item's while the tour is on the schedule (set_timezone moves the item, and so the
 * tour); the record keeps them too, for the tour once it has left the schedule (cancelled).
 * The prospect's email and phone are sealed at rest like PINs (the core seals and opens them).
 */
import * as v from "valibot";
import { ID_PATTERN, InstantSchema, LockSyncSchema, type LockSync } from "../records/records.js";
import { formatZonedDateTime } from "../time/wall-clock.js";
import { accessWindow, TOUR_STATUSES, type MessageAnchor, type TourStatus } from "./tour-lifecycle.js";

/** The verification a tour asks for: `none` (confirmed at booking) or `required` (held until confirm_tour). */
export const VERIFICATIONS = ["none", "required"] as const;
/** One of {@link VERIFICATIONS}. */
export type Verification = (typeof VERIFICATIONS)[number];

/** The anchors a tour's message is sent from. */
export const MESSAGE_ANCHORS = ["booked", "start", "end"] as const satisfies readonly MessageAnchor[];

const id = v.pipe(v.string(), v.regex(ID_PATTERN));

/** A message a tour owns: its item's id and where it is sent relative to the tour. */
export const TourMessageSchema = v.strictObject({
  id,
  templateId: id,
  anchor: v.picklist(MESSAGE_ANCHORS),
  offsetMinutes: v.pipe(v.number(), v.integer()),
});
/** A tour's message ({@link TourMessageSchema}). */
export type TourMessage = Readonly<v.InferOutput<typeof TourMessageSchema>>;

/** A tour as stored. */
export const TourRecordSchema = v.strictObject({
  id,
  orgId: id,
  unitId: id,
  status: v.picklist(TOUR_STATUSES),
  title: v.string(),
  startAt: InstantSchema,
  endAt: InstantSchema,
  lockId: v.nullable(id),
  prospect: v.strictObject({
    name: v.string(),
    /** Sealed under the data keys; null when none was given. */
    email: v.nullable(v.string()),
    /** Sealed under the data keys; null when none was given. */
    phone: v.nullable(v.string()),
  }),
  access: v.strictObject({
    beforeMinutes: v.pipe(v.number(), v.integer()),
    afterMinutes: v.pipe(v.number(), v.integer()),
    /** The code item's id; null for a tour without a lock. */
    codeId: v.nullable(id),
    /** The code's standing once it left the schedule (a cancelled tour's: `pending` removal, `removed`, `failed`); null while it is on it. */
    lockSync: v.nullable(LockSyncSchema),
  }),
  messages: v.pipe(v.array(TourMessageSchema), v.readonly()),
  verification: v.picklist(VERIFICATIONS),
  checkedInAt: v.nullable(InstantSchema),
  cancelReason: v.nullable(v.string()),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
/** A stored tour ({@link TourRecordSchema}). */
export type TourRecord = Readonly<Omit<v.InferOutput<typeof TourRecordSchema>, "prospect" | "access" | "messages">> & {
  readonly prospect: Readonly<v.InferOutput<typeof TourRecordSchema>["prospect"]>;
  readonly access: Readonly<v.InferOutput<typeof TourRecordSchema>["access"]>;
  readonly messages: readonly TourMessage[];
};

const localDateTime = v.pipe(v.string(), v.description("The instant in the unit's zone (UTC when none), RFC 3339 with offset."));

/** A tour as the tour endpoints serve it. */
export const ServedTourSchema = v.strictObject({
  id: v.pipe(v.string(), v.description("The tour's id (tour_…).")),
  unitId: v.string(),
  status: v.pipe(v.picklist(TOUR_STATUSES), v.description("Where the tour is in its life, at the moment of the answer.")),
  title: v.string(),
  startAt: InstantSchema,
  endAt: InstantSchema,
  localStart: localDateTime,
  localEnd: localDateTime,
  lockId: v.nullable(v.string()),
  prospect: v.strictObject({
    name: v.string(),
    email: v.pipe(v.nullable(v.string()), v.description("Served to keys with tours:read only; null in events.")),
    phone: v.pipe(v.nullable(v.string()), v.description("E.164. Served to keys with tours:read only; null in events.")),
  }),
  access: v.strictObject({
    startAt: v.pipe(InstantSchema, v.description("When the code starts to open the door: startAt − beforeMinutes.")),
    endAt: v.pipe(InstantSchema, v.description("When it stops: endAt + afterMinutes.")),
    codeKey: v.pipe(v.nullable(v.string()), v.description("The code's schedule key (code:<id>); null for a tour without a lock.")),
    code: v.pipe(v.nullable(v.string()), v.description("The PIN; null in events and without a code.")),
    lockSync: v.pipe(v.nullable(LockSyncSchema), v.description("Where the code stands with its lock; null without a code.")),
  }),
  messageKeys: v.pipe(v.array(v.string()), v.readonly()),
  verification: v.picklist(VERIFICATIONS),
  checkedInAt: v.nullable(InstantSchema),
  cancelReason: v.nullable(v.string()),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
/** A tour as served ({@link ServedTourSchema}). */
export type ServedTour = Readonly<Omit<v.InferOutput<typeof ServedTourSchema>, "prospect" | "access" | "messageKeys">> & {
  readonly prospect: Readonly<v.InferOutput<typeof ServedTourSchema>["prospect"]>;
  readonly access: Readonly<v.InferOutput<typeof ServedTourSchema>["access"]>;
  readonly messageKeys: readonly string[];
};

/** What a served tour shows beside its record: read from its code item and opened by the core. */
export interface TourShown {
  /** The unit's zone (null reads as UTC). */
  readonly timeZone: string | null;
  /** The status at the moment of the answer (`statusAt`). */
  readonly status: TourStatus;
  /** The code's standing: its item's while on the schedule, else the record's; null without a code. */
  readonly lockSync: LockSync | null;
  /** The PIN, opened; null when not shown. */
  readonly pin: string | null;
  /** The prospect's email and phone, opened; null when not shown. */
  readonly email: string | null;
  readonly phone: string | null;
}

/** The tour's access window as instants. */
export function tourAccess(tour: Pick<TourRecord, "startAt" | "endAt" | "access">): { readonly startMs: number; readonly endMs: number } {
  return accessWindow(Date.parse(tour.startAt), Date.parse(tour.endAt), tour.access.beforeMinutes, tour.access.afterMinutes);
}

/** The served view of `tour` with what `shown` says. */
export function servedTour(tour: TourRecord, shown: TourShown): ServedTour {
  const zone = shown.timeZone ?? "UTC";
  const access = tourAccess(tour);
  return {
    id: tour.id,
    unitId: tour.unitId,
    status: shown.status,
    title: tour.title,
    startAt: tour.startAt,
    endAt: tour.endAt,
    localStart: formatZonedDateTime(Date.parse(tour.startAt), zone),
    localEnd: formatZonedDateTime(Date.parse(tour.endAt), zone),
    lockId: tour.lockId,
    prospect: { name: tour.prospect.name, email: shown.email, phone: shown.phone },
    access: {
      startAt: new Date(access.startMs).toISOString(),
      endAt: new Date(access.endMs).toISOString(),
      codeKey: tour.access.codeId === null ? null : `code:${tour.access.codeId}`,
      code: shown.pin,
      lockSync: tour.access.codeId === null ? null : shown.lockSync,
    },
    messageKeys: tour.messages.map((message) => `scheduled_message:${message.id}`),
    verification: tour.verification,
    checkedInAt: tour.checkedInAt,
    cancelReason: tour.cancelReason,
    createdAt: tour.createdAt,
    updatedAt: tour.updatedAt,
  };
}

/** The order tours are listed in: `startAt`, then id (fixed-width startAt). */
export function tourPosition(tour: Pick<TourRecord, "startAt" | "id">): string {
  return `${tour.startAt}|${tour.id}`;
}
