/**
 * What the lock write suites share: the store they drive, an org whose lock serves a few units
 * (loaded through the fixture sink), items ahead and over at those units, and the changes of a
 * lock as a use case makes them (the lock after, the units it leaves with their clears, the events).
 */
import assert from "node:assert/strict";
import type { EventLog, FixtureSink, LockChange, LockCodeOutbox, LockDirectory, UnitLeft, UnitStore } from "@lintel/core/adapters";
import type { Lock, ScheduleItem, Unit } from "@lintel/domain";
import { aLock, anItem, aUnit, fixture, instant, itemView, randomId, type Closable, type FixtureItem } from "./seed.js";
import { aWriteEvent, DAY, servedUnit } from "./write-seed.js";

/** The ports the lock write suites drive. */
export type LockWritesStore = {
  locks: LockDirectory;
  units: UnitStore;
  fixtures: FixtureSink;
  events: EventLog;
  lockCodes: LockCodeOutbox;
} & Closable;

/** "Now" of the suites: 10 days after 2026-01-01. Items ahead end after it, items over by it. */
export const NOW_ISO = instant(10 * DAY);
const HOUR = 3_600_000;

/** An item of `kind` at the unit on `lockId`, `day` days after 2026-01-01 (ahead when `day` ≥ 10), an hour long. */
export function itemOn(unit: Pick<Unit, "id" | "orgId">, kind: "tour" | "code" | "open_house", lockId: string | null, day: number) {
  const over = { lockId, startAt: instant(day * DAY), endAt: instant(day * DAY + HOUR) };
  return kind === "code" ? anItem(unit, kind, { ...over, code: "sealed:v1:pin" }) : anItem(unit, kind, over);
}

/** A fresh org with `units` units, `lock` serving all of them, `other` serving the first, and `items(units)` loaded. */
export async function seedLockWorld(
  store: LockWritesStore,
  units = 2,
  items: (units: Unit[], lock: Lock, other: Lock) => FixtureItem[] = () => [],
): Promise<{ orgId: string; units: Unit[]; lock: Lock; other: Lock; items: ScheduleItem[] }> {
  const orgId = randomId("org");
  const made = Array.from({ length: units }, () => aUnit(orgId, { version: 1 }));
  const lock = aLock(orgId, { unitIds: made.map((unit) => unit.id), timeZone: "America/Chicago", updatedAt: instant(1_000) });
  const other = aLock(orgId, { unitIds: [made[0]!.id] });
  const loaded = items(made, lock, other);
  await store.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: made, locks: [lock, other], items: loaded }));
  return { orgId, units: made, lock, other, items: loaded.map(itemView) };
}

/** The `lock.updated` change of `current` to `over`, made from `current` (its updatedAt), leaving `left`. */
export function lockChange(current: Lock, over: Partial<Lock>, left: readonly UnitLeft[] = []): LockChange {
  const lock: Lock = { ...current, ...over, updatedAt: new Date(Date.parse(current.updatedAt) + 1).toISOString() };
  const { orgId: _org, ...served } = lock;
  const previous = { name: current.name, unitIds: current.unitIds, timeZone: current.timeZone, status: current.status };
  return {
    lock,
    expectedUpdatedAt: current.updatedAt,
    nowIso: NOW_ISO,
    left,
    event: aWriteEvent(current.orgId, "lock.updated", { lock: served, previous }),
  };
}

/** `unit` left with `items` (its tours and open houses ahead naming the lock, as read) cleared, each with its event. */
export function leftOf(unit: Unit, items: readonly ScheduleItem[] = []): UnitLeft {
  const after = servedUnit({ ...unit, version: unit.version + 1 });
  return {
    unitId: unit.id,
    basis: { urlKey: unit.urlKey, address: unit.address, timeZone: unit.timeZone },
    clears: items.map((item) => ({
      item,
      event: aWriteEvent(unit.orgId, "schedule.item_updated", { unit: after, item: { ...item, lockId: null }, previous: item }),
    })),
  };
}

/** The stored lock (active or not), asserting it is there. */
export async function storedLock(store: LockWritesStore, lock: Lock): Promise<Lock> {
  const [stored] = await store.locks.getMany(lock.orgId, [lock.lockId]);
  assert.ok(stored !== undefined, `lock ${lock.lockId} is stored`);
  return stored;
}

/** The item as stored now (null when gone). */
export async function storedItem(store: LockWritesStore, orgId: string, item: ScheduleItem): Promise<ScheduleItem | null> {
  const found = await store.units.getItem(orgId, item.unitId, item.kind, item.id);
  return found === null ? null : itemView(found);
}

/** The unit's version now. */
export async function versionOf(store: LockWritesStore, unit: Unit): Promise<number | undefined> {
  return (await store.units.findByIdOrKey(unit.orgId, unit.id))?.version;
}
