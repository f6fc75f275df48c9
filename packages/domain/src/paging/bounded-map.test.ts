import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { boundedMap } from "./bounded-map.js";

test("a bounded map answers like a Map of its last `capacity` distinct keys set, and never holds more", () => {
  fc.assert(
    fc.property(
      // [key, value] sets, and [key, null] deletes.
      fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.option(fc.nat(), { freq: 4 })), { maxLength: 60 }),
      fc.integer({ min: 0, max: 6 }),
      (steps, capacity) => {
        const bounded = boundedMap<number, number>(capacity);
        const model = new Map<number, number>(); // insertion order = age; a key set again keeps its age
        for (const [key, value] of steps) {
          if (value === null) {
            bounded.delete(key);
            model.delete(key);
            continue;
          }
          bounded.set(key, value);
          if (capacity === 0) continue;
          if (!model.has(key) && model.size >= capacity) model.delete(model.keys().next().value as number);
          model.set(key, value);
        }
        for (let key = 0; key <= 12; key++) assert.equal(bounded.get(key), model.get(key), `key ${key}`);
        assert.ok(model.size <= capacity);
      },
    ),
  );
});
