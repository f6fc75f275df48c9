import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { isoInstant } from "./iso-instant.js";

const MAX_DATE_MS = 8.64e15;

describe("isoInstant", () => {
  it("writes what Date#toISOString writes at the edges of its fast range and beyond", () => {
    const edges = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2000, 1, 29), Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1), -1, Date.UTC(1969, 11, 31, 12), -MAX_DATE_MS, MAX_DATE_MS];
    for (const ms of edges) assert.equal(isoInstant(ms), new Date(ms).toISOString());
  });

  it("property: equals Date#toISOString for any instant Date can hold", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), fc.integer({ min: -MAX_DATE_MS, max: MAX_DATE_MS })), (ms) => {
        assert.equal(isoInstant(ms), new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
  });
});
