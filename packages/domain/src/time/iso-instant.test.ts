import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { isoInstant, parseCanonicalInstant } from "./iso-instant.js";
import { DAY_MS, dayNumber } from "./calendar-strings.js";

const MAX_DATE_MS = 8.64e15;

describe("isoInstant", () => {
  it("writes what Date#toISOString writes at the edges of its fast range and beyond", () => {
    const edges = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2000, 1, 29),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      -1,
      Date.UTC(1969, 11, 31, 12),
      -MAX_DATE_MS,
      MAX_DATE_MS,
    ];
    for (const ms of edges) assert.equal(isoInstant(ms), new Date(ms).toISOString());
  });

  it("property: equals Date#toISOString for any instant Date can hold", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), fc.integer({ min: -MAX_DATE_MS, max: MAX_DATE_MS })),
        (ms) => {
          assert.equal(isoInstant(ms), new Date(ms).toISOString());
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe("parseCanonicalInstant", () => {
  it("property: reads back every instant isoInstant writes for 1970..9999", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }), (ms) => {
        assert.equal(parseCanonicalInstant(isoInstant(ms)), ms);
      }),
      { numRuns: 5000 },
    );
  });

  it("property: any other text is NaN or exactly the canonical text of what it returns", () => {
    const near = fc.tuple(fc.integer({ min: -100, max: Date.UTC(2200, 0, 1) }), fc.nat(23), fc.constantFrom(..."0123456789-:.TZ+x 9"));
    fc.assert(
      fc.property(near, ([ms, at, char]) => {
        const base = new Date(ms).toISOString();
        const text = base.slice(0, at) + char + base.slice(at + 1);
        const parsed = parseCanonicalInstant(text);
        if (!Number.isNaN(parsed)) assert.equal(isoInstant(parsed), text);
      }),
      { numRuns: 5000 },
    );
  });

  it("refuses what is not canonical: other offsets, no milliseconds, impossible dates, before 1970", () => {
    for (const text of [
      "2027-03-14T08:30:00Z",
      "2027-03-14T08:30:00.000+00:00",
      "2027-02-29T00:00:00.000Z",
      "2027-04-31T00:00:00.000Z",
      "2027-13-01T00:00:00.000Z",
      "2027-03-14T24:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "2027-03-14t08:30:00.000z",
    ]) {
      assert.ok(Number.isNaN(parseCanonicalInstant(text)), text);
    }
    assert.equal(parseCanonicalInstant("2028-02-29T23:59:59.999Z"), Date.UTC(2028, 1, 29, 23, 59, 59, 999));
  });
});

describe("dayNumber", () => {
  it("property: is the day of Date's own proleptic Gregorian calendar, for years 0000..9999", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const date = new Date(0);
          date.setUTCFullYear(year, month - 1, day); // rolls over like dayNumber does (Feb 30 → Mar 2)
          assert.equal(dayNumber(year, month, day) * DAY_MS, date.getTime());
        },
      ),
      { numRuns: 5000 },
    );
  });
});
