/**
 * The tags of the API reference (the OpenAPI document's `tags`): one per resource, each with the
 * few sentences an integrator should read first. The guide above them is api-guide.js.
 */
import { EVENT_TYPES } from "@lintel/domain/adapters";
/** The tags of the reference: one per resource, each saying what an integrator should know first. */
export const TAGS = [
  {
    name: "Units",
    description:
      "Units, their schedules (create, update and delete tours, codes, open houses and scheduled messages; each change adds 1 to " +
      "the unit's `version`, checked against `expectedVersion`), and time-zone changes: preview (status `ok`, `noop` or `conflict`; a " +
      '`conflict` preview can still be applied; DST gaps move forward, overlaps take the earlier instant, `warnings: ["duration_changed"]`), ' +
      "then apply with the preview's `expectedVersion` and an `Idempotency-Key`.",
  },
  {
    name: "Tours",
    description:
      "Self-guided tours (scope `tours:write`; `tours:read` to read, which `tours:write` may): book one and its door code and messages are " +
      "made with it in one step; confirm, reschedule, cancel and check in move or end them together. Cancelling revokes the code at the lock " +
      "through the same outbox as every code (an outage delays it, never loses it). Timed transitions: an unverified tour is cancelled when " +
      "its access starts; a confirmed one nobody checked in is a `no_show` when its access ends, a checked-in one `completed`. The prospect's " +
      "email and phone and the PIN are served to `tours:read` only, and are null in events.",
  },
  {
    name: "Templates",
    description:
      "Saved message templates of the organization: read (scope `messages:read`, paged by opaque cursors) and written (scope " +
      "`messages:write`; an update or delete takes `If-Match` with the `ETag` of get_message_template, else 412 when it changed).",
  },
  {
    name: "Locks",
    description:
      "The smart locks of the organization and their live state, read from the lock's provider: a 503 with `Retry-After` is worth " +
      "retrying, one without is not (the server is not configured for that provider). Locks come from the operator; the organization " +
      "arranges them (scope `locks:write`, which may read them too): update_lock sets the units a lock serves, its name, zone and " +
      "status, with `If-Match` taking the `ETag` of GET /v1/locks/{lockId}.",
  },
  {
    name: "Events",
    // The list follows the domain's EVENT_TYPES: a new event type is named here without a word written.
    description:
      `Changes in the organization (scope \`events:read\`), kept 30 days, exactly as webhooks deliver them: ${EVENT_TYPES.map((type) => `\`${type}\``).join(", ")}. ` +
      "`message.due` `{ unitId, item, tourId, to, text }` is a scheduled message whose time came, rendered for your own SMS or chat " +
      "sender: `to` (the tour's prospect: name, email, phone; null for a message of no tour) and `text` (a PIN, maybe) are served to " +
      "keys that also hold `tours:read` and null to others, and only endpoints that name the type receive it. `message.sent` and " +
      "`message.failed` `{ unitId, item }` say how a message's sending ended (the item's `delivery`).",
  },
  {
    name: "Webhooks",
    description:
      "Endpoints that receive events as signed POSTs (Standard Webhooks 1.0; scope `webhooks:write`), retried on a schedule for about 36 hours, " +
      "and their deliveries: update an endpoint, rotate its secret (both signatures for 24 h), retry a delivery, recover the failed ones " +
      'since an instant, send a test event. `["*"]` subscribes to every type but `message.due`, which an endpoint gets only by naming ' +
      "it, through a key that also holds `tours:read`.",
  },
  { name: "Operations", description: "Health, readiness, this document and the reference; no API key needed." },
] as const;
