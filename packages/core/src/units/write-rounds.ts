/**
 * The rounds of a unit write: the unit read, its `expectedVersion` checked when given, and the
 * write made again whenever the store answers that its basis moved (see schedule-writes.js).
 */
import type { ProblemCode, Unit } from "@lintel/domain";
import type { Caller } from "../admission/admission.js";
import { StoreUnavailableError, type UnitBasis, type UnitStore } from "../ports/ports.js";
import { fail, notFound, type Failure, type Result } from "../common/problem.js";

/**
 * How many times a write reads again when its basis changed meanwhile. Each round means another
 * write of the same item or unit fields applied, and a request's store deadline bounds the
 * rounds' time; this is the floor under both (a store that always answered `changed` would be a bug).
 */
const BASIS_ROUNDS = 1_000;

/** A write's answer, or `changed`: its basis moved, so it is read again and made anew. */
export type Round<T, C extends ProblemCode> = Result<T, C> | { readonly changed: true };
export const CHANGED = { changed: true } as const;

export function staleVersion(expected: number, currentVersion: number): Failure<"version_conflict"> {
  return fail(
    "version_conflict",
    `expectedVersion ${expected} is stale: the unit is at version ${currentVersion}. Read it again and retry.`,
    {
      currentVersion,
    },
  );
}

/** The unit as events and answers serve it (no owner). */
export function servedUnit({ id, urlKey, address, timeZone, version, showingRules }: Unit) {
  return { id, urlKey, address, timeZone, version, showingRules: showingRules ?? null };
}

/** What a write of `unit` was made from (see {@link UnitBasis}). */
export function basisOf({ urlKey, address, timeZone }: Unit): UnitBasis {
  return { urlKey, address, timeZone };
}

/**
 * `atVersion(caller, unitIdOrKey, expectedVersion, attempt)` over `units`: runs `attempt` against
 * the unit as read now (a stale `expectedVersion` is a conflict), again whenever it answers
 * `changed`: another write changed what it was made from first.
 */
export function unitAtVersion(units: Pick<UnitStore, "findByIdOrKey">) {
  return async function atVersion<T, C extends ProblemCode>(
    caller: Caller,
    unitIdOrKey: string,
    expectedVersion: number | undefined,
    attempt: (unit: Unit) => Promise<Round<T, C | "not_found" | "version_conflict">>,
  ): Promise<Result<T, C | "not_found" | "version_conflict">> {
    // After the first round the unit is read by its id: a rename meanwhile (its urlKey moved) is
    // a change of its basis, not a reason to answer 404 for the key the caller gave.
    let named = unitIdOrKey;
    for (let round = 0; round < BASIS_ROUNDS; round++) {
      const unit = await units.findByIdOrKey(caller.orgId, named);
      if (unit === null) return notFound("unit", unitIdOrKey);
      if (expectedVersion !== undefined && unit.version !== expectedVersion) return staleVersion(expectedVersion, unit.version);
      const outcome = await attempt(unit);
      if (!("changed" in outcome)) return outcome;
      named = unit.id;
    }
    throw new StoreUnavailableError(`The unit kept changing under this write (${BASIS_ROUNDS} rounds).`);
  };
}
