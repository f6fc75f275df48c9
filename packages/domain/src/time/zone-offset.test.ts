import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { instantIn, temporalOffsetMs, zone } from "./time-arbitraries.test-support.js";
import { localEpochOf, zoneOffsetMs } from "./zone-offset.js";

const at = (iso: string) => Date.parse(iso);

describe("zoneOffsetMs", () => {
  const cases: [zone: string, instant: string, offset: string][] = [
    ["UTC", "2026-12-01T15:00:00.000Z", "+00:00:00"],
    ["America/Chicago", "2026-12-01T15:00:00.000Z", "-06:00:00"],
    ["America/Chicago", "2027-07-01T15:00:00.000Z", "-05:00:00"],
    ["America/Chicago", "2027-03-14T07:59:59.999Z", "-06:00:00"],
    ["America/Chicago", "2027-03-14T08:00:00.000Z", "-05:00:00"],
    ["Asia/Kolkata", "2026-12-01T15:00:00.000Z", "+05:30:00"],
    ["Asia/Kathmandu", "2026-12-01T15:00:00.000Z", "+05:45:00"],
    ["Australia/Lord_Howe", "2027-07-01T00:00:00.000Z", "+10:30:00"],
    ["Australia/Lord_Howe", "2027-12-01T00:00:00.000Z", "+11:00:00"],
    ["Etc/GMT+5", "2027-12-01T00:00:00.000Z", "-05:00:00"],
    // Local mean time before 1972: negative and under an hour, with seconds.
    ["Africa/Monrovia", "1960-01-01T00:00:00.000Z", "-00:44:30"],
    ["Europe/Dublin", "1900-01-01T00:00:00.000Z", "-00:25:21"],
    // Before the Gregorian cutover the calendar must not leak into the offset.
    ["UTC", "1500-03-01T00:00:00.000Z", "+00:00:00"],
  ];
  for (const [timeZone, instant, offset] of cases) {
    it(`${timeZone} at ${instant} is ${offset}`, () => {
      const [h, m, s] = offset.slice(1).split(":").map(Number) as [number, number, number];
      const ms = (offset.startsWith("-") ? -1 : 1) * ((h * 60 + m) * 60 + s) * 1000;
      assert.equal(zoneOffsetMs(timeZone, at(instant)), ms);
    });
  }

  it("localEpochOf keeps milliseconds", () => {
    assert.equal(localEpochOf("Asia/Kolkata", at("2026-12-01T15:00:00.123Z")), at("2026-12-01T20:30:00.123Z"));
  });

  it("property (oracle): offsets agree with Temporal's, around transitions too", () => {
    fc.assert(
      fc.property(
        zone.chain((z) => fc.tuple(fc.constant(z), instantIn(z))),
        ([timeZone, epochMs]) => {
          assert.equal(zoneOffsetMs(timeZone, epochMs), temporalOffsetMs(timeZone, epochMs));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
