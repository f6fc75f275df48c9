/**
 * The writes of UnitStore on Redis: create and update a unit, put or delete one schedule item.
 * Each is one Lua script over keys of the org's slot that checks, writes the record and every
 * index it is in (urlKey index and order; schedule, span, item → unit; a message's template use,
 * due set and outbox state: scripts/message-index.js), bumps
 * the unit's version and stores the event with its deliveries (event-append.js): nothing or
 * everything changes, and a refusal stores no event. A fixture's unit or item is loaded by the
 * same Lua (addUnit, putItem) without the event and the version bump.
 *
 * The version is checked only when the caller gave one; otherwise a write checks its basis (the
 * unit's urlKey, address and zone, and the item as read), so writes of other items never refuse
 * each other. The script gives the version and writes it into the event: the event's JSON comes
 * cut around its `data.unit.version` (eventAroundVersion). Stored records are written with
 * recordJson and read with decodeRecord (record-json.js), so no text can make one unreadable.
 * The scripts, each with its named frame: unit-write-scripts.js.
 */

import {
  type CodeWork,
  type ItemChange,
  type LoadOutcome,
  type UnitChange,
  type UnitWriteOutcome,
  MAX_ITEMS_PER_UNIT,
} from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { itemSpanMs, type LintelEvent } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { eventArgs, eventKeys } from "./scripts/event-append.js";
import { loadOwned } from "./fixture-records.js";
import { redisKeys } from "./redis/keys.js";
import { workArgs, workKeys } from "./scripts/lock-code-scripts.js";
import { messageKeys } from "./scripts/message-index.js";
import { recordJson } from "./scripts/record-json.js";
import { basisArgs, eventAroundVersion } from "./scripts/unit-write-frame.js";
import { pinArgs, pinKeys } from "./scripts/pin-index.js";
import {
  CREATE_UNIT_SCRIPT,
  LOAD_ITEM_SCRIPT,
  LOAD_UNIT_SCRIPT,
  SET_SHOWING_RULES_SCRIPT,
  UPDATE_UNIT_SCRIPT,
  WRITE_ITEM_SCRIPT,
} from "./scripts/unit-write-scripts.js";
import type { ShowingRules } from "@lintel/domain";
import type { ShowingRulesChange } from "@lintel/core/adapters";

/** A unit write script's reply: its outcome's reason ('ok' or a refusal), and the unit JSON when it carries one. */
export type UnitWriteReply = [string, string?];

/** The script's reply as the port's outcome; `parseUnit` reads the unit JSON it carries (the tour writes answer the same way). */
export function outcomeOf(reply: UnitWriteReply, parseUnit: (json: string) => Unit): UnitWriteOutcome {
  const [reason, json] = reply;
  switch (reason) {
    case "ok":
      return { ok: true, unit: parseUnit(json as string) };
    case "version_conflict":
      return { ok: false, reason, currentVersion: parseUnit(json as string).version };
    case "not_found":
    case "changed":
    case "url_key_taken":
    case "too_many_items":
    case "template_missing":
    case "lock_missing":
    case "pin_taken":
      return { ok: false, reason };
    default:
      throw new Error(`unexpected unit write reply: ${reason}`);
  }
}

/** Showing rules as the unit record holds them on Redis: JSON text ('' for none), which no script decodes. */
export function rulesText(rules: ShowingRules | null | undefined): string {
  return rules === null || rules === undefined ? "" : recordJson(rules);
}

/** A unit as decoded from its record, with its rules read from their JSON text (a unit without rules is the record itself). */
export function withRules(unit: Unit): Unit {
  const rules = (unit as { readonly showingRules?: unknown }).showingRules;
  return typeof rules === "string" ? { ...unit, showingRules: JSON.parse(rules) as ShowingRules } : unit;
}

/** The unit record as Redis holds it: its rules, when it has any, as JSON text (see {@link rulesText}). */
function unitJson(unit: Unit): string {
  return unit.showingRules === undefined || unit.showingRules === null
    ? recordJson(unit)
    : recordJson({ ...unit, showingRules: rulesText(unit.showingRules) });
}

/** The unit writes and loads on `redis`, answering units decoded with `parseUnit`. */
export function redisUnitWrites(redis: RedisClient, parseUnit: (json: string) => Unit) {
  const unitIndexes = (orgId: string) => ({
    units: redisKeys.units(orgId),
    urlKeys: redisKeys.unitKeys(orgId),
    urlKeyOrder: redisKeys.unitOrder(orgId),
  });
  const unitKeys = (orgId: string) => ({ ...unitIndexes(orgId), eventKeys: eventKeys(orgId) });

  return {
    async createUnit(unit: Unit, event: LintelEvent): Promise<UnitWriteOutcome> {
      const args = { unitId: unit.id, json: unitJson(unit), urlKey: unit.urlKey, eventArgs: eventArgs(unit.orgId, event) };
      return outcomeOf((await CREATE_UNIT_SCRIPT.run(redis, unitKeys(unit.orgId), args)) as UnitWriteReply, parseUnit);
    },

    loadUnit(unit: Unit): Promise<LoadOutcome | "url_key_taken"> {
      return loadOwned(redis, "unit", unit.id, unit.orgId, async () => {
        const args = { unitId: unit.id, json: unitJson(unit), urlKey: unit.urlKey };
        return (await LOAD_UNIT_SCRIPT.run(redis, unitIndexes(unit.orgId), args)) as LoadOutcome | "url_key_taken";
      });
    },

    loadItem(orgId: string, item: ScheduleItem, work?: CodeWork | null, pinTag?: string): Promise<LoadOutcome> {
      const field = `${item.kind}:${item.id}`;
      return loadOwned(redis, "item", field, orgId, async () => {
        const keys = {
          units: redisKeys.units(orgId),
          items: redisKeys.items(orgId, item.unitId),
          schedule: redisKeys.schedule(orgId, item.unitId),
          span: redisKeys.scheduleSpan(orgId, item.unitId),
          itemUnits: redisKeys.itemUnits(orgId),
          messages: messageKeys(orgId),
          deleted: redisKeys.deleted(orgId),
          workKeys: workKeys(orgId),
          pinKeys: pinKeys(orgId),
        };
        const args = {
          unitId: item.unitId,
          field,
          json: recordJson(item),
          spanMs: itemSpanMs(item),
          dueMs: Date.parse(item.startAt),
          ...pinArgs(item, "put", pinTag),
          work: workArgs(work),
        };
        return (await LOAD_ITEM_SCRIPT.run(redis, keys, args)) as LoadOutcome;
      });
    },

    async updateUnit(orgId: string, unitId: string, change: UnitChange): Promise<UnitWriteOutcome> {
      const { head, tail } = eventAroundVersion(change.event);
      const args = {
        unitId,
        expected: change.expectedVersion ?? "",
        urlKey: change.urlKey,
        address: change.address,
        eventTail: tail,
        eventArgs: eventArgs(orgId, change.event, head),
        basis: basisArgs(change.basis),
      };
      return outcomeOf((await UPDATE_UNIT_SCRIPT.run(redis, unitKeys(orgId), args)) as UnitWriteReply, parseUnit);
    },

    async setShowingRules(orgId: string, unitId: string, change: ShowingRulesChange): Promise<UnitWriteOutcome> {
      const { head, tail } = eventAroundVersion(change.event);
      const args = {
        unitId,
        expected: change.expectedVersion ?? "",
        rulesRead: rulesText(change.basis.rules),
        rules: rulesText(change.rules),
        eventTail: tail,
        eventArgs: eventArgs(orgId, change.event, head),
        basis: basisArgs(change.basis.unit),
      };
      return outcomeOf(
        (await SET_SHOWING_RULES_SCRIPT.run(redis, { units: redisKeys.units(orgId), eventKeys: eventKeys(orgId) }, args)) as UnitWriteReply,
        parseUnit,
      );
    },

    async writeItem(orgId: string, unitId: string, change: ItemChange): Promise<UnitWriteOutcome> {
      const { item } = change;
      if (item.unitId !== unitId) throw new Error(`writeItem: item ${item.kind}:${item.id} names unit ${item.unitId}, not ${unitId}`);
      const templateId = item.kind === "scheduled_message" ? (item.templateId ?? "") : "";
      const keys = {
        units: redisKeys.units(orgId),
        items: redisKeys.items(orgId, unitId),
        schedule: redisKeys.schedule(orgId, unitId),
        span: redisKeys.scheduleSpan(orgId, unitId),
        itemUnits: redisKeys.itemUnits(orgId),
        templates: redisKeys.templates(orgId),
        messages: messageKeys(orgId),
        deleted: redisKeys.deleted(orgId),
        workKeys: workKeys(orgId),
        eventKeys: eventKeys(orgId),
        locks: redisKeys.locks(orgId),
        pinKeys: pinKeys(orgId),
      };
      const { basis } = change;
      const { head, tail } = eventAroundVersion(change.event);
      const args = {
        unitId,
        expected: change.expectedVersion ?? "",
        op: change.op,
        ...pinArgs(item, change.op, change.pinTag),
        field: `${item.kind}:${item.id}`,
        json: recordJson(item),
        spanMs: itemSpanMs(item),
        dueMs: Date.parse(item.startAt),
        templateId,
        itemLimit: MAX_ITEMS_PER_UNIT,
        lockServing: change.op === "put" ? (change.lockServing ?? "") : "",
        eventTail: tail,
        eventArgs: eventArgs(orgId, change.event, head),
        basis: basis === undefined ? null : { unit: basisArgs(basis.unit), item: basis.item ? recordJson(basis.item) : "" },
        work: workArgs(change.work),
      };
      return outcomeOf((await WRITE_ITEM_SCRIPT.run(redis, keys, args)) as UnitWriteReply, parseUnit);
    },
  };
}
