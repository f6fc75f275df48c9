/**
 * What the tour use cases take and answer (`createTourWrites`, `createTourReads`; the `Lintel`'s
 * bookTour … listTours). Instants are canonical UTC strings (the HTTP adapter normalizes them).
 */
import type { ServedTour, TourStatus, Unit } from "@lintel/domain";
import type { MessageAnchor, Verification } from "@lintel/domain/adapters";
import type { PageQuery } from "../common/paging-use-case.js";

/** The person who tours: a name, and how to reach them (each optional). */
export interface ProspectFields {
  readonly name: string;
  /** An RFC 5321 mailbox, at most 254 characters; null or absent: none. */
  readonly email?: string | null | undefined;
  /** E.164 (`+` and 7–15 digits); null or absent: none. */
  readonly phone?: string | null | undefined;
}

/** A message a booking schedules: from a template, sent `offsetMinutes` after its anchor. */
export interface TourMessageFields {
  readonly templateId: string;
  readonly anchor: MessageAnchor;
  /** −10,080..10,080. */
  readonly offsetMinutes: number;
  /** Default: the template's name. */
  readonly title?: string | undefined;
}

/** A booking. */
export interface BookTourCommand {
  readonly unitIdOrKey: string;
  readonly startAt: string;
  readonly endAt: string;
  readonly prospect: ProspectFields;
  /** Default `Self-guided tour`; the code's title too. */
  readonly title?: string | undefined;
  /** The lock the code goes on. Default: the unit's only active lock (required when it has several; none: no code). */
  readonly lockId?: string | undefined;
  /** Minutes of access before and after the tour, each 0–240 (default 15). */
  readonly access?: { readonly beforeMinutes?: number | undefined; readonly afterMinutes?: number | undefined } | undefined;
  /** At most 10. */
  readonly messages?: readonly TourMessageFields[] | undefined;
  /** Default `none`. */
  readonly verification?: Verification | undefined;
  readonly expectedVersion?: number | undefined;
}

/** A tour moved to new times. */
export interface RescheduleTourCommand {
  readonly tourId: string;
  readonly startAt: string;
  readonly endAt: string;
  readonly expectedVersion?: number | undefined;
}

/** A tour cancelled, with why (1–200 characters; default `cancelled`). */
export interface CancelTourCommand {
  readonly tourId: string;
  readonly reason?: string | undefined;
}

/** The prospect's arrival, reported by the integrator: when (default now; in the access window, not ahead). */
export interface CheckInCommand {
  readonly tourId: string;
  readonly at?: string | undefined;
}

/** A tour and its unit after a change of the schedule. */
export interface TourWriteResult {
  readonly tour: ServedTour;
  readonly unit: Unit;
}

/** One page of the org's tours (of one unit, in one status) whose end is after `from` (default now). */
export interface TourQuery extends PageQuery {
  readonly unitIdOrKey?: string | undefined;
  readonly status?: TourStatus | undefined;
  /** Epoch ms. */
  readonly from?: number | undefined;
}

/** A lock provider's word that a door opened with a code (Seam's `lock.unlocked` with `access_code_id`). */
export interface UnlockReport {
  /** The device (Seam's `device_id`). */
  readonly providerDeviceId: string;
  /** The provider's id of the code that opened it (Seam's `access_code_id`). */
  readonly providerCodeId: string;
  /** When the door opened (Seam's `occurred_at`), epoch ms. */
  readonly occurredAtMs: number;
}
