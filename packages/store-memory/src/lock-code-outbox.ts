/**
 * LockCodeOutbox in memory. Every call runs to the end without awaiting, so two concurrent
 * `lease` calls never take the same code's work, and a lease is proven by a fresh token that
 * `finish` checks (a lease that ran out and was taken by another call no longer finishes). The
 * work itself is written by the unit writes (unit-store.js) in the step of their change.
 */
import { randomUUID } from "node:crypto";
import { tourCodeRemoval, type LeasedCodeWork, type LockCodeOutbox } from "@lintel/core/adapters";
import { appendEvent } from "./state/event-state.js";
import { dueByOrg, leaseInTurn } from "./state/lease-turns.js";
import { codeSlot, setPlaced, writeCodeWork } from "./state/lock-code-state.js";
import type { MemoryState } from "./state/memory-state.js";
import { tourCodeEnded } from "./state/tour-state.js";
import { resealItemPins, setCodeLockSync } from "./unit-store.js";

/** The lock code outbox over the shared state. */
export function createMemoryLockCodeOutbox(state: MemoryState): LockCodeOutbox {
  const codes = state.codes;
  let turn = 0;
  return {
    async lease(nowMs, leaseMs, max, share) {
      const due = dueByOrg(
        codes.work.values(),
        nowMs,
        (entry) => entry.dueMs,
        (entry) => entry.work.orgId,
      );
      const token = randomUUID();
      return leaseInTurn({
        due,
        turn: turn++,
        max,
        share,
        laneOf: (entry) => entry.work.lockId,
        dueMsOf: (entry) => entry.dueMs,
        take: (entry): LeasedCodeWork => {
          entry.dueMs = nowMs + leaseMs;
          entry.lease = token;
          const placed = codes.placed.get(codeSlot(entry.work.orgId, entry.work.codeId));
          return { work: entry.work, placed: placed === undefined ? null : { ...placed }, lease: token };
        },
      });
    },

    async finish(leased, outcome) {
      const { orgId, unitId, codeId, workId } = leased.work;
      const slot = codeSlot(orgId, codeId);
      const entry = codes.work.get(slot);
      if (entry === undefined || entry.lease !== leased.lease) return false;
      entry.lease = null;
      setPlaced(codes, orgId, unitId, codeId, outcome.placed);
      if (entry.work.workId !== workId) {
        // Replaced meanwhile: the newer work waits for its own attempt; lockSync stays.
        entry.dueMs = Date.parse(entry.work.nextAttemptAt);
        return true;
      }
      if (outcome.kind === "retry") {
        entry.work = { ...entry.work, attempts: entry.work.attempts + 1, nextAttemptAt: outcome.nextAttemptAt };
        entry.dueMs = Date.parse(outcome.nextAttemptAt);
        return true;
      }
      codes.work.delete(slot);
      if (outcome.lockSync === null) return true;
      const tourId = tourCodeRemoval(leased.work);
      const written =
        tourId === null
          ? setCodeLockSync(state, orgId, unitId, codeId, outcome.lockSync)
          : tourCodeEnded(state, orgId, tourId, codeId, outcome.lockSync);
      if (written && outcome.event !== null) appendEvent(state.events, orgId, outcome.event);
      return true;
    },

    async pending() {
      let oldestPendingMs: number | null = null;
      for (const { work } of codes.work.values()) {
        const since = Date.parse(work.pendingSince);
        if (oldestPendingMs === null || since < oldestPendingMs) oldestPendingMs = since;
      }
      return { count: codes.work.size, oldestPendingMs };
    },

    async placedCode(orgId, providerCodeId) {
      const found = codes.placedIds.get(codeSlot(orgId, providerCodeId));
      if (found === undefined) return null;
      return { unitId: found.unitId, codeId: found.codeId, workPending: codes.work.has(codeSlot(orgId, found.codeId)) };
    },

    async reportLockSync(orgId, unitId, codeId, lockSync, event) {
      if (codes.work.has(codeSlot(orgId, codeId))) return false;
      const item = state.items.get(`code:${codeId}`);
      if (item === undefined || item.unitId !== unitId || item.orgId !== orgId) return false;
      if (item.lockSync?.status === lockSync.status) return false;
      setCodeLockSync(state, orgId, unitId, codeId, lockSync);
      if (event !== null) appendEvent(state.events, orgId, event);
      return true;
    },

    async resendCode(orgId, unitId, unitVersion, work, lockSync) {
      const unit = state.units.get(unitId);
      if (unit === undefined || unit.orgId !== orgId || unit.version !== unitVersion) return false;
      const item = state.items.get(`code:${work.codeId}`);
      if (item === undefined || item.unitId !== unitId || item.orgId !== orgId || item.lockSync?.status !== "failed") return false;
      setCodeLockSync(state, orgId, unitId, work.codeId, lockSync);
      writeCodeWork(codes, work);
      return true;
    },

    async resealPins(reseal, pinTag) {
      let changed = resealItemPins(state, reseal, pinTag);
      for (const entry of codes.work.values()) {
        if (entry.work.code === "") continue;
        const code = reseal(entry.work.code);
        if (code === null) continue;
        entry.work = { ...entry.work, code };
        changed += 1;
      }
      return changed;
    },
  };
}
