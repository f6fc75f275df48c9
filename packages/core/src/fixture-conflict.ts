/**
 * A fixture load that would leave two units of one org with one urlKey is refused whole: the
 * urlKey names the unit in every request (`unitIdOrKey`), so a second holder would make the
 * first unreachable by it, or either one by chance.
 */

/** A unit of the fixture whose urlKey another stored unit of its org holds. */
export interface UrlKeyConflict {
  readonly unitId: string;
  readonly orgId: string;
  readonly urlKey: string;
  /** The stored unit that holds the urlKey. */
  readonly heldBy: string;
}

/**
 * A fixture load refused for its urlKey conflicts: before it wrote anything, or (`partly`, a
 * holder that appeared while a Redis load ran) with those units left out and the rest written.
 */
export class FixtureConflictError extends Error {
  override readonly name = "FixtureConflictError";
  readonly code = "fixture_conflict";
  constructor(
    readonly conflicts: readonly UrlKeyConflict[],
    readonly partly = false,
  ) {
    const named = conflicts
      .slice(0, 5)
      .map((c) => `unit ${c.unitId} of org ${c.orgId}: urlKey ${JSON.stringify(c.urlKey)} is held by stored unit ${c.heldBy}`);
    const more = conflicts.length > 5 ? `; and ${conflicts.length - 5} more` : "";
    const what = partly ? "these units were not loaded, the rest was" : "nothing loaded";
    super(`Fixture refused, ${what}: ${named.join("; ")}${more}.`);
  }
}
