/**
 * Codes and their lock work as the use cases write them: a code's PIN (given, or made here;
 * sealed at rest), its `lockSync` while a change is on its way, and the work record that carries
 * the change to the lock (lock-code-ports.js). Pure helpers over a {@link DataCipher}: the writes,
 * set_timezone and the fixture load build codes and work the same way.
 */
import type { ScheduleItem } from "@lintel/domain";
import type { DataCipher } from "@lintel/domain/adapters";
import type { LockSync } from "@lintel/domain/schemas";
import { randomId, randomPin } from "../common/event-ids.js";
import type { CodeWork } from "../ports/lock-code-ports.js";
import type { FixtureData } from "../ports/ports.js";

/** A code's `lockSync` while its latest change is not yet accepted by the provider. */
export function pendingLockSync(nowIso: string): LockSync {
  return { status: "pending", error: null, updatedAt: nowIso };
}

/** The work that puts `item` (a code, its PIN sealed) on its lock as it now is, or removes it (`delete`); due at `nowIso`. */
export function codeWorkOf(orgId: string, item: ScheduleItem, op: "put" | "delete", nowIso: string): CodeWork {
  return {
    workId: randomId("cw_"),
    orgId,
    unitId: item.unitId,
    codeId: item.id,
    op,
    lockId: item.lockId ?? "",
    name: item.title,
    code: item.code ?? "",
    startAt: item.startAt,
    endAt: item.endAt,
    attempts: 0,
    nextAttemptAt: nowIso,
    pendingSince: nowIso,
    ...(item.tourId === undefined ? {} : { tourId: item.tourId }),
  };
}

/** The code `item` with its PIN sealed (`pin`, else a new one) and `lockSync` pending. */
export function pendingCode(item: ScheduleItem, pin: string | undefined, secrets: DataCipher, nowIso: string): ScheduleItem {
  return { ...item, code: secrets.seal(pin ?? randomPin()), lockSync: pendingLockSync(nowIso) };
}

/** The PIN of a stored code, opened; null for other kinds and for a code stored without one. */
export function openPin(item: ScheduleItem, secrets: DataCipher): string | null {
  return item.kind === "code" && item.code !== undefined && item.code !== "" ? secrets.open(item.code) : null;
}

/**
 * A fixture's data with every code's PIN sealed (a new PIN for a code without one), its tag in
 * `pinTags` and its `lockSync` pending: what `FixtureSink.load` stores (the seed command and
 * `lintel.loadFixture`).
 */
export function sealFixtureCodes(data: FixtureData, secrets: DataCipher, nowMs: number): FixtureData {
  const nowIso = new Date(nowMs).toISOString();
  const pinTags: Record<string, string> = { ...data.pinTags };
  const items = data.items.map((item) => {
    if (item.kind !== "code") return item;
    const pin = item.code ?? randomPin();
    if (pin !== "") pinTags[item.id] = secrets.pinTag(pin);
    return { ...pendingCode(item, pin, secrets, nowIso), orgId: item.orgId };
  });
  return { ...data, items, pinTags };
}
