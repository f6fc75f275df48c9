import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { planTimezoneChange, type LockSharing, type PreviewInput, type PreviewItem } from "./preview.js";
import type { ItemKind, ScheduleItem } from "../records/records.js";

const NOW = Date.parse("2026-11-22T00:00:00.000Z");

function unit(timeZone: string | null): PreviewInput["unit"] {
  return { id: "u1", address: "12 Elm St, Springfield", timeZone, version: 7 };
}

function item(kind: ItemKind, id: string, startAt: string, endAt: string, lockId: string | null = null): ScheduleItem {
  return { kind, id, unitId: "u1", title: `${kind} ${id}`, startAt, endAt, lockId };
}

function plan(
  timeZone: string | null,
  proposedTimeZone: string,
  items: ScheduleItem[],
  lockUnits: Record<string, LockSharing[]> = {},
  nowMs = NOW,
) {
  return planTimezoneChange({
    unit: unit(timeZone),
    items,
    lockUnits: new Map(Object.entries(lockUnits)),
    proposedTimeZone,
    nowMs,
  });
}

/** The one listed item of a plan, with its rewrite. */
function only(result: ReturnType<typeof plan>): { item: PreviewItem; rewrite: { startAt: string; endAt: string } } {
  assert.equal(result.preview.items.length, 1);
  assert.equal(result.rewrites.length, 1);
  const [listed] = result.preview.items;
  const [rewrite] = result.rewrites;
  assert.ok(listed && rewrite);
  return { item: listed, rewrite };
}

describe("planTimezoneChange: examples", () => {
  it("a null zone reads as UTC; America/Chicago 02:30 on 2027-03-14 falls in the gap → 03:30 CDT", () => {
    const result = plan(null, "America/Chicago", [item("tour", "t1", "2027-03-14T02:30:00.000Z", "2027-03-14T04:00:00.000Z")]);
    assert.deepEqual(
      { ...result.preview, items: [] },
      {
        status: "ok",
        unitId: "u1",
        address: "12 Elm St, Springfield",
        expectedVersion: 7,
        currentTimeZone: null,
        proposedTimeZone: "America/Chicago",
        beforeUsesUtc: true,
        items: [],
      },
    );
    assert.deepEqual(only(result).item, {
      key: "tour:t1",
      kind: "tour",
      title: "tour t1",
      startAt: "2027-03-14T02:30:00.000Z",
      endAt: "2027-03-14T04:00:00.000Z",
      wallClockStart: "2027-03-14T03:30:00-05:00",
      wallClockEnd: "2027-03-14T04:00:00-05:00",
      beforeLabel: "Sun, Mar 14, 2027, 2:30 AM – 4:00 AM UTC",
      keepInstantLabel: "Sat, Mar 13, 2027, 8:30 PM – 10:00 PM CST",
      keepWallClockLabel: "Sun, Mar 14, 2027, 3:30 AM – 4:00 AM CDT",
      sharedLockConflict: false,
      warnings: ["duration_changed"],
    });
    assert.deepEqual(result.rewrites, [{ kind: "tour", id: "t1", startAt: "2027-03-14T08:30:00.000Z", endAt: "2027-03-14T09:00:00.000Z" }]);
  });

  it("America/Chicago 01:30 on 2027-11-07 exists twice → the earlier (CDT); a range across the change spells both ends", () => {
    const { item: listed, rewrite } = only(
      plan(null, "America/Chicago", [item("open_house", "o1", "2027-11-07T01:30:00.000Z", "2027-11-07T02:30:00.000Z")]),
    );
    assert.equal(listed.wallClockStart, "2027-11-07T01:30:00-05:00");
    assert.equal(listed.wallClockEnd, "2027-11-07T02:30:00-06:00");
    assert.equal(listed.beforeLabel, "Sun, Nov 7, 2027, 1:30 AM – 2:30 AM UTC");
    assert.equal(listed.keepInstantLabel, "Sat, Nov 6, 2027, 8:30 PM – 9:30 PM CDT");
    assert.equal(listed.keepWallClockLabel, "Sun, Nov 7, 2027, 1:30 AM CDT – Sun, Nov 7, 2027, 2:30 AM CST");
    assert.deepEqual(rewrite, { kind: "open_house", id: "o1", startAt: "2027-11-07T06:30:00.000Z", endAt: "2027-11-07T08:30:00.000Z" });
  });

  it("Australia/Lord_Howe's 30-minute gap moves a scheduled message 30 minutes; start == end is an instant label", () => {
    const at = "2027-10-03T02:15:00.000Z";
    const { item: listed, rewrite } = only(plan(null, "Australia/Lord_Howe", [item("scheduled_message", "m1", at, at)]));
    assert.equal(listed.wallClockStart, "2027-10-03T02:45:00+11:00");
    assert.equal(listed.wallClockEnd, "2027-10-03T02:45:00+11:00");
    assert.equal(listed.beforeLabel, "Sun, Oct 3, 2027, 2:15 AM UTC");
    assert.equal(listed.keepInstantLabel, "Sun, Oct 3, 2027, 1:15 PM GMT+11");
    assert.equal(listed.keepWallClockLabel, "Sun, Oct 3, 2027, 2:45 AM GMT+11");
    assert.deepEqual(rewrite, {
      kind: "scheduled_message",
      id: "m1",
      startAt: "2027-10-02T15:45:00.000Z",
      endAt: "2027-10-02T15:45:00.000Z",
    });
  });

  it("America/New_York → Asia/Kolkata (+05:30)", () => {
    const result = plan(
      "America/New_York",
      "Asia/Kolkata",
      [item("code", "c1", "2026-12-01T15:00:00.000Z", "2026-12-01T16:00:00.000Z", "lk_front")],
      { lk_front: [{ unitId: "u1", timeZone: "America/New_York" }] },
    );
    assert.equal(result.preview.currentTimeZone, "America/New_York");
    assert.equal(result.preview.beforeUsesUtc, false);
    const { item: listed, rewrite } = only(result);
    assert.equal(listed.wallClockStart, "2026-12-01T10:00:00+05:30");
    assert.equal(listed.wallClockEnd, "2026-12-01T11:00:00+05:30");
    assert.equal(listed.beforeLabel, "Tue, Dec 1, 2026, 10:00 AM – 11:00 AM EST");
    assert.equal(listed.keepInstantLabel, "Tue, Dec 1, 2026, 8:30 PM – 9:30 PM GMT+5:30");
    assert.equal(listed.keepWallClockLabel, "Tue, Dec 1, 2026, 10:00 AM – 11:00 AM GMT+5:30");
    assert.equal(listed.sharedLockConflict, false);
    assert.deepEqual(rewrite, { kind: "code", id: "c1", startAt: "2026-12-01T04:30:00.000Z", endAt: "2026-12-01T05:30:00.000Z" });
  });

  it("a range across midnight spells both ends", () => {
    const { item: listed, rewrite } = only(
      plan("America/New_York", "America/Chicago", [item("tour", "t1", "2026-12-02T03:00:00.000Z", "2026-12-02T06:00:00.000Z")]),
    );
    assert.equal(listed.wallClockStart, "2026-12-01T22:00:00-06:00");
    assert.equal(listed.wallClockEnd, "2026-12-02T01:00:00-06:00");
    assert.equal(listed.beforeLabel, "Tue, Dec 1, 2026, 10:00 PM EST – Wed, Dec 2, 2026, 1:00 AM EST");
    assert.equal(listed.keepInstantLabel, "Tue, Dec 1, 2026, 9:00 PM CST – Wed, Dec 2, 2026, 12:00 AM CST");
    assert.equal(listed.keepWallClockLabel, "Tue, Dec 1, 2026, 10:00 PM CST – Wed, Dec 2, 2026, 1:00 AM CST");
    assert.deepEqual(rewrite, { kind: "tour", id: "t1", startAt: "2026-12-02T04:00:00.000Z", endAt: "2026-12-02T07:00:00.000Z" });
  });

  it("a start pushed past its end by a gap ends where it starts", () => {
    // 02:30 (gap) → 03:30 CDT while 03:10 stays 03:10 CDT: the end must not come first.
    const { item: listed, rewrite } = only(
      plan(null, "America/Chicago", [item("tour", "t1", "2027-03-14T02:30:00.000Z", "2027-03-14T03:10:00.000Z")]),
    );
    assert.equal(listed.wallClockStart, "2027-03-14T03:30:00-05:00");
    assert.equal(listed.wallClockEnd, "2027-03-14T03:30:00-05:00");
    assert.equal(listed.keepWallClockLabel, "Sun, Mar 14, 2027, 3:30 AM CDT");
    assert.deepEqual(rewrite, { kind: "tour", id: "t1", startAt: "2027-03-14T08:30:00.000Z", endAt: "2027-03-14T08:30:00.000Z" });
  });

  it("preview warnings: a one-hour tour across Chicago's fall-back overlap (tour_chi_overlap) becomes zero-length → duration_changed", () => {
    // 01:30 CDT → 01:30 CST, one hour; read in New York, 01:30 on Nov 7 exists twice and both ends take the earlier one.
    const overlap = item("tour", "tour_chi_overlap", "2027-11-07T06:30:00.000Z", "2027-11-07T07:30:00.000Z");
    const evening = item("tour", "tour_chi_evening", "2027-06-01T23:00:00.000Z", "2027-06-02T00:00:00.000Z");
    const message = item("scheduled_message", "m1", "2027-11-07T06:30:00.000Z", "2027-11-07T06:30:00.000Z");
    const result = plan("America/Chicago", "America/New_York", [overlap, evening, message]);
    assert.deepEqual(
      result.preview.items.map((listed) => [listed.key, listed.wallClockStart, listed.wallClockEnd, listed.warnings]),
      [
        ["tour:tour_chi_evening", "2027-06-01T18:00:00-04:00", "2027-06-01T19:00:00-04:00", []],
        ["scheduled_message:m1", "2027-11-07T01:30:00-04:00", "2027-11-07T01:30:00-04:00", []],
        ["tour:tour_chi_overlap", "2027-11-07T01:30:00-04:00", "2027-11-07T01:30:00-04:00", ["duration_changed"]],
      ],
    );
  });

  it("preview warnings: a spring-forward gap that pushes the start past the end, and a range across a fall-back, change the duration", () => {
    const pushed = only(plan(null, "America/Chicago", [item("tour", "t1", "2027-03-14T02:30:00.000Z", "2027-03-14T03:10:00.000Z")]));
    assert.deepEqual(pushed.item.warnings, ["duration_changed"]);
    const across = only(plan(null, "America/Chicago", [item("open_house", "o1", "2027-11-07T01:30:00.000Z", "2027-11-07T02:30:00.000Z")]));
    assert.deepEqual(across.item.warnings, ["duration_changed"]); // 1:30 CDT – 2:30 CST is two hours
    const plain = only(
      plan("America/New_York", "Asia/Kolkata", [item("code", "c1", "2026-12-01T15:00:00.000Z", "2026-12-01T16:00:00.000Z")]),
    );
    assert.deepEqual(plain.item.warnings, []);
  });

  it("sharedLockConflict: only another unit whose zone (null = UTC) differs from the proposed one", () => {
    const result = plan(
      "America/New_York",
      "America/Chicago",
      [
        item("tour", "t1", "2026-12-01T15:00:00.000Z", "2026-12-01T16:00:00.000Z", "lk_door"),
        item("tour", "t2", "2026-12-02T15:00:00.000Z", "2026-12-02T16:00:00.000Z", "lk_gate"),
        item("tour", "t3", "2026-12-03T15:00:00.000Z", "2026-12-03T16:00:00.000Z", "lk_own"),
        item("open_house", "o1", "2026-12-04T15:00:00.000Z", "2026-12-04T16:00:00.000Z"),
      ],
      {
        // This unit (other zone) does not count; US/Central is another spelling of Chicago.
        lk_door: [
          { unitId: "u1", timeZone: "America/New_York" },
          { unitId: "u2", timeZone: "America/Chicago" },
          { unitId: "u3", timeZone: "US/Central" },
        ],
        lk_gate: [
          { unitId: "u1", timeZone: "America/New_York" },
          { unitId: "u4", timeZone: null },
        ],
        lk_own: [{ unitId: "u1", timeZone: "America/New_York" }],
      },
    );
    assert.deepEqual(
      result.preview.items.map((listed) => [listed.key, listed.sharedLockConflict]),
      [
        ["tour:t1", false],
        ["tour:t2", true],
        ["tour:t3", false],
        ["open_house:o1", false],
      ],
    );
    assert.equal(result.preview.status, "conflict");
    assert.equal(result.rewrites.length, 4);
  });

  it("without a conflicting lock the status is ok", () => {
    const result = plan(
      "America/New_York",
      "America/Chicago",
      [item("tour", "t1", "2026-12-01T15:00:00.000Z", "2026-12-01T16:00:00.000Z", "lk_door")],
      {
        lk_door: [
          { unitId: "u1", timeZone: "America/New_York" },
          { unitId: "u2", timeZone: "America/Chicago" },
        ],
      },
    );
    assert.equal(result.preview.status, "ok");
  });

  it("the same zone under another spelling is a noop with no items", () => {
    const items = [item("tour", "t1", "2026-12-01T15:00:00.000Z", "2026-12-01T16:00:00.000Z", "lk_gate")];
    const result = plan("Europe/Kiev", "Europe/Kyiv", items, { lk_gate: [{ unitId: "u4", timeZone: null }] });
    assert.deepEqual(
      { status: result.preview.status, current: result.preview.currentTimeZone, items: result.preview.items, rewrites: result.rewrites },
      { status: "noop", current: "Europe/Kyiv", items: [], rewrites: [] },
    );
  });

  it("a unit with no zone proposed UTC is ok with no items", () => {
    const result = plan(null, "UTC", [item("tour", "t1", "2026-12-01T15:00:00.000Z", "2026-12-01T16:00:00.000Z")]);
    assert.deepEqual([result.preview.status, result.preview.beforeUsesUtc, result.preview.items, result.rewrites], ["ok", true, [], []]);
  });

  it("items that keep their instants are not listed (New York → Toronto)", () => {
    const result = plan("America/New_York", "America/Toronto", [
      item("tour", "t1", "2027-03-14T07:30:00.000Z", "2027-03-14T08:00:00.000Z"),
    ]);
    assert.deepEqual([result.preview.status, result.preview.items, result.rewrites], ["ok", [], []]);
  });

  it("candidates end after now: an item ending at now is left out, one still running is listed", () => {
    const result = plan("UTC", "Asia/Kolkata", [
      item("tour", "ended", "2026-11-21T23:00:00.000Z", "2026-11-22T00:00:00.000Z"),
      item("tour", "running", "2026-11-21T23:00:00.000Z", "2026-11-22T00:00:00.001Z"),
    ]);
    assert.deepEqual(
      result.preview.items.map((listed) => listed.key),
      ["tour:running"],
    );
  });

  it("orders by startAt, then kind, then key", () => {
    const at = "2026-12-01T15:00:00.000Z";
    const end = "2026-12-01T16:00:00.000Z";
    const result = plan("UTC", "Asia/Kolkata", [
      item("tour", "b", at, end),
      item("tour", "a", at, end),
      item("scheduled_message", "m", at, at),
      item("open_house", "b", at, end),
      item("code", "z", at, end),
      item("tour", "late", "2026-12-01T15:00:00.001Z", end),
      item("tour", "early", "2026-12-01T14:59:59.999Z", end),
    ]);
    assert.deepEqual(
      result.preview.items.map((listed) => listed.key),
      ["tour:early", "code:z", "open_house:b", "scheduled_message:m", "tour:a", "tour:b", "tour:late"],
    );
    assert.deepEqual(
      result.rewrites.map((r) => `${r.kind}:${r.id}`),
      result.preview.items.map((listed) => listed.key),
    );
  });

  it("a stored zone that is no IANA zone is a broken invariant and throws", () => {
    assert.throws(() => plan("Mars/Base", "UTC", []), RangeError);
  });
});
