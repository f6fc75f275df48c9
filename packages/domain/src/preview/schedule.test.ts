import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { createCursorCodec } from "../paging/cursor.js";
import { rowsAfter, schedulePosition, unitPosition } from "../paging/paging.js";
import { ITEM_KINDS, type ScheduleItem } from "../records/records.js";
import { endsAfter, itemSpanMs, scheduleEntry, scheduleScanStart } from "./schedule.js";
import { DAY_MS, HOUR_MS, instant, temporalOffsetMs, zone } from "../time/time-arbitraries.test-support.js";

const BASE = Date.UTC(2027, 0, 1);
/** Items on few distinct starts (ties on purpose), of every kind, lasting up to 30 days. */
const item: fc.Arbitrary<ScheduleItem> = fc
  .record({
    kind: fc.constantFrom(...ITEM_KINDS),
    id: fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/),
    start: fc.integer({ min: 0, max: 40 }).map((n) => BASE + n * 6 * HOUR_MS),
    span: fc.oneof(fc.integer({ min: 0, max: 3 * HOUR_MS }), fc.integer({ min: 0, max: 30 * DAY_MS })),
  })
  .map(({ kind, id, start, span }) => ({
    kind,
    id,
    unitId: "u1",
    title: "t",
    lockId: null,
    startAt: new Date(start).toISOString(),
    endAt: new Date(kind === "scheduled_message" ? start : start + span).toISOString(),
  }));
const items = fc.uniqueArray(item, { selector: (row) => `${row.kind}:${row.id}`, maxLength: 40 });

/** SPEC 5.9 order, written out: startAt, then kind, then key. */
function specOrder(a: ScheduleItem, b: ScheduleItem): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return text(a.startAt, b.startAt) || text(a.kind, b.kind) || text(`${a.kind}:${a.id}`, `${b.kind}:${b.id}`);
}

/**
 * `±HH:MM` of an offset in ms, rounded to the minute as the product rounds it (`Math.round` of
 * the signed minutes: Monrovia's -00:44:30 of 1971 is -00:44, not -00:45).
 */
function offsetText(ms: number): string {
  const signed = Math.round(ms / 60_000);
  const minutes = Math.abs(signed);
  return `${signed < 0 ? "-" : "+"}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

describe("schedule", () => {
  it("schedulePosition order is the SPEC order (startAt, kind, key)", () => {
    fc.assert(
      fc.property(items, (rows) => {
        const byPosition = [...rows].sort((a, b) => (schedulePosition(a) < schedulePosition(b) ? -1 : 1));
        assert.deepEqual(byPosition, [...rows].sort(specOrder));
      }),
    );
  });

  it("unitPosition order is urlKey order", () => {
    assert.deepEqual(["ab", "a-b", "a", "b0"].map((urlKey) => unitPosition({ urlKey })).sort(), ["a", "a-b", "ab", "b0"]);
  });

  it("scanning from scheduleScanStart(from, longest span) misses no item that ends after from", () => {
    fc.assert(
      fc.property(items, fc.integer({ min: -DAY_MS, max: 50 * DAY_MS }), (rows, offset) => {
        const fromMs = BASE + offset;
        const fromIso = new Date(fromMs).toISOString();
        const ordered = [...rows].sort(specOrder);
        const span = Math.max(0, ...rows.map(itemSpanMs));
        const scanned = rowsAfter(ordered, schedulePosition, scheduleScanStart(fromMs, span), ordered.length, "asc");
        assert.deepEqual(
          scanned.filter((row) => endsAfter(row, fromIso)),
          ordered.filter((row) => Date.parse(row.endAt) > fromMs),
        );
      }),
    );
  });

  it("an entry reads its instants in the unit's zone, RFC 3339 with the offset, seconds precision", () => {
    fc.assert(
      fc.property(zone, instant, fc.integer({ min: 0, max: 2 * DAY_MS }), (timeZone, startMs, span) => {
        const tour = {
          kind: "tour",
          id: "t1",
          unitId: "u1",
          title: "T",
          lockId: "lk",
          startAt: new Date(startMs).toISOString(),
          endAt: new Date(startMs + span).toISOString(),
        } as const;
        const entry = scheduleEntry(tour, timeZone);
        for (const [text, ms] of [
          [entry.localStart, startMs],
          [entry.localEnd, startMs + span],
        ] as const) {
          const offset = temporalOffsetMs(timeZone, ms);
          assert.ok(text.endsWith(offsetText(offset)), `${text} in ${timeZone}`);
          assert.equal(Date.parse(text), Math.floor(ms / 1000) * 1000, `${text} names the instant`);
        }
        assert.deepEqual([entry.key, entry.id, entry.lockId, entry.startAt], ["tour:t1", "t1", "lk", tour.startAt]);
      }),
    );
  });

  it("a unit without a zone reads in UTC; a message is one instant", () => {
    const message = {
      kind: "scheduled_message",
      id: "m1",
      unitId: "u1",
      title: "Hi",
      lockId: null,
      startAt: "2026-12-01T15:00:00.000Z",
      endAt: "2026-12-01T15:00:00.000Z",
    } as const;
    assert.deepEqual(scheduleEntry(message, null), {
      key: "scheduled_message:m1",
      kind: "scheduled_message",
      id: "m1",
      title: "Hi",
      startAt: message.startAt,
      endAt: message.endAt,
      lockId: null,
      localStart: "2026-12-01T15:00:00+00:00",
      localEnd: "2026-12-01T15:00:00+00:00",
      label: "Tue, Dec 1, 2026, 3:00 PM UTC",
      templateId: null,
      code: null,
      lockSync: null,
      tourId: null,
      delivery: { status: "scheduled", channel: null, sentAt: null, error: null },
    });
    assert.equal(scheduleEntry({ ...message, templateId: "tpl_1" }, null).templateId, "tpl_1", "a message's template");
    const entry = scheduleEntry({ ...message, kind: "tour", endAt: "2026-12-01T16:00:00.000Z" }, "America/New_York");
    assert.deepEqual(
      [entry.localStart, entry.localEnd, entry.label],
      ["2026-12-01T10:00:00-05:00", "2026-12-01T11:00:00-05:00", "Tue, Dec 1, 2026, 10:00 AM – 11:00 AM EST"],
    );
    assert.equal(entry.delivery, null, "only a message has a delivery");
  });

  it("a cursor with a subject is refused for another subject and where the list has none", () => {
    const codec = createCursorCodec(["a-first-secret-of-at-least-32-characters"]);
    const bound = { orgId: "org_1", list: "schedule", subject: "unit_1" } as const;
    const text = codec.encode("2027-01-01T00:00:00.000Z|x", bound);
    assert.equal(codec.decode(text, bound).ok, true);
    assert.equal(codec.decode(text, { ...bound, subject: "unit_2" }).ok, false);
    assert.equal(codec.decode(text, { orgId: "org_1", list: "schedule" }).ok, false);
    assert.equal(codec.decode(codec.encode("x", { orgId: "org_1", list: "schedule" }), bound).ok, false);
  });
});

it("scheduleEntry: a code shows the PIN it is given (null when none, as in events) and its lockSync; other kinds never do", () => {
  const lockSync = { status: "pending", error: null, updatedAt: "2026-12-01T10:00:00.000Z" } as const;
  const code = {
    kind: "code",
    id: "c1",
    unitId: "u1",
    title: "Guest",
    lockId: "lk1",
    startAt: "2026-12-01T15:00:00.000Z",
    endAt: "2026-12-01T16:00:00.000Z",
    code: "enc1.sealed",
    lockSync,
  } as const;
  assert.equal(scheduleEntry(code, null, "482913").code, "482913");
  assert.equal(scheduleEntry(code, null).code, null, "no PIN given: null, never the sealed text");
  assert.deepEqual(scheduleEntry(code, null).lockSync, lockSync);
  const tour = { ...code, kind: "tour" } as const;
  assert.equal(scheduleEntry(tour, null, "482913").code, null);
  assert.equal(scheduleEntry(tour, null).lockSync, null);
});
