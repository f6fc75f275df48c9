/**
 * What the seed CLI prints about a load: the totals, then per list the counts and (for a dry
 * run) the ids that would change, at most a few per list so a large fixture stays readable.
 */
import { countOutcomes, FIXTURE_LOAD_LISTS, type FixtureLoadReport } from "@lintel/core";

/** Ids shown per list and outcome; the rest are counted. */
export const IDS_SHOWN = 10;

function someIds(ids: readonly string[]): string {
  const shown = ids.slice(0, IDS_SHOWN).join(", ");
  return ids.length > IDS_SHOWN ? `${shown}, … and ${ids.length - IDS_SHOWN} more` : shown;
}

/** The report as lines; `dryRun` words it as what would happen and lists the ids that would change. */
export function describeLoad(report: FixtureLoadReport, options: { readonly dryRun: boolean; readonly update: boolean }): string[] {
  const total = countOutcomes(report);
  const verb = options.dryRun ? "would be " : "";
  const keptMeans = options.update ? "nothing to change" : "already in the store, left as they are";
  const lines = [`${total.added} ${verb}added, ${total.updated} ${verb}updated, ${total.kept} kept (${keptMeans})`];
  for (const list of FIXTURE_LOAD_LISTS) {
    const { added, updated, kept } = report[list];
    if (added.length + updated.length + kept.length === 0) continue;
    lines.push(`  ${list}: ${added.length} added, ${updated.length} updated, ${kept.length} kept`);
    if (!options.dryRun) continue;
    if (added.length > 0) lines.push(`    add: ${someIds(added)}`);
    if (updated.length > 0) lines.push(`    update: ${someIds(updated)}`);
  }
  return lines;
}
