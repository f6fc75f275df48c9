/**
 * Events and webhook endpoints (SPEC 5.10) as plain data: what changed in an org, who is told,
 * and how each telling went. Instants are RFC 3339 UTC strings with milliseconds, like every
 * record (`records.ts`); `data` is JSON exactly as `GET /v1/events/{id}` serves it.
 */
import type { DoorState, Instant, ItemKind, LockState, LockStateValue } from "./records.js";

/** The event types, in the order the API documents them. */
export const EVENT_TYPES = ["unit.timezone_changed", "lock.state_changed"] as const;
/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/** What an endpoint subscribes to: named types, or `["*"]` for every type. */
export type EventTypeFilter = EventType | "*";

/** A unit as the API serves it (no owner id): the `unit` of a `unit.timezone_changed`. */
export interface ServedUnit {
  readonly id: string;
  readonly urlKey: string;
  readonly address: string;
  readonly timeZone: string | null;
  readonly version: number;
}

/** One item whose instants a keep_wall_clock change rewrote: where it was and where it is. */
export interface MovedItem {
  /** `<kind>:<id>`. */
  readonly key: string;
  readonly kind: ItemKind;
  readonly id: string;
  readonly previousStartAt: Instant;
  readonly previousEndAt: Instant;
  readonly startAt: Instant;
  readonly endAt: Instant;
}

/** `data` of `unit.timezone_changed`: the unit after the change, and what moved (empty under keep_instant). */
export interface TimezoneChangedData {
  readonly unit: ServedUnit;
  readonly previousTimeZone: string | null;
  readonly policy: "keep_instant" | "keep_wall_clock";
  readonly moved: readonly MovedItem[];
}

/** The part of a lock's state whose change is an event. */
export interface ObservedLockState {
  readonly lockState: LockStateValue;
  readonly doorState: DoorState;
  readonly online: boolean;
}

/** `data` of `lock.state_changed`: the state observed before, and the whole state now. */
export interface LockStateChangedData {
  readonly lockId: string;
  readonly provider: string;
  readonly previous: ObservedLockState;
  readonly state: LockState;
}

/** What every event has, whatever its type. */
export interface EventBase {
  /** `evt_` + 24 characters of `[0-9A-Za-z]`. */
  readonly id: string;
  /** Owner; never served. */
  readonly orgId: string;
  readonly createdAt: Instant;
}

/** A stored event: one change in an org, kept 30 days. */
export type LintelEvent =
  | (EventBase & { readonly type: "unit.timezone_changed"; readonly data: TimezoneChangedData })
  | (EventBase & { readonly type: "lock.state_changed"; readonly data: LockStateChangedData });

/** Why an endpoint was disabled: it answered 410, or it kept failing for 5 days. */
export type DisabledReason = "gone" | "failing";

/** A stored webhook endpoint, with its signing secret (served only by the answer that creates it). */
export interface WebhookEndpointRecord {
  /** `we_` + 24 characters of `[0-9A-Za-z]`. */
  readonly id: string;
  /** Owner; never served. */
  readonly orgId: string;
  readonly url: string;
  readonly eventTypes: readonly EventTypeFilter[];
  readonly description: string | null;
  readonly status: "enabled" | "disabled";
  readonly disabledReason: DisabledReason | null;
  readonly createdAt: Instant;
  /** `whsec_` + base64 of 32 random bytes; never served but by the create answer. */
  readonly secret: string;
  /** The first failed attempt since the last delivered one (null when none): the 5-day rule counts from it. */
  readonly failingSince: Instant | null;
}

/** The delivery of one event to one endpoint, attempt by attempt. */
export interface DeliveryRecord {
  /** `dlv_` + the first 24 hex characters of SHA-1(`<eventId>:<endpointId>`): one delivery per event and endpoint. */
  readonly id: string;
  /** Owner; never served. */
  readonly orgId: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly eventType: EventType;
  readonly status: "pending" | "delivered" | "failed";
  readonly attempts: number;
  readonly lastAttemptAt: Instant | null;
  readonly lastResponseStatus: number | null;
  readonly lastError: string | null;
  /** Null once delivered or failed. */
  readonly nextAttemptAt: Instant | null;
  /** The event's createdAt: deliveries list newest first by it, then by id. */
  readonly createdAt: Instant;
}

/** True when an endpoint subscribed with `filter` is told of an event of `type`. */
export function wantsEvent(filter: readonly EventTypeFilter[], type: EventType): boolean {
  return filter.includes("*") || filter.includes(type);
}

/** Events, endpoints and deliveries list newest first: createdAt desc, then id desc (fixed-width createdAt). */
export function newestFirstPosition(row: { readonly createdAt: Instant; readonly id: string }): string {
  return `${row.createdAt}|${row.id}`;
}

/** How long events, endpoints' deliveries and their records are kept. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The observed part of a state, for comparing it with the last observed one. */
export function observedPart(state: ObservedLockState): ObservedLockState {
  return { lockState: state.lockState, doorState: state.doorState, online: state.online };
}

/** True when two observations differ in `lockState`, `doorState` or `online`. */
export function observationChanged(previous: ObservedLockState, next: ObservedLockState): boolean {
  return previous.lockState !== next.lockState || previous.doorState !== next.doorState || previous.online !== next.online;
}
