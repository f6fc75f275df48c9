import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { instantLabel, rangeLabel } from "./labels.js";
import { HOUR_MS, instantIn, zone } from "./time-arbitraries.test-support.js";

const at = (iso: string) => Date.parse(iso);

/** Printable ASCII and the en dash: nothing else may appear in a label. */
const PLAIN = /^[\x20-\x7E–]+$/;

describe("instantLabel", () => {
  const cases: [zone: string, instant: string, label: string][] = [
    ["America/New_York", "2026-12-01T15:00:00.000Z", "Tue, Dec 1, 2026, 10:00 AM EST"],
    ["America/New_York", "2026-12-01T05:00:00.000Z", "Tue, Dec 1, 2026, 12:00 AM EST"],
    ["America/New_York", "2026-12-01T17:05:00.000Z", "Tue, Dec 1, 2026, 12:05 PM EST"],
    ["UTC", "2026-12-01T00:30:59.999Z", "Tue, Dec 1, 2026, 12:30 AM UTC"],
    ["Asia/Kolkata", "2026-12-01T15:00:00.000Z", "Tue, Dec 1, 2026, 8:30 PM GMT+5:30"],
    ["Europe/Amsterdam", "2026-12-01T15:00:00.000Z", "Tue, Dec 1, 2026, 4:00 PM GMT+1"],
    ["Australia/Lord_Howe", "2027-07-01T15:00:00.000Z", "Fri, Jul 2, 2027, 1:30 AM GMT+10:30"],
    ["America/Chicago", "2027-03-14T08:30:00.000Z", "Sun, Mar 14, 2027, 3:30 AM CDT"],
    ["Etc/GMT+5", "2026-12-01T15:00:00.000Z", "Tue, Dec 1, 2026, 10:00 AM GMT-5"],
  ];
  for (const [timeZone, instant, label] of cases) {
    it(`${instant} in ${timeZone} → ${label}`, () => {
      assert.equal(instantLabel(at(instant), timeZone), label);
    });
  }

  it("property (oracle): equals Intl's own en-US rendering with plain spaces", () => {
    fc.assert(
      fc.property(
        zone.chain((z) => fc.tuple(fc.constant(z), instantIn(z))),
        ([timeZone, epochMs]) => {
          const intl = new Intl.DateTimeFormat("en-US", {
            timeZone,
            weekday: "short",
            month: "short",
            day: "numeric",
            year: "numeric",
            hour: "numeric",
            minute: "2-digit",
            timeZoneName: "short",
          }).format(epochMs);
          assert.equal(instantLabel(epochMs, timeZone), intl.replace(/[\u00A0\u2009\u202F]/g, " "));
        },
      ),
    );
  });
});

describe("rangeLabel", () => {
  const cases: [zone: string, start: string, end: string, label: string, why: string][] = [
    [
      "America/New_York",
      "2026-12-01T15:00:00.000Z",
      "2026-12-01T16:00:00.000Z",
      "Tue, Dec 1, 2026, 10:00 AM – 11:00 AM EST",
      "one date, one abbreviation",
    ],
    [
      "America/New_York",
      "2026-12-02T03:00:00.000Z",
      "2026-12-02T06:00:00.000Z",
      "Tue, Dec 1, 2026, 10:00 PM EST – Wed, Dec 2, 2026, 1:00 AM EST",
      "across midnight",
    ],
    [
      "America/Chicago",
      "2027-11-07T06:30:00.000Z",
      "2027-11-07T08:30:00.000Z",
      "Sun, Nov 7, 2027, 1:30 AM CDT – Sun, Nov 7, 2027, 2:30 AM CST",
      "across a DST change: two abbreviations",
    ],
    ["UTC", "2026-12-01T16:00:00.000Z", "2026-12-01T18:00:00.000Z", "Tue, Dec 1, 2026, 4:00 PM – 6:00 PM UTC", "UTC"],
    [
      "America/New_York",
      "2026-12-01T15:00:00.000Z",
      "2026-12-01T15:00:00.000Z",
      "Tue, Dec 1, 2026, 10:00 AM EST",
      "zero length (a scheduled message): the instant form",
    ],
  ];
  for (const [timeZone, start, end, label, why] of cases) {
    it(`${why}: ${label}`, () => {
      assert.equal(rangeLabel(at(start), at(end), timeZone), label);
    });
  }

  it("property: labels never contain U+202F, U+2009 or any other odd space", () => {
    const range = zone.chain((z) => fc.tuple(fc.constant(z), instantIn(z), fc.integer({ min: 0, max: 50 * HOUR_MS })));
    fc.assert(
      fc.property(range, ([timeZone, startMs, lengthMs]) => {
        const label = rangeLabel(startMs, startMs + lengthMs, timeZone);
        assert.match(label, PLAIN);
        assert.doesNotMatch(label, /[\u202F\u2009]/);
      }),
    );
  });

  it("property: the short form exactly when both ends share a local date and an abbreviation", () => {
    const range = zone.chain((z) => fc.tuple(fc.constant(z), instantIn(z), fc.integer({ min: 1, max: 50 * HOUR_MS })));
    fc.assert(
      fc.property(range, ([timeZone, startMs, lengthMs]) => {
        const start = instantLabel(startMs, timeZone);
        const end = instantLabel(startMs + lengthMs, timeZone);
        const label = rangeLabel(startMs, startMs + lengthMs, timeZone);
        const dateOf = (l: string) => l.split(", ").slice(0, 3).join(", ");
        const zoneOf = (l: string) => l.slice(l.lastIndexOf(" ") + 1);
        if (dateOf(start) === dateOf(end) && zoneOf(start) === zoneOf(end)) {
          assert.equal(label, `${start.slice(0, start.lastIndexOf(" "))} – ${end.split(", ")[3]}`);
        } else {
          assert.equal(label, `${start} – ${end}`);
        }
      }),
    );
  });
});
