/**
 * A delivery record through its life, the same on every store (memory and Redis decide alike):
 * as an event starts it, as a lease and an attempt leave it, as a retry or a recover queues it
 * again, and which of its attempts the retry schedule counts.
 */
import type { DeliverableEvent, DeliveryRecord } from "@lintel/domain/adapters";
import type { AttemptOutcome } from "../ports/event-ports.js";

/** The delivery an event starts for an endpoint (what every store writes with the event): pending, due at once. */
export function firstDelivery(event: DeliverableEvent, endpointId: string, id: string): DeliveryRecord {
  return {
    id,
    orgId: event.orgId,
    endpointId,
    eventId: event.id,
    eventType: event.type,
    status: "pending",
    attempts: 0,
    lastAttemptAt: null,
    lastResponseStatus: null,
    lastError: null,
    nextAttemptAt: event.createdAt,
    createdAt: event.createdAt,
  };
}

/**
 * The delivery as a lease at `at` leaves it (what `lease` stores, on every store): one more
 * attempt counted, made at `at`.
 */
export function deliveryLeased(delivery: DeliveryRecord, at: string): DeliveryRecord {
  return { ...delivery, attempts: delivery.attempts + 1, lastAttemptAt: at };
}

/**
 * The delivery as an attempt leaves it (what `finish` stores, on every store), from the leased
 * one: the attempt its lease counted (taken back when `unsent`), its time, status and error;
 * pending again until `nextAttemptAt` for a retry, else settled.
 */
export function deliveryAfterAttempt(delivery: DeliveryRecord, outcome: AttemptOutcome): DeliveryRecord {
  const retry = outcome.result.kind === "retry" ? outcome.result.nextAttemptAt : null;
  return {
    ...delivery,
    status: outcome.result.kind === "delivered" ? "delivered" : retry === null ? "failed" : "pending",
    attempts: outcome.unsent === true ? Math.max(0, delivery.attempts - 1) : delivery.attempts,
    lastAttemptAt: outcome.at,
    lastResponseStatus: outcome.responseStatus,
    lastError: outcome.error,
    nextAttemptAt: retry,
  };
}

/**
 * The delivery queued again at `at` (a retry or a recover): pending, due then, its attempts kept
 * (every one is counted) and the retry schedule starting over from them.
 */
export function requeuedDelivery(delivery: DeliveryRecord, at: string): DeliveryRecord {
  return { ...delivery, status: "pending", attemptsBeforeRequeue: delivery.attempts, nextAttemptAt: at };
}

/** The attempts the retry schedule counts: those made since a retry or a recover last queued the delivery again. */
export function scheduledAttempts(delivery: Pick<DeliveryRecord, "attempts" | "attemptsBeforeRequeue">): number {
  return delivery.attempts - (delivery.attemptsBeforeRequeue ?? 0);
}
