/** Building and summing the report of a fixture load (FixtureSink.load). */
import { FIXTURE_LOAD_LISTS, type FixtureListOutcome, type FixtureLoadReport } from "./ports.js";

/** An empty report, for adapters to fill. */
export function emptyLoadReport(): FixtureLoadReport {
  return Object.fromEntries(FIXTURE_LOAD_LISTS.map((list) => [list, { added: [], updated: [], kept: [] }])) as unknown as FixtureLoadReport;
}

/** How many records went each way, all lists together. */
export function countOutcomes(report: FixtureLoadReport): { added: number; updated: number; kept: number } {
  const lists: FixtureListOutcome[] = FIXTURE_LOAD_LISTS.map((list) => report[list]);
  const sum = (pick: (o: FixtureListOutcome) => string[]) => lists.reduce((n, o) => n + pick(o).length, 0);
  return { added: sum((o) => o.added), updated: sum((o) => o.updated), kept: sum((o) => o.kept) };
}

/** Adds `more` to `into`, list by list (a load made of several chunks). */
export function mergeLoadReports(into: FixtureLoadReport, more: FixtureLoadReport): void {
  for (const list of FIXTURE_LOAD_LISTS) {
    into[list].added.push(...more[list].added);
    into[list].updated.push(...more[list].updated);
    into[list].kept.push(...more[list].kept);
  }
}
