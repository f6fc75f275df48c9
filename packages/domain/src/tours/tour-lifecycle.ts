/**
 * A self-guided tour's life, as pure functions of its record and an instant: what each command
 * does in each status, the timed transitions (an unverified tour cancelled when its access
 * starts, a tour nobody checked in a no-show when its access ends, a checked-in one completed),
 * the code's access window, and where a message anchored at booking, start or end is sent.
 *
 * Time windows are half-open, `[start, end)`, in epoch milliseconds.
 */

/** A tour's statuses, in the order of its life. */
export const TOUR_STATUSES = ["awaiting_verification", "confirmed", "checked_in", "completed", "no_show", "cancelled"] as const;

/** Where a tour is in its life. */
export type TourStatus = (typeof TOUR_STATUSES)[number];

/** The commands a tour takes. */
export type TourCommand = "confirm_tour" | "reschedule_tour" | "cancel_tour" | "check_in";

/** What a command does in a status: `apply` (changes the tour), `as_is` (200 with the tour unchanged), or `conflict` (409). */
export type CommandFit = "apply" | "as_is" | "conflict";

/** When a message is sent, relative to its tour: at booking, at its start, at its end. */
export type MessageAnchor = "booked" | "start" | "end";

/** The minutes of access before and after a tour, each 0..{@link MAX_ACCESS_MARGIN_MINUTES}. */
export const MAX_ACCESS_MARGIN_MINUTES = 240;

/** A tour lasts at most this long. */
export const MAX_TOUR_MS = 24 * 3_600_000;

/** A message's offset from its anchor, in minutes, is within ± this (a week). */
export const MAX_MESSAGE_OFFSET_MINUTES = 10_080;

const MINUTE = 60_000;

/** The command × status table: each command's fit in each status (absent: conflict). */
const FITS: Readonly<Record<TourCommand, Partial<Record<TourStatus, CommandFit>>>> = {
  confirm_tour: { awaiting_verification: "apply", confirmed: "as_is" },
  reschedule_tour: { awaiting_verification: "apply", confirmed: "apply" },
  cancel_tour: { awaiting_verification: "apply", confirmed: "apply", cancelled: "as_is" },
  check_in: { confirmed: "apply", checked_in: "as_is", no_show: "apply" },
};

/** What `command` does to a tour in `status` (the status at the moment of the request: see {@link statusAt}). */
export function commandFit(command: TourCommand, status: TourStatus): CommandFit {
  return FITS[command][status] ?? "conflict";
}

/** What `check_in` makes of a tour in `status`: `checked_in`, or `completed` for a no-show whose prospect did come. */
export function checkedInStatus(status: "confirmed" | "checked_in" | "no_show"): "checked_in" | "completed" {
  return status === "no_show" ? "completed" : "checked_in";
}

/** A tour's code's window: the tour widened by its margins. */
export interface AccessWindow {
  readonly startMs: number;
  readonly endMs: number;
}

/** The access window of a tour `[startMs, endMs)` with `beforeMinutes` and `afterMinutes` of margin. */
export function accessWindow(startMs: number, endMs: number, beforeMinutes: number, afterMinutes: number): AccessWindow {
  return { startMs: startMs - beforeMinutes * MINUTE, endMs: endMs + afterMinutes * MINUTE };
}

/** What the timed transitions read of a tour. */
export interface TimedTour {
  readonly status: TourStatus;
  readonly access: AccessWindow;
}

/** A timed transition: the status a tour takes at `atMs` by itself, and why. */
export interface TimedTransition {
  readonly atMs: number;
  readonly to: "cancelled" | "no_show" | "completed";
  /** `not_verified` for an unverified tour cancelled when its access starts. */
  readonly reason: "not_verified" | null;
}

/**
 * The next transition the tour takes by itself, or null: an `awaiting_verification` tour is
 * cancelled (`not_verified`) when its access starts; a `confirmed` one with no check-in is a
 * `no_show` when its access ends, a `checked_in` one `completed`. The other statuses are final
 * (a `no_show` changes only by a late check-in).
 */
export function nextTimedTransition(tour: TimedTour): TimedTransition | null {
  switch (tour.status) {
    case "awaiting_verification":
      return { atMs: tour.access.startMs, to: "cancelled", reason: "not_verified" };
    case "confirmed":
      return { atMs: tour.access.endMs, to: "no_show", reason: null };
    case "checked_in":
      return { atMs: tour.access.endMs, to: "completed", reason: null };
    default:
      return null;
  }
}

/**
 * The tour's status at `nowMs`: its stored status with every timed transition whose instant has
 * passed applied (the status served and checked is always the one of the moment, whether or not
 * the transition's event is out yet).
 */
export function statusAt(tour: TimedTour, nowMs: number): TourStatus {
  let status = tour.status;
  for (let next = nextTimedTransition(tour); next !== null && next.atMs <= nowMs;) {
    status = next.to;
    next = nextTimedTransition({ status, access: tour.access });
  }
  return status;
}

/** True when `atMs` is in the access window (`[start, end)`). */
export function withinAccess(access: AccessWindow, atMs: number): boolean {
  return atMs >= access.startMs && atMs < access.endMs;
}

/** The instants a message's anchor is read from. */
export interface TourInstants {
  readonly bookedMs: number;
  readonly startMs: number;
  readonly endMs: number;
}

/** When a message anchored at `anchor` with `offsetMinutes` is sent for a tour at `instants`. */
export function anchoredSendMs(anchor: MessageAnchor, offsetMinutes: number, instants: TourInstants): number {
  const base = anchor === "booked" ? instants.bookedMs : anchor === "start" ? instants.startMs : instants.endMs;
  return base + offsetMinutes * MINUTE;
}

/**
 * Where a tour's unsent message goes when the tour moves from `before` to `after`, seen at
 * `nowMs`: a message anchored at start or end moves with it; one anchored at booking stays.
 * `skipped` when the new time is already past (it is never sent, and stays as history).
 */
export function movedMessage(
  anchor: MessageAnchor,
  offsetMinutes: number,
  after: TourInstants,
  nowMs: number,
): { readonly sendMs: number; readonly skipped: boolean } {
  const sendMs = anchoredSendMs(anchor, offsetMinutes, after);
  return { sendMs, skipped: anchor !== "booked" && sendMs < nowMs };
}

/** Why a tour's times are refused, as the field and its reason; null when they are fine. */
export function tourTimesProblem(
  startMs: number,
  endMs: number,
  access: AccessWindow,
  verificationRequired: boolean,
  nowMs: number,
): { readonly field: "startAt" | "endAt"; readonly reason: string } | null {
  if (!(endMs > startMs)) return { field: "endAt", reason: "must be after startAt" };
  if (endMs - startMs > MAX_TOUR_MS) return { field: "endAt", reason: "a tour lasts at most 24 hours" };
  if (access.endMs <= nowMs) return { field: "endAt", reason: "the tour's access must end after now" };
  if (verificationRequired && access.startMs <= nowMs) {
    return { field: "startAt", reason: "with verification required, the tour's access must start after now" };
  }
  return null;
}
