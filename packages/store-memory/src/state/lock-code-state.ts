/**
 * Lock code work in memory (see `LockCodeOutbox`): one work record per (org, code id), what
 * the provider holds for each code, and the index from the provider's id of a code back to it.
 * Invariants, kept by {@link writeCodeWork} and the outbox:
 * - a record is due at `dueMs`: its work's `nextAttemptAt`, or, while leased, the lease's end;
 * - newer work replaces older work of the code but keeps its `pendingSince` and, while a lease
 *   is held, its lease and due time (no second attempt while one is in flight);
 * - `placedIds` has exactly one entry per placed code, under its `providerCodeId`.
 */

import type { CodeWork, PlacedCode } from "@lintel/core/adapters";

/** A code's work, when it is due, and the token of the lease held on it (null when none). */
export interface MemoryCodeWork {
  work: CodeWork;
  dueMs: number;
  lease: string | null;
}

/** Every org's code work and placed codes. */
export interface CodeState {
  /** `orgId \n codeId` → the code's work. */
  readonly work: Map<string, MemoryCodeWork>;
  /** `orgId \n codeId` → what the provider holds for the code. */
  readonly placed: Map<string, PlacedCode>;
  /** `orgId \n providerCodeId` → the code the provider holds under that id. */
  readonly placedIds: Map<string, { readonly unitId: string; readonly codeId: string }>;
}

/** An empty {@link CodeState}. */
export function createCodeState(): CodeState {
  return { work: new Map(), placed: new Map(), placedIds: new Map() };
}

/** The key of an org's code (or of a provider's id of one) in the maps of {@link CodeState}. */
export const codeSlot = (orgId: string, id: string): string => `${orgId}\n${id}`;

/** Stores `work` for its code, replacing older work as the module comment says. */
export function writeCodeWork(state: CodeState, work: CodeWork): void {
  const slot = codeSlot(work.orgId, work.codeId);
  const old = state.work.get(slot);
  if (old === undefined) {
    state.work.set(slot, { work, dueMs: Date.parse(work.nextAttemptAt), lease: null });
    return;
  }
  old.work = { ...work, pendingSince: old.work.pendingSince };
  if (old.lease === null) old.dueMs = Date.parse(work.nextAttemptAt);
}

/** Sets (or, with null, clears) what the provider holds for the org's code, keeping the index right. */
export function setPlaced(state: CodeState, orgId: string, unitId: string, codeId: string, placed: PlacedCode | null): void {
  const slot = codeSlot(orgId, codeId);
  const old = state.placed.get(slot);
  if (old !== undefined) state.placedIds.delete(codeSlot(orgId, old.providerCodeId));
  if (placed === null) {
    state.placed.delete(slot);
    return;
  }
  state.placed.set(slot, { ...placed });
  state.placedIds.set(codeSlot(orgId, placed.providerCodeId), { unitId, codeId });
}
