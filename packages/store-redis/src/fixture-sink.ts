/**
 * FixtureSink on Redis. Each record is decided and written by one Lua script over keys of its
 * org's slot (fixture-scripts.ts): `add` writes only a record the org doesn't have, `update`
 * rewrites it by core's merge rules, and a rewrite drops what the previous version left in the
 * indexes (its old list position, its old urlKey, its old unit). A record the owner index puts
 * in another org is left there by `add`; `update` first takes it out of that org (org-moves.ts).
 * Calls go out in bounded batches so a large fixture doesn't flood the socket.
 */
import { FixtureConflictError, type UrlKeyConflict, type FixtureItem, type FixtureListOutcome, type FixtureLoadMode } from "@lintel/core";
import { emptyLoadReport, type FixtureSink } from "@lintel/core/adapters";
import type { Unit } from "@lintel/domain";
import { itemSpanMs, lockPosition, templatePosition } from "@lintel/domain/adapters";
import type { RedisClient } from "./client.js";
import { guard } from "./errors.js";
import { loadApiKey } from "./fixture-api-keys.js";
import { urlKeyConflicts } from "./fixture-url-keys.js";
import { LOAD_ITEM_SCRIPT, LOAD_LISTED_SCRIPT, LOAD_ORG_SCRIPT, LOAD_UNIT_SCRIPT, type LoadOutcome } from "./fixture-scripts.js";
import { redisKeys, type OwnedType } from "./keys.js";
import { leaveWithDevice, writeLockWithDevice } from "./lock-devices.js";
import { itemLeavesOrg, lockLeavesOrg, templateLeavesOrg, unitLeavesOrg } from "./org-moves.js";
import { itemField } from "./unit-store.js";

const BATCH = 256;

/** How one load runs: its mode and whether it only decides. */
interface Run {
  readonly mode: FixtureLoadMode;
  readonly dry: boolean;
  /** The script arguments that say so. */
  readonly flags: readonly [FixtureLoadMode, "0" | "1"];
}

/** Loads `rows` in bounded batches, noting each record's outcome under its id. */
async function inBatches<T>(
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

/** How to load the records of one owned type. */
interface OwnedLoad<T> {
  readonly type: OwnedType;
  readonly idOf: (row: T) => string;
  readonly orgOf: (row: T) => string;
  /** Takes the record out of the org that held it until now. */
  readonly leave: (row: T, oldOrg: string) => Promise<unknown>;
  /** Decides on (and unless dry, writes) the record under its own org. */
  readonly load: (row: T) => Promise<LoadOutcome>;
}

/**
 * Per batch: reads each record's current org from the owner index. A record held by another
 * org is left there by `add`; `update` takes it out of the old org, then writes it. The index
 * is pointed at the new org last, so an update cut short before it is finished by the next one.
 */
async function loadOwned<T>(redis: RedisClient, rows: readonly T[], how: OwnedLoad<T>, run: Run, outcome: FixtureListOutcome) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const owners = await Promise.all(batch.map((row) => redis.get(redisKeys.owner(how.type, how.idOf(row)))));
    const movedFrom = batch.map((row, i) => {
      const owner = owners[i] ?? null;
      return owner !== null && owner !== how.orgOf(row) ? owner : null;
    });
    const outcomes = await Promise.all(
      batch.map(async (row, i): Promise<LoadOutcome> => {
        const from = movedFrom[i] ?? null;
        if (from === null) return how.load(row);
        if (run.mode === "add") return "kept";
        if (run.dry) return "updated";
        await how.leave(row, from);
        await how.load(row);
        return "updated";
      }),
    );
    batch.forEach((row, i) => outcome[outcomes[i] ?? "kept"].push(how.idOf(row)));
    if (run.dry) continue;
    await Promise.all(
      batch.map((row, i) => {
        const owned = owners[i] === how.orgOf(row) || (movedFrom[i] !== null && run.mode === "add");
        return owned ? Promise.resolve() : redis.set(redisKeys.owner(how.type, how.idOf(row)), how.orgOf(row));
      }),
    );
  }
}

/** Loads fixtures into Redis as the load's mode says, reporting each record's outcome. */
export function createRedisFixtureSink(redis: RedisClient): FixtureSink {
  async function loadItem(item: FixtureItem, run: Run): Promise<LoadOutcome> {
    const field = itemField(item);
    const index = redisKeys.itemUnits(item.orgId);
    const { orgId, ...stored } = item;
    for (let attempt = 0; attempt < 5; attempt++) {
      const previous = (await redis.hget(index, field)) ?? "";
      const previousUnit = previous || item.unitId;
      const keys = [
        index,
        redisKeys.items(orgId, item.unitId),
        redisKeys.items(orgId, previousUnit),
        redisKeys.schedule(orgId, item.unitId),
        redisKeys.schedule(orgId, previousUnit),
        redisKeys.scheduleSpan(orgId, item.unitId),
        redisKeys.templateUses(orgId),
        redisKeys.deleted(orgId),
      ];
      const reply = await LOAD_ITEM_SCRIPT.run(redis, keys, [
        field,
        item.unitId,
        JSON.stringify(stored),
        previous,
        itemSpanMs(item),
        ...run.flags,
      ]);
      if (reply !== 0) return reply as LoadOutcome;
    }
    throw new Error(`Fixture item ${field} of org ${orgId} keeps moving between units; gave up.`);
  }

  /** A unit moving in from another org keeps counting from the version it had there. */
  async function versionIn(orgId: string | null, unitId: string): Promise<string> {
    const json = orgId === null ? null : await redis.hget(redisKeys.units(orgId), unitId);
    return json === null ? "" : String((JSON.parse(json) as Unit).version);
  }

  return {
    load: (data, options = {}) =>
      guard(async () => {
        const mode = options.mode ?? "add";
        const dry = options.dryRun === true;
        const run: Run = { mode, dry, flags: [mode, dry ? "1" : "0"] };
        const report = emptyLoadReport();
        const refused = await urlKeyConflicts(redis, data.units, mode);
        if (refused.length > 0) throw new FixtureConflictError(refused);
        const raced: UrlKeyConflict[] = [];
        await inBatches(
          data.orgs,
          (org) => org.id,
          report.orgs,
          async (org) => (await LOAD_ORG_SCRIPT.run(redis, [redisKeys.org(org.id)], [JSON.stringify(org), ...run.flags])) as LoadOutcome,
        );
        const floors = new Map<string, string>();
        await loadOwned(
          redis,
          data.units,
          {
            type: "unit",
            idOf: (unit) => unit.id,
            orgOf: (unit) => unit.orgId,
            leave: async (unit, oldOrg) => {
              floors.set(unit.id, await versionIn(oldOrg, unit.id));
              await unitLeavesOrg(redis, oldOrg, unit.orgId, unit.id);
            },
            load: async (unit) => {
              const reply = String(
                await LOAD_UNIT_SCRIPT.run(
                  redis,
                  [redisKeys.units(unit.orgId), redisKeys.unitKeys(unit.orgId), redisKeys.unitOrder(unit.orgId)],
                  [unit.id, JSON.stringify(unit), unit.urlKey, ...run.flags, floors.get(unit.id) ?? ""],
                ),
              );
              if (!reply.startsWith("conflict:")) return reply as LoadOutcome;
              raced.push({ unitId: unit.id, orgId: unit.orgId, urlKey: unit.urlKey, heldBy: reply.slice("conflict:".length) });
              return "kept"; // not written; the load is refused below
            },
          },
          run,
          report.units,
        );
        // A holder that appeared after the check (a concurrent load): this unit was not written, the rest of the load was.
        if (raced.length > 0) throw new FixtureConflictError(raced, true);
        await loadOwned(
          redis,
          data.locks,
          {
            type: "lock",
            idOf: (lock) => lock.lockId,
            orgOf: (lock) => lock.orgId,
            leave: (lock, oldOrg) => leaveWithDevice(redis, oldOrg, lock.lockId, () => lockLeavesOrg(redis, oldOrg, lock.lockId)),
            load: (lock) => {
              const write = async () =>
                (await LOAD_LISTED_SCRIPT.run(
                  redis,
                  [
                    redisKeys.locks(lock.orgId),
                    redisKeys.activeLocks(lock.orgId),
                    redisKeys.lockPositions(lock.orgId),
                    redisKeys.deleted(lock.orgId),
                  ],
                  [lock.lockId, JSON.stringify(lock), lockPosition(lock), lock.status === "active" ? "1" : "0", ...run.flags, ""],
                )) as LoadOutcome;
              // The device index spans orgs, so it is written in steps of its own (lock-devices.ts).
              return run.dry ? write() : writeLockWithDevice(redis, lock, write);
            },
          },
          run,
          report.locks,
        );
        await loadOwned(
          redis,
          data.templates,
          {
            type: "template",
            idOf: (template) => template.id,
            orgOf: (template) => template.orgId,
            leave: (template, oldOrg) => templateLeavesOrg(redis, oldOrg, template.id),
            load: async (template) =>
              (await LOAD_LISTED_SCRIPT.run(
                redis,
                [
                  redisKeys.templates(template.orgId),
                  redisKeys.templateOrder(template.orgId),
                  redisKeys.templatePositions(template.orgId),
                  redisKeys.deleted(template.orgId),
                ],
                [template.id, JSON.stringify(template), templatePosition(template), "1", ...run.flags, `template:${template.id}`],
              )) as LoadOutcome,
          },
          run,
          report.templates,
        );
        await loadOwned(
          redis,
          data.items,
          {
            type: "item",
            idOf: itemField,
            orgOf: (item) => item.orgId,
            leave: (item, oldOrg) => itemLeavesOrg(redis, oldOrg, itemField(item)),
            load: (item) => loadItem(item, run),
          },
          run,
          report.items,
        );
        await inBatches(
          data.apiKeys,
          (key) => key.id,
          report.apiKeys,
          (key) => loadApiKey(redis, key, mode, dry),
        );
        return report;
      }),
  };
}
