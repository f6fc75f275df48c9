import assert from "node:assert/strict";
import { MAX_ITEMS_PER_UNIT } from "@lintel/core/adapters";
import type { CodeWork, LockCodeOutbox, TourChange, TourStore, UnitBasis } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { tourPosition, type LintelEvent, type TourRecord } from "@lintel/domain/adapters";
import { aLock, aTemplate, anItem, eachTestStore, fixture, instant, randomId } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { aWriteEvent, assertEvents, DAY, seedUnit, servedUnit, type WritesStore } from "../seeds/write-seed.js";

/** The ports the tour suite drives. */
export type TourWritesStore = WritesStore & { readonly tours: TourStore; readonly lockCodes: LockCodeOutbox };

const HOUR = 3_600_000;
const basisOf = ({ urlKey, address, timeZone }: Unit): UnitBasis => ({ urlKey, address, timeZone });

/** A confirmed tour of `unit` on `day` at 10:00 for an hour, with a code on `lockId` (when given) and one message. */
export function aTour(unit: Unit, day: number, over: Partial<TourRecord> = {}): TourRecord {
  const startAt = instant(day * DAY + 10 * HOUR);
  return {
    id: randomId("tour"),
    orgId: unit.orgId,
    unitId: unit.id,
    status: "confirmed",
    title: "Self-guided tour",
    startAt,
    endAt: instant(day * DAY + 11 * HOUR),
    lockId: null,
    prospect: { name: "Ada", email: "sealed-email", phone: null },
    access: { beforeMinutes: 15, afterMinutes: 15, codeId: null, lockSync: null },
    messages: [],
    verification: "none",
    checkedInAt: null,
    cancelReason: null,
    createdAt: instant(DAY),
    updatedAt: instant(DAY),
    ...over,
  };
}

/** The items a tour owns: its tour item, its code (when it has a lock) and its messages. */
export function tourItems(tour: TourRecord, templateId: string | null): ScheduleItem[] {
  const items: ScheduleItem[] = [
    {
      kind: "tour",
      id: tour.id,
      unitId: tour.unitId,
      title: tour.title,
      startAt: tour.startAt,
      endAt: tour.endAt,
      lockId: tour.lockId,
      tourId: tour.id,
    },
  ];
  if (tour.access.codeId !== null) {
    items.push({
      kind: "code",
      id: tour.access.codeId,
      unitId: tour.unitId,
      title: tour.title,
      startAt: new Date(Date.parse(tour.startAt) - 15 * 60_000).toISOString(),
      endAt: new Date(Date.parse(tour.endAt) + 15 * 60_000).toISOString(),
      lockId: tour.lockId,
      code: "sealed-pin",
      lockSync: { status: "pending", error: null, updatedAt: tour.createdAt },
      tourId: tour.id,
    });
  }
  for (const message of tour.messages) {
    const at = new Date(Date.parse(tour.startAt) + message.offsetMinutes * 60_000).toISOString();
    items.push({
      kind: "scheduled_message",
      id: message.id,
      unitId: tour.unitId,
      title: "Reminder",
      startAt: at,
      endAt: at,
      lockId: null,
      templateId,
      tourId: tour.id,
    });
  }
  return items;
}

function workFor(code: ScheduleItem, orgId: string, op: "put" | "delete"): CodeWork {
  return {
    workId: randomId("cw"),
    orgId,
    unitId: code.unitId,
    codeId: code.id,
    op,
    lockId: code.lockId ?? "",
    name: code.title,
    code: code.code ?? "",
    startAt: code.startAt,
    endAt: code.endAt,
    attempts: 0,
    nextAttemptAt: instant(DAY),
    pendingSince: instant(DAY),
    ...(code.tourId === undefined ? {} : { tourId: code.tourId }),
  };
}

/** The change that books `tour` (made from `unit` as read), with its items put and its code's work. */
export function bookingOf(unit: Unit, tour: TourRecord, templateId: string | null, over: Partial<TourChange> = {}): TourChange {
  const items = tourItems(tour, templateId).map((item) => ({
    op: "put" as const,
    item,
    work: item.kind === "code" ? workFor(item, unit.orgId, "put") : null,
  }));
  return {
    expectedVersion: null,
    basis: { unit: basisOf(unit), tour: null },
    tour,
    items,
    bumpsVersion: true,
    lockServing: tour.lockId ?? undefined,
    templateIds: templateId === null ? [] : [templateId],
    dueAtMs: Date.parse(tour.endAt) + 15 * 60_000,
    event: aWriteEvent(unit.orgId, "tour.booked", { unit: servedUnit({ ...unit, version: unit.version + 1 }), tour: { id: tour.id } }),
    ...over,
  };
}

/** The change that cancels `tour` (as booked): its items deleted, the code's removal as work, no due time. */
export function cancelOf(unit: Unit, tour: TourRecord): TourChange {
  const cancelled: TourRecord = { ...tour, status: "cancelled", cancelReason: "cancelled", updatedAt: instant(2 * DAY) };
  const items = tourItems(tour, null).map((item) => ({
    op: "delete" as const,
    item,
    work: item.kind === "code" ? workFor(item, unit.orgId, "delete") : null,
  }));
  return {
    expectedVersion: null,
    basis: { unit: basisOf(unit), tour },
    tour: cancelled,
    items,
    bumpsVersion: true,
    dueAtMs: null,
    event: aWriteEvent(unit.orgId, "tour.cancelled", { unit: servedUnit({ ...unit, version: unit.version + 1 }), tour: { id: tour.id } }),
  };
}

/** `data.unit.version` of a stored event. */
async function eventVersion(store: TourWritesStore, orgId: string, eventId: string): Promise<number | undefined> {
  return ((await store.events.get(orgId, eventId))?.data as { unit?: { version: number } } | undefined)?.unit?.version;
}

/**
 * The contract of {@link TourStore}: a tour is written in one atomic step with the items it owns,
 * its codes' work, the unit's version (when the change is one of the schedule) and its event,
 * only while the unit and the tour are as read; tours list by startAt then id, per org and per
 * unit; the due index answers the tours whose timed transition has come, of any org.
 */
export function describeTourStoreContract(
  name: string,
  makeStore: () => Promise<TourWritesStore>,
  runner: TestRunner = nodeTestRunner,
): void {
  const { describe, it } = runner;
  describe(`${name}: TourStore contract`, () => {
    const store = eachTestStore(makeStore, runner);

    /** An org with a unit, a lock serving it and a template. */
    async function seedTourUnit() {
      const { orgId, unit } = await seedUnit(store());
      const lock = aLock(orgId, { unitIds: [unit.id] });
      const template = aTemplate(orgId);
      await store().fixtures.load(fixture({ locks: [lock], templates: [template] }));
      return { orgId, unit, lock, template };
    }

    it("a booking stores the tour, its items (each naming it), its code's work and its event in one step; version + 1", async () => {
      const { orgId, unit, lock, template } = await seedTourUnit();
      const tour = aTour(unit, 10, {
        lockId: lock.lockId,
        access: { beforeMinutes: 15, afterMinutes: 15, codeId: randomId("code"), lockSync: null },
        messages: [{ id: randomId("msg"), templateId: template.id, anchor: "start", offsetMinutes: -60 }],
      });
      const change = bookingOf(unit, tour, template.id);
      const before = (await store().lockCodes.pending()).count;
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, change), { ok: true, unit: { ...unit, version: 2 } });
      assert.deepEqual(await store().tours.getTour(orgId, tour.id), tour);
      const items = await store().units.itemsOf(orgId, unit.id);
      assert.equal(items.length, 3);
      for (const item of items) assert.equal(item.tourId, tour.id, `${item.kind} names its tour`);
      assert.deepEqual(await store().units.getItem(orgId, unit.id, "code", tour.access.codeId!), change.items[1]!.item);
      assert.equal((await store().lockCodes.pending()).count, before + 1, "the code's work is stored with it");
      await assertEvents(store(), orgId, [
        { ...change.event!, data: { ...change.event!.data, unit: servedUnit({ ...unit, version: 2 }) } } as LintelEvent,
      ]);
    });

    it("a change made from a tour as it no longer is answers changed and changes nothing", async () => {
      const { orgId, unit } = await seedTourUnit();
      const tour = aTour(unit, 10);
      assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf(unit, tour, null))).ok, true);
      const again = bookingOf({ ...unit, version: 2 }, tour, null); // made as if the tour were new
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, again), { ok: false, reason: "changed" });
      const stale = { ...cancelOf({ ...unit, version: 2 }, tour), basis: { unit: basisOf(unit), tour: { ...tour, title: "Other" } } };
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, stale), { ok: false, reason: "changed" });
      assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, 2);
      assert.equal((await store().units.itemsOf(orgId, unit.id)).length, 1);
      assert.equal((await store().tours.getTour(orgId, tour.id))?.status, "confirmed");
      assert.equal(await store().events.get(orgId, stale.event!.id), null, "no event for a refused change");
    });

    it("a stale expectedVersion is version_conflict with the version now; an unknown or foreign unit not_found", async () => {
      const { orgId, unit } = await seedTourUnit();
      const change = bookingOf(unit, aTour(unit, 10), null, { expectedVersion: 7 });
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, change), { ok: false, reason: "version_conflict", currentVersion: 1 });
      const other = await seedTourUnit();
      assert.deepEqual(await store().tours.writeTour(other.orgId, unit.id, bookingOf(unit, aTour(unit, 10), null)), {
        ok: false,
        reason: "not_found",
      });
      assert.equal((await store().units.itemsOf(orgId, unit.id)).length, 0);
    });

    it("template_missing and lock_missing refuse the whole change", async () => {
      const { orgId, unit, lock } = await seedTourUnit();
      const withCode = aTour(unit, 10, {
        lockId: lock.lockId,
        access: { beforeMinutes: 15, afterMinutes: 15, codeId: randomId("code"), lockSync: null },
      });
      const unknownTemplate = bookingOf(
        unit,
        { ...withCode, messages: [{ id: randomId("msg"), templateId: "tpl_none", anchor: "start", offsetMinutes: 0 }] },
        "tpl_none",
      );
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, unknownTemplate), { ok: false, reason: "template_missing" });
      const foreignLock = bookingOf(unit, withCode, null, { lockServing: aLock(orgId).lockId });
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, foreignLock), { ok: false, reason: "lock_missing" });
      assert.equal((await store().units.itemsOf(orgId, unit.id)).length, 0);
      assert.equal(await store().tours.getTour(orgId, withCode.id), null);
    });

    it(`a booking whose new items would take the unit past ${MAX_ITEMS_PER_UNIT} items is too_many_items (nothing stored, no event); up to it, it applies`, async () => {
      const { orgId, unit } = await seedUnit(store(), (u) =>
        Array.from({ length: MAX_ITEMS_PER_UNIT - 2 }, (_, i) =>
          anItem(u, "tour", { startAt: instant(i * 60_000), endAt: instant(i * 60_000 + HOUR) }),
        ),
      );
      const lock = aLock(orgId, { unitIds: [unit.id] });
      const template = aTemplate(orgId);
      await store().fixtures.load(fixture({ locks: [lock], templates: [template] }));
      const withCode = aTour(unit, 10, {
        lockId: lock.lockId,
        access: { beforeMinutes: 15, afterMinutes: 15, codeId: randomId("code"), lockSync: null },
      });
      const three = {
        ...withCode,
        messages: [{ id: randomId("msg"), templateId: template.id, anchor: "start" as const, offsetMinutes: -60 }],
      };
      const over = bookingOf(unit, three, template.id);
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, over), { ok: false, reason: "too_many_items" });
      assert.equal(await store().tours.getTour(orgId, three.id), null);
      assert.equal(await store().events.get(orgId, over.event!.id), null, "no event for a refused change");
      assert.equal((await store().units.itemsOf(orgId, unit.id)).length, MAX_ITEMS_PER_UNIT - 2);
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, bookingOf(unit, withCode, null)), {
        ok: true,
        unit: { ...unit, version: 2 },
      });
      assert.equal((await store().units.itemsOf(orgId, unit.id)).length, MAX_ITEMS_PER_UNIT);
    });

    it("a change that is not one of the schedule keeps the version, and its event says the version as it is", async () => {
      const { orgId, unit } = await seedTourUnit();
      const tour = aTour(unit, 10, { status: "awaiting_verification", verification: "required" });
      assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf(unit, tour, null))).ok, true);
      const after = { ...unit, version: 2 };
      const confirmed = { ...tour, status: "confirmed" as const, updatedAt: instant(2 * DAY) };
      const event = aWriteEvent(orgId, "tour.confirmed", { unit: servedUnit({ ...after, version: 99 }), tour: { id: tour.id } });
      const change: TourChange = {
        expectedVersion: null,
        basis: { unit: basisOf(after), tour },
        tour: confirmed,
        items: [],
        bumpsVersion: false,
        dueAtMs: null,
        event,
      };
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, change), { ok: true, unit: after });
      assert.equal(await eventVersion(store(), orgId, event.id), 2);
      assert.deepEqual(await store().tours.getTour(orgId, tour.id), confirmed);
    });

    it("a change without an event (a due time moved) stores the tour and its due time, and no event", async () => {
      const { orgId, unit } = await seedTourUnit();
      const tour = aTour(unit, 10);
      const booking = bookingOf(unit, tour, null);
      assert.equal((await store().tours.writeTour(orgId, unit.id, booking)).ok, true);
      const before = (await store().events.list(orgId, null, null, 100)).length;
      const base = Date.parse(instant(0)) - 2000 * DAY;
      const quiet: TourChange = {
        ...booking,
        basis: { unit: basisOf(unit), tour },
        items: [],
        bumpsVersion: false,
        dueAtMs: base,
        event: null,
      };
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, quiet), { ok: true, unit: { ...unit, version: 2 } });
      assert.equal((await store().events.list(orgId, null, null, 100)).length, before);
      assert.ok((await store().tours.dueTours(base, 1000)).some((due) => due.tourId === tour.id));
    });

    it("a cancel deletes the tour's items, keeps the tour, stores the code's removal as work and leaves the due index", async () => {
      const { orgId, unit, lock } = await seedTourUnit();
      const tour = aTour(unit, 10, {
        lockId: lock.lockId,
        access: { beforeMinutes: 15, afterMinutes: 15, codeId: randomId("code"), lockSync: null },
      });
      const booking = bookingOf(unit, tour, null, { dueAtMs: Date.parse(instant(DAY)) });
      assert.equal((await store().tours.writeTour(orgId, unit.id, booking)).ok, true);
      assert.ok((await store().tours.dueTours(Date.parse(instant(DAY)), 1000)).some((due) => due.tourId === tour.id));
      const cancel = cancelOf({ ...unit, version: 2 }, tour);
      assert.deepEqual(await store().tours.writeTour(orgId, unit.id, cancel), { ok: true, unit: { ...unit, version: 3 } });
      assert.deepEqual(await store().units.itemsOf(orgId, unit.id), []);
      assert.deepEqual(await store().tours.getTour(orgId, tour.id), cancel.tour);
      assert.equal(
        (await store().tours.dueTours(Date.parse(instant(400 * DAY)), 1000)).some((due) => due.tourId === tour.id),
        false,
      );
    });

    it("tours list by startAt then id, per org and per unit, after a position; a move changes the order", async () => {
      const { orgId, unit } = await seedTourUnit();
      const { unit: second } = await seedUnit(store(), () => [], { orgId });
      const tours = [aTour(unit, 12), aTour(unit, 10), aTour(second, 11), aTour(unit, 10)];
      const versions = new Map<string, number>();
      for (const tour of tours) {
        const at = tour.unitId === unit.id ? unit : second;
        const version = versions.get(at.id) ?? 1;
        assert.equal((await store().tours.writeTour(orgId, at.id, bookingOf({ ...at, version }, tour, null))).ok, true);
        versions.set(at.id, version + 1);
      }
      const ordered = [...tours].sort((a, b) => (tourPosition(a) < tourPosition(b) ? -1 : 1));
      assert.deepEqual(await store().tours.listTours(orgId, null, null, 10), ordered);
      assert.deepEqual(
        await store().tours.listTours(orgId, unit.id, null, 10),
        ordered.filter((tour) => tour.unitId === unit.id),
      );
      assert.deepEqual(await store().tours.listTours(orgId, null, tourPosition(ordered[1]!), 2), ordered.slice(2, 4));
      const other = await seedTourUnit();
      assert.deepEqual(await store().tours.listTours(other.orgId, null, null, 10), []);
      assert.deepEqual(await store().tours.listTours(other.orgId, unit.id, null, 10), [], "no tour through another org");
      assert.equal(await store().tours.getTour(other.orgId, tours[0]!.id), null);
      // A reschedule moves the tour in both lists.
      const first = ordered[0]!;
      const moved = { ...first, startAt: instant(20 * DAY), endAt: instant(20 * DAY + HOUR) };
      const unitOf = first.unitId === unit.id ? unit : second;
      const move: TourChange = {
        ...bookingOf({ ...unitOf, version: versions.get(unitOf.id)! }, moved, null),
        basis: { unit: basisOf(unitOf), tour: first },
        items: [],
      };
      assert.equal((await store().tours.writeTour(orgId, unitOf.id, move)).ok, true);
      assert.deepEqual(
        (await store().tours.listTours(orgId, null, null, 10)).map((tour) => tour.id),
        [...ordered.slice(1), moved].map((tour) => tour.id),
      );
      const ofUnit = [...ordered.slice(1), moved].filter((tour) => tour.unitId === unitOf.id);
      assert.deepEqual(await store().tours.listTours(orgId, unitOf.id, null, 10), ofUnit, "moved in its unit's list too, listed once");
    });

    it("the due index answers tours of any org whose time has come, earliest first, at most max", async () => {
      const a = await seedTourUnit();
      const b = await seedTourUnit();
      const base = Date.parse(instant(0)) - 1000 * DAY; // earlier than anything other tests index
      const tours = [aTour(a.unit, 10), aTour(b.unit, 10), aTour(a.unit, 11)];
      const dues = [base + 300, base + 100, base + 200];
      const units = [a.unit, b.unit, { ...a.unit, version: 2 }];
      for (const [i, tour] of tours.entries()) {
        const change = bookingOf(units[i]!, tour, null, { dueAtMs: dues[i]! });
        assert.equal((await store().tours.writeTour(units[i]!.orgId, units[i]!.id, change)).ok, true);
      }
      const mine = (due: readonly { tourId: string }[]) => due.filter((d) => tours.some((t) => t.id === d.tourId));
      assert.deepEqual(mine(await store().tours.dueTours(base + 99, 100)), []);
      assert.deepEqual(mine(await store().tours.dueTours(base + 200, 100)), [
        { orgId: b.orgId, tourId: tours[1]!.id },
        { orgId: a.orgId, tourId: tours[2]!.id },
      ]);
      assert.equal((await store().tours.dueTours(base + 300, 1)).length, 1);
    });

    it("resealProspects rewrites the sealed email and phone it is told to, and leaves the rest", async () => {
      const { orgId, unit } = await seedTourUnit();
      const sealed = randomId("sealed");
      const tour = aTour(unit, 10, { prospect: { name: "Ada", email: sealed, phone: `${sealed}-phone` } });
      const other = aTour(unit, 11);
      assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf(unit, tour, null))).ok, true);
      assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf({ ...unit, version: 2 }, other, null))).ok, true);
      const changed = await store().tours.resealProspects((value) => (value.startsWith(sealed) ? `new-${value}` : null));
      assert.equal(changed, 1);
      assert.deepEqual((await store().tours.getTour(orgId, tour.id))?.prospect, {
        name: "Ada",
        email: `new-${sealed}`,
        phone: `new-${sealed}-phone`,
      });
      assert.deepEqual(await store().tours.getTour(orgId, other.id), other);
    });

    it("a zone change moves a booked tour in its own step: its record, its place in the lists and its due time; one made from a tour no longer as read is changed", async () => {
      const { orgId, unit } = await seedTourUnit();
      const tour = aTour(unit, 10);
      const later = aTour(unit, 11);
      assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf(unit, tour, null))).ok, true);
      assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf({ ...unit, version: 2 }, later, null))).ok, true);
      const moved: TourRecord = {
        ...tour,
        startAt: instant(12 * DAY + 10 * HOUR),
        endAt: instant(12 * DAY + 11 * HOUR),
        updatedAt: instant(2 * DAY),
      };
      const base = Date.parse(instant(0)) - 3000 * DAY; // earlier than anything other tests index
      const zoneChange = (read: TourRecord) => ({
        expectedVersion: 3,
        timeZone: "Asia/Dhaka",
        rewrites: [{ kind: "tour" as const, id: tour.id, startAt: moved.startAt, endAt: moved.endAt }],
        tours: [{ read, tour: moved, dueAtMs: base }],
        event: aWriteEvent(orgId, "unit.timezone_changed", { unit: servedUnit({ ...unit, version: 4 }) }),
      });
      const stale = zoneChange({ ...tour, status: "checked_in", checkedInAt: instant(DAY) });
      assert.deepEqual(await store().units.setTimeZone(orgId, unit.id, stale), { ok: false, reason: "changed" });
      assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, 3, "nothing applied");
      assert.deepEqual(await store().tours.getTour(orgId, tour.id), tour);
      assert.equal((await store().units.getItem(orgId, unit.id, "tour", tour.id))?.startAt, tour.startAt);
      assert.equal(await store().events.get(orgId, stale.event.id), null, "no event for a refused change");

      const change = zoneChange(tour);
      assert.equal((await store().units.setTimeZone(orgId, unit.id, change)).ok, true);
      assert.deepEqual(await store().tours.getTour(orgId, tour.id), moved);
      assert.equal((await store().units.getItem(orgId, unit.id, "tour", tour.id))?.startAt, moved.startAt);
      assert.deepEqual(
        (await store().tours.listTours(orgId, null, null, 10)).map(({ id }) => id),
        [later.id, tour.id],
      );
      assert.deepEqual(
        await store().tours.listTours(orgId, unit.id, null, 10),
        [later, moved],
        "moved in its unit's list too, listed once",
      );
      assert.deepEqual(
        (await store().tours.dueTours(base, 1000)).filter((due) => due.orgId === orgId),
        [{ orgId, tourId: tour.id }],
        "its due time moved in the same step",
      );
    });

    it("the removal of a cancelled tour's code ends in the tour's access.lockSync in the outbox's step: removed; failed with its event; a tour no longer pending is left", async () => {
      const { orgId, unit, lock } = await seedTourUnit();
      const booked = async (version: number) => {
        const tour = aTour(unit, 10 + version, {
          lockId: lock.lockId,
          access: { beforeMinutes: 15, afterMinutes: 15, codeId: randomId("code"), lockSync: null },
        });
        assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf({ ...unit, version }, tour, null))).ok, true);
        const cancel = cancelOf({ ...unit, version: version + 1 }, tour);
        const pending = { status: "pending" as const, error: null, updatedAt: instant(2 * DAY) };
        const cancelled = { ...cancel.tour, access: { ...cancel.tour.access, lockSync: pending } };
        assert.equal((await store().tours.writeTour(orgId, unit.id, { ...cancel, tour: cancelled })).ok, true);
        return cancelled;
      };
      const removed = await booked(1);
      const failed = await booked(3);
      const left = await booked(5);
      const leased = await store().lockCodes.lease(Date.parse(instant(3 * DAY)), 30_000, 100);
      const removal = (tour: TourRecord) => leased.find((one) => one.work.codeId === tour.access.codeId && one.work.op === "delete")!;
      for (const tour of [removed, failed, left]) assert.equal(removal(tour).work.tourId, tour.id, "the removal names its tour");
      // Meanwhile `left` says its code is removed already (as a held code's cancel does): the outcome leaves it.
      const gone = { status: "removed" as const, error: null, updatedAt: instant(2 * DAY) };
      const leftNow = { ...left, access: { ...left.access, lockSync: gone } };
      const quiet: TourChange = {
        ...cancelOf({ ...unit, version: 7 }, left),
        basis: { unit: basisOf(unit), tour: left },
        tour: leftNow,
        items: [],
        bumpsVersion: false,
        event: null,
      };
      assert.equal((await store().tours.writeTour(orgId, unit.id, quiet)).ok, true);

      const done = { status: "removed" as const, error: null, updatedAt: instant(3 * DAY) };
      assert.equal(await store().lockCodes.finish(removal(removed), { kind: "done", placed: null, lockSync: done, event: null }), true);
      assert.deepEqual((await store().tours.getTour(orgId, removed.id))?.access.lockSync, done);

      const lost = { status: "failed" as const, error: "Lock provider said no.", updatedAt: instant(3 * DAY) };
      const event = aWriteEvent(orgId, "access_code.sync_failed", { unitId: unit.id });
      assert.equal(await store().lockCodes.finish(removal(failed), { kind: "failed", placed: null, lockSync: lost, event }), true);
      assert.deepEqual(await store().tours.getTour(orgId, failed.id), { ...failed, access: { ...failed.access, lockSync: lost } });
      assert.deepEqual(await store().events.get(orgId, event.id), event, "the failed removal's event, in the same step");

      const late = aWriteEvent(orgId, "access_code.sync_failed", { unitId: unit.id });
      assert.equal(await store().lockCodes.finish(removal(left), { kind: "failed", placed: null, lockSync: lost, event: late }), true);
      assert.deepEqual(await store().tours.getTour(orgId, left.id), leftNow, "a tour no longer pending is left as it is");
      assert.equal(await store().events.get(orgId, late.id), null);
      assert.equal((await store().lockCodes.pending()).count, 0, "every removal ended");
    });

    it("12 concurrent changes made from one read of a tour: exactly one applies", async () => {
      const { orgId, unit } = await seedTourUnit();
      const tour = aTour(unit, 10);
      assert.equal((await store().tours.writeTour(orgId, unit.id, bookingOf(unit, tour, null))).ok, true);
      const after = { ...unit, version: 2 };
      const changes = Array.from({ length: 12 }, (_, i): TourChange => {
        const moved = { ...tour, startAt: instant((20 + i) * DAY), endAt: instant((20 + i) * DAY + HOUR) };
        return { ...bookingOf(after, moved, null), basis: { unit: basisOf(after), tour } };
      });
      const outcomes = await Promise.all(changes.map((change) => store().tours.writeTour(orgId, unit.id, change)));
      assert.equal(outcomes.filter((outcome) => outcome.ok).length, 1);
      assert.equal(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "changed").length, 11);
      assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, 3);
    });
  });
}
