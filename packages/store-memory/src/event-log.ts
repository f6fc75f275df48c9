/** The event log and the last observed lock states in memory. */
import type { EventLog, LockObservation, LockObservations } from "@lintel/core/adapters";
import { newestFirstPosition, observationChanged, rowsAfter } from "@lintel/domain/adapters";
import { appendEvent, type EventState } from "./state/event-state.js";

/** The org's events, newest first, from the shared state. */
export function createMemoryEventLog(state: EventState): EventLog {
  return {
    async list(orgId, type, after, limit) {
      const rows = state.orgs.get(orgId)?.eventOrder ?? [];
      // The type filter scans; memory keeps at most MAX_EVENTS_PER_ORG per org.
      const typed = type === null ? rows : rows.filter((event) => event.type === type);
      return rowsAfter(typed, newestFirstPosition, after, Math.max(0, limit), "desc");
    },
    async get(orgId, eventId) {
      return state.orgs.get(orgId)?.events.get(eventId) ?? null;
    },
  };
}

/** The last observed lock states, swapped with the event of a change in one step. */
export function createMemoryLockObservations(state: EventState): LockObservations {
  const at = (orgId: string, lockId: string) => `${orgId}\n${lockId}`;
  return {
    async last(orgId, lockId) {
      return state.observations.get(at(orgId, lockId)) ?? null;
    },
    // Runs to the end without awaiting: of concurrent swaps with one `expected`, one finds it.
    async swap(orgId, lockId, expected, next, event) {
      const current = state.observations.get(at(orgId, lockId)) ?? null;
      const same =
        current === null || expected === null
          ? current === expected
          : !observationChanged(current, expected) && current.fetchedAt === expected.fetchedAt;
      if (!same || (current !== null && current.fetchedAt >= next.fetchedAt)) return { swapped: false, current };
      const stored: LockObservation = {
        lockState: next.lockState,
        doorState: next.doorState,
        online: next.online,
        fetchedAt: next.fetchedAt,
        ...(next.codeRules === undefined
          ? {}
          : { codeRules: { lengths: [...next.codeRules.lengths], constraints: [...next.codeRules.constraints] } }),
        ...(next.outsideTags === undefined ? {} : { outsideTags: [...next.outsideTags] }),
      };
      state.observations.set(at(orgId, lockId), stored);
      if (event !== null) appendEvent(state, orgId, event);
      return { swapped: true };
    },
  };
}
