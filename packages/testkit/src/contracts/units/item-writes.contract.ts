import assert from "node:assert/strict";

import { type ItemChange, MAX_ITEMS_PER_UNIT } from "@lintel/core/adapters";
import type { ScheduleItem, Unit } from "@lintel/domain";
import { schedulePosition } from "@lintel/domain/adapters";
import { aTimezoneEvent } from "../seeds/event-seed.js";
import { anItem, eachTestStore, instant, itemView, randomId, sortedItems } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";
import { assertEvents, aWriteEvent, DAY, seedUnit, servedUnit, type WritesStore } from "../seeds/write-seed.js";

const HOUR = 3_600_000;
/** 2026-01-01 in ms: every seeded item ends after it. */
const START = Date.UTC(2026, 0, 1);

/** A tour of the unit an hour long from `day` days after 2026-01-01, as the port takes it (no org). */
export const tourAt = (unit: Pick<Unit, "id" | "orgId">, day: number): ScheduleItem =>
  itemView(anItem(unit, "tour", { startAt: instant(day * DAY), endAt: instant(day * DAY + HOUR) }));

/** `op` of `item` at `expectedVersion` (default the unit's), with the event it stores. */
export function itemChange(unit: Unit, op: "put" | "delete", item: ScheduleItem, expectedVersion = unit.version): ItemChange {
  const type = op === "delete" ? "schedule.item_deleted" : "schedule.item_created";
  const data = { unit: servedUnit({ ...unit, version: expectedVersion + 1 }), item };
  return { expectedVersion, op, item, event: aWriteEvent(unit.orgId, type, data) };
}

const keyOf = (item: Pick<ScheduleItem, "kind" | "id">) => `${item.kind}:${item.id}`;

/** The keys of the unit's schedule from 2026-01-01 on (after `after`), in position order. */
async function scheduleKeys(store: WritesStore, orgId: string, unitId: string, after: string | null = null, fromMs = START) {
  return (await store.units.scheduleAfter(orgId, unitId, fromMs, after, 100)).map(keyOf);
}

/** The contract of {@link UnitStore.writeItem} and {@link UnitStore.getItem} (template checks: the template writes suite). */
export function describeItemWritesContract(name: string, makeStore: () => Promise<WritesStore>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: schedule item writes contract`, () => {
    const store = eachTestStore(makeStore, runner);
    const getItem = async (orgId: string, unitId: string, item: ScheduleItem) => {
      const found = await store().units.getItem(orgId, unitId, item.kind, item.id);
      return found === null ? null : itemView(found);
    };

    it("a put of a new item stores it (getItem, itemsOf, the schedule in position order), bumps the version and stores its event", async () => {
      const { orgId, unit, items } = await seedUnit(store(), (u) => [anItem(u, "tour")]);
      const tour = itemView(items[0]!);
      const code = itemView(anItem(unit, "code", { lockId: randomId("lk"), startAt: instant(5 * DAY), endAt: instant(5 * DAY + HOUR) }));
      const change = itemChange(unit, "put", code);
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, change), { ok: true, unit: { ...unit, version: 2 } });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), { ...unit, version: 2 });
      assert.deepEqual(await getItem(orgId, unit.id, code), code);
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), sortedItems([tour, code]));
      assert.deepEqual(await scheduleKeys(store(), orgId, unit.id), [keyOf(code), keyOf(tour)]);
      await assertEvents(store(), orgId, [change.event]);
    });

    it("a put of an existing item replaces it, and a new startAt moves it in the schedule", async () => {
      const { orgId, unit } = await seedUnit(store());
      const [a, b] = [tourAt(unit, 10), tourAt(unit, 12)] as [ScheduleItem, ScheduleItem];
      const first = itemChange(unit, "put", a);
      const second = itemChange({ ...unit, version: 2 }, "put", b);
      for (const change of [first, second]) assert.equal((await store().units.writeItem(orgId, unit.id, change)).ok, true);
      const later = { ...a, title: "Moved", startAt: instant(14 * DAY), endAt: instant(14 * DAY + 2 * HOUR) };
      const move = itemChange({ ...unit, version: 3 }, "put", later);
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, move), { ok: true, unit: { ...unit, version: 4 } });
      assert.deepEqual(await getItem(orgId, unit.id, a), later);
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), sortedItems([later, b]));
      assert.deepEqual(await scheduleKeys(store(), orgId, unit.id), [keyOf(b), keyOf(a)], "once, at its new position");
      assert.deepEqual(await scheduleKeys(store(), orgId, unit.id, schedulePosition(b)), [keyOf(a)]);
      assert.deepEqual(await scheduleKeys(store(), orgId, unit.id, null, START + 13 * DAY), [keyOf(a)]);
      const earlier = { ...later, startAt: instant(DAY), endAt: instant(DAY + HOUR) };
      const back = itemChange({ ...unit, version: 4 }, "put", earlier);
      assert.equal((await store().units.writeItem(orgId, unit.id, back)).ok, true);
      assert.deepEqual(await scheduleKeys(store(), orgId, unit.id), [keyOf(a), keyOf(b)]);
      await assertEvents(store(), orgId, [first.event, second.event, move.event, back.event]);
    });

    it("a delete removes the item from getItem, itemsOf and the schedule, bumps the version and stores its event; an item the unit lacks is not_found", async () => {
      const { orgId, unit, items } = await seedUnit(store(), (u) => [anItem(u, "tour"), anItem(u, "scheduled_message")]);
      const [tour, message] = items.map(itemView) as [ScheduleItem, ScheduleItem];
      const change = itemChange(unit, "delete", tour);
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, change), { ok: true, unit: { ...unit, version: 2 } });
      assert.equal(await getItem(orgId, unit.id, tour), null);
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), [message]);
      assert.deepEqual(await scheduleKeys(store(), orgId, unit.id), [keyOf(message)]);
      const again = itemChange({ ...unit, version: 2 }, "delete", tour);
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, again), { ok: false, reason: "not_found" });
      assert.equal((await store().units.findByIdOrKey(orgId, unit.id))?.version, 2);
      await assertEvents(store(), orgId, [change.event]);
    });

    it("a write at a stale version changes nothing, stores no event, and says the version", async () => {
      const { orgId, unit, items } = await seedUnit(store(), (u) => [anItem(u, "tour")], { version: 3 });
      const tour = itemView(items[0]!);
      const fresh = tourAt(unit, 2);
      for (const expectedVersion of [2, 4]) {
        for (const change of [
          itemChange(unit, "put", fresh, expectedVersion),
          itemChange(unit, "put", { ...tour, title: "Changed" }, expectedVersion),
          itemChange(unit, "delete", tour, expectedVersion),
        ]) {
          const outcome = await store().units.writeItem(orgId, unit.id, change);
          assert.deepEqual(outcome, { ok: false, reason: "version_conflict", currentVersion: 3 });
        }
      }
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.equal(await getItem(orgId, unit.id, fresh), null);
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), [tour]);
      assert.deepEqual(await scheduleKeys(store(), orgId, unit.id), [keyOf(tour)]);
      await assertEvents(store(), orgId, []);
    });

    it("of 12 concurrent puts naming one expectedVersion exactly one applies, the other eleven are version_conflict", async () => {
      const { orgId, unit } = await seedUnit(store(), () => [], { version: 7 });
      const changes = Array.from({ length: 12 }, (_, i) => itemChange(unit, "put", tourAt(unit, i + 1)));
      const outcomes = await Promise.all(changes.map((change) => store().units.writeItem(orgId, unit.id, change)));
      const winners = changes.filter((_, i) => outcomes[i]?.ok === true);
      assert.equal(winners.length, 1);
      const losers = outcomes.filter((outcome) => !outcome.ok);
      assert.deepEqual(
        losers,
        Array.from({ length: 11 }, () => ({ ok: false, reason: "version_conflict", currentVersion: 8 })),
      );
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), { ...unit, version: 8 });
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), [winners[0]!.item]);
      await assertEvents(store(), orgId, [winners[0]!.event]);
    });

    it("a put racing a setTimeZone at the same version: exactly one applies, with its event only", async () => {
      for (let round = 0; round < 6; round++) {
        const { orgId, unit, items } = await seedUnit(store(), (u) => [anItem(u, "scheduled_message")]);
        const message = itemView(items[0]!);
        const tour = tourAt(unit, 3);
        const write = itemChange(unit, "put", tour);
        const rewrites = [{ kind: message.kind, id: message.id, startAt: instant(DAY), endAt: instant(DAY) }];
        const zone = { expectedVersion: 1, timeZone: "Asia/Tokyo", rewrites, event: aTimezoneEvent(unit) };
        const [written, zoned] =
          round % 2 === 0
            ? await Promise.all([store().units.writeItem(orgId, unit.id, write), store().units.setTimeZone(orgId, unit.id, zone)])
            : await Promise.all([store().units.setTimeZone(orgId, unit.id, zone), store().units.writeItem(orgId, unit.id, write)]).then(
                ([z, w]) => [w, z] as const,
              );
        assert.equal(Number(written.ok) + Number(zoned.ok), 1, `round ${round}: exactly one applies`);
        const loser = written.ok ? zoned : written;
        assert.deepEqual(loser, { ok: false, reason: "version_conflict", currentVersion: 2 });
        const now = await store().units.findByIdOrKey(orgId, unit.id);
        assert.deepEqual(now, { ...unit, version: 2, timeZone: written.ok ? unit.timeZone : "Asia/Tokyo" });
        assert.deepEqual(await getItem(orgId, unit.id, tour), written.ok ? tour : null);
        assert.deepEqual(
          await getItem(orgId, unit.id, message),
          written.ok ? message : { ...message, startAt: instant(DAY), endAt: instant(DAY) },
        );
        await assertEvents(store(), orgId, [written.ok ? write.event : zone.event]);
      }
    });

    it(`a put of a new item is too_many_items at ${MAX_ITEMS_PER_UNIT} items (nothing stored, no event); a replace or a delete still applies`, async () => {
      const { orgId, unit, items } = await seedUnit(store(), (u) =>
        Array.from({ length: MAX_ITEMS_PER_UNIT }, (_, i) =>
          anItem(u, "tour", { startAt: instant(i * 60_000), endAt: instant(i * 60_000 + HOUR) }),
        ),
      );
      const extra = tourAt(unit, 400);
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, itemChange(unit, "put", extra)), {
        ok: false,
        reason: "too_many_items",
      });
      assert.equal(await getItem(orgId, unit.id, extra), null);
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      await assertEvents(store(), orgId, []);
      const [first, second] = items.map(itemView) as [ScheduleItem, ScheduleItem];
      const applied = [
        itemChange(unit, "put", { ...first, title: "Renamed" }, 1),
        itemChange(unit, "delete", second, 2),
        itemChange(unit, "put", extra, 3),
      ];
      for (const change of applied) assert.equal((await store().units.writeItem(orgId, unit.id, change)).ok, true, change.op);
      const another = itemChange(unit, "put", tourAt(unit, 401), 4);
      assert.deepEqual(await store().units.writeItem(orgId, unit.id, another), { ok: false, reason: "too_many_items" });
      assert.deepEqual(await getItem(orgId, unit.id, extra), extra);
      await assertEvents(
        store(),
        orgId,
        applied.map((change) => change.event),
      );
    });

    it("on another org's unit or an unknown one, getItem is null and every write not_found, changing nothing", async () => {
      const { orgId, unit, items } = await seedUnit(store(), (u) => [anItem(u, "tour")]);
      const { orgId: other, unit: otherUnit } = await seedUnit(store());
      const tour = itemView(items[0]!);
      assert.equal(await getItem(other, unit.id, tour), null);
      assert.equal(await getItem(orgId, otherUnit.id, { ...tour, unitId: otherUnit.id }), null);
      assert.equal(await getItem(orgId, unit.id, { ...tour, kind: "code" }), null, "another kind with the same id");
      const foreign = [
        itemChange(unit, "put", tourAt(unit, 2)),
        itemChange(unit, "put", { ...tour, title: "X" }),
        itemChange(unit, "delete", tour),
      ];
      for (const change of foreign)
        assert.deepEqual(await store().units.writeItem(other, unit.id, change), { ok: false, reason: "not_found" });
      const ghost = randomId("u");
      const unknown = itemChange({ ...unit, id: ghost }, "put", tourAt({ id: ghost, orgId }, 2));
      assert.deepEqual(await store().units.writeItem(orgId, ghost, unknown), { ok: false, reason: "not_found" });
      assert.deepEqual(await store().units.findByIdOrKey(orgId, unit.id), unit);
      assert.deepEqual(sortedItems(await store().units.itemsOf(orgId, unit.id)), [tour]);
      assert.deepEqual(await store().units.itemsOf(other, unit.id), []);
      assert.deepEqual(await store().units.itemsOf(orgId, ghost), []);
      await assertEvents(store(), orgId, []);
      await assertEvents(store(), other, []);
    });
  });
}
