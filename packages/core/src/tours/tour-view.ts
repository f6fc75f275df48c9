/**
 * A tour as it is now: its record with the times of its schedule item (set_timezone moves the
 * item, and so the tour), its status at the moment, and its served view, with the PIN and the
 * prospect's email and phone opened for an answer, or null for an event.
 */
import type { ScheduleItem, ServedTour, TourStatus } from "@lintel/domain";
import { servedTour, statusAt, tourAccess, type DataCipher, type TourRecord } from "@lintel/domain/adapters";
import type { UnitStore } from "../ports/ports.js";
import { openPin } from "../lock-codes/lock-code-work.js";

/** A tour with the items it owns as read now (null: not on the schedule). */
export interface TourNow {
  /** The record, its times those of its tour item while it is on the schedule. */
  readonly tour: TourRecord;
  /** The record as stored: what a write of the tour is made from. */
  readonly stored: TourRecord;
  readonly tourItem: ScheduleItem | null;
  readonly code: ScheduleItem | null;
  readonly messages: readonly ScheduleItem[];
}

/** The tour `stored` with the items it owns, read from the unit's schedule. */
export async function readTourNow(units: Pick<UnitStore, "getItem">, stored: TourRecord): Promise<TourNow> {
  const { orgId, unitId } = stored;
  const [tourItem, code, ...messages] = await Promise.all([
    units.getItem(orgId, unitId, "tour", stored.id),
    stored.access.codeId === null ? Promise.resolve(null) : units.getItem(orgId, unitId, "code", stored.access.codeId),
    ...stored.messages.map((message) => units.getItem(orgId, unitId, "scheduled_message", message.id)),
  ]);
  const tour = tourItem === null ? stored : { ...stored, startAt: tourItem.startAt, endAt: tourItem.endAt };
  return { tour, stored, tourItem, code, messages: messages.filter((item): item is ScheduleItem => item !== null) };
}

/** The tour's status at `nowMs`: its stored status with every timed transition whose instant has passed. */
export function tourStatusAt(tour: TourRecord, nowMs: number): TourStatus {
  return statusAt({ status: tour.status, access: tourAccess(tour) }, nowMs);
}

/**
 * The served view of `now` in a unit whose zone is `timeZone`, at `nowMs`: with `secrets`, the
 * PIN and the prospect's email and phone opened, or as `known` gives them (an answer to `tours:read`);
 * without, null (an event).
 */
export function showTour(
  now: TourNow,
  timeZone: string | null,
  nowMs: number,
  secrets: DataCipher | null,
  /** The PIN, email and phone in the clear when the caller has them (a booking): nothing is opened then. */
  known?: { readonly pin: string | null; readonly email: string | null; readonly phone: string | null },
): ServedTour {
  const { code } = now;
  const status = tourStatusAt(now.tour, nowMs);
  // An unverified tour whose access started is cancelled (not_verified) even before the timer writes it: served as it will be.
  const unverified = status === "cancelled" && now.tour.status !== "cancelled";
  const tour = unverified ? { ...now.tour, cancelReason: "not_verified" } : now.tour;
  const lockSync = code?.lockSync ?? tour.access.lockSync;
  const open = (sealed: string | null) => (secrets === null || sealed === null ? null : secrets.open(sealed));
  return servedTour(tour, {
    timeZone,
    status,
    lockSync: unverified && lockSync?.status === "held" ? { ...lockSync, status: "removed" } : lockSync,
    pin: secrets === null || code === null || unverified ? null : known !== undefined ? known.pin : openPin(code, secrets),
    email: known !== undefined && secrets !== null ? known.email : open(tour.prospect.email),
    phone: known !== undefined && secrets !== null ? known.phone : open(tour.prospect.phone),
  });
}
