/**
 * The Redis key layout (the package's README lists it). Everything of one org shares the hash tag
 * `{org:<orgId>}`, so every multi-key command and script lives in one cluster slot. Ids and
 * urlKeys match `[A-Za-z0-9_-]`, so they never contain the braces of a hash tag.
 */

import type { EventType } from "@lintel/domain/adapters";

/** The fixture records kept under their org's tag, whose org the owner index names. */
export type OwnedType = "unit" | "lock" | "template" | "item";

const orgTag = (orgId: string): string => `lintel:{org:${orgId}}`;

export const redisKeys = {
  /** String: the org record (JSON). */
  org: (orgId: string) => `${orgTag(orgId)}:org`,
  /** Hash: unit id → unit JSON. */
  units: (orgId: string) => `${orgTag(orgId)}:units`,
  /** Hash: urlKey → unit id. */
  unitKeys: (orgId: string) => `${orgTag(orgId)}:unitkeys`,
  /** Sorted set, all scores 0: the urlKey of every unit (a field of `unitKeys`; read BYLEX). */
  unitOrder: (orgId: string) => `${orgTag(orgId)}:units:order`,
  /** Sorted set, all scores 0: `schedulePosition` (`startAt|kind:id`) of each item of one unit. */
  schedule: (orgId: string, unitId: string) => `${orgTag(orgId)}:unit:${unitId}:schedule`,
  /** String: the longest span in ms any item of the unit has had (only grows). */
  scheduleSpan: (orgId: string, unitId: string) => `${orgTag(orgId)}:unit:${unitId}:span`,
  /** Hash: `<kind>:<id>` → item JSON, the schedule items of one unit. */
  items: (orgId: string, unitId: string) => `${orgTag(orgId)}:unit:${unitId}:items`,
  /** Hash: `<kind>:<id>` → unit id, so an item that changes unit leaves its old unit. */
  itemUnits: (orgId: string) => `${orgTag(orgId)}:itemunits`,
  /** Hash: lockId → lock JSON (active or not). */
  locks: (orgId: string) => `${orgTag(orgId)}:locks`,
  /** Sorted set, all scores 0: `lockPosition` of every active lock (read BYLEX REV). */
  activeLocks: (orgId: string) => `${orgTag(orgId)}:locks:active`,
  /** Hash: lockId → its member in `activeLocks`, to remove it when the lock changes. */
  lockPositions: (orgId: string) => `${orgTag(orgId)}:locks:pos`,
  /**
   * Sorted set, all scores 0: `<unitId>|<lockPosition>` for each unit each active lock serves
   * (one unit's, newest first: BYLEX REV between `<unitId>|` and `<unitId>}`). Written by every
   * script that writes a lock (scripts/serving-locks.js).
   */
  servingLocks: (orgId: string) => `${orgTag(orgId)}:locks:serving`,
  /** String `1`: `servingLocks` holds every active lock of the org (its first read filed the locks stored before it). */
  servingLocksBuilt: (orgId: string) => `${orgTag(orgId)}:locks:serving:built`,
  /**
   * Set: `<orgId>/<lockId>` of every lock whose `providerDeviceId` this is, of any org (a
   * provider's webhook names a device, not an org). No hash tag: spreads. Kept by the fixture
   * sink around each lock write (lock-devices.js); an entry may be stale, never missing.
   */
  lockDevice: (providerDeviceId: string) => `lintel:lockdevice:${providerDeviceId}`,
  /**
   * Sorted set, all scores 0: `<lockId>|<tag>|<unitId>|<codeId>` for each code with a PIN, `tag`
   * the PIN's HMAC tag (`DataCipher.pinTag`; never the PIN). Written by every script that puts or
   * deletes a code (scripts/pin-index.js).
   */
  pins: (orgId: string) => `${orgTag(orgId)}:pins`,
  /** Hash: code id → its member in `pins`, to move or drop it when the code changes. */
  pinsFiled: (orgId: string) => `${orgTag(orgId)}:pins:filed`,
  /** Set: the locks of the org whose codes are all in `pins` (filed by a booking's first read, `filePins`). */
  pinLocks: (orgId: string) => `${orgTag(orgId)}:pins:locks`,
  /** Hash: template id → template JSON. */
  templates: (orgId: string) => `${orgTag(orgId)}:templates`,
  /** Sorted set, all scores 0: `templatePosition` of every template (read BYLEX). */
  templateOrder: (orgId: string) => `${orgTag(orgId)}:templates:order`,
  /** Hash: template id → its member in `templateOrder`. */
  templatePositions: (orgId: string) => `${orgTag(orgId)}:templates:pos`,
  /**
   * Sorted set, all scores 0: of every scheduled message of the org that names a template,
   * `templateId|~|sendAt|scheduled_message:<id>` while it is still to be sent (`scheduled` or
   * `held`), else `templateId|sendAt|scheduled_message:<id>`, so "does a message still to be sent
   * name template T" is two BYLEX range reads (a template delete). Kept by every script that
   * writes items (scripts/message-index.js).
   */
  templateUses: (orgId: string) => `${orgTag(orgId)}:templates:uses`,
  /**
   * Sorted set: the id of every message of the org still to be sent (`delivery` absent or
   * `scheduled`), scored by when it is due in ms: its sendAt, the time its last attempt set, or
   * while leased the lease's end. Kept by every script that writes items (scripts/message-index.js).
   */
  messagesDue: (orgId: string) => `${orgTag(orgId)}:messages:due`,
  /**
   * Hash: message id → its outbox state, `<phase> <attempts>[ <lease token>]` (none: phase `due`,
   * no attempt, no lease). Any write of the message deletes it.
   */
  messageWork: (orgId: string) => `${orgTag(orgId)}:messages:work`,
  /**
   * Set: the orgs that had a message still to be sent written through a store of this group (the
   * delivery group), added before the message's script, never removed (a removal could race a
   * write); `messages.lease` looks at their due sets. No hash tag.
   */
  messageOrgs: (group: string) => `lintel:messages:orgs:${group}`,
  /**
   * Set: what the API deleted in the org (`template:<id>`, `item:<kind>:<id>`), written by the
   * delete's own script: a fixture load never adds these back, so a restart never undoes a delete.
   */
  deleted: (orgId: string) => `${orgTag(orgId)}:deleted`,
  /** Hash: event id → event JSON, kept 30 days (the events layout: this package's README). */
  events: (orgId: string) => `${orgTag(orgId)}:events`,
  /** Sorted set, all scores 0: `newestFirstPosition` (`createdAt|id`) of every event (read BYLEX REV). */
  eventOrder: (orgId: string) => `${orgTag(orgId)}:events:order`,
  /** Sorted set, all scores 0: the positions of the events of one type (the list's `type` filter). */
  eventsOfType: (orgId: string, type: EventType) => `${orgTag(orgId)}:events:type:${type}`,
  /** Hash: lockId → the last observed state (JSON `{ lockState, doorState, online, fetchedAt }`). */
  observations: (orgId: string) => `${orgTag(orgId)}:observations`,
  /** Hash: endpoint id → webhook endpoint JSON (with its secret). */
  endpoints: (orgId: string) => `${orgTag(orgId)}:webhooks`,
  /** Sorted set, all scores 0: `createdAt|id` of every endpoint (read BYLEX REV). */
  endpointOrder: (orgId: string) => `${orgTag(orgId)}:webhooks:order`,
  /** Hash: delivery id → delivery JSON, for every endpoint of the org (a deleted one's too, until they age out). */
  deliveries: (orgId: string) => `${orgTag(orgId)}:deliveries`,
  /** Sorted set, all scores 0: `endpointId|createdAt|id` of every delivery (one endpoint's are a BYLEX prefix range). */
  deliveryOrder: (orgId: string) => `${orgTag(orgId)}:deliveries:order`,
  /** Sorted set: delivery id scored by its createdAt in ms (retention drops the oldest). */
  deliveryAge: (orgId: string) => `${orgTag(orgId)}:deliveries:age`,
  /** Sorted set, all scores 0: `endpointId|id` of every pending delivery (an endpoint's are failed together). */
  pendingDeliveries: (orgId: string) => `${orgTag(orgId)}:deliveries:pending`,
  /** Sorted set: pending delivery id scored by when it is due in ms (a lease moves it to the lease's end). */
  dueDeliveries: (orgId: string) => `${orgTag(orgId)}:deliveries:due`,
  /** Hash: delivery id → the token of the lease held on it. */
  deliveryLeases: (orgId: string) => `${orgTag(orgId)}:deliveries:leases`,
  /** Hash: endpoint id → its lane while failing, `failures freeAtMs nextAtMs paceMs` (integers; none: sound). */
  webhookLanes: (orgId: string) => `${orgTag(orgId)}:webhooks:lanes`,
  /**
   * Set: the orgs that ever had a webhook endpoint created through a store of this delivery
   * group, written before the endpoint (a crash never hides one), never removed (a removal could
   * race an endpoint being created); `lease` and `pending` look at their due deliveries. No hash tag.
   */
  webhookOrgs: (group: string) => `lintel:webhooks:orgs:${group}`,
  /** Hash: code id → the code's lock work (CodeWork JSON): one record per code, waiting or leased. */
  codeWork: (orgId: string) => `${orgTag(orgId)}:codes:work`,
  /** Sorted set: code id of every work record scored by when it is due in ms (a lease moves it to the lease's end). */
  codeWorkDue: (orgId: string) => `${orgTag(orgId)}:codes:due`,
  /** Hash: code id → when its work is due by its own `nextAttemptAt` (ms), to restore once a lease held on older work ends. */
  codeWorkNext: (orgId: string) => `${orgTag(orgId)}:codes:next`,
  /** Hash: code id → the token of the lease held on its work. */
  codeWorkLeases: (orgId: string) => `${orgTag(orgId)}:codes:leases`,
  /** Sorted set: code id of every work record scored by its `pendingSince` in ms (the oldest pending change is its first). */
  codeWorkPending: (orgId: string) => `${orgTag(orgId)}:codes:pending`,
  /** Hash: code id → what the lock's provider holds for it (PlacedCode JSON). */
  placedCodes: (orgId: string) => `${orgTag(orgId)}:codes:placed`,
  /** Hash: the provider's id of a code → JSON `{ unitId, codeId }`: one entry per field of `placedCodes`. */
  placedCodeIds: (orgId: string) => `${orgTag(orgId)}:codes:providerids`,
  /**
   * Set: the orgs that had a lock loaded through a store of this group (the delivery group), so
   * may have lock code work (a code names a lock of its org). Added to by every lock load, kept
   * or added, before the lock is written; never removed. `lockCodes.lease` and `pending` look at
   * these orgs' work. No hash tag.
   */
  lockCodeOrgs: (group: string) => `lintel:lockcodes:orgs:${group}`,
  /** Hash: tour id → tour JSON (the prospect's email and phone as sealed by the core). */
  tours: (orgId: string) => `${orgTag(orgId)}:tours`,
  /** Sorted set, all scores 0: `tourPosition` (`startAt|id`) of every tour of the org (read BYLEX). */
  tourOrder: (orgId: string) => `${orgTag(orgId)}:tours:order`,
  /** Sorted set, all scores 0: `tourPosition` of every tour of one unit (read BYLEX). */
  unitTourOrder: (orgId: string, unitId: string) => `${orgTag(orgId)}:unit:${unitId}:tours`,
  /** Sorted set: tour id of every tour with a timed transition ahead, scored by when it is due in ms. */
  tourDue: (orgId: string) => `${orgTag(orgId)}:tours:due`,
  /**
   * Set: the orgs that had a tour written with a due time through a store of this group (the
   * delivery group), written before the tour, never removed (a removal could race a write);
   * `tours.dueTours` looks at their due sets. No hash tag.
   */
  tourOrgs: (group: string) => `lintel:tours:orgs:${group}`,
  /** Set: ids of the org's API keys. */
  orgApiKeys: (orgId: string) => `${orgTag(orgId)}:apikeys`,
  /** Hash: one API key record by the SHA-256 of the key (each field JSON). No hash tag: spreads. */
  apiKeyByHash: (hash: string) => `lintel:apikey:${hash}`,
  /** String: key id → SHA-256, so revoke works with the id alone. */
  apiKeyHashById: (keyId: string) => `lintel:apikeyid:${keyId}`,
  /**
   * String: the org a fixture load first put a record of this type in (`item` ids are
   * `<kind>:<id>`), so a load naming another org keeps it there (fixture-records.js). No hash tag: spreads.
   */
  owner: (type: OwnedType, id: string) => `lintel:owner:${type}:${id}`,
  /**
   * String (JSON `{ fingerprint, token }` while the first request runs, `{ fingerprint, kept }`
   * once answered, `kept` the KeptResult's JSON text): one Idempotency-Key of one API key, by the
   * SHA-256 of the key text (any printable ASCII). Expires with its lease, then 24 h after its
   * answer. `idem2`: the `lintel:idem:` entries before issue 21 held HTTP text and are not read.
   */
  idempotency: (scope: string, keyHash: string) => `lintel:idem2:{${scope}}:${keyHash}`,
  /** String `1`: a key of OnceKeys (a Seam message id, a device re-read lately), until its `PX` runs out. */
  once: (key: string) => `lintel:once:${key}`,
  /** String: a bucket's theoretical arrival time in whole µs (Redis TIME); expires when the bucket is full again. */
  budget: (bucket: string) => `lintel:budget:{${bucket}}`,
} as const;
