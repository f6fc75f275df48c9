// Slot generation against a reference written with Temporal (the polyfill: an implementation of
// its own), over random rules, random zones and ranges near transitions in 2000–2099: the same
// slots, the same instants, the same remaining counts.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { availableSlots, isAvailableSlot, WEEKDAYS, type ShowingRules, type Slot, type SlotQuery } from "./showing-slots.js";
import { nextTransitionMs, zone } from "../time/time-arbitraries.test-support.js";

const MINUTE = 60_000;
const DAY = 86_400_000;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The slots by a straight reading of the rules with Temporal: each local date, each window, each step. */
function referenceSlots(q: SlotQuery): Slot[] {
  const { rules } = q;
  const out: Slot[] = [];
  const from = Temporal.Instant.fromEpochMilliseconds(q.fromMs).toZonedDateTimeISO(q.timeZone).toPlainDate().subtract({ days: 1 });
  const to = Temporal.Instant.fromEpochMilliseconds(q.toMs).toZonedDateTimeISO(q.timeZone).toPlainDate().add({ days: 1 });
  for (let date = from; Temporal.PlainDate.compare(date, to) <= 0; date = date.add({ days: 1 })) {
    const day = WEEKDAYS[date.dayOfWeek % 7];
    for (const window of rules.weekly.filter((w) => w.day === day)) {
      const [oh, om] = window.opens.split(":").map(Number) as [number, number];
      const [ch, cm] = window.closes.split(":").map(Number) as [number, number];
      const closesAt = date.toPlainDateTime({ hour: 0 }).add({ minutes: ch * 60 + cm });
      for (let minute = oh * 60 + om; minute < ch * 60 + cm; minute += rules.slotMinutes) {
        const local = date.toPlainDateTime({ hour: 0 }).add({ minutes: minute });
        let start: Temporal.ZonedDateTime;
        try {
          start = local.toZonedDateTime(q.timeZone, { disambiguation: "reject" });
        } catch {
          // Rejected: a gap (no such local time), or an overlap (two): take the earlier one of an overlap.
          const earlier = local.toZonedDateTime(q.timeZone, { disambiguation: "earlier" });
          if (!earlier.toPlainDateTime().equals(local)) continue;
          start = earlier;
        }
        const startMs = start.epochMilliseconds;
        const endMs = startMs + rules.slotMinutes * MINUTE;
        const endLocal = Temporal.Instant.fromEpochMilliseconds(endMs).toZonedDateTimeISO(q.timeZone).toPlainDateTime();
        // Read locally the end is on the start's date (or exactly 00:00 of the next when closes is 24:00) and not after closes:
        // a fall-back transition at local midnight (St. John's until 2011) can read the end on the day before.
        const onItsDate = endLocal.toPlainDate().equals(date) || (ch === 24 && endLocal.equals(closesAt));
        if (!onItsDate || Temporal.PlainDateTime.compare(endLocal, closesAt) > 0) continue;
        if (startMs < Math.max(q.fromMs, q.nowMs + rules.minNoticeMinutes * MINUTE)) continue;
        if (startMs >= q.nowMs + rules.maxDaysAhead * DAY || endMs > q.toMs) continue;
        const clash = (s: { startMs: number; endMs: number }) => s.startMs < endMs && startMs < s.endMs;
        const blackouts = rules.blackouts.map((b) => ({ startMs: Date.parse(b.startAt), endMs: Date.parse(b.endAt) }));
        if (blackouts.some(clash) || q.openHouses.some(clash)) continue;
        const buffer = rules.bufferMinutes * MINUTE;
        const taken = q.tours.filter((t) => t.startMs < endMs + buffer && startMs - buffer < t.endMs).length;
        if (rules.maxConcurrent - taken > 0) out.push({ startMs, endMs, remaining: rules.maxConcurrent - taken });
      }
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}

/** Non-overlapping windows of one day, on wall-clock minutes (often across 01:00–03:00, where transitions are). */
const dayWindows = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { minLength: 0, maxLength: 6 })
  .map((cuts) => [...cuts].sort((a, b) => a - b).map((q) => q * 15))
  .map((cuts) => {
    const windows: [number, number][] = [];
    for (let i = 0; i + 1 < cuts.length; i += 2) windows.push([cuts[i] as number, cuts[i + 1] as number]);
    return windows;
  });

const rules: fc.Arbitrary<ShowingRules> = fc
  .record({
    perDay: fc.array(dayWindows, { minLength: 7, maxLength: 7 }),
    slotMinutes: fc.constantFrom(15, 20, 30, 45, 60, 90, 240),
    bufferMinutes: fc.integer({ min: 0, max: 120 }),
    minNoticeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_080 })),
    maxDaysAhead: fc.oneof(fc.constant(366), fc.integer({ min: 1, max: 366 })),
    maxConcurrent: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ perDay, ...numbers }) => ({
    ...numbers,
    weekly: perDay.flatMap((windows, d) =>
      windows.map(([o, c]) => ({ day: WEEKDAYS[d] as (typeof WEEKDAYS)[number], opens: hhmm(o), closes: hhmm(c) })),
    ),
    blackouts: [],
  }));

/** A range of up to 9 days starting near a transition of the zone, 2000–2099. */
const query = fc
  .tuple(
    zone,
    rules,
    fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }),
    fc.integer({ min: 0, max: 9 * DAY }),
    fc.integer({ min: -3 * DAY, max: DAY }),
  )
  .chain(([timeZone, r, at, length, nowShift]) => {
    const transition = nextTransitionMs(timeZone, at);
    const fromMs = (transition ?? at) - 2 * DAY;
    const span = fc.tuple(fc.integer({ min: 0, max: length }), fc.integer({ min: 15, max: 180 }));
    return fc
      .record({
        tours: fc.array(span, { maxLength: 6 }),
        openHouses: fc.array(span, { maxLength: 2 }),
        blackouts: fc.array(span, { maxLength: 2 }),
      })
      .map(({ tours, openHouses, blackouts }): SlotQuery => {
        const toSpan = ([offset, minutes]: [number, number]) => ({ startMs: fromMs + offset, endMs: fromMs + offset + minutes * MINUTE });
        return {
          rules: {
            ...r,
            blackouts: blackouts
              .map(toSpan)
              .map((s) => ({ startAt: new Date(s.startMs).toISOString(), endAt: new Date(s.endMs).toISOString() })),
          },
          timeZone,
          fromMs,
          toMs: fromMs + length,
          nowMs: fromMs + nowShift,
          tours: tours.map(toSpan),
          openHouses: openHouses.map(toSpan),
        };
      });
  });

describe("showing slots", () => {
  it("are the slots a Temporal reading of the rules gives: same instants, same remaining", () => {
    let offered = 0;
    fc.assert(
      fc.property(query, (q) => {
        const slots = availableSlots(q);
        assert.deepEqual(slots, referenceSlots(q));
        if (slots.length > 0) offered += 1;
      }),
      { numRuns: 300 },
    );
    assert.ok(offered >= 60, `${offered} of 300 runs offered slots: the property is not vacuous`);
  });

  it("every slot offered is bookable as itself, and a slot shifted by a minute is not", () => {
    fc.assert(
      fc.property(query, (q) => {
        const { fromMs: _from, toMs: _to, ...rest } = q;
        for (const slot of availableSlots(q).slice(0, 5)) {
          assert.ok(isAvailableSlot(rest, slot));
          assert.equal(isAvailableSlot(rest, { startMs: slot.startMs + MINUTE, endMs: slot.endMs + MINUTE }), false);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("St. John's, fall back at local midnight (2001-10-28, 00:01 NDT → 23:01 NST): a slot whose end reads on the day before is not offered", () => {
    const slots = availableSlots({
      rules: {
        slotMinutes: 15,
        bufferMinutes: 0,
        minNoticeMinutes: 0,
        maxDaysAhead: 2,
        maxConcurrent: 1,
        weekly: [{ day: "sun", opens: "00:00", closes: "00:15" }],
        blackouts: [],
      },
      timeZone: "America/St_Johns",
      fromMs: 1004063460000,
      toMs: 1004237100000,
      nowMs: 1004063460000,
      tours: [],
      openHouses: [],
    });
    assert.deepEqual(slots, []);
  });

  it("New York, spring forward 2027-03-14: 02:00 and 02:30 are not offered; fall back 2027-11-07: 01:00 is the earlier instant", () => {
    const base = { bufferMinutes: 0, minNoticeMinutes: 0, maxDaysAhead: 366, maxConcurrent: 1, blackouts: [] };
    const spring = availableSlots({
      rules: { ...base, slotMinutes: 30, weekly: [{ day: "sun", opens: "01:00", closes: "04:00" }] },
      timeZone: "America/New_York",
      fromMs: Date.UTC(2027, 2, 14),
      toMs: Date.UTC(2027, 2, 15),
      nowMs: Date.UTC(2027, 0, 1),
      tours: [],
      openHouses: [],
    });
    assert.deepEqual(
      spring.map((s) => new Date(s.startMs).toISOString()),
      ["2027-03-14T06:00:00.000Z", "2027-03-14T06:30:00.000Z", "2027-03-14T07:00:00.000Z", "2027-03-14T07:30:00.000Z"],
    );
    const fall = availableSlots({
      rules: { ...base, slotMinutes: 60, weekly: [{ day: "sun", opens: "01:00", closes: "02:00" }] },
      timeZone: "America/New_York",
      fromMs: Date.UTC(2027, 10, 7),
      toMs: Date.UTC(2027, 10, 8),
      nowMs: Date.UTC(2027, 0, 1),
      tours: [],
      openHouses: [],
    });
    // 01:00 EDT (05:00Z) for an hour ends at 01:00 EST, read locally before 02:00: offered once, the earlier instant.
    assert.deepEqual(
      fall.map((s) => new Date(s.startMs).toISOString()),
      ["2027-11-07T05:00:00.000Z"],
    );
  });
});
