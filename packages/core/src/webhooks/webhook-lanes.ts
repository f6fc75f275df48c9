/**
 * How a failing webhook endpoint is paced: its lane. Once an attempt fails, the endpoint's
 * deliveries go one at a time, and after each failure the lane rests (as a delivery waits after as
 * many failures, at most 60 s) before its next attempt, whichever delivery that is: its waiting
 * deliveries are taken in the order they fell due (nextAttemptAt, then id). A success, a 410 or a
 * disablement ends the lane. The store keeps it, so every instance paces the endpoint alike, and
 * serves each waiting delivery's nextAttemptAt by it: when the lane reaches that delivery if the
 * endpoint keeps failing (sooner if it recovers). The memory stores share these steps; Redis's
 * scripts take the same ones.
 */
import { isoInstant, type DeliveryRecord } from "@lintel/domain/adapters";
import type { AttemptOutcome, WebhookStore } from "../ports/event-ports.js";

/** A failing endpoint's lane as the store keeps it (none: the endpoint is sound). */
export interface EndpointLane {
  /** Attempts failed in a row. */
  readonly failures: number;
  /** No delivery of the endpoint is leased before this (ms): the rest's end, or while an attempt is out, its lease's end. */
  readonly freeAtMs: number;
  /** When the lane is expected to take its next attempt (ms). */
  readonly nextAtMs: number;
  /** The expected time from one attempt to the next while the endpoint keeps failing (ms): an attempt's length and the rest after it. */
  readonly paceMs: number;
}

/** Whether a lease at `nowMs` may take a delivery of the lane's endpoint. */
export function laneTakes(lane: EndpointLane | undefined, nowMs: number): boolean {
  return lane === undefined || lane.freeAtMs <= nowMs;
}

/** The lane once one of its deliveries is leased at `nowMs` for `leaseMs`: held until the attempt ends (at most the lease). */
export function laneLeased(lane: EndpointLane | undefined, nowMs: number, leaseMs: number): EndpointLane | undefined {
  return lane === undefined ? undefined : { ...lane, freeAtMs: nowMs + leaseMs, nextAtMs: nowMs + lane.paceMs };
}

/** The lane once an attempt of its endpoint came to `outcome`: it rests after a failure with a `rest`, else it ends. */
export function laneFinished(lane: EndpointLane | undefined, outcome: AttemptOutcome): EndpointLane | undefined {
  const { kind } = outcome.result;
  if ((kind !== "retry" && kind !== "failed") || outcome.rest === undefined) return undefined;
  const nextAtMs = Date.parse(outcome.at) + outcome.rest.ms;
  return { failures: (lane?.failures ?? 0) + 1, freeAtMs: nextAtMs, nextAtMs, paceMs: outcome.rest.paceMs };
}

/**
 * When the lane takes each of its waiting deliveries (due at `dueMs`, in the order it takes
 * them), if each attempt fails: the first at its due time or the lane's next attempt, whichever
 * is later (never before `nowMs`), each next one a pace after the one before, or at its own due
 * time when that is later.
 */
export function pacedTimes(dueMs: readonly number[], lane: EndpointLane, nowMs: number): number[] {
  const times: number[] = [];
  let at = Math.max(lane.nextAtMs, nowMs);
  for (const [i, due] of dueMs.entries()) {
    at = Math.max(due, i === 0 ? at : at + lane.paceMs);
    times.push(at);
  }
  return times;
}

/**
 * The deliveries as served: a pending one's `nextAttemptAt` is when it will be attempted (its
 * lane's time when its endpoint is failing), never before `nowMs`; the others as stored.
 */
export async function servedDeliveries(
  webhooks: Pick<WebhookStore, "pacedAttempts">,
  orgId: string,
  endpointId: string,
  deliveries: readonly DeliveryRecord[],
  nowMs: number,
): Promise<DeliveryRecord[]> {
  const pending = deliveries.filter((delivery) => delivery.status === "pending").map((delivery) => delivery.id);
  if (pending.length === 0) return [...deliveries];
  const paced = await webhooks.pacedAttempts(orgId, endpointId, pending, nowMs);
  return deliveries.map((delivery) => {
    if (delivery.status !== "pending") return delivery;
    const due = Math.max(paced.get(delivery.id) ?? 0, Date.parse(delivery.nextAttemptAt ?? delivery.createdAt), nowMs);
    return { ...delivery, nextAttemptAt: isoInstant(due) };
  });
}
