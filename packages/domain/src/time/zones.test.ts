import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { canonicalTimeZone, sameTimeZone } from "./zones.js";

const supported = Intl.supportedValuesOf("timeZone");

function intlAccepts(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

describe("canonicalTimeZone", () => {
  const cases: [input: string, expected: string | null][] = [
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["asia/calcutta", "Asia/Kolkata"],
    ["ASIA/CALCUTTA", "Asia/Kolkata"],
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["Europe/Kiev", "Europe/Kyiv"],
    ["europe/kyiv", "Europe/Kyiv"],
    ["Europe/Uzhgorod", "Europe/Kyiv"],
    ["Asia/Saigon", "Asia/Ho_Chi_Minh"],
    ["Asia/Rangoon", "Asia/Yangon"],
    ["Asia/Katmandu", "Asia/Kathmandu"],
    ["America/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["Pacific/Truk", "Pacific/Chuuk"],
    ["America/Godthab", "America/Nuuk"],
    ["America/Coral_Harbour", "America/Atikokan"],
    ["Europe/Amsterdam", "Europe/Amsterdam"],
    ["US/Eastern", "America/New_York"],
    ["us/central", "America/Chicago"],
    ["Australia/Lord_Howe", "Australia/Lord_Howe"],
    ["UTC", "UTC"],
    ["Etc/UTC", "UTC"],
    ["GMT", "UTC"],
    ["Etc/GMT", "UTC"],
    ["Zulu", "UTC"],
    ["Etc/Zulu", "UTC"],
    ["Universal", "UTC"],
    ["Etc/Universal", "UTC"],
    ["Etc/UCT", "UTC"],
    ["UCT", "UTC"],
    ["Greenwich", "UTC"],
    ["GMT0", "UTC"],
    ["Etc/GMT+0", "UTC"],
    ["Etc/GMT-0", "UTC"],
    ["utc", "UTC"],
    ["Etc/GMT+5", "Etc/GMT+5"],
    ["+05:00", null],
    ["-0300", null],
    ["-03", null],
    ["UTC+5", null],
    ["GMT+05:00", null],
    ["Mars/Base", null],
    ["SystemV/AST4", null],
    ["", null],
    [" Europe/London", null],
    ["Asia/\u212Aolkata", null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(canonicalTimeZone(input), expected);
    });
  }

  it("every zone Intl lists answers a name Intl accepts, whatever its letter case", () => {
    for (const zone of supported) {
      const canonical = canonicalTimeZone(zone);
      assert.ok(canonical !== null && intlAccepts(canonical), zone);
      assert.equal(canonicalTimeZone(zone.toLowerCase()), canonical, zone);
      assert.equal(canonicalTimeZone(zone.toUpperCase()), canonical, zone);
    }
  });

  it("property: canonical names are fixed points", () => {
    fc.assert(
      fc.property(fc.constantFrom(...supported), (zone) => {
        const canonical = canonicalTimeZone(zone);
        assert.ok(canonical !== null);
        assert.equal(canonicalTimeZone(canonical), canonical);
      }),
    );
  });

  it("property: a renamed zone and its old name keep the same offsets", () => {
    fc.assert(
      fc.property(fc.constantFrom(...supported), fc.integer({ min: 0, max: 4_102_444_800_000 }), (zone, epochMs) => {
        const canonical = canonicalTimeZone(zone) ?? "";
        const name = (timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).format(epochMs);
        assert.equal(name(canonical), name(zone));
      }),
    );
  });

  it("property: fixed offsets are refused", () => {
    const offset = fc
      .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.boolean())
      .map(([sign, h, m, colon]) => `${sign}${String(h).padStart(2, "0")}${colon ? ":" : ""}${String(m).padStart(2, "0")}`);
    fc.assert(fc.property(offset, (input) => assert.equal(canonicalTimeZone(input), null)));
  });
});

describe("sameTimeZone", () => {
  it("two spellings of one zone are the same zone; null is UTC", () => {
    assert.equal(sameTimeZone("Asia/Calcutta", "asia/kolkata"), true);
    assert.equal(sameTimeZone(null, "Etc/GMT"), true);
    assert.equal(sameTimeZone(null, "Europe/London"), false);
    assert.equal(sameTimeZone("America/Chicago", "America/New_York"), false);
  });
});
