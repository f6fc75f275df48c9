/**
 * The one way a fixture gets into a store (FIXTURE at a server's start, the seed command): add
 * what the store lacks through the stores' own `load…` steps (units, items and templates by the
 * write operations' steps, without their events or version bumps), keep everything else exactly
 * as it is. So a restart never undoes a change the API made, a delete included.
 */
import { FixtureConflictError, type UrlKeyConflict } from "./fixture-conflict.js";
import {
  FIXTURE_LOAD_LISTS,
  type FixtureData,
  type FixtureListOutcome,
  type FixtureLoadReport,
  type FixtureRecords,
  type FixtureSink,
  type LoadOutcome,
  systemClock,
  type Clock,
  type TemplateStore,
  type UnitStore,
} from "./ports.js";
import type { Unit } from "@lintel/domain";
import { codeWorkOf } from "./lock-code-work.js";

/** Records loaded at once: enough to fill a Redis pipeline, few enough not to flood it. */
const BATCH = 256;

/** What the loader writes through. */
export interface FixtureLoadSteps {
  readonly units: UnitStore;
  readonly templates: TemplateStore;
  readonly records: FixtureRecords;
  /** When a loaded code's work is due. Default: the system clock. */
  readonly clock?: Clock | undefined;
}

/** How many records went each way, all lists together. */
export function countOutcomes(report: FixtureLoadReport): { added: number; kept: number } {
  const lists: FixtureListOutcome[] = FIXTURE_LOAD_LISTS.map((list) => report[list]);
  return { added: lists.reduce((n, o) => n + o.added.length, 0), kept: lists.reduce((n, o) => n + o.kept.length, 0) };
}

/** Loads `rows` in bounded batches by `load`, noting each record's outcome under its id. */
async function loadAll<T>(
  rows: readonly T[],
  idOf: (row: T) => string,
  outcome: FixtureListOutcome,
  load: (row: T) => Promise<LoadOutcome>,
) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const outcomes = await Promise.all(batch.map(load));
    batch.forEach((row, i) => outcome[outcomes[i] ?? "kept"].push(idOf(row)));
  }
}

/** The units of the load the store lacks whose urlKey another stored unit of their org holds. */
async function urlKeyConflicts(units: UnitStore, rows: readonly Unit[]): Promise<UrlKeyConflict[]> {
  const conflicts: UrlKeyConflict[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const found = await Promise.all(
      rows.slice(start, start + BATCH).map(async (unit) => {
        const holder = await units.findByIdOrKey(unit.orgId, unit.urlKey);
        if (holder === null || holder.id === unit.id || holder.urlKey !== unit.urlKey) return [];
        if ((await units.getMany(unit.orgId, [unit.id])).length > 0) return []; // stored: the load keeps it
        return [{ unitId: unit.id, orgId: unit.orgId, urlKey: unit.urlKey, heldBy: holder.id }];
      }),
    );
    conflicts.push(...found.flat());
  }
  return conflicts;
}

/** The fixture sink of a store whose steps are `steps`. */
export function createFixtureLoader(steps: FixtureLoadSteps): FixtureSink {
  const now = () => (steps.clock ?? systemClock).now();
  return {
    async load(data: FixtureData) {
      const report = Object.fromEntries(FIXTURE_LOAD_LISTS.map((list) => [list, { added: [], kept: [] }])) as unknown as FixtureLoadReport;
      const refused = await urlKeyConflicts(steps.units, data.units);
      if (refused.length > 0) throw new FixtureConflictError(refused);
      await loadAll(
        data.orgs,
        (org) => org.id,
        report.orgs,
        (org) => steps.records.loadOrg(org),
      );
      const raced: UrlKeyConflict[] = [];
      await loadAll(
        data.units,
        (unit) => unit.id,
        report.units,
        async (unit) => {
          const outcome = await steps.units.loadUnit(unit);
          if (outcome !== "url_key_taken") return outcome;
          const heldBy = (await steps.units.findByIdOrKey(unit.orgId, unit.urlKey))?.id ?? "(another unit)";
          raced.push({ unitId: unit.id, orgId: unit.orgId, urlKey: unit.urlKey, heldBy });
          return "kept"; // not written; the load is refused below
        },
      );
      // A holder that appeared after the check (a concurrent load or create): this unit was not written, the rest was.
      if (raced.length > 0) throw new FixtureConflictError(raced, true);
      await loadAll(
        data.locks,
        (lock) => lock.lockId,
        report.locks,
        (lock) => steps.records.loadLock(lock),
      );
      await loadAll(
        data.templates,
        (template) => template.id,
        report.templates,
        (template) => steps.templates.loadTemplate(template),
      );
      await loadAll(
        data.items,
        (item) => `${item.kind}:${item.id}`,
        report.items,
        ({ orgId, ...item }) =>
          steps.units.loadItem(orgId, item, item.kind === "code" ? codeWorkOf(orgId, item, "put", new Date(now()).toISOString()) : null),
      );
      await loadAll(
        data.apiKeys,
        (key) => key.id,
        report.apiKeys,
        (key) => steps.records.loadApiKey(key),
      );
      return report;
    },
  };
}
