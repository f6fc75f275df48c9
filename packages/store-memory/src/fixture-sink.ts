/**
 * Loads a validated fixture into the memory store as the mode says (`add`: only the ids the
 * store lacks; `update`: also rewrites the ones it has, by core's merge rules); the sorted unit,
 * lock and template indexes and the schedules are merged once per load, not once per record.
 * One process and no await between decision and write, so each load is atomic here, and a load
 * refused for a urlKey conflict writes nothing.
 */
import { FixtureConflictError, type FixtureListOutcome, type UrlKeyConflict } from "@lintel/core";
import { emptyLoadReport, mergeApiKey, mergeUnit, sameRecord, type FixtureSink } from "@lintel/core/adapters";
import type { Unit } from "@lintel/domain";
import { putApiKey } from "./api-key-store.js";
import { putLocks } from "./lock-directory.js";
import { deletedSlot, itemKey, urlKeySlot, type MemoryState } from "./memory-state.js";
import { putTemplates } from "./template-store.js";
import { putItems, putUnits } from "./unit-store.js";

/** How one list is decided: its ids, the stored record by id, and the update merge. */
interface ListRule<T> {
  readonly idOf: (row: T) => string;
  readonly storedOf: (id: string) => T | undefined;
  /** The record an update writes over `stored`, or null when nothing would change. */
  readonly merge: (stored: T, incoming: T) => T | null;
  /** True for a record the API deleted in its org: kept deleted, whatever the mode. */
  readonly deleted?: (row: T) => boolean;
}

const replaceWhenDifferent = <T>(stored: T, incoming: T): T | null => (sameRecord(stored, incoming) ? null : incoming);

/**
 * Sorts `rows` into the outcome's lists and answers the records to write. A later row of the
 * same id is decided against the earlier one, as if loaded after it.
 */
function decide<T>(rows: readonly T[], rule: ListRule<T>, update: boolean, outcome: FixtureListOutcome): T[] {
  const writes = new Map<string, T>();
  for (const row of rows) {
    const id = rule.idOf(row);
    if (rule.deleted?.(row) === true) {
      outcome.kept.push(id);
      continue;
    }
    const stored = writes.get(id) ?? rule.storedOf(id);
    if (stored === undefined) {
      outcome.added.push(id);
      writes.set(id, row);
      continue;
    }
    const merged = update ? rule.merge(stored, row) : null;
    if (merged === null) outcome.kept.push(id);
    else {
      outcome.updated.push(id);
      writes.set(id, merged);
    }
  }
  return [...writes.values()];
}

/**
 * The units among `writes` whose urlKey another stored unit of their org holds, unless this load
 * gives that unit another urlKey or org (an update may swap two units' urlKeys).
 */
function urlKeyConflicts(state: MemoryState, writes: readonly Unit[]): UrlKeyConflict[] {
  const written = new Map(writes.map((unit) => [unit.id, unit]));
  return writes.flatMap((unit) => {
    const heldBy = state.unitIdByUrlKey.get(urlKeySlot(unit.orgId, unit.urlKey));
    if (heldBy === undefined || heldBy === unit.id) return [];
    const holder = written.get(heldBy);
    if (holder !== undefined && (holder.orgId !== unit.orgId || holder.urlKey !== unit.urlKey)) return [];
    return [{ unitId: unit.id, orgId: unit.orgId, urlKey: unit.urlKey, heldBy }];
  });
}

export function createMemoryFixtureSink(state: MemoryState): FixtureSink {
  return {
    async load(data, options = {}) {
      const update = options.mode === "update";
      const report = emptyLoadReport();
      const orgs = decide(
        data.orgs,
        { idOf: (o) => o.id, storedOf: (id) => state.orgs.get(id), merge: replaceWhenDifferent },
        update,
        report.orgs,
      );
      const units = decide(
        data.units,
        { idOf: (u) => u.id, storedOf: (id) => state.units.get(id), merge: mergeUnit },
        update,
        report.units,
      );
      const locks = decide(
        data.locks,
        { idOf: (l) => l.lockId, storedOf: (id) => state.locks.get(id), merge: replaceWhenDifferent },
        update,
        report.locks,
      );
      const templates = decide(
        data.templates,
        {
          idOf: (t) => t.id,
          storedOf: (id) => state.templates.get(id),
          merge: replaceWhenDifferent,
          deleted: (t) => state.deleted.has(deletedSlot(t.orgId, `template:${t.id}`)),
        },
        update,
        report.templates,
      );
      const items = decide(
        data.items,
        {
          idOf: (i) => itemKey(i.kind, i.id),
          storedOf: (key) => state.items.get(key),
          merge: replaceWhenDifferent,
          deleted: (i) => state.deleted.has(deletedSlot(i.orgId, `item:${itemKey(i.kind, i.id)}`)),
        },
        update,
        report.items,
      );
      const keys = decide(
        data.apiKeys,
        { idOf: (k) => k.id, storedOf: (id) => state.apiKeys.get(id), merge: mergeApiKey },
        update,
        report.apiKeys,
      );
      const conflicts = urlKeyConflicts(state, units);
      if (conflicts.length > 0) throw new FixtureConflictError(conflicts);
      if (options.dryRun === true) return report;
      for (const org of orgs) state.orgs.set(org.id, { ...org });
      putUnits(state, units);
      putLocks(state, locks);
      putTemplates(state, templates);
      putItems(
        state,
        items.map((item) => ({ ...item })),
      );
      for (const key of keys) putApiKey(state, key);
      return report;
    },
  };
}
