/**
 * What the lock code outbox suite shares: the store it drives, an org with a unit and locks
 * loaded through the fixture sink, codes written with their work, and the outcomes of attempts.
 */
import assert from "node:assert/strict";

import type { CodeWork, CodeWorkOutcome, EventLog, FixtureSink, LockCodeOutbox, UnitStore, PlacedCode } from "@lintel/core/adapters";
import type { Lock, ScheduleItem, Unit } from "@lintel/domain";
import type { LintelEvent } from "@lintel/domain/adapters";
import type { LockSync } from "@lintel/domain/schemas";
import { aLock, anItem, aUnit, fixture, instant, randomId, type Closable } from "./seed.js";
import { aWriteEvent } from "./write-seed.js";

/** The ports the lock code suite drives. */
export type LockCodeStore = { units: UnitStore; fixtures: FixtureSink; events: EventLog; lockCodes: LockCodeOutbox } & Closable;

/** 2026-01-01 in ms: the suite's times are counted from here. */
export const T = Date.parse(instant(0));
/** The lease the suite takes, ms. */
export const LEASE = 30_000;
/** "Now" of the suite's leases: every work written at {@link instant}(≤ 10 s) is due. */
export const NOW = T + 10_000;

/** A code's `lockSync` of `status` at `ms` after 2026-01-01. */
export const lockSyncOf = (status: LockSync["status"], ms = 0): LockSync => ({
  status,
  error: status === "failed" ? "simulated: refused" : null,
  updatedAt: instant(ms),
});

/** A fresh org with one unit and `locks` active locks, loaded through the fixture sink. */
export async function seedLocks(store: LockCodeStore, locks = 1): Promise<{ orgId: string; unit: Unit; locks: Lock[] }> {
  const orgId = randomId("org");
  const unit = aUnit(orgId, { version: 1 });
  const made = Array.from({ length: locks }, () => aLock(orgId, { unitIds: [unit.id] }));
  await store.fixtures.load(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], locks: made }));
  return { orgId, unit, locks: made };
}

/** A code of the unit on `lock`, pending, as the port takes it (no org). */
export function aCode(unit: Pick<Unit, "id" | "orgId">, lock: Lock, over: Partial<ScheduleItem> = {}): ScheduleItem {
  const { orgId: _org, ...item } = anItem(unit, "code", {
    lockId: lock.lockId,
    code: "sealed:v1:pin",
    lockSync: lockSyncOf("pending"),
    ...over,
  });
  return item;
}

/** The work of `item` (written at `ms` after 2026-01-01 unless `over` says). */
export function workOf(orgId: string, item: ScheduleItem, ms = 1_000, over: Partial<CodeWork> = {}): CodeWork {
  return {
    workId: randomId("wk"),
    orgId,
    unitId: item.unitId,
    codeId: item.id,
    op: "put",
    lockId: item.lockId ?? "",
    name: item.title,
    code: item.code ?? "",
    startAt: item.startAt,
    endAt: item.endAt,
    attempts: 0,
    nextAttemptAt: instant(ms),
    pendingSince: instant(ms),
    ...over,
  };
}

/** Writes `item` (`op`) with `work` at the unit's current version; asserts it applied and answers the unit after. */
export async function writeCode(
  store: LockCodeStore,
  orgId: string,
  item: ScheduleItem,
  work: CodeWork | null,
  op: "put" | "delete" = "put",
): Promise<Unit> {
  const unit = await store.units.findByIdOrKey(orgId, item.unitId);
  assert.ok(unit !== null);
  const type = op === "put" ? "schedule.item_created" : "schedule.item_deleted";
  const event = aWriteEvent(orgId, type, { unitId: unit.id, item });
  const outcome = await store.units.writeItem(orgId, unit.id, { expectedVersion: unit.version, op, item, work, event });
  assert.equal(outcome.ok, true, `the ${op} applies`);
  return (outcome as { unit: Unit }).unit;
}

/** What a provider holds for a code on `lock`. */
export const placedOn = (lock: Lock): PlacedCode => ({
  lockId: lock.lockId,
  provider: lock.provider,
  providerDeviceId: lock.providerDeviceId,
  providerCodeId: randomId("ac"),
});

/** An `access_code.synced` (or `sync_failed`) of the code (the store keeps it as given). */
export const syncEvent = (orgId: string, item: ScheduleItem, failed = false): LintelEvent =>
  aWriteEvent(orgId, failed ? "access_code.sync_failed" : "access_code.synced", { unitId: item.unitId, item: null });

/** `done` with `placed`, the code's lockSync `set` and its event. */
export const done = (orgId: string, item: ScheduleItem, placed: PlacedCode | null): CodeWorkOutcome => ({
  kind: "done",
  placed,
  lockSync: lockSyncOf("set", 20_000),
  event: syncEvent(orgId, item),
});

/** The ids of the org's events of `type`, newest first. */
export async function eventIdsOf(store: LockCodeStore, orgId: string, type: LintelEvent["type"]): Promise<string[]> {
  return (await store.events.list(orgId, type, null, 100)).map((event) => event.id);
}
