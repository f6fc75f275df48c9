/**
 * The records of SPEC section 1, as plain data. Instants are RFC 3339 UTC strings with
 * milliseconds (`2026-12-01T15:00:00.000Z`); ids are opaque strings matching {@link ID_PATTERN}.
 */

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const URL_KEY_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An RFC 3339 instant in UTC with milliseconds. */
export type Instant = string;

export const SCOPES = [
  "units:write",
  "units:read",
  "messages:read",
  "locks:read",
  "lock-state:read",
  "webhooks:write",
  "events:read",
] as const;
export type Scope = (typeof SCOPES)[number];

export interface Org {
  readonly id: string;
  readonly name: string;
}

/** A request budget: `requests` per `windowSeconds`. */
export interface RatePolicy {
  readonly requests: number;
  readonly windowSeconds: number;
}

/** A stored API key. The secret itself is never stored, only `hash` (SHA-256 hex of the key). */
export interface ApiKeyRecord {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly hash: string;
  readonly scopes: readonly Scope[];
  readonly expiresAt: Instant | null;
  readonly revokedAt: Instant | null;
  /** null = the server default. */
  readonly rateLimit: RatePolicy | null;
  readonly createdAt: Instant;
}

export interface Unit {
  readonly id: string;
  readonly orgId: string;
  readonly urlKey: string;
  readonly address: string;
  /** Canonical IANA name, or null = none set (displays as UTC). */
  readonly timeZone: string | null;
  /** ≥ 1, +1 on every change of the unit. */
  readonly version: number;
}

export const LOCK_STATUSES = ["active", "inactive"] as const;
export type LockStatus = (typeof LOCK_STATUSES)[number];

export interface Lock {
  readonly lockId: string;
  /** Owner; never serialized. */
  readonly orgId: string;
  readonly name: string;
  readonly provider: string;
  readonly providerDeviceId: string;
  readonly model: string | null;
  readonly timeZone: string | null;
  readonly unitIds: readonly string[];
  readonly status: LockStatus;
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
}

export type LockStateValue = "locked" | "unlocked" | "jammed" | "unknown";
export type DoorState = "open" | "closed" | "unknown";

export interface LockState {
  readonly lockId: string;
  readonly provider: string;
  readonly lockState: LockStateValue;
  readonly doorState: DoorState;
  readonly online: boolean;
  readonly batteryLevel: number | null;
  readonly lastSeenAt: Instant | null;
  readonly fetchedAt: Instant;
}

export interface Template {
  readonly id: string;
  /** Owner; never serialized. */
  readonly orgId: string;
  readonly name: string;
  readonly body: string;
  readonly sortOrder: number;
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
}

export const ITEM_KINDS = ["tour", "code", "open_house", "scheduled_message"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * One schedule item of a unit, in the shape every kind shares. Tours and open houses have
 * `title`, codes have `name` (held here as `title`), messages have `sendAt` (held here as
 * both `startAt` and `endAt`). `lockId` is null where the item has no lock; a message never
 * has one. `templateId` is only meaningful for messages.
 */
export interface ScheduleItem {
  readonly kind: ItemKind;
  readonly id: string;
  readonly unitId: string;
  readonly title: string;
  readonly startAt: Instant;
  readonly endAt: Instant;
  readonly lockId: string | null;
  readonly templateId?: string | null;
}
