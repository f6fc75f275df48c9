/**
 * Events, endpoints and deliveries in memory, and the one step that stores an event with its
 * deliveries (called by the write that caused it, so both happen in the same synchronous step).
 *
 * Memory is bounded: on every append, the org's events and its endpoints' deliveries older than
 * `EVENT_RETENTION_MS` before the new event are dropped, and past the hard caps below the oldest
 * go first, pending or not (a receiver that always fails cannot grow the process without end).
 */
import { createHash } from "node:crypto";

import { firstDelivery, type LockObservation } from "@lintel/core/adapters";

import {
  firstIndexAfter,
  newestFirstPosition,
  wantsEvent,
  EVENT_RETENTION_MS,
  WEBHOOK_TEST_EVENT_TYPE,
  type DeliveryRecord,
  type LintelEvent,
  type WebhookEndpointRecord,
  type WebhookTestEvent,
} from "@lintel/domain/adapters";

/** The most events kept per org; the oldest are dropped first. */
export const MAX_EVENTS_PER_ORG = 10_000;
/** The most deliveries kept per endpoint; the oldest are dropped first, pending or not. */
export const MAX_DELIVERIES_PER_ENDPOINT = 10_000;

/** A delivery with what the dispatch needs: when it is due (null once settled) and who holds its lease. */
export interface MemoryDelivery {
  record: DeliveryRecord;
  dueMs: number | null;
  lease: string | null;
}

/** Per org: its events newest first, its endpoints, and its endpoints' deliveries newest first. */
export interface OrgEvents {
  readonly events: Map<string, LintelEvent>;
  readonly eventOrder: LintelEvent[];
  /** Test events (`send_test`) by id: never in the event log; each goes with its one delivery. */
  readonly testEvents: Map<string, WebhookTestEvent>;
  readonly endpoints: Map<string, WebhookEndpointRecord>;
  /** endpoint id → its deliveries newest first (a deleted endpoint's stay until they age out). */
  readonly deliveries: Map<string, MemoryDelivery[]>;
  /** delivery id → the same deliveries, for `finish`. */
  readonly deliveryById: Map<string, MemoryDelivery>;
}

/** Everything of the event ports, for every org. */
export interface EventState {
  readonly orgs: Map<string, OrgEvents>;
  /** `orgId \n lockId` → the last observed state. */
  readonly observations: Map<string, LockObservation>;
  /** Every pending delivery of every org (what `lease` and `pending` look at). */
  readonly pending: Set<MemoryDelivery>;
  /** Pending deliveries dropped unsettled past the caps (deliveries per endpoint, events per org), since the state was made. */
  dropped: number;
}

/** An empty {@link EventState}. */
export function createEventState(): EventState {
  return { orgs: new Map(), observations: new Map(), pending: new Set(), dropped: 0 };
}

/** The org's part of the state, made on first use. */
export function orgEvents(state: EventState, orgId: string): OrgEvents {
  let org = state.orgs.get(orgId);
  if (org === undefined)
    state.orgs.set(
      orgId,
      (org = {
        events: new Map(),
        eventOrder: [],
        testEvents: new Map(),
        endpoints: new Map(),
        deliveries: new Map(),
        deliveryById: new Map(),
      }),
    );
  return org;
}

/** The delivery of an event to an endpoint: `dlv_` + 24 hex characters of SHA-1(eventId:endpointId), as on Redis. */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  return `dlv_${createHash("sha1").update(`${eventId}:${endpointId}`).digest("hex").slice(0, 24)}`;
}

/** Inserts `row` into `rows` (newest first by `newestFirstPosition`). */
function insertNewestFirst<T extends { readonly createdAt: string; readonly id: string }>(rows: T[], row: T): void {
  rows.splice(firstIndexAfter(rows, newestFirstPosition, newestFirstPosition(row), "desc"), 0, row);
}

/** Drops the oldest rows (at the end) while older than `cutoff` or past `cap`; `dropped` learns each. */
function trimOldest<T>(rows: T[], createdAt: (row: T) => string, cutoff: string, cap: number, dropped: (row: T) => void): void {
  for (let last = rows.at(-1); last !== undefined && (createdAt(last) < cutoff || rows.length > cap); last = rows.at(-1)) {
    rows.pop();
    dropped(last);
  }
}

/** Adds `record` (pending, due at its nextAttemptAt) to its endpoint's deliveries, newest first. */
export function addDelivery(state: EventState, org: OrgEvents, record: DeliveryRecord): void {
  const delivery: MemoryDelivery = { record, dueMs: Date.parse(record.nextAttemptAt ?? record.createdAt), lease: null };
  let rows = org.deliveries.get(record.endpointId);
  if (rows === undefined) org.deliveries.set(record.endpointId, (rows = []));
  rows.splice(
    firstIndexAfter(rows, (row) => newestFirstPosition(row.record), newestFirstPosition(record), "desc"),
    0,
    delivery,
  );
  org.deliveryById.set(record.id, delivery);
  state.pending.add(delivery);
}

/**
 * Stores `event` in its org with one pending delivery, due at once, per enabled endpoint that
 * wants it (but `exceptEndpointId`: the endpoint an event about a failure is about); then trims.
 */
export function appendEvent(state: EventState, orgId: string, event: LintelEvent, exceptEndpointId?: string): void {
  const org = orgEvents(state, orgId);
  org.events.set(event.id, event);
  insertNewestFirst(org.eventOrder, event);
  for (const endpoint of org.endpoints.values()) {
    if (endpoint.status !== "enabled" || !wantsEvent(endpoint.eventTypes, event.type) || endpoint.id === exceptEndpointId) continue;
    addDelivery(state, org, firstDelivery(event, endpoint.id, deliveryIdFor(event.id, endpoint.id)));
  }
  trimOrg(state, org, event.createdAt);
}

/** Drops the org's events and deliveries older than the retention before `nowText`, or past the caps. */
export function trimOrg(state: EventState, org: OrgEvents, nowText: string): void {
  const cutoff = new Date(Date.parse(nowText) - EVENT_RETENTION_MS).toISOString();
  trimOldest(
    org.eventOrder,
    (row) => row.createdAt,
    cutoff,
    MAX_EVENTS_PER_ORG,
    (row) => org.events.delete(row.id),
  );
  for (const [endpointId, rows] of org.deliveries) {
    trimOldest(
      rows,
      (row) => row.record.createdAt,
      cutoff,
      MAX_DELIVERIES_PER_ENDPOINT,
      (row) => {
        // Past the cap (not aged out, which Redis does alike), a pending one is lost: the metrics count it.
        if (state.pending.delete(row) && row.record.createdAt >= cutoff) state.dropped++;
        org.deliveryById.delete(row.record.id);
        if (row.record.eventType === WEBHOOK_TEST_EVENT_TYPE) org.testEvents.delete(row.record.eventId);
      },
    );
    if (rows.length === 0 && !org.endpoints.has(endpointId)) org.deliveries.delete(endpointId);
  }
}

/** Settles a pending delivery as failed (its endpoint was disabled or deleted): no longer due, no lease. */
export function failPending(state: EventState, delivery: MemoryDelivery): void {
  if (delivery.record.status !== "pending") return;
  delivery.record = { ...delivery.record, status: "failed", nextAttemptAt: null };
  delivery.dueMs = null;
  delivery.lease = null;
  state.pending.delete(delivery);
}
