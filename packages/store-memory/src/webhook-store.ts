/**
 * Webhook endpoints, their deliveries and the due attempts in memory. Every call runs to the
 * end without awaiting, so two concurrent `lease` calls never take the same delivery, and a
 * lease is proven by a fresh token that `finish` checks (a lease that ran out and was taken by
 * another call no longer finishes).
 */
import { randomUUID } from "node:crypto";
import { deliveryAfterAttempt, type AttemptOutcome, type LeasedAttempt, type WebhookStore } from "@lintel/core/adapters";
import { EVENT_RETENTION_MS, type WebhookEndpointRecord } from "@lintel/domain";
import { newestFirstPosition, rowsAfter } from "@lintel/domain/adapters";
import { failPending, orgEvents, type EventState, type MemoryDelivery } from "./event-state.js";

/** The endpoint as an attempt's outcome leaves it (`failingSince` counts from the first failure since a success). */
function endpointAfter(endpoint: WebhookEndpointRecord, outcome: AttemptOutcome): WebhookEndpointRecord {
  switch (outcome.result.kind) {
    case "delivered":
      return endpoint.failingSince === null ? endpoint : { ...endpoint, failingSince: null };
    case "retry":
    case "failed":
      return endpoint.failingSince === null ? { ...endpoint, failingSince: outcome.at } : endpoint;
    case "gone":
    case "failing":
      return { ...endpoint, status: "disabled", disabledReason: outcome.result.kind };
  }
}

/** Webhook endpoints, deliveries and leases over the shared state. */
export function createMemoryWebhookStore(state: EventState): WebhookStore {
  const ordered = (orgId: string) =>
    [...(state.orgs.get(orgId)?.endpoints.values() ?? [])].sort((a, b) =>
      newestFirstPosition(a) < newestFirstPosition(b) ? 1 : newestFirstPosition(a) > newestFirstPosition(b) ? -1 : 0,
    );
  const failAllPending = (orgId: string, endpointId: string) => {
    for (const delivery of state.orgs.get(orgId)?.deliveries.get(endpointId) ?? []) failPending(state, delivery);
  };

  return {
    async create(endpoint, maxPerOrg) {
      const org = orgEvents(state, endpoint.orgId);
      if (org.endpoints.size >= maxPerOrg) return { ok: false, reason: "limit" };
      org.endpoints.set(endpoint.id, endpoint);
      return { ok: true };
    },
    async list(orgId, after, limit) {
      return rowsAfter(ordered(orgId), newestFirstPosition, after, Math.max(0, limit), "desc");
    },
    async get(orgId, endpointId) {
      return state.orgs.get(orgId)?.endpoints.get(endpointId) ?? null;
    },
    async delete(orgId, endpointId) {
      if (state.orgs.get(orgId)?.endpoints.delete(endpointId) !== true) return false;
      failAllPending(orgId, endpointId);
      return true;
    },
    async enable(orgId, endpointId) {
      const endpoints = state.orgs.get(orgId)?.endpoints;
      const endpoint = endpoints?.get(endpointId);
      if (endpoints === undefined || endpoint === undefined) return null;
      if (endpoint.status === "enabled") return endpoint; // its failingSince stays: enabling is no way to keep it from failing
      const enabled: WebhookEndpointRecord = { ...endpoint, status: "enabled", disabledReason: null, failingSince: null };
      endpoints.set(endpointId, enabled);
      return enabled;
    },
    async deliveries(orgId, endpointId, after, limit) {
      const rows = state.orgs.get(orgId)?.deliveries.get(endpointId) ?? [];
      return rowsAfter(rows, (row) => newestFirstPosition(row.record), after, Math.max(0, limit), "desc").map((row) => row.record);
    },
    async lease(nowMs, leaseMs, max) {
      const due: MemoryDelivery[] = [];
      for (const delivery of state.pending) if (delivery.dueMs !== null && delivery.dueMs <= nowMs) due.push(delivery);
      due.sort((a, b) => (a.dueMs ?? 0) - (b.dueMs ?? 0));
      const token = randomUUID();
      const leased: LeasedAttempt[] = [];
      for (const delivery of due) {
        if (leased.length >= max) break;
        const org = state.orgs.get(delivery.record.orgId);
        const event = org?.events.get(delivery.record.eventId);
        const endpoint = org?.endpoints.get(delivery.record.endpointId);
        if (event === undefined || endpoint === undefined) {
          // Its event went past the per-org cap while still within retention: a drop like the per-endpoint cap's.
          if (event === undefined && endpoint !== undefined && nowMs - Date.parse(delivery.record.createdAt) < EVENT_RETENTION_MS) {
            state.dropped += 1;
          }
          failPending(state, delivery); // its event aged out or its endpoint is gone: nothing to send
          continue;
        }
        delivery.dueMs = nowMs + leaseMs;
        delivery.lease = token;
        leased.push({ delivery: delivery.record, event, endpoint, lease: token });
      }
      return leased;
    },
    async finish(attempt, outcome) {
      const { orgId, endpointId, id } = attempt.delivery;
      const org = state.orgs.get(orgId);
      const delivery = org?.deliveryById.get(id);
      if (org === undefined || delivery === undefined || delivery.lease !== attempt.lease || delivery.record.status !== "pending") {
        return false;
      }
      delivery.record = deliveryAfterAttempt(delivery.record, outcome);
      delivery.lease = null;
      if (delivery.record.status === "pending") delivery.dueMs = Date.parse(delivery.record.nextAttemptAt ?? outcome.at);
      else {
        delivery.dueMs = null;
        state.pending.delete(delivery);
      }
      const endpoint = org.endpoints.get(endpointId);
      if (endpoint !== undefined) {
        org.endpoints.set(endpointId, endpointAfter(endpoint, outcome));
        if (outcome.result.kind === "gone" || outcome.result.kind === "failing") failAllPending(orgId, endpointId);
      }
      return true;
    },
    async pending() {
      let oldestDueMs: number | null = null;
      for (const { dueMs } of state.pending) if (dueMs !== null && (oldestDueMs === null || dueMs < oldestDueMs)) oldestDueMs = dueMs;
      return { count: state.pending.size, oldestDueMs, dropped: state.dropped };
    },
  };
}
