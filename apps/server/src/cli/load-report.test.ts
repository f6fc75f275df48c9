import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FixtureLoadReport } from "@lintel/core";
import { FIXTURE_LOAD_LISTS } from "@lintel/core/adapters";
import { describeLoad } from "./load-report.js";

const report = (fill: Partial<Record<(typeof FIXTURE_LOAD_LISTS)[number], { added: string[]; kept: string[] }>>) =>
  Object.fromEntries(FIXTURE_LOAD_LISTS.map((list) => [list, fill[list] ?? { added: [], kept: [] }])) as unknown as FixtureLoadReport;

describe("seed CLI: the load report", () => {
  it("sums the chunks' reports, in total and per list, and leaves empty lists out", () => {
    const lines = describeLoad([
      report({ units: { added: ["u_new"], kept: ["u_old"] } }),
      report({ units: { added: ["u_2"], kept: [] }, locks: { added: [], kept: ["lk_1", "lk_2"] } }),
    ]);
    assert.equal(lines[0], "2 added, 3 kept (already in the store, or deleted through the API: left as they are)");
    assert.deepEqual(lines.slice(1), ["  units: 2 added, 1 kept", "  locks: 0 added, 2 kept"]);
  });
});
