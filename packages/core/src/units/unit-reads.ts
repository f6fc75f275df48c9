/**
 * The units read side: list and get units, and page a unit's schedule from an
 * instant. A schedule cursor is bound to its unit (the cursor's subject) and carries the `from`
 * it was made for, so it is refused with another unit or another `from`, and a request without
 * `from` goes on from the cursor's.
 */

import { openPin } from "../lock-codes/lock-code-work.js";
import type { CursorCodec, Unit } from "@lintel/domain";
import {
  schedulePosition,
  unitPosition,
  isoInstant,
  parseCanonicalInstant,
  scheduleEntry,
  type DataCipher,
  type ScheduleEntry,
} from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import { fetchPage, invalidCursor, openCursor, readPage, type PageQuery } from "../common/paging-use-case.js";
import type { Clock, UnitStore } from "../ports/ports.js";
import { notFound, succeed, type Result } from "../common/problem.js";
import { grantsScope } from "@lintel/domain/adapters";

/** One page of a unit's schedule from `from` (absent: now). */
export interface ScheduleQuery extends PageQuery {
  readonly unitIdOrKey: string;
  /** Epoch ms; absent = now (or the cursor's `from`). */
  readonly from?: number | undefined;
}

/** A page of a unit's schedule, with the cursor of the next one (null on the last). */
export interface SchedulePage {
  readonly unit: Unit;
  readonly items: ScheduleEntry[];
  readonly nextCursor: string | null;
}

/** The `from` (24 characters of canonical instant) and item position a schedule cursor holds. */
function splitSchedulePosition(text: string): { fromIso: string; after: string } | null {
  const bar = text.indexOf("|");
  const fromIso = text.slice(0, bar);
  return bar > 0 && !Number.isNaN(parseCanonicalInstant(fromIso)) ? { fromIso, after: text.slice(bar + 1) } : null;
}

/** The unit reads of the API. */
export interface UnitReads {
  /** The caller's org's units by urlKey ascending, a page at a time. */
  listUnits(caller: Caller, query: PageQuery): Promise<Result<{ units: Unit[]; nextCursor: string | null }, "invalid_cursor">>;
  /** A unit of the caller's org, by id, else by urlKey; a foreign unit is `not_found`. */
  getUnit(caller: Caller, unitIdOrKey: string): Promise<Result<Unit, "not_found">>;
  /** The unit's items ending after `from` (default now), by startAt, then kind, then key (a booked tour's PIN only for `tours:read`). */
  listSchedule(caller: Caller, query: ScheduleQuery): Promise<Result<SchedulePage, "not_found" | "invalid_cursor">>;
}

/** Builds the units read use cases. */
export function createUnitReads(
  ports: { readonly units: UnitStore; readonly clock: Clock; readonly secrets: DataCipher },
  cursors: CursorCodec,
): UnitReads {
  const unitList = { list: "units", fetch: ports.units.listUnits.bind(ports.units), positionOf: unitPosition } as const;

  return {
    /** The org's units by urlKey. */
    async listUnits(caller: Caller, query: PageQuery): Promise<Result<{ units: Unit[]; nextCursor: string | null }, "invalid_cursor">> {
      const page = await readPage(cursors, unitList, caller.orgId, query);
      return page.ok ? succeed({ units: page.value.rows, nextCursor: page.value.nextCursor }) : page;
    },

    /** One unit by id, else urlKey. */
    async getUnit(caller: Caller, unitIdOrKey: string): Promise<Result<Unit, "not_found">> {
      const unit = await ports.units.findByIdOrKey(caller.orgId, unitIdOrKey);
      return unit === null ? notFound("unit", unitIdOrKey) : succeed(unit);
    },

    /** The unit's items that end after `from`, by startAt, kind, key. */
    async listSchedule(caller: Caller, query: ScheduleQuery): Promise<Result<SchedulePage, "not_found" | "invalid_cursor">> {
      const unit = await ports.units.findByIdOrKey(caller.orgId, query.unitIdOrKey);
      if (unit === null) return notFound("unit", query.unitIdOrKey);
      const binding = { orgId: caller.orgId, list: "schedule", subject: unit.id } as const;
      const opened = openCursor(cursors, binding, query.cursor);
      if (!opened.ok) return opened;
      let fromIso = isoInstant(query.from ?? ports.clock.now());
      let after: string | null = null;
      if (opened.value !== null) {
        const held = splitSchedulePosition(opened.value);
        if (held === null || (query.from !== undefined && held.fromIso !== fromIso)) return invalidCursor();
        ({ fromIso, after } = held);
      }
      const fromMs = Date.parse(fromIso);
      const source = {
        list: "schedule",
        fetch: (orgId: string, position: string | null, limit: number) =>
          ports.units.scheduleAfter(orgId, unit.id, fromMs, position, limit),
        positionOf: schedulePosition,
      } as const;
      const page = await fetchPage(cursors, source, binding, after, query.limit, (position) => `${fromIso}|${position}`);
      // A booked tour's PIN is served to keys that may read tours only.
      const toursRead = grantsScope(caller.scopes, "tours:read");
      const items = page.rows.map((item) =>
        scheduleEntry(item, unit.timeZone, item.tourId === undefined || toursRead ? openPin(item, ports.secrets) : null),
      );
      return succeed({ unit, items, nextCursor: page.nextCursor });
    },
  };
}
