import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { emptyLoadReport } from "@lintel/core/adapters";
import { describeLoad, IDS_SHOWN } from "./load-report.js";

describe("seed CLI: the load report", () => {
  const report = emptyLoadReport();
  report.units.added.push("u_new");
  report.units.kept.push("u_old");
  report.locks.updated.push(...Array.from({ length: IDS_SHOWN + 3 }, (_, i) => `lk_${i}`));

  it("a dry run names the ids that would change, at most IDS_SHOWN per list, and counts the rest", () => {
    const lines = describeLoad(report, { dryRun: true, update: true });
    assert.equal(lines[0], `1 would be added, ${IDS_SHOWN + 3} would be updated, 1 kept (nothing to change)`);
    assert.ok(lines.includes("  units: 1 added, 0 updated, 1 kept"));
    assert.ok(lines.includes("    add: u_new"));
    const updates = lines.find((line) => line.startsWith("    update: "));
    assert.ok(updates?.endsWith(`lk_${IDS_SHOWN - 1}, … and 3 more`), updates);
    assert.equal(lines.filter((line) => line.startsWith("  orgs")).length, 0, "an empty list is left out");
  });

  it("a real load prints counts only", () => {
    const lines = describeLoad(report, { dryRun: false, update: false });
    assert.equal(lines[0], `1 added, ${IDS_SHOWN + 3} updated, 1 kept (already in the store, left as they are)`);
    assert.ok(lines.every((line) => !line.startsWith("    ")));
  });
});
