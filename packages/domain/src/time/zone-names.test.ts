// SPEC 5.1: only the tz database's names and links are zones, and a refused name gets
// suggestions of what it probably meant.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { TZDB_NAMES, ZONE_TAB_NAMES } from "./tzdb-names.js";
import { refusedZoneReason, suggestTimeZones } from "./zone-suggestions.js";
import { canonicalTimeZone } from "./zones.js";

const TZDB = new Set(TZDB_NAMES.map((name) => name.toLowerCase()));
const ZONE_TAB = new Set(ZONE_TAB_NAMES);

/** Whether this runtime's Intl knows `name`. */
function intlAccepts(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Ids ICU accepts that are no tzdb name: its Java-era three-letter ids and others. */
const ICU_ONLY = Intl.supportedValuesOf("timeZone").filter((id) => !TZDB.has(id.toLowerCase()));
const JAVA_ERA = [
  "BST",
  "IST",
  "PST",
  "CST",
  "CTT",
  "AET",
  "JST",
  "ACT",
  "AGT",
  "ART",
  "BET",
  "CAT",
  "CNT",
  "EAT",
  "ECT",
  "IET",
  "MIT",
  "NET",
  "NST",
  "PLT",
  "PNT",
  "PRT",
  "SST",
  "VST",
];

const randomCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flips) => [...text].map((char, i) => (flips[i] ? char.toUpperCase() : char.toLowerCase())).join(""));

describe("zone names are tzdb's (SPEC 5.1)", () => {
  it("property: every name the domain accepts is a tzdb name or link, in any letter case", () => {
    const candidates = fc.oneof(
      fc.constantFrom(...TZDB_NAMES, ...ICU_ONLY, ...JAVA_ERA).chain(randomCase),
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9_+\-/]{0,20}$/),
    );
    fc.assert(
      fc.property(candidates, (input) => {
        if (canonicalTimeZone(input) !== null) assert.ok(TZDB.has(input.toLowerCase()), `${input} was accepted`);
      }),
      { numRuns: 3000 },
    );
  });

  it("every tzdb name and link this runtime's Intl knows is accepted, in any case, and answers a zone.tab name, UTC or Etc/GMT±N that Intl knows", () => {
    const supported = TZDB_NAMES.filter(intlAccepts);
    assert.ok(supported.length >= TZDB_NAMES.length - 5, `only ${supported.length} of ${TZDB_NAMES.length} known to Intl`);
    for (const name of supported) {
      for (const spelling of [name, name.toLowerCase(), name.toUpperCase()]) {
        const answer = canonicalTimeZone(spelling);
        assert.ok(answer !== null, `${spelling} was refused`);
        assert.ok(ZONE_TAB.has(answer) || answer === "UTC" || /^Etc\/GMT[+-]\d{1,2}$/.test(answer), `${spelling} → ${answer}`);
        assert.ok(intlAccepts(answer), `${spelling} → ${answer}, which Intl does not know`);
      }
    }
  });

  it("ICU's Java-era ids are refused; tzdb's links GB, Japan, US/Pacific are zones", () => {
    for (const id of JAVA_ERA) assert.equal(canonicalTimeZone(id), null, id);
    assert.ok(ICU_ONLY.every((id) => canonicalTimeZone(id) === null));
    assert.equal(canonicalTimeZone("GB"), "Europe/London");
    assert.equal(canonicalTimeZone("Japan"), "Asia/Tokyo");
    assert.equal(canonicalTimeZone("US/Pacific"), "America/Los_Angeles");
    assert.equal(canonicalTimeZone("EST"), "America/Panama"); // tzdb's own link since 2024b
  });
});

describe("suggestTimeZones", () => {
  const cases: [input: string, first: readonly string[]][] = [
    ["BST", ["Europe/London"]],
    ["IST", ["Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"]],
    ["PST", ["America/Los_Angeles"]],
    ["pdt", ["America/Los_Angeles"]],
    ["CST", ["America/Chicago"]],
    ["CTT", ["Asia/Shanghai"]],
    ["AET", ["Australia/Sydney"]],
    ["JST", ["Asia/Tokyo"]],
    ["Europe/Berln", ["Europe/Berlin"]],
    ["europe/berlim", ["Europe/Berlin"]],
    ["America/New_Yrok", ["America/New_York"]],
    ["Berlin", ["Europe/Berlin"]],
    ["new york", ["America/New_York"]],
    ["Kolkata", ["Asia/Kolkata"]],
  ];
  for (const [input, first] of cases) {
    it(`${JSON.stringify(input)} → ${first.join(", ")} first`, () => {
      assert.deepEqual(suggestTimeZones(input).slice(0, first.length), first);
    });
  }

  it("property: at most three suggestions, each a zone.tab name the domain accepts as it is", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...JAVA_ERA, ...ZONE_TAB_NAMES.map((n) => n.slice(0, -1))), fc.string({ maxLength: 30 })),
        (input) => {
          const suggestions = suggestTimeZones(input);
          assert.ok(suggestions.length <= 3);
          for (const zone of suggestions) {
            assert.ok(ZONE_TAB.has(zone), zone);
            assert.equal(canonicalTimeZone(zone), zone);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("nothing close, nothing suggested; the reason says so without a guess", () => {
    assert.deepEqual(suggestTimeZones("+05:00"), []);
    assert.equal(
      refusedZoneReason("Qqqqqqqqqqqq/Zzzzzzzzz"),
      "'Qqqqqqqqqqqq/Zzzzzzzzz' is not a time zone of the tz database (IANA names and links only; fixed offsets are not accepted).",
    );
    assert.match(refusedZoneReason("BST"), /Did you mean Europe\/London\?$/);
  });
});
