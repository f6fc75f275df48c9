/** What the seed CLI prints about a load (of several chunks): the totals, then the counts per list. */
import type { FixtureLoadReport } from "@lintel/core";
import { FIXTURE_LOAD_LISTS } from "@lintel/core/adapters";

/** The reports as lines: totals first, then each list that had records. */
export function describeLoad(reports: readonly FixtureLoadReport[]): string[] {
  const count = (list: (typeof FIXTURE_LOAD_LISTS)[number], outcome: "added" | "kept") =>
    reports.reduce((n, report) => n + report[list][outcome].length, 0);
  const lists = FIXTURE_LOAD_LISTS.map((list) => ({ list, added: count(list, "added"), kept: count(list, "kept") }));
  const added = lists.reduce((n, l) => n + l.added, 0);
  const kept = lists.reduce((n, l) => n + l.kept, 0);
  return [
    `${added} added, ${kept} kept (already in the store, or deleted through the API: left as they are)`,
    ...lists.filter((l) => l.added + l.kept > 0).map((l) => `  ${l.list}: ${l.added} added, ${l.kept} kept`),
  ];
}
