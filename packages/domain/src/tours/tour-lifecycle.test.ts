// A tour's life as properties: the command table as the contract states it, nothing leaves
// `cancelled`, time only moves a tour forward, a code's window always contains its tour, and a
// message never moves away from its anchor.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  accessWindow,
  anchoredSendMs,
  commandFit,
  movedMessage,
  nextTimedTransition,
  statusAt,
  TOUR_STATUSES,
  tourTimesProblem,
  withinAccess,
  type MessageAnchor,
  type TourCommand,
  type TourStatus,
} from "./tour-lifecycle.js";

const COMMANDS: readonly TourCommand[] = ["confirm_tour", "reschedule_tour", "cancel_tour", "check_in"];
const statuses = fc.constantFrom(...TOUR_STATUSES);
const commands = fc.constantFrom(...COMMANDS);
const anchors = fc.constantFrom<MessageAnchor>("booked", "start", "end");
const MINUTE = 60_000;
const T0 = Date.UTC(2030, 0, 1);
/** A tour: start within a year of 2030, 1 minute to 24 hours long, margins 0..240 minutes. */
const tours = fc.record({
  startMs: fc.integer({ min: T0, max: T0 + 365 * 86_400_000 }),
  lengthMs: fc.integer({ min: MINUTE, max: 24 * 3_600_000 }),
  before: fc.integer({ min: 0, max: 240 }),
  after: fc.integer({ min: 0, max: 240 }),
  status: statuses,
});

describe("tour lifecycle", () => {
  it("the command table: exactly the pairs the contract lists apply or answer as is; every other pair is a conflict", () => {
    const table: Record<string, string> = {
      "confirm_tour/awaiting_verification": "apply",
      "confirm_tour/confirmed": "as_is",
      "reschedule_tour/awaiting_verification": "apply",
      "reschedule_tour/confirmed": "apply",
      "cancel_tour/awaiting_verification": "apply",
      "cancel_tour/confirmed": "apply",
      "cancel_tour/cancelled": "as_is",
      "check_in/confirmed": "apply",
      "check_in/checked_in": "as_is",
      "check_in/no_show": "apply",
    };
    for (const command of COMMANDS) {
      for (const status of TOUR_STATUSES)
        assert.equal(commandFit(command, status), table[`${command}/${status}`] ?? "conflict", `${command}/${status}`);
    }
  });

  it("nothing leaves cancelled or completed: no command applies, no time passing changes them", () => {
    fc.assert(
      fc.property(commands, fc.constantFrom<TourStatus>("cancelled", "completed"), tours, fc.integer(), (command, status, t, later) => {
        assert.notEqual(commandFit(command, status), "apply");
        const access = accessWindow(t.startMs, t.startMs + t.lengthMs, t.before, t.after);
        assert.equal(nextTimedTransition({ status, access }), null);
        assert.equal(statusAt({ status, access }, t.startMs + later), status);
      }),
    );
  });

  it("time only moves a tour forward: statusAt at a later instant is statusAt of statusAt (monotone, idempotent)", () => {
    fc.assert(
      fc.property(tours, fc.integer({ min: -2 * 86_400_000, max: 3 * 86_400_000 }), fc.nat(3 * 86_400_000), (t, offset, step) => {
        const access = accessWindow(t.startMs, t.startMs + t.lengthMs, t.before, t.after);
        const early = t.startMs + offset;
        const first = statusAt({ status: t.status, access }, early);
        assert.equal(statusAt({ status: first, access }, early), first, "idempotent");
        assert.equal(statusAt({ status: first, access }, early + step), statusAt({ status: t.status, access }, early + step), "composes");
        const order = (s: TourStatus) =>
          ["awaiting_verification", "confirmed", "checked_in", "no_show", "completed", "cancelled"].indexOf(s);
        if (first !== t.status) assert.ok(order(first) > order(t.status), `${t.status} → ${first}`);
      }),
    );
  });

  it("the timed transitions: unverified → cancelled (not_verified) at access start; confirmed → no_show, checked_in → completed at access end", () => {
    fc.assert(
      fc.property(tours, (t) => {
        const access = accessWindow(t.startMs, t.startMs + t.lengthMs, t.before, t.after);
        const before = (status: TourStatus, at: number) => statusAt({ status, access }, at - 1);
        const at = (status: TourStatus, ms: number) => statusAt({ status, access }, ms);
        assert.equal(before("awaiting_verification", access.startMs), "awaiting_verification");
        assert.equal(at("awaiting_verification", access.startMs), "cancelled");
        assert.deepEqual(nextTimedTransition({ status: "awaiting_verification", access })?.reason, "not_verified");
        assert.equal(before("confirmed", access.endMs), "confirmed");
        assert.equal(at("confirmed", access.endMs), "no_show");
        assert.equal(at("checked_in", access.endMs), "completed");
        assert.equal(at("no_show", access.endMs + 86_400_000), "no_show", "only a late check-in changes a no-show");
      }),
    );
  });

  it("a code's access window contains its tour, and check-in instants are exactly those in [access start, access end)", () => {
    fc.assert(
      fc.property(tours, fc.integer({ min: -300 * MINUTE, max: 30 * 3_600_000 }), (t, offset) => {
        const endMs = t.startMs + t.lengthMs;
        const access = accessWindow(t.startMs, endMs, t.before, t.after);
        assert.ok(access.startMs <= t.startMs && access.endMs >= endMs);
        assert.equal(access.endMs - access.startMs, t.lengthMs + (t.before + t.after) * MINUTE);
        const at = t.startMs + offset;
        assert.equal(withinAccess(access, at), at >= access.startMs && at < access.endMs);
      }),
    );
  });

  it("a message is sent at its anchor plus its offset; a move carries start and end anchors by the tour's shift, never a booking anchor", () => {
    fc.assert(
      fc.property(
        tours,
        anchors,
        fc.integer({ min: -10_080, max: 10_080 }),
        fc.integer({ min: -86_400_000, max: 86_400_000 }),
        (t, anchor, offset, shift) => {
          const booked = { bookedMs: T0 - 86_400_000, startMs: t.startMs, endMs: t.startMs + t.lengthMs };
          const moved = { ...booked, startMs: booked.startMs + shift, endMs: booked.endMs + shift };
          const sent = anchoredSendMs(anchor, offset, booked);
          const base = anchor === "booked" ? booked.bookedMs : anchor === "start" ? booked.startMs : booked.endMs;
          assert.equal(sent, base + offset * MINUTE);
          const now = booked.bookedMs;
          const after = movedMessage(anchor, offset, moved, now);
          assert.equal(after.sendMs, anchor === "booked" ? sent : sent + shift);
          assert.equal(after.skipped, anchor !== "booked" && after.sendMs < now);
        },
      ),
    );
  });

  it("booking bounds: end after start, at most 24 h, access ending after now, and with verification access starting after now", () => {
    const now = T0;
    const window = (s: number, e: number) => accessWindow(s, e, 15, 15);
    assert.equal(tourTimesProblem(now + 3_600_000, now + 7_200_000, window(now + 3_600_000, now + 7_200_000), true, now), null);
    assert.equal(tourTimesProblem(now + 10, now + 10, window(now + 10, now + 10), false, now)?.field, "endAt");
    assert.equal(tourTimesProblem(now, now + 24 * 3_600_000 + 1, window(now, now + 24 * 3_600_000 + 1), false, now)?.field, "endAt");
    assert.equal(tourTimesProblem(now - 7_200_000, now - 3_600_000, window(now - 7_200_000, now - 3_600_000), false, now)?.field, "endAt");
    const started = window(now + 5 * MINUTE, now + 65 * MINUTE); // access from 10 minutes ago
    assert.equal(tourTimesProblem(now + 5 * MINUTE, now + 65 * MINUTE, started, false, now), null);
    assert.equal(tourTimesProblem(now + 5 * MINUTE, now + 65 * MINUTE, started, true, now)?.field, "startAt");
  });
});
