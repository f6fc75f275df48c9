/**
 * The PIN index in memory: each code with a PIN filed under its tag on its lock (org and lock),
 * kept by the item maps' own put and delete (unit-store.js: `storeItem`, `deleteItem`), so every
 * path that writes a code keeps it in the same synchronous step. A code put without a tag keeps
 * the tag it was filed under; one that never had one (loaded without) marks its lock's codes as
 * not all filed, until `filePins`.
 */
import type { FiledPin, FixtureItem, PinHolder } from "@lintel/core/adapters";

/** Where a code is filed: its lock's slot and its tag. */
interface Filing {
  readonly slot: string;
  readonly tag: string;
  readonly unitId: string;
}

/** The memory store's PIN index. */
export interface PinState {
  /** `lockSlot(orgId, lockId)` → tag → code id → its unit. */
  readonly byLock: Map<string, Map<string, Map<string, string>>>;
  /** Code id → where it is filed. */
  readonly filed: Map<string, Filing>;
  /** Lock slots with a code stored without a tag. */
  readonly unfiled: Set<string>;
}

/** An empty index. */
export function createPinState(): PinState {
  return { byLock: new Map(), filed: new Map(), unfiled: new Set() };
}

/** A lock of an org in the index. */
const lockSlot = (orgId: string, lockId: string): string => `${orgId}\n${lockId}`;

function unfile(pins: PinState, codeId: string): Filing | undefined {
  const old = pins.filed.get(codeId);
  if (old === undefined) return undefined;
  pins.filed.delete(codeId);
  const tags = pins.byLock.get(old.slot);
  const codes = tags?.get(old.tag);
  codes?.delete(codeId);
  if (codes?.size === 0) tags?.delete(old.tag);
  if (tags?.size === 0) pins.byLock.delete(old.slot);
  return old;
}

function file(pins: PinState, codeId: string, filing: Filing): void {
  pins.filed.set(codeId, filing);
  let tags = pins.byLock.get(filing.slot);
  if (tags === undefined) pins.byLock.set(filing.slot, (tags = new Map()));
  let codes = tags.get(filing.tag);
  if (codes === undefined) tags.set(filing.tag, (codes = new Map()));
  codes.set(codeId, filing.unitId);
}

/**
 * Files `item` (just stored) under `tag` on its lock, or under the tag it had when none is given;
 * not a code, or a code without a PIN or a lock: filed nowhere.
 */
export function pinStored(pins: PinState, item: FixtureItem, tag: string | undefined): void {
  if (item.kind !== "code") return;
  const old = unfile(pins, item.id);
  const kept = tag ?? old?.tag;
  if (item.lockId === null || item.code === undefined || item.code === "") return;
  const slot = lockSlot(item.orgId, item.lockId);
  if (kept === undefined) pins.unfiled.add(slot);
  else file(pins, item.id, { slot, tag: kept, unitId: item.unitId });
}

/** `item` (a code or not) left the store: out of the index. */
export function pinDeleted(pins: PinState, item: FixtureItem): void {
  if (item.kind === "code") unfile(pins, item.id);
}

/** The codes filed on the org's lock under any of `tags`, whether or not every code of the lock is filed. */
function filedHolders(pins: PinState, slot: string, tags: readonly string[]): PinHolder[] {
  const holders: PinHolder[] = [];
  for (const tag of new Set(tags)) {
    for (const [codeId, unitId] of pins.byLock.get(slot)?.get(tag) ?? []) holders.push({ unitId, codeId });
  }
  return holders;
}

/** The codes filed on the org's lock under any of `tags`; null while a code of the lock is stored without a tag. */
export function pinHolders(pins: PinState, orgId: string, lockId: string, tags: readonly string[]): PinHolder[] | null {
  const slot = lockSlot(orgId, lockId);
  return pins.unfiled.has(slot) ? null : filedHolders(pins, slot, tags);
}

/** True when one of `tags` is filed on the org's lock for a code other than `codeId` and not in `cleared`. */
export function pinTaken(
  pins: PinState,
  orgId: string,
  check: { readonly lockId: string; readonly codeId: string; readonly tags: readonly string[]; readonly cleared: readonly string[] },
): boolean {
  // The codes filed count even while others of the lock are not (as on Redis): a filed clash is a clash.
  const holders = filedHolders(pins, lockSlot(orgId, check.lockId), check.tags);
  return holders.some(({ codeId }) => codeId !== check.codeId && !check.cleared.includes(codeId));
}

/**
 * Files `codes` on the org's lock (each only while the store has it there: a code of the org
 * naming the lock) and marks the lock's codes all filed.
 */
export function filePins(
  pins: PinState,
  items: ReadonlyMap<string, FixtureItem>,
  orgId: string,
  lockId: string,
  codes: readonly FiledPin[],
): void {
  const slot = lockSlot(orgId, lockId);
  for (const { codeId, tag } of codes) {
    const item = items.get(`code:${codeId}`);
    if (item === undefined || item.orgId !== orgId || item.lockId !== lockId) continue;
    unfile(pins, codeId);
    file(pins, codeId, { slot, tag, unitId: item.unitId });
  }
  pins.unfiled.delete(slot);
}
