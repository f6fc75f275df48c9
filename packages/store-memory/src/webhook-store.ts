/**
 * Webhook endpoints, their deliveries and the due attempts in memory. Every call runs to the
 * end without awaiting, so two concurrent `lease` calls never take the same delivery, and a
 * lease is proven by a fresh token that `finish` checks (a lease that ran out and was taken by
 * another call no longer finishes).
 */
import { randomUUID } from "node:crypto";
import {
  deliveryAfterAttempt,
  deliveryLeased,
  firstDelivery,
  requeuedDelivery,
  type AttemptOutcome,
  type LeasedAttempt,
  type WebhookStore,
} from "@lintel/core/adapters";

import {
  newestFirstPosition,
  rowsAfter,
  EARLIER_SECRETS_KEPT,
  EVENT_RETENTION_MS,
  isoInstant,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookEndpointRecord,
} from "@lintel/domain/adapters";
import {
  addDelivery,
  appendEvent,
  deliveryIdFor,
  failPending,
  orgEvents,
  trimOrg,
  type EventState,
  type MemoryDelivery,
} from "./state/event-state.js";
import { dueByOrg, leaseInTurn } from "./state/lease-turns.js";
import { createMemoryLanes } from "./state/webhook-lanes.js";

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
  /** Sets a settled delivery pending again, due at `atMs`, attempts from 0. */
  const requeue = (delivery: MemoryDelivery, atMs: number) => {
    delivery.record = requeuedDelivery(delivery.record, isoInstant(atMs));
    delivery.dueMs = atMs;
    delivery.lease = null;
    state.pending.add(delivery);
  };
  /** Replaces the org's endpoint with what `change` makes of it; null when unknown. */
  const change = (orgId: string, endpointId: string, next: (endpoint: WebhookEndpointRecord) => WebhookEndpointRecord) => {
    const endpoints = state.orgs.get(orgId)?.endpoints;
    const endpoint = endpoints?.get(endpointId);
    if (endpoints === undefined || endpoint === undefined) return null;
    const changed = next(endpoint);
    endpoints.set(endpointId, changed);
    return changed;
  };

  let turn = 0;
  const lanes = createMemoryLanes();
  /**
   * Leases `delivery` with `token` until `nowMs + leaseMs`, counting an attempt; null (and failed)
   * when its event aged out or its endpoint is gone.
   */
  const leaseOne = (delivery: MemoryDelivery, nowMs: number, leaseMs: number, token: string): LeasedAttempt | null => {
    const org = state.orgs.get(delivery.record.orgId);
    const { eventId, eventType } = delivery.record;
    const event = eventType === WEBHOOK_TEST_EVENT_TYPE ? org?.testEvents.get(eventId) : org?.events.get(eventId);
    const endpoint = org?.endpoints.get(delivery.record.endpointId);
    if (event === undefined || endpoint === undefined) {
      // Its event went past the per-org cap while still within retention: a drop like the per-endpoint cap's.
      if (event === undefined && endpoint !== undefined && nowMs - Date.parse(delivery.record.createdAt) < EVENT_RETENTION_MS) {
        state.dropped += 1;
      }
      failPending(state, delivery); // its event aged out or its endpoint is gone: nothing to send
      return null;
    }
    delivery.dueMs = nowMs + leaseMs;
    delivery.lease = token;
    delivery.record = deliveryLeased(delivery.record, isoInstant(nowMs)); // the lease counts the attempt
    const laneFailures = lanes.leased(endpoint.orgId, endpoint.id, nowMs, leaseMs);
    return { delivery: delivery.record, event, endpoint, lease: token, laneFailures };
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
      lanes.end(orgId, endpointId);
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
    async update(orgId, endpointId, patch) {
      return change(orgId, endpointId, (endpoint) => ({
        ...endpoint,
        url: patch.url ?? endpoint.url,
        eventTypes: patch.eventTypes ?? endpoint.eventTypes,
        description: patch.description === undefined ? endpoint.description : patch.description,
      }));
    },
    async resealSecrets(reseal) {
      let changed = 0;
      for (const org of state.orgs.values()) {
        for (const [id, endpoint] of org.endpoints) {
          const secret = reseal(endpoint.secret);
          const previous = endpoint.previousSecret === undefined ? null : reseal(endpoint.previousSecret.secret);
          const earlier = (endpoint.earlierSecrets ?? []).map((older) => reseal(older.secret));
          if (secret === null && previous === null && earlier.every((one) => one === null)) continue;
          org.endpoints.set(id, {
            ...endpoint,
            secret: secret ?? endpoint.secret,
            ...(endpoint.previousSecret === undefined || previous === null
              ? {}
              : { previousSecret: { ...endpoint.previousSecret, secret: previous } }),
            ...(endpoint.earlierSecrets === undefined
              ? {}
              : { earlierSecrets: endpoint.earlierSecrets.map((older, i) => ({ ...older, secret: earlier[i] ?? older.secret })) }),
          });
          changed += 1;
        }
      }
      return changed;
    },
    async rotateSecret(orgId, endpointId, secret, previousExpiresAt) {
      return change(orgId, endpointId, (endpoint) => {
        const earlier = [...(endpoint.previousSecret === undefined ? [] : [endpoint.previousSecret]), ...(endpoint.earlierSecrets ?? [])];
        return {
          ...endpoint,
          secret,
          previousSecret: { secret: endpoint.secret, expiresAt: previousExpiresAt },
          ...(earlier.length === 0 ? {} : { earlierSecrets: earlier.slice(0, EARLIER_SECRETS_KEPT) }),
        };
      });
    },
    async retry(orgId, endpointId, deliveryId, atMs) {
      const delivery = state.orgs.get(orgId)?.deliveryById.get(deliveryId);
      if (delivery === undefined || delivery.record.endpointId !== endpointId) return { ok: false, reason: "not_found" };
      if (delivery.record.status === "pending") return { ok: false, reason: "pending" };
      requeue(delivery, atMs);
      return { ok: true, delivery: delivery.record };
    },
    async recoverPage(orgId, endpointId, since, after, limit, atMs) {
      const rows = state.orgs.get(orgId)?.deliveries.get(endpointId) ?? [];
      const page = rowsAfter(rows, (row) => newestFirstPosition(row.record), after, Math.max(0, limit), "desc");
      let queued = 0;
      for (const delivery of page) {
        if (delivery.record.createdAt < since) return { queued, next: null }; // newest first: the rest are older
        if (delivery.record.status !== "failed") continue;
        requeue(delivery, atMs);
        queued += 1;
      }
      const last = page.at(-1);
      return { queued, next: page.length === limit && last !== undefined ? newestFirstPosition(last.record) : null };
    },
    async sendTest(event) {
      const org = state.orgs.get(event.orgId);
      if (org?.endpoints.has(event.data.endpointId) !== true) return null;
      const record = firstDelivery(event, event.data.endpointId, deliveryIdFor(event.id, event.data.endpointId));
      org.testEvents.set(event.id, event);
      addDelivery(state, org, record);
      trimOrg(state, org, event.createdAt);
      return record;
    },
    async deliveries(orgId, endpointId, after, limit) {
      const rows = state.orgs.get(orgId)?.deliveries.get(endpointId) ?? [];
      return rowsAfter(rows, (row) => newestFirstPosition(row.record), after, Math.max(0, limit), "desc").map((row) => row.record);
    },
    async lease(nowMs, leaseMs, max, share) {
      const due = dueByOrg(
        state.pending,
        nowMs,
        (delivery) => delivery.dueMs,
        (delivery) => delivery.record.orgId,
      );
      const token = randomUUID();
      return leaseInTurn({
        due,
        turn: turn++,
        max,
        share,
        laneOf: (delivery) => delivery.record.endpointId,
        dueMsOf: (delivery) => delivery.dueMs ?? 0,
        tieOf: (delivery) => delivery.record.id,
        // A failing endpoint's lane takes one at a time, none while it rests.
        take: (delivery) =>
          lanes.takes(delivery.record.orgId, delivery.record.endpointId, nowMs) ? leaseOne(delivery, nowMs, leaseMs, token) : null,
      });
    },
    async finish(attempt, outcome, event) {
      const { orgId, endpointId, id } = attempt.delivery;
      const org = state.orgs.get(orgId);
      const delivery = org?.deliveryById.get(id);
      if (org === undefined || delivery === undefined || delivery.lease !== attempt.lease || delivery.record.status !== "pending") {
        return false;
      }
      delivery.record = deliveryAfterAttempt(delivery.record, outcome);
      delivery.lease = null;
      lanes.finished(orgId, endpointId, outcome);
      if (delivery.record.status === "pending") delivery.dueMs = Date.parse(delivery.record.nextAttemptAt ?? outcome.at);
      else {
        delivery.dueMs = null;
        state.pending.delete(delivery);
      }
      const endpoint = org.endpoints.get(endpointId);
      if (endpoint !== undefined) {
        // A disablement is told once: when this outcome is what disabled the endpoint.
        if (event && (event.type !== "webhook_endpoint.disabled" || endpoint.status === "enabled")) {
          appendEvent(state, orgId, event, endpointId);
        }
        org.endpoints.set(endpointId, endpointAfter(endpoint, outcome));
        // Fails the endpoint's other pending deliveries and voids their leases: their finish returns false.
        if (outcome.result.kind === "gone" || outcome.result.kind === "failing") failAllPending(orgId, endpointId);
      }
      return true;
    },
    async pacedAttempts(orgId, endpointId, ids, nowMs) {
      return lanes.paced(orgId, endpointId, state.orgs.get(orgId)?.deliveries.get(endpointId) ?? [], ids, nowMs);
    },
    async pending() {
      let oldestDueMs: number | null = null;
      for (const { dueMs } of state.pending) if (dueMs !== null && (oldestDueMs === null || dueMs < oldestDueMs)) oldestDueMs = dueMs;
      return { count: state.pending.size, oldestDueMs, dropped: state.dropped };
    },
  };
}
