import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import {
  instantIn,
  temporalKeepWallClock,
  temporalLocal,
  temporalOffsetMs,
  zone,
  zonePairAndInstant,
} from "./time-arbitraries.test-support.js";
import { formatZonedDateTime, instantOfLocal, keepWallClock } from "./wall-clock.js";

const at = (iso: string) => Date.parse(iso);
/** A local date-time written as if UTC, the "local epoch" instantOfLocal takes. */
const local = (isoLocal: string) => Date.parse(`${isoLocal}Z`);

describe("instantOfLocal (Temporal compatible)", () => {
  const cases: [zone: string, local: string, expected: string, why: string][] = [
    ["America/Chicago", "2027-03-14T02:30:00.000", "2027-03-14T03:30:00-05:00", "gap: forward by the hour"],
    ["America/Chicago", "2027-03-14T02:00:00.000", "2027-03-14T03:00:00-05:00", "gap start"],
    ["America/Chicago", "2027-03-14T01:59:59.000", "2027-03-14T01:59:59-06:00", "just before the gap"],
    ["America/Chicago", "2027-11-07T01:30:00.000", "2027-11-07T01:30:00-05:00", "overlap: the earlier (CDT)"],
    ["America/Chicago", "2027-11-07T02:00:00.000", "2027-11-07T02:00:00-06:00", "after the overlap"],
    ["Australia/Lord_Howe", "2027-10-03T02:15:00.000", "2027-10-03T02:45:00+11:00", "30-minute gap"],
    ["Australia/Lord_Howe", "2027-04-04T01:45:00.000", "2027-04-04T01:45:00+11:00", "30-minute overlap"],
    ["Asia/Kolkata", "2026-12-01T10:00:00.000", "2026-12-01T10:00:00+05:30", "half-hour offset"],
    ["Pacific/Apia", "2011-12-30T12:00:00.000", "2011-12-31T12:00:00+14:00", "Samoa's skipped day"],
    ["UTC", "2026-12-01T10:00:00.000", "2026-12-01T10:00:00+00:00", "UTC is +00:00"],
  ];
  for (const [timeZone, localTime, expected, why] of cases) {
    it(`${timeZone} ${localTime} → ${expected} (${why})`, () => {
      assert.equal(formatZonedDateTime(instantOfLocal(timeZone, local(localTime)), timeZone), expected);
    });
  }

  it("keeps milliseconds", () => {
    assert.equal(keepWallClock(at("2026-12-01T15:00:00.789Z"), "America/New_York", "Asia/Kolkata"), at("2026-12-01T04:30:00.789Z"));
  });
});

describe("formatZonedDateTime", () => {
  it("writes seconds precision and ±HH:MM", () => {
    assert.equal(formatZonedDateTime(at("2026-12-01T16:00:59.999Z"), "America/Chicago"), "2026-12-01T10:00:59-06:00");
    assert.equal(formatZonedDateTime(at("2026-12-01T16:00:00.000Z"), "UTC"), "2026-12-01T16:00:00+00:00");
    assert.equal(formatZonedDateTime(at("2026-12-01T16:00:00.000Z"), "Asia/Kathmandu"), "2026-12-01T21:45:00+05:45");
  });

  it("property: names the instant (to the second) with the zone's offset", () => {
    fc.assert(
      fc.property(
        zone.chain((z) => fc.tuple(fc.constant(z), instantIn(z))),
        ([timeZone, epochMs]) => {
          const text = formatZonedDateTime(epochMs, timeZone);
          assert.match(text, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
          assert.equal(Date.parse(text), Math.floor(epochMs / 1000) * 1000);
        },
      ),
    );
  });
});

describe("keepWallClock", () => {
  const pair = zonePairAndInstant;

  it("property (oracle): agrees with Temporal's toPlainDateTime().toZonedDateTime(to, compatible)", () => {
    fc.assert(
      fc.property(pair, ([from, to, epochMs]) => {
        if (from === to) return; // same zone: nothing moves, by definition (checked below)
        assert.equal(keepWallClock(epochMs, from, to), temporalKeepWallClock(epochMs, from, to));
      }),
      { numRuns: 1000 },
    );
  });

  it("property: reads back the same local date-time, or in a gap that time moved forward by the gap", () => {
    fc.assert(
      fc.property(pair, ([from, to, epochMs]) => {
        const result = keepWallClock(epochMs, from, to);
        const before = temporalLocal(epochMs, from);
        const after = temporalLocal(result, to);
        if (Temporal.PlainDateTime.compare(before, after) === 0) return;
        // Not the same local time: it must not exist in `to` …
        assert.throws(() => before.toZonedDateTime(to, { disambiguation: "reject" }), RangeError);
        // … and it moved forward by the length of the gap it fell in.
        const gapMs = temporalOffsetMs(to, result) - temporalOffsetMs(to, result - 24 * 3_600_000);
        assert.ok(gapMs > 0);
        assert.equal(after.since(before).total({ unit: "milliseconds" }), gapMs);
      }),
      { numRuns: 500 },
    );
  });

  it("property: the same zone keeps every instant", () => {
    fc.assert(
      fc.property(
        zone.chain((z) => fc.tuple(fc.constant(z), instantIn(z))),
        ([timeZone, epochMs]) => {
          assert.equal(keepWallClock(epochMs, timeZone, timeZone), epochMs);
        },
      ),
    );
  });
});
