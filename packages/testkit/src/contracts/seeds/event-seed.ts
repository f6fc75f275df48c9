/**
 * Events and webhook endpoints for contract tests: fresh random ids, times given in ms after
 * 2026-01-01 (`instant`), so a test drives retention and due times through its records.
 */
import { randomBytes } from "node:crypto";
import type { LockObservation } from "@lintel/core/adapters";
import type { Unit } from "@lintel/domain";
import type { EventTypeFilter, LintelEvent, ObservedLockState, WebhookEndpointRecord } from "@lintel/domain/adapters";
import { instant, randomId } from "./seed.js";

/** `<prefix>_` + 24 random characters of `[0-9A-Za-z]`, as event and endpoint ids are. */
export function randomBase62Id(prefix: string): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  return `${prefix}_${[...randomBytes(24)].map((byte) => alphabet[byte % 62]).join("")}`;
}

/** A `unit.timezone_changed` of the unit (to New York's zone, one version on) at `atMs` after 2026-01-01. */
export function aTimezoneEvent(unit: Pick<Unit, "id" | "orgId">, atMs = 0, over: Partial<LintelEvent> = {}): LintelEvent {
  return {
    id: randomBase62Id("evt"),
    orgId: unit.orgId,
    type: "unit.timezone_changed",
    createdAt: instant(atMs),
    data: {
      unit: { id: unit.id, urlKey: "unit-a", address: "12 Elm St", timeZone: "America/New_York", version: 2 },
      previousTimeZone: null,
      policy: "keep_instant",
      moved: [],
    },
    ...over,
  } as LintelEvent;
}

/** The `fetchedAt` of the last {@link anObservation} made, in ms after 2026-01-01. */
let observedMs = 0;

/**
 * An observation: locked, door closed, online unless `over` says otherwise; fetched 1 ms after the
 * one made before it (so observations made in order are newer), unless `over` says when.
 */
export function anObservation(over: Partial<LockObservation> = {}): LockObservation {
  return { lockState: "locked", doorState: "closed", online: true, fetchedAt: instant(++observedMs), ...over };
}

/** A `lock.state_changed` of the lock from `previous` to `next` at `atMs` after 2026-01-01. */
export function aLockEvent(orgId: string, lockId: string, previous: ObservedLockState, next: ObservedLockState, atMs = 0): LintelEvent {
  return {
    id: randomBase62Id("evt"),
    orgId,
    type: "lock.state_changed",
    createdAt: instant(atMs),
    data: {
      lockId,
      provider: "simulated",
      previous,
      state: { lockId, provider: "simulated", ...next, batteryLevel: 0.8, lastSeenAt: null, fetchedAt: instant(atMs) },
    },
  };
}

/** An enabled endpoint of the org for `eventTypes` (default `["*"]`), created `atMs` after 2026-01-01. */
export function anEndpoint(
  orgId: string,
  eventTypes: readonly EventTypeFilter[] = ["*"],
  atMs = 0,
  over: Partial<WebhookEndpointRecord> = {},
): WebhookEndpointRecord {
  return {
    id: randomBase62Id("we"),
    orgId,
    url: `https://hooks.example.com/${randomId("h")}`,
    eventTypes,
    description: null,
    status: "enabled",
    disabledReason: null,
    createdAt: instant(atMs),
    secret: `whsec_${randomBytes(32).toString("base64")}`,
    failingSince: null,
    ...over,
  };
}
