/**
 * Model run of the tour writes (TourStore.writeTour): the memory store is the model, Redis the
 * system under test. fast-check drives both with the same random bookings (with or without a code
 * on a lock that serves the unit or not, a message naming a template or a missing one, held for
 * verification or not), reschedules, cancels and check-ins, each made as the use cases make it
 * from the tour and its items as the model reads them, with right, stale and absent expected
 * versions and, at times, from a unit or a tour as they no longer are. Every outcome must be the
 * same, and after every step so must the tours (by id, in the org's and each unit's order, the
 * due index), each unit's version and items, the org's events and the pending code work. A
 * booking's code carries a PIN tag from a small pool and, at times, the check that no other code
 * of its lock holds it (`pin_taken`); a reschedule's code carries none (its tag stays) or, at
 * times, a new one; the codes filed under each tag of the pool on each lock must agree too.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { LintelStore } from "@lintel/core/adapters";
import type { TourChange, UnitWriteOutcome } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import type { EventType, LintelEvent, TourRecord } from "@lintel/domain/adapters";
import { createMemoryStore } from "@lintel/store-memory";
import { aLock, aTemplate, aTour, aUnit, bookingOf, fixture, instant, randomBase62Id, randomId, workOf } from "@lintel/testkit";
import { createRedisStore } from "./index.js";
import { useTestRedis } from "./redis.test-support.js";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How a change is made: from the state as read (0), from a unit whose address has since changed (1), from the tour as first booked (2). */
const basis = fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(1, 2) });
/** The expected version: none, the unit's, one behind or one ahead. */
const off = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 1) },
);

/** The PIN tags codes are filed under: few, so bookings clash. */
const PIN_TAGS = ["tag-0", "tag-1"];

type Command =
  | {
      readonly op: "book";
      readonly unit: number;
      readonly day: number;
      /** 0: no lock; 1: the lock serving every unit; 2: the lock serving the first unit only. */
      readonly lock: number;
      /** 0: no message; 1: one naming the template; 2: one naming a template the org does not have. */
      readonly message: number;
      readonly held: boolean;
      /** The code's PIN tag, of {@link PIN_TAGS}, and whether the booking checks it (pinCheck). */
      readonly pin: number;
      readonly check: boolean;
      readonly off: number | null;
      readonly basis: number;
    }
  | {
      readonly op: "reschedule";
      readonly tour: number;
      readonly days: number;
      /** A new PIN tag for the code; null: its PIN stays. */
      readonly pin: number | null;
      readonly off: number | null;
      readonly basis: number;
    }
  | { readonly op: "cancel"; readonly tour: number; readonly basis: number }
  | { readonly op: "checkIn"; readonly tour: number; readonly basis: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("book" as const),
      unit: fc.nat(2),
      day: fc.integer({ min: 1, max: 30 }),
      lock: fc.nat(2),
      message: fc.nat(2),
      held: fc.boolean(),
      pin: fc.nat(PIN_TAGS.length - 1),
      check: fc.boolean(),
      off,
      basis,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("reschedule" as const),
      tour: fc.nat(15),
      days: fc.integer({ min: -3, max: 3 }),
      pin: fc.option(fc.nat(PIN_TAGS.length - 1)),
      off,
      basis,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("cancel" as const), tour: fc.nat(15), basis }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("checkIn" as const), tour: fc.nat(15), basis }) },
);

const shifted = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();
const sortedByKey = (items: readonly ScheduleItem[]) => [...items].sort((a, b) => (`${a.kind}:${a.id}` < `${b.kind}:${b.id}` ? -1 : 1));
const served = ({ id, urlKey, address, timeZone, version }: Unit) => ({ id, urlKey, address, timeZone, version });

/** When the tour's next timed transition falls due, as the use cases index it (access start while held, access end while on). */
function dueOf(tour: TourRecord): number | null {
  const { beforeMinutes, afterMinutes } = tour.access;
  if (tour.status === "awaiting_verification") return Date.parse(tour.startAt) - beforeMinutes * MINUTE;
  if (tour.status === "confirmed" || tour.status === "checked_in") return Date.parse(tour.endAt) + afterMinutes * MINUTE;
  return null;
}

/** What the run knows of. */
interface World {
  readonly orgId: string;
  readonly unitIds: string[];
  /** Every tour booked, with the record as first booked (the stale basis). */
  readonly tours: { id: string; first: TourRecord }[];
  readonly lockIds: readonly string[];
}

/** Everything the reads of both stores must agree on. */
async function observe(store: LintelStore, world: World) {
  const { orgId, unitIds } = world;
  const events = await store.events.list(orgId, null, null, 1000);
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return {
    tours: await Promise.all(world.tours.map(({ id }) => store.tours.getTour(orgId, id))),
    order: await store.tours.listTours(orgId, null, null, 1000),
    unitOrders: await Promise.all(unitIds.map((unitId) => store.tours.listTours(orgId, unitId, null, 1000))),
    due: (await store.tours.dueTours(Date.parse(instant(400 * DAY)), 1000)).filter((due) => due.orgId === orgId),
    units: await Promise.all(unitIds.map((unitId) => store.units.findByIdOrKey(orgId, unitId))),
    items: await Promise.all(unitIds.map(async (unitId) => sortedByKey(await store.units.itemsOf(orgId, unitId)))),
    counts,
    events,
    pendingWork: (await store.lockCodes.pending()).count,
    pins: await Promise.all(
      world.lockIds.flatMap((lockId) =>
        PIN_TAGS.map(async (tag) => {
          const holders = await store.tours.pinHolders(orgId, lockId, [tag]);
          return holders === null ? null : holders.sort((a, b) => (a.codeId < b.codeId ? -1 : 1));
        }),
      ),
    ),
  };
}

/** The outcomes the run saw (`op:ok`, `op:changed`, …), over all runs. */
const seen = new Map<string, number>();

describe("Redis tour writes against the memory model", () => {
  const redis = useTestRedis();

  test("random bookings, reschedules, cancels and check-ins answer alike and leave the same tours, items, versions and events", async (t) => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20, size: "max" }), async (commands) => {
        const model = createMemoryStore();
        // A delivery group of the run's own: the due index and the code work it reads are this run's.
        const real = createRedisStore(redis(), { deliveryGroup: randomId("tours-model") });
        const orgId = randomId("org");
        const units = [0, 1, 2].map((i) => aUnit(orgId, { id: randomId(`u${i}`) }));
        const lockAll = aLock(orgId, { unitIds: units.map((unit) => unit.id) });
        const lockFirst = aLock(orgId, { unitIds: [units[0]!.id] });
        const template = aTemplate(orgId);
        const data = fixture({ orgs: [{ id: orgId, name: "Org" }], units, locks: [lockAll, lockFirst], templates: [template] });
        assert.deepEqual(await real.fixtures.load(data), await model.fixtures.load(data));
        const world: World = { orgId, unitIds: units.map((unit) => unit.id), tours: [], lockIds: [lockAll.lockId, lockFirst.lockId] };

        let step = 0;
        const anEvent = (type: EventType, unit: Unit, tour: TourRecord): LintelEvent =>
          ({
            id: randomBase62Id("evt"),
            orgId,
            type,
            createdAt: instant(DAY + step * 1000),
            data: { unit: served({ ...unit, version: unit.version + 1 }), tour: { id: tour.id, status: tour.status } },
          }) as LintelEvent;
        /** Writes `change` to both stores: the same outcome, tallied. */
        const both = async (op: string, unitId: string, change: TourChange): Promise<UnitWriteOutcome> => {
          const expected = await model.tours.writeTour(orgId, unitId, change);
          assert.deepEqual(await real.tours.writeTour(orgId, unitId, change), expected, `${op} outcome`);
          const key = `${op}:${expected.ok ? "ok" : expected.reason}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
          return expected;
        };
        /** The basis `how` says: as read, a unit since changed, or the tour as first booked. */
        const basisOf = (unit: Unit, tour: TourRecord | null, first: TourRecord | null, how: number): TourChange["basis"] => ({
          unit: { urlKey: unit.urlKey, address: how === 1 ? `${unit.address} (since changed)` : unit.address, timeZone: unit.timeZone },
          tour: how === 2 ? first : tour,
        });

        for (const c of commands) {
          step += 1;
          if (c.op === "book") {
            const unit = (await model.units.findByIdOrKey(orgId, world.unitIds[c.unit]!))!;
            const lock = c.lock === 0 ? null : c.lock === 1 ? lockAll : lockFirst;
            const templateId = c.message === 0 ? null : c.message === 1 ? template.id : randomId("tpl_missing");
            const status = c.held ? "awaiting_verification" : "confirmed";
            const tour = aTour(unit, c.day, {
              status,
              verification: c.held ? "required" : "none",
              lockId: lock?.lockId ?? null,
              access: { beforeMinutes: 15, afterMinutes: 15, codeId: lock === null ? null : randomId("code"), lockSync: null },
              messages: templateId === null ? [] : [{ id: randomId("msg"), templateId, anchor: "start", offsetMinutes: -60 }],
              createdAt: instant(DAY + step * 1000),
              updatedAt: instant(DAY + step * 1000),
            });
            const tag = PIN_TAGS[c.pin]!;
            const booking = bookingOf(unit, tour, templateId, {
              expectedVersion: c.off === null ? null : unit.version + c.off,
              dueAtMs: dueOf(tour),
              event: anEvent("tour.booked", unit, tour),
            });
            const codeId = tour.access.codeId;
            const change: TourChange = {
              ...booking,
              items: booking.items.map((op) => (op.item.kind === "code" ? { ...op, pinTag: tag } : op)),
              pinCheck: lock !== null && codeId !== null && c.check ? { lockId: lock.lockId, codeId, tags: [tag], cleared: [] } : undefined,
            };
            const outcome = await both(c.op, unit.id, { ...change, basis: basisOf(unit, null, null, c.basis === 2 ? 0 : c.basis) });
            if (outcome.ok) world.tours.push({ id: tour.id, first: tour });
          } else {
            const known = world.tours[c.tour % Math.max(world.tours.length, 1)];
            if (known === undefined) continue;
            const tour = (await model.tours.getTour(orgId, known.id))!;
            const unit = (await model.units.findByIdOrKey(orgId, tour.unitId))!;
            const owned = sortedByKey(await model.units.itemsOf(orgId, unit.id)).filter((item) => item.tourId === tour.id);
            const at = instant(DAY + step * 1000);
            let next: TourRecord;
            let items: TourChange["items"] = [];
            if (c.op === "reschedule") {
              const ms = c.days * DAY;
              next = { ...tour, startAt: shifted(tour.startAt, ms), endAt: shifted(tour.endAt, ms), updatedAt: at };
              items = owned.map((item) => {
                const moved = { ...item, startAt: shifted(item.startAt, ms), endAt: shifted(item.endAt, ms) };
                return {
                  op: "put" as const,
                  item: moved,
                  work: item.kind === "code" ? workOf(orgId, moved, step * 1000, { tourId: tour.id }) : null,
                  pinTag: item.kind === "code" && c.pin !== null ? PIN_TAGS[c.pin] : undefined,
                };
              });
            } else if (c.op === "cancel") {
              next = { ...tour, status: "cancelled", cancelReason: "cancelled", updatedAt: at };
              items = owned.map((item) => ({
                op: "delete" as const,
                item,
                work: item.kind === "code" ? workOf(orgId, item, step * 1000, { op: "delete", tourId: tour.id }) : null,
              }));
            } else {
              next = { ...tour, status: "checked_in", checkedInAt: tour.startAt, updatedAt: at };
            }
            const type = c.op === "reschedule" ? "tour.rescheduled" : c.op === "cancel" ? "tour.cancelled" : "tour.checked_in";
            const offset = c.op === "reschedule" ? c.off : null;
            await both(c.op, unit.id, {
              expectedVersion: offset === null ? null : unit.version + offset,
              basis: basisOf(unit, tour, known.first, c.basis),
              tour: next,
              items,
              bumpsVersion: c.op !== "checkIn",
              dueAtMs: dueOf(next),
              event: anEvent(type, c.op === "checkIn" ? { ...unit, version: unit.version - 1 } : unit, next),
            });
          }
          assert.deepEqual(await observe(real, world), await observe(model, world), `state after step ${step} (${c.op})`);
        }
      }),
      { numRuns: 150, includeErrorInReport: true },
    );
    t.diagnostic(`outcomes: ${JSON.stringify([...seen].sort())}`);
    // The run reached the refusals it compares, not only the happy paths.
    for (const outcome of [
      "book:ok",
      "book:changed",
      "book:version_conflict",
      "book:lock_missing",
      "book:template_missing",
      "book:pin_taken",
      "reschedule:ok",
      "reschedule:changed",
      "reschedule:version_conflict",
      "cancel:ok",
      "cancel:changed",
      "checkIn:ok",
      "checkIn:changed",
    ]) {
      assert.ok(seen.has(outcome), `no ${outcome} in the run: ${JSON.stringify([...seen].sort())}`);
    }
  });
});
