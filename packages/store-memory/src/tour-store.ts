/**
 * Booked tours in memory. A tour write is one synchronous step over the state (nothing awaits in
 * between), so it is atomic with its items, its codes' work, the unit's version and its event.
 */
import { isDeepStrictEqual } from "node:util";
import { LIST_DIRECTION, tourPosition, type TourRecord } from "@lintel/domain/adapters";
import { MAX_ITEMS_PER_UNIT } from "@lintel/core/adapters";
import { eventAtVersion, type TourStore, type UnitWriteOutcome } from "@lintel/core/adapters";
import { itemKey, pageOrdered, type MemoryState, type OrderedIndex } from "./state/memory-state.js";
import { setTourDue, storeTour as storeTourIn, unitSlot } from "./state/tour-state.js";
import { appendEvent } from "./state/event-state.js";
import { writeCodeWork } from "./state/lock-code-state.js";
import { deleteItem, putItem, replaceUnit, sameBasis, servesUnit } from "./unit-store.js";
import { filePins, pinHolders, pinTaken } from "./state/pin-state.js";

export function createMemoryTourStore(state: MemoryState): TourStore {
  const index: OrderedIndex<TourRecord> = { rows: state.tourOrder, positionOf: tourPosition, direction: LIST_DIRECTION.tours };
  const storeTour = (tour: TourRecord) => storeTourIn(state, tour);

  return {
    async getTour(orgId, tourId) {
      const tour = state.tours.get(tourId);
      return tour !== undefined && tour.orgId === orgId ? structuredClone(tour) : null;
    },
    async listTours(orgId, unitId, after, limit) {
      const rows = unitId === null ? pageOrdered(index, orgId, after, limit) : pageOrdered(index, unitSlot(unitId), after, limit);
      return rows.filter((tour) => tour.orgId === orgId).map((tour) => structuredClone(tour));
    },
    async writeTour(orgId, unitId, change): Promise<UnitWriteOutcome> {
      const unit = state.units.get(unitId);
      if (unit === undefined || unit.orgId !== orgId) return { ok: false, reason: "not_found" };
      if (change.expectedVersion !== null && unit.version !== change.expectedVersion) {
        return { ok: false, reason: "version_conflict", currentVersion: unit.version };
      }
      const stored = state.tours.get(change.tour.id);
      const asRead = stored !== undefined && stored.orgId === orgId ? stored : null;
      if (stored !== undefined && asRead === null) throw new Error(`writeTour: tour ${change.tour.id} is another org's`);
      if (!sameBasis(unit, change.basis.unit) || !isDeepStrictEqual(asRead, change.basis.tour)) return { ok: false, reason: "changed" };
      let added = 0;
      for (const { op, item } of change.items) {
        const old = state.items.get(itemKey(item.kind, item.id));
        if (old !== undefined && (old.unitId !== unitId || old.orgId !== orgId)) {
          throw new Error(`writeTour: ${item.kind}:${item.id} is at another unit`);
        }
        if (op === "put" && old === undefined) added += 1;
      }
      if (added > 0 && (state.itemKeysByUnit.get(unitId)?.size ?? 0) + added > MAX_ITEMS_PER_UNIT) {
        return { ok: false, reason: "too_many_items" };
      }
      for (const templateId of change.templateIds ?? []) {
        if (state.templates.get(templateId)?.orgId !== orgId) return { ok: false, reason: "template_missing" };
      }
      if (change.lockServing !== undefined && !servesUnit(state, orgId, change.lockServing, unitId)) {
        return { ok: false, reason: "lock_missing" };
      }
      if (change.pinCheck !== undefined && pinTaken(state.pins, orgId, change.pinCheck)) return { ok: false, reason: "pin_taken" };
      for (const { op, item, work, pinTag } of change.items) {
        const key = itemKey(item.kind, item.id);
        if (op === "put") {
          putItem(state, { ...item, unitId, orgId }, pinTag);
        } else deleteItem(state, orgId, key);
        if (work) writeCodeWork(state.codes, work);
      }
      storeTour(change.tour);
      setTourDue(state, orgId, change.tour.id, change.dueAtMs);
      const after = change.bumpsVersion ? { ...unit, version: unit.version + 1 } : unit;
      if (change.bumpsVersion) replaceUnit(state, after);
      if (change.event !== null) appendEvent(state.events, orgId, eventAtVersion(change.event, after.version));
      return { ok: true, unit: after };
    },
    async resealProspects(reseal) {
      let changed = 0;
      for (const tour of [...state.tours.values()]) {
        const again = (sealed: string | null) => (sealed === null ? null : reseal(sealed));
        const email = again(tour.prospect.email);
        const phone = again(tour.prospect.phone);
        if (email === null && phone === null) continue;
        storeTour({ ...tour, prospect: { ...tour.prospect, email: email ?? tour.prospect.email, phone: phone ?? tour.prospect.phone } });
        changed += 1;
      }
      return changed;
    },
    async pinHolders(orgId, lockId, tags) {
      return pinHolders(state.pins, orgId, lockId, tags);
    },
    async filePins(orgId, lockId, codes) {
      filePins(state.pins, state.items, orgId, lockId, codes);
    },
    async dueTours(nowMs, max) {
      const due = [];
      for (const entry of state.tourDue.entries) {
        if (due.length >= max) break;
        const [at, orgId, tourId] = entry.split("\n") as [string, string, string];
        if (Number(at) > nowMs) break;
        due.push({ orgId, tourId });
      }
      return due;
    },
  };
}
