import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { drawPin, pinFits, pinLength, pinRules, PIN_CONSTRAINTS, type PinConstraint, type PinRules } from "./pin-rules.js";

/** Each constraint as its own predicate, written apart from the implementation (true: the PIN honours it). */
const HONOURS: Record<PinConstraint, (pin: string) => boolean> = {
  no_zeros: (pin) => !pin.includes("0"),
  cannot_start_with_12: (pin) => !/^12/.test(pin),
  no_triple_consecutive_ints: (pin) =>
    !/(\d)\1\1/.test(pin) &&
    ![..."01234567"].some((d) => pin.includes("0123456789".slice(+d, +d + 3)) || pin.includes("9876543210".slice(+d, +d + 3))),
  no_ascending_or_descending_sequence: (pin) => !"01234567890123456789".includes(pin) && !"98765432109876543210".includes(pin),
  at_least_three_unique_digits: (pin) => new Set(pin).size >= 3,
  cannot_contain_089: (pin) => !/[089]/.test(pin),
  cannot_contain_0789: (pin) => !/[0789]/.test(pin),
};

/** A seeded random source as `drawPin` takes it (mulberry32). */
function seeded(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  return (bound) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * bound);
  };
}

const constraints = fc.subarray([...PIN_CONSTRAINTS]);
/** Lengths as a device may list them, outside the contract's 4–8 too. */
const listedLengths = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 5 });
const rules: fc.Arbitrary<PinRules> = fc.tuple(listedLengths, constraints).map(([lengths, named]) => pinRules(lengths, named));
const pinText = fc
  .integer({ min: 4, max: 8 })
  .chain((n) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: n, maxLength: n }));

/** Every PIN of `length` digits that honours `rules` by the independent predicates. */
function everyFitting(length: number, rules: PinRules): string[] {
  const all: string[] = [];
  for (let n = 0; n < 10 ** length; n++) {
    const pin = String(n).padStart(length, "0");
    if (rules.constraints.every((constraint) => HONOURS[constraint](pin))) all.push(pin);
  }
  return all;
}

describe("PIN rules and draws", () => {
  it("every drawn PIN has an allowed length, honours each constraint of its rules, and is not taken", () => {
    fc.assert(
      fc.property(rules, fc.uniqueArray(pinText, { maxLength: 30 }), fc.integer(), (r, taken, seed) => {
        const pin = drawPin(r, new Set(taken), seeded(seed));
        assert.match(pin, /^[0-9]{4,8}$/);
        assert.ok(r.lengths.length === 0 ? pin.length === 6 : r.lengths.includes(pin.length), `${pin} under ${r.lengths.join()}`);
        for (const constraint of r.constraints) assert.ok(HONOURS[constraint](pin), `${pin} breaks ${constraint}`);
        assert.ok(!taken.includes(pin), `${pin} is taken`);
        assert.ok(pinFits(pin, r));
      }),
    );
  });

  it("the length is 6 when allowed or none is listed, else the allowed one nearest 6, within 4–8", () => {
    fc.assert(
      fc.property(listedLengths, (lengths) => {
        const allowed = lengths.filter((n) => n >= 4 && n <= 8);
        const length = pinLength(pinRules(lengths, []));
        if (allowed.length === 0 || allowed.includes(6)) assert.equal(length, 6);
        else {
          assert.ok(allowed.includes(length));
          for (const other of allowed) assert.ok(Math.abs(other - 6) >= Math.abs(length - 6), `${other} is nearer 6 than ${length}`);
        }
      }),
    );
    assert.equal(pinLength(pinRules([5, 7], [])), 7, "a tie takes the longer");
    assert.equal(pinLength(pinRules([4], [])), 4);
  });

  it("a free fitting PIN is drawn whenever one exists: with every fitting 4-digit PIN but one taken, that one", () => {
    fc.assert(
      fc.property(constraints, fc.nat(), fc.integer(), (named, pick, seed) => {
        const r = pinRules([4], named);
        const fitting = everyFitting(4, r);
        const free = fitting[pick % fitting.length]!;
        const taken = new Set(fitting.filter((pin) => pin !== free));
        assert.equal(drawPin(r, taken, seeded(seed)), free);
        // Every fitting PIN taken: a clash cannot be avoided, the PIN still fits.
        taken.add(free);
        assert.ok(fitting.includes(drawPin(r, taken, seeded(seed))));
      }),
      { numRuns: 30 },
    );
  });

  it("one random source draws one PIN: a taken PIN is drawn again, differently", () => {
    fc.assert(
      fc.property(rules, fc.integer(), (r, seed) => {
        const first = drawPin(r, new Set(), seeded(seed));
        assert.equal(drawPin(r, new Set(), seeded(seed)), first);
        assert.notEqual(drawPin(r, new Set([first]), seeded(seed)), first);
      }),
    );
    // A source that always answers 0 draws the same PIN every time: the walk in order finds the next free one.
    const zero = () => 0;
    assert.equal(drawPin(pinRules([], []), new Set(), zero), "000000");
    assert.equal(drawPin(pinRules([], []), new Set(["000000"]), zero), "000001");
  });

  it("rules keep lengths within 4–8 and the constraints a draw honours; the rest is ignored", () => {
    assert.deepEqual(
      pinRules(
        [10, 4, 4, 8, 3.5, "6", null],
        ["no_zeros", "cannot_specify_pin_code", "pin_code_matches_existing_set", "start_date_in_future", "name_length", 7, "no_zeros"],
      ),
      { lengths: [4, 8], constraints: ["no_zeros"] },
    );
    assert.deepEqual(pinRules(undefined, { no_zeros: true }), { lengths: [], constraints: [] });
  });
});
