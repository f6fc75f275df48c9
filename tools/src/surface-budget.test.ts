// The surface budget: the main entry of @lintel/domain exports at most 60 names, that of
// @lintel/core at most 70 (surface.ts), counted from the built .d.ts the way an importer sees
// them. What only adapters, stores or tests use goes behind `/adapters` (or `/schemas`, or into
// @lintel/testkit), so the entry an embedder reads first stays one it can read.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { packageSurface, SURFACE_BUDGETS, type BudgetedPackage } from "./surface.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the surface budget of the main entries", () => {
  for (const [folder, budget] of Object.entries(SURFACE_BUDGETS) as [BudgetedPackage, number][]) {
    it(`${folder}: the main entry exports at most ${budget} names`, () => {
      const [main] = packageSurface(root, folder);
      assert.ok(main !== undefined, `${folder} has a main entry`);
      const over = main.names.slice(budget);
      assert.deepEqual(
        over,
        [],
        `${main.specifier} exports ${main.names.length} names, ${over.length} over its budget of ${budget} ` +
          `(the last ones: ${over.join(", ")}): move what only adapters or tests use behind /adapters or into @lintel/testkit`,
      );
    });
  }

  it("counts what an importer sees: values and types of the main entry, and not what its subpaths export", () => {
    const [main, adapters] = packageSurface(root, "packages/domain");
    assert.ok(main !== undefined && adapters !== undefined, "@lintel/domain has a main entry and /adapters");
    assert.ok(main.names.includes("previewTimezoneChange") && main.names.includes("TimezonePreview"), "a function and a type");
    assert.ok(adapters.names.includes("signWebhook"), "@lintel/domain/adapters exports signWebhook");
    assert.ok(!main.names.includes("signWebhook"), "the main entry does not count /adapters' names");
  });
});
