/**
 * An in-core fake of the event ports for the use-case and dispatcher tests: plain arrays, sorted
 * on every read (clarity over speed). The real adapters are held to the ports by the contract
 * suites of the store packages.
 */

import {
  LIST_DIRECTION,
  newestFirstPosition,
  rowsAfter,
  wantsEvent,
  isoInstant,
  type DeliverableEvent,
  type DeliveryRecord,
  type LintelEvent,
  type WebhookEndpointRecord,
} from "@lintel/domain/adapters";
import { randomUUID } from "node:crypto";
import type { LintelStore } from "./ports/ports.js";

type EventStores = Pick<LintelStore, "events" | "observations" | "webhooks">;
import type { LeasedAttempt, LockObservation } from "./ports/event-ports.js";
import { deliveryLeased, firstDelivery, requeuedDelivery } from "./webhooks/delivery-records.js";
import { laneFinished, laneLeased, laneTakes, pacedTimes, type EndpointLane } from "./webhooks/webhook-lanes.js";

function newestFirst<T extends { createdAt: string; id: string }>(rows: readonly T[], after: string | null, limit: number): T[] {
  const ordered = [...rows].sort((a, b) => (newestFirstPosition(a) < newestFirstPosition(b) ? 1 : -1));
  return rowsAfter(ordered, newestFirstPosition, after, limit, LIST_DIRECTION.events);
}

const same = (a: LockObservation | null, b: LockObservation | null) =>
  a === null || b === null
    ? a === b
    : a.lockState === b.lockState && a.doorState === b.doorState && a.online === b.online && a.fetchedAt === b.fetchedAt;

/** The event ports in memory, plus `append` (what a store does with an event and the change that made it). */
export function fakeEventStore() {
  const events: LintelEvent[] = [];
  const observations = new Map<string, LockObservation>();
  const endpoints = new Map<string, WebhookEndpointRecord>();
  const deliveries = new Map<string, DeliveryRecord>();
  const leases = new Map<string, { token: string; untilMs: number }>();
  const testEvents = new Map<string, DeliverableEvent>();
  /** endpoint id → its lane while failing. */
  const lanes = new Map<string, EndpointLane>();

  function append(event: LintelEvent, exceptEndpointId?: string): void {
    events.push(event);
    for (const endpoint of endpoints.values()) {
      if (endpoint.orgId !== event.orgId || endpoint.status !== "enabled" || !wantsEvent(endpoint.eventTypes, event.type)) continue;
      if (endpoint.id === exceptEndpointId) continue;
      const id = `dlv_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
      deliveries.set(id, firstDelivery(event, endpoint.id, id));
    }
  }

  const failPending = (endpointId: string) => {
    for (const d of deliveries.values()) {
      if (d.endpointId !== endpointId || d.status !== "pending") continue;
      deliveries.set(d.id, { ...d, status: "failed", nextAttemptAt: null });
      leases.delete(d.id); // void: its finish returns false
    }
  };

  const ports: EventStores = {
    events: {
      list: async (orgId, type, after, limit) =>
        newestFirst(
          events.filter((e) => e.orgId === orgId && (type === null || e.type === type)),
          after,
          limit,
        ),
      get: async (orgId, eventId) => events.find((e) => e.orgId === orgId && e.id === eventId) ?? null,
    },
    observations: {
      last: async (orgId, lockId) => observations.get(`${orgId}:${lockId}`) ?? null,
      swap: async (orgId, lockId, expected, next, event) => {
        const current = observations.get(`${orgId}:${lockId}`) ?? null;
        if (!same(current, expected) || (current !== null && current.fetchedAt >= next.fetchedAt)) return { swapped: false, current };
        observations.set(`${orgId}:${lockId}`, next);
        if (event !== null) append(event);
        return { swapped: true };
      },
    },
    webhooks: {
      create: async (endpoint, maxPerOrg) => {
        if ([...endpoints.values()].filter((e) => e.orgId === endpoint.orgId).length >= maxPerOrg) return { ok: false, reason: "limit" };
        endpoints.set(endpoint.id, endpoint);
        return { ok: true };
      },
      list: async (orgId, after, limit) =>
        newestFirst(
          [...endpoints.values()].filter((e) => e.orgId === orgId),
          after,
          limit,
        ),
      get: async (orgId, id) => {
        const endpoint = endpoints.get(id);
        return endpoint?.orgId === orgId ? endpoint : null;
      },
      delete: async (orgId, id) => {
        if (endpoints.get(id)?.orgId !== orgId) return false;
        endpoints.delete(id);
        failPending(id);
        return true;
      },
      enable: async (orgId, id) => {
        const endpoint = endpoints.get(id);
        if (endpoint?.orgId !== orgId) return null;
        if (endpoint.status === "enabled") return endpoint;
        const enabled = { ...endpoint, status: "enabled", disabledReason: null, failingSince: null } as const;
        endpoints.set(id, enabled);
        return enabled;
      },
      deliveries: async (orgId, endpointId, after, limit) =>
        newestFirst(
          [...deliveries.values()].filter((d) => d.orgId === orgId && d.endpointId === endpointId),
          after,
          limit,
        ),
      lease: async (nowMs, leaseMs, max, share) => {
        const taken = new Map<string, number>();
        const skipped = new Set<string>();
        const dueMs = (d: DeliveryRecord) => Date.parse(d.nextAttemptAt ?? "");
        const ordered = [...deliveries.values()].sort((a, b) => dueMs(a) - dueMs(b) || (a.id < b.id ? -1 : 1));
        let kept = 0;
        const due = ordered.filter((d) => {
          if (kept >= max) return false;
          if (d.status !== "pending" || dueMs(d) > nowMs || (leases.get(d.id)?.untilMs ?? 0) > nowMs) return false;
          if (!laneTakes(lanes.get(d.endpointId), nowMs)) return false;
          if (share !== undefined) {
            // One per endpoint, none skipped, at most the org's room (orgs are not taken in turn here: the core's tests need no more).
            if (skipped.has(d.endpointId) || share.skipOf(d.orgId).includes(d.endpointId)) return false;
            if ((taken.get(d.orgId) ?? 0) >= share.roomOf(d.orgId)) return false;
            skipped.add(d.endpointId);
            taken.set(d.orgId, (taken.get(d.orgId) ?? 0) + 1);
          }
          const lane = laneLeased(lanes.get(d.endpointId), nowMs, leaseMs);
          if (lane !== undefined) lanes.set(d.endpointId, lane); // a failing endpoint's lane: one at a time
          kept += 1;
          return true;
        });
        return due.flatMap((delivery): LeasedAttempt[] => {
          const endpoint = endpoints.get(delivery.endpointId);
          const event = events.find((e) => e.id === delivery.eventId) ?? testEvents.get(delivery.eventId);
          if (endpoint === undefined || event === undefined) return [];
          const lease = randomUUID();
          leases.set(delivery.id, { token: lease, untilMs: nowMs + leaseMs });
          const leased = deliveryLeased(delivery, isoInstant(nowMs)); // the lease counts the attempt
          deliveries.set(delivery.id, leased);
          return [{ delivery: leased, endpoint, event, lease, laneFailures: lanes.get(endpoint.id)?.failures }];
        });
      },
      update: async (orgId, id, patch) => {
        const endpoint = endpoints.get(id);
        if (endpoint?.orgId !== orgId) return null;
        const updated = { ...endpoint, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
        endpoints.set(id, updated);
        return updated;
      },
      resealSecrets: async (reseal) => {
        let changed = 0;
        for (const [id, endpoint] of endpoints) {
          const secret = reseal(endpoint.secret);
          if (secret === null) continue;
          endpoints.set(id, { ...endpoint, secret });
          changed += 1;
        }
        return changed;
      },
      rotateSecret: async (orgId, id, secret, expiresAt) => {
        const endpoint = endpoints.get(id);
        if (endpoint?.orgId !== orgId) return null;
        const rotated = { ...endpoint, secret, previousSecret: { secret: endpoint.secret, expiresAt } };
        endpoints.set(id, rotated);
        return rotated;
      },
      retry: async (orgId, endpointId, deliveryId, atMs) => {
        const d = deliveries.get(deliveryId);
        if (d?.orgId !== orgId || d.endpointId !== endpointId) return { ok: false, reason: "not_found" };
        if (d.status === "pending") return { ok: false, reason: "pending" };
        const delivery = requeuedDelivery(d, isoInstant(atMs));
        deliveries.set(d.id, delivery);
        return { ok: true, delivery };
      },
      recoverPage: async (orgId, endpointId, since, after, limit, atMs) => {
        const mine = [...deliveries.values()].filter((d) => d.orgId === orgId && d.endpointId === endpointId && d.createdAt >= since);
        const page = newestFirst(mine, after, limit);
        let queued = 0;
        for (const d of page) {
          if (d.status !== "failed") continue;
          deliveries.set(d.id, requeuedDelivery(d, isoInstant(atMs)));
          queued += 1;
        }
        const last = page.at(-1);
        return { queued, next: page.length === limit && last !== undefined ? newestFirstPosition(last) : null };
      },
      sendTest: async (event) => {
        const endpoint = endpoints.get(event.data.endpointId);
        if (endpoint?.orgId !== event.orgId) return null;
        testEvents.set(event.id, event);
        const delivery = firstDelivery(event, endpoint.id, `dlv_${randomUUID().replaceAll("-", "").slice(0, 24)}`);
        deliveries.set(delivery.id, delivery);
        return delivery;
      },
      finish: async (attempt, outcome, emitted) => {
        if (leases.get(attempt.delivery.id)?.token !== attempt.lease) return false;
        leases.delete(attempt.delivery.id);
        const d = deliveries.get(attempt.delivery.id);
        const endpoint = endpoints.get(attempt.endpoint.id);
        if (d === undefined) return false;
        const kind = outcome.result.kind;
        deliveries.set(d.id, {
          ...d,
          attempts: outcome.unsent === true ? d.attempts - 1 : d.attempts,
          lastAttemptAt: outcome.at,
          lastResponseStatus: outcome.responseStatus,
          lastError: outcome.error,
          status: kind === "delivered" ? "delivered" : kind === "retry" ? "pending" : "failed",
          nextAttemptAt: outcome.result.kind === "retry" ? outcome.result.nextAttemptAt : null,
        });
        const lane = laneFinished(lanes.get(attempt.endpoint.id), outcome);
        if (lane === undefined) lanes.delete(attempt.endpoint.id);
        else lanes.set(attempt.endpoint.id, lane);
        if (endpoint !== undefined) {
          const wasEnabled = endpoint.status === "enabled";
          if (emitted && (emitted.type !== "webhook_endpoint.disabled" || wasEnabled)) append(emitted, endpoint.id);
          if (kind === "delivered") endpoints.set(endpoint.id, { ...endpoint, failingSince: null });
          else if (kind === "gone" || kind === "failing") {
            endpoints.set(endpoint.id, { ...endpoint, status: "disabled", disabledReason: kind });
            failPending(endpoint.id);
          } else endpoints.set(endpoint.id, { ...endpoint, failingSince: endpoint.failingSince ?? outcome.at });
        }
        return true;
      },
      pacedAttempts: async (orgId, endpointId, ids, nowMs) => {
        const lane = lanes.get(endpointId);
        if (lane === undefined) return new Map();
        const waiting = [...deliveries.values()]
          .filter((d) => d.orgId === orgId && d.endpointId === endpointId && d.status === "pending")
          .filter((d) => (leases.get(d.id)?.untilMs ?? 0) <= nowMs)
          .sort((a, b) => Date.parse(a.nextAttemptAt ?? "") - Date.parse(b.nextAttemptAt ?? "") || (a.id < b.id ? -1 : 1));
        const times = pacedTimes(
          waiting.map((d) => Date.parse(d.nextAttemptAt ?? "")),
          lane,
          nowMs,
        );
        return new Map(waiting.flatMap((d, i) => (ids.includes(d.id) ? [[d.id, times[i] ?? nowMs] as const] : [])));
      },
      pending: async () => {
        const due = [...deliveries.values()].filter((d) => d.status === "pending").map((d) => Date.parse(d.nextAttemptAt ?? ""));
        return { count: due.length, oldestDueMs: due.length === 0 ? null : Math.min(...due), dropped: 0 };
      },
    },
  };
  return { ...ports, append, deliveriesOf: () => [...deliveries.values()], now: isoInstant };
}
