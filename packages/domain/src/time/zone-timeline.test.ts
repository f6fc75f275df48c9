import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { intlLabelParts, intlOffsetMs } from "./intl-zone-reading.js";
import { instantLabel } from "./labels.js";
import { HOUR_MS, instantIn, zone, ZONES } from "./time-arbitraries.test-support.js";
import { zoneOffsetMs } from "./zone-offset.js";
import { FIRST_MS, LAST_MS, steadyOffsetMs, zoneState } from "./zone-timeline.js";

const at = (iso: string) => Date.parse(iso);

/** The slow path: Intl read at the instant itself. */
function referenceLabel(epochMs: number, timeZone: string): string {
  const { date, time, zone: name } = intlLabelParts(epochMs, timeZone);
  return `${date}, ${time} ${name}`;
}

function assertMatchesIntl(timeZone: string, epochMs: number): void {
  const where = `${timeZone} at ${new Date(epochMs).toISOString()}`;
  assert.equal(zoneOffsetMs(timeZone, epochMs), intlOffsetMs(timeZone, epochMs), `offset, ${where}`);
  assert.equal(instantLabel(epochMs, timeZone), referenceLabel(epochMs, timeZone), `label, ${where}`);
}

/**
 * Changes of the label's zone name where the offset stays (a metazone or DST-flag change), and
 * the cases that show the name is not a function of zone and offset.
 */
const NAME_ONLY_CHANGES: [zone: string, instant: string, before: string, after: string][] = [
  ["America/Kentucky/Monticello", "2000-10-29T07:00:00.000Z", "CDT", "EST"],
  ["America/Indiana/Knox", "1991-10-27T07:00:00.000Z", "CDT", "EST"],
  ["America/Anchorage", "1983-11-30T09:00:00.000Z", "GMT-9", "AKST"],
  ["America/Adak", "1983-11-30T10:00:00.000Z", "GMT-10", "HAST"],
];

describe("zoneState (the per-zone cache of Intl's offset and zone name)", () => {
  for (const [timeZone, instant, before, after] of NAME_ONLY_CHANGES) {
    it(`${timeZone}: ${before} until ${instant}, ${after} from then, the offset unchanged`, () => {
      const changeMs = at(instant);
      const earlier = zoneState(timeZone, changeMs - 1);
      const later = zoneState(timeZone, changeMs);
      assert.equal(earlier?.name, before);
      assert.equal(later?.name, after);
      assert.equal(earlier?.offsetMs, later?.offsetMs);
      for (const shift of [-HOUR_MS, -1000, -1, 0, 999, 1000, HOUR_MS]) assertMatchesIntl(timeZone, changeMs + shift);
    });
  }

  it("Africa/Monrovia 1972-01-07: two changes 30 s apart (offset at 00:44:30, ICU's name at 00:45:00)", () => {
    const offsetMoves = at("1972-01-07T00:44:30.000Z");
    const nameMoves = at("1972-01-07T00:45:00.000Z");
    assert.deepEqual(zoneState("Africa/Monrovia", offsetMoves - 1), { offsetMs: -(44 * 60 + 30) * 1000, name: "GMT-0:44:30" });
    assert.deepEqual(zoneState("Africa/Monrovia", offsetMoves), { offsetMs: 0, name: "GMT+0" });
    assert.deepEqual(zoneState("Africa/Monrovia", nameMoves - 1), { offsetMs: 0, name: "GMT+0" });
    assert.deepEqual(zoneState("Africa/Monrovia", nameMoves), { offsetMs: 0, name: "GMT" });
    for (let ms = offsetMoves - 2000; ms <= nameMoves + 2000; ms += 500) assertMatchesIntl("Africa/Monrovia", ms);
  });

  it("America/Indiana/Knox at −5 h is EST in 1995 and CDT in 2010: the name needs more than zone and offset", () => {
    const winter1995 = zoneState("America/Indiana/Knox", at("1995-01-15T12:00:00.000Z"));
    const summer2010 = zoneState("America/Indiana/Knox", at("2010-07-15T12:00:00.000Z"));
    assert.deepEqual(winter1995, { offsetMs: -5 * HOUR_MS, name: "EST" });
    assert.deepEqual(summer2010, { offsetMs: -5 * HOUR_MS, name: "CDT" });
  });

  it("finds a change to the second wherever it falls in a bucket (Chicago 2027-03-14T08:00Z)", () => {
    const changeMs = at("2027-03-14T08:00:00.000Z");
    assert.equal(zoneState("America/Chicago", changeMs - 1)?.offsetMs, -6 * HOUR_MS);
    assert.equal(zoneState("America/Chicago", changeMs)?.offsetMs, -5 * HOUR_MS);
  });

  it("answers null outside its window, where callers read Intl directly", () => {
    assert.equal(zoneState("UTC", FIRST_MS - 1), null);
    assert.equal(zoneState("UTC", LAST_MS), null);
    assert.equal(zoneState("UTC", Number.NaN), null);
    assert.notEqual(zoneState("UTC", FIRST_MS), null);
    for (const instant of ["1500-03-01T00:00:00.000Z", "1850-06-01T12:34:56.789Z", "2600-01-01T00:00:00.000Z"]) {
      assertMatchesIntl("Europe/Dublin", at(instant));
    }
  });

  it("refuses a zone Intl refuses, as Intl does", () => {
    assert.throws(() => zoneOffsetMs("Mars/Olympus_Mons", at("2026-01-01T00:00:00.000Z")), RangeError);
  });

  it("property (reference): offsets and labels equal Intl's own, around transitions too", () => {
    fc.assert(
      fc.property(
        zone.chain((z) => fc.tuple(fc.constant(z), instantIn(z))),
        ([timeZone, epochMs]) => {
          assertMatchesIntl(timeZone, epochMs);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property (reference): the same over the whole window, local mean times with seconds included", () => {
    const anywhere = fc.tuple(fc.constantFrom(...ZONES), fc.integer({ min: FIRST_MS, max: LAST_MS - 1 }));
    fc.assert(
      fc.property(anywhere, ([timeZone, epochMs]) => {
        assertMatchesIntl(timeZone, epochMs);
      }),
      { numRuns: 2000 },
    );
  });

  it("property (reference): instants within two minutes of a bucket edge (buckets are UTC days)", () => {
    const edge = fc.tuple(zone, fc.integer({ min: 0, max: 366 * 200 }), fc.integer({ min: -120, max: 120 }));
    fc.assert(
      fc.property(edge, ([timeZone, day, seconds]) => {
        assertMatchesIntl(timeZone, Date.UTC(1950, 0, 1) + day * 24 * HOUR_MS + seconds * 1000);
      }),
      { numRuns: 1000 },
    );
  });

  it("property (reference): a steady offset over two days is Intl's offset at every quarter hour, and a span with a change is never steady", () => {
    fc.assert(
      fc.property(
        zone.chain((z) => fc.tuple(fc.constant(z), instantIn(z))),
        ([timeZone, middleMs]) => {
          const fromMs = middleMs - 24 * HOUR_MS;
          const toMs = middleMs + 24 * HOUR_MS;
          const steady = steadyOffsetMs(timeZone, fromMs, toMs);
          const offsets = new Set<number>();
          for (let ms = fromMs; ms <= toMs; ms += HOUR_MS / 4) offsets.add(intlOffsetMs(timeZone, ms));
          if (!Number.isNaN(steady)) assert.deepEqual([...offsets], [steady]);
          else if (offsets.size > 1) assert.ok(Number.isNaN(steady));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("steadyOffsetMs: NaN across Chicago's spring change and outside the window, the offset where nothing changes", () => {
    const changeMs = at("2027-03-14T08:00:00.000Z");
    assert.ok(Number.isNaN(steadyOffsetMs("America/Chicago", changeMs - HOUR_MS, changeMs + HOUR_MS)));
    assert.equal(steadyOffsetMs("America/Chicago", at("2027-06-01T00:00:00.000Z"), at("2027-06-03T00:00:00.000Z")), -5 * HOUR_MS);
    assert.ok(Number.isNaN(steadyOffsetMs("UTC", FIRST_MS - 1, FIRST_MS + HOUR_MS)));
    assert.ok(Number.isNaN(steadyOffsetMs("UTC", LAST_MS - HOUR_MS, LAST_MS)));
  });
});
