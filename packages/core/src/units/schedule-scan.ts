/**
 * A unit's schedule from an instant, item by item in schedule order, read a page at a time: what
 * the writes that look ahead share (a lock leaving a unit, a new PIN, the places a slot has left).
 * A caller that has seen enough stops iterating, and no further page is read.
 */
import { schedulePosition } from "@lintel/domain/adapters";
import type { ScheduleItem } from "@lintel/domain";
import type { UnitStore } from "../ports/ports.js";

/** Items read per page. */
const PAGE = 500;

/** The unit's items whose end is after `fromMs`, by startAt, then kind, then key. */
export async function* scheduleFrom(
  units: Pick<UnitStore, "scheduleAfter">,
  orgId: string,
  unitId: string,
  fromMs: number,
): AsyncGenerator<ScheduleItem, void, undefined> {
  for (let after: string | null = null; ;) {
    const page = await units.scheduleAfter(orgId, unitId, fromMs, after, PAGE);
    yield* page;
    const last = page.at(-1);
    if (page.length < PAGE || last === undefined) return;
    after = schedulePosition(last);
  }
}
