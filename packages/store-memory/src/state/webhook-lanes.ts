/**
 * The lanes of failing webhook endpoints in memory (the core's webhook-lanes.js steps): which
 * endpoint a lease may take a delivery of, the lane a lease and an outcome leave, and when a
 * resting lane takes each of its waiting deliveries.
 */
import { laneFinished, laneLeased, laneTakes, pacedTimes, type AttemptOutcome, type EndpointLane } from "@lintel/core/adapters";
import type { MemoryDelivery } from "./event-state.js";

/** The lanes of every org's failing endpoints. */
export interface MemoryLanes {
  /** Whether a lease at `nowMs` may take a delivery of the endpoint. */
  takes(orgId: string, endpointId: string, nowMs: number): boolean;
  /** Holds the endpoint's lane (when failing) for a delivery leased at `nowMs`; answers its failures in a row. */
  leased(orgId: string, endpointId: string, nowMs: number, leaseMs: number): number;
  /** The lane as `outcome` leaves it: resting after a failure with a rest, else ended. */
  finished(orgId: string, endpointId: string, outcome: AttemptOutcome): void;
  /** Ends the endpoint's lane (deleted or enabled again). */
  end(orgId: string, endpointId: string): void;
  /** When the endpoint's lane takes each of `ids` among `rows` (the endpoint's deliveries); see `WebhookStore.pacedAttempts`. */
  paced(orgId: string, endpointId: string, rows: readonly MemoryDelivery[], ids: readonly string[], nowMs: number): Map<string, number>;
}

/** An empty {@link MemoryLanes}. */
export function createMemoryLanes(): MemoryLanes {
  const lanes = new Map<string, EndpointLane>();
  const key = (orgId: string, endpointId: string) => `${orgId}\n${endpointId}`;
  const put = (at: string, lane: EndpointLane | undefined) => (lane === undefined ? lanes.delete(at) : lanes.set(at, lane));

  return {
    takes: (orgId, endpointId, nowMs) => laneTakes(lanes.get(key(orgId, endpointId)), nowMs),
    leased(orgId, endpointId, nowMs, leaseMs) {
      const lane = lanes.get(key(orgId, endpointId));
      put(key(orgId, endpointId), laneLeased(lane, nowMs, leaseMs));
      return lane?.failures ?? 0;
    },
    finished: (orgId, endpointId, outcome) => put(key(orgId, endpointId), laneFinished(lanes.get(key(orgId, endpointId)), outcome)),
    end: (orgId, endpointId) => lanes.delete(key(orgId, endpointId)),
    paced(orgId, endpointId, rows, ids, nowMs) {
      const lane = lanes.get(key(orgId, endpointId));
      if (lane === undefined) return new Map();
      // Waiting: pending and not held by a lease still running; in the order a lease takes them.
      const waiting = rows
        .filter((row) => row.record.status === "pending" && row.dueMs !== null && !(row.lease !== null && row.dueMs > nowMs))
        .sort((a, b) => (a.dueMs ?? 0) - (b.dueMs ?? 0) || (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0));
      const times = pacedTimes(
        waiting.map((row) => row.dueMs ?? 0),
        lane,
        nowMs,
      );
      const wanted = new Set(ids);
      const answer = new Map<string, number>();
      for (const [i, row] of waiting.entries()) if (wanted.has(row.record.id)) answer.set(row.record.id, times[i] ?? nowMs);
      return answer;
    },
  };
}
