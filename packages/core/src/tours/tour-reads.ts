/**
 * The tour reads: one tour, and the org's tours (of a unit, in a status) whose end is after an
 * instant, by startAt then id. A tour lasts at most 24 h, so a list from `from` starts its scan
 * at tours starting after `from` − 24 h; the tours read are filtered by their end and by their
 * status of the moment, at most {@link TOUR_SCAN} per page (a page may then hold fewer than its
 * limit, with a cursor to go on). A cursor is bound to its org, unit, status and `from`.
 */
import type { CursorCodec, ServedTour } from "@lintel/domain";
import { isoInstant, MAX_TOUR_MS, parseCanonicalInstant, type DataCipher, type TourRecord, tourPosition } from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import { invalidCursor, openCursor } from "../common/paging-use-case.js";
import { fail, notFound, succeed, type Result } from "../common/problem.js";
import type { Clock, UnitStore } from "../ports/ports.js";
import type { TourStore } from "../ports/tour-ports.js";
import type { TourQuery } from "./tour-commands.js";
import { readTourNow, showTour, tourStatusAt } from "./tour-view.js";

/** The most tours one page reads before it answers (filtered by end and status). */
export const TOUR_SCAN = 1_000;

/** The tour reads of the API. */
export interface TourReads {
  /** A tour booked through the tour endpoints; an unknown or foreign one is `not_found`. */
  getTour(caller: Caller, tourId: string): Promise<Result<ServedTour, "not_found">>;
  /** The org's tours ending after `from` (default now), by startAt then id; of one unit, in one status, when asked. */
  listTours(
    caller: Caller,
    query: TourQuery,
  ): Promise<Result<{ tours: ServedTour[]; nextCursor: string | null }, "not_found" | "invalid_cursor">>;
}

/** Builds the tour reads. */
export function createTourReads(
  ports: { readonly tours: TourStore; readonly units: UnitStore; readonly clock: Clock; readonly secrets: DataCipher },
  cursors: CursorCodec,
): TourReads {
  /** The served view of each tour, read with its items and its unit's zone. */
  async function show(orgId: string, tours: readonly TourRecord[]): Promise<ServedTour[]> {
    const zones = new Map(
      (await ports.units.getMany(orgId, [...new Set(tours.map((tour) => tour.unitId))])).map((unit) => [unit.id, unit.timeZone]),
    );
    const nowMs = ports.clock.now();
    return Promise.all(
      tours.map(async (tour) => showTour(await readTourNow(ports.units, tour), zones.get(tour.unitId) ?? null, nowMs, ports.secrets)),
    );
  }

  return {
    async getTour(caller, tourId) {
      const tour = await ports.tours.getTour(caller.orgId, tourId);
      if (tour === null) return fail("not_found", `No tour '${tourId.slice(0, 100)}'.`);
      return succeed((await show(caller.orgId, [tour]))[0] as ServedTour);
    },

    async listTours(caller, query) {
      let unitId: string | null = null;
      if (query.unitIdOrKey !== undefined) {
        const unit = await ports.units.findByIdOrKey(caller.orgId, query.unitIdOrKey);
        if (unit === null) return notFound("unit", query.unitIdOrKey);
        unitId = unit.id;
      }
      const binding = { orgId: caller.orgId, list: "tours", subject: `${unitId ?? "*"}|${query.status ?? "*"}` };
      const opened = openCursor(cursors, binding, query.cursor);
      if (!opened.ok) return opened;
      const nowMs = ports.clock.now();
      let fromIso = isoInstant(query.from ?? nowMs);
      let after = `${isoInstant(Date.parse(fromIso) - MAX_TOUR_MS)}|~`; // after every tour starting then: none of them ends after `from`
      if (opened.value !== null) {
        const bar = opened.value.indexOf("|");
        const held = opened.value.slice(0, bar);
        if (bar < 0 || Number.isNaN(parseCanonicalInstant(held)) || (query.from !== undefined && held !== fromIso)) return invalidCursor();
        fromIso = held;
        after = opened.value.slice(bar + 1);
      }
      const picked: TourRecord[] = [];
      let scanned = 0;
      let more = false;
      while (scanned < TOUR_SCAN && !more) {
        const asked = Math.min(100, TOUR_SCAN - scanned);
        const batch = await ports.tours.listTours(caller.orgId, unitId, after, asked);
        for (const tour of batch) {
          if (picked.length === query.limit) {
            more = true; // a tour follows the page (it may or may not pass the filters)
            break;
          }
          scanned += 1;
          after = tourPosition(tour);
          if (tour.endAt > fromIso && (query.status === undefined || tourStatusAt(tour, nowMs) === query.status)) picked.push(tour);
        }
        if (batch.length < asked) break;
      }
      if (!more && scanned >= TOUR_SCAN) more = (await ports.tours.listTours(caller.orgId, unitId, after, 1)).length > 0;
      const nextCursor = more ? cursors.encode(`${fromIso}|${after}`, binding) : null;
      return succeed({ tours: await show(caller.orgId, picked), nextCursor });
    },
  };
}
