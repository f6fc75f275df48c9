// Generated from Lintel's endpoint table (each row's `client`) and /v1/openapi.json: `npm run -s client:types`. Do not edit.

import { pagedList } from "./paging.js";
import { get, path, type Written } from "./requests.js";
import type { CallOptions, Send } from "./transport.js";
import type { AnswerOf, BodyOf, QueryOf, WriteOptions } from "./types.js";

/** The client's methods made from the endpoint table, by group: `createLintelClient` adds the ones written by hand. */
export function generatedMethods(send: Send, written: Written) {
  return {
    units: {
      /**
       * Preview a unit's time-zone change. Lists every future tour, code, open house and scheduled message of the unit
       * that would move under keep-wall-clock, with labels before and after under both policies. Changes nothing; pass
       * expectedVersion to set_timezone. status: ok; noop (the unit already has this zone); conflict (an item's lock
       * also serves a unit in another zone: a warning, the change can still be applied). A local time in a
       * spring-forward gap moves forward by the gap; one in a fall-back overlap takes the earlier instant; an item
       * whose length changes says warnings: ["duration_changed"].
       *
       * Requires the scope `units:write`.
       *
       * Resolves to the answer.
       */
      previewTimezoneChange: (query: QueryOf<"previewTimezoneChange">, options?: CallOptions) =>
        get<"previewTimezoneChange">(send, "/v1/units/preview_timezone_change", query, undefined, options),
      /**
       * Set a unit's time zone. Atomically checks expectedVersion, sets the zone, rewrites the items the preview listed
       * (keep_wall_clock only) and bumps the version. Body: application/json, at most 16 KiB, no fields besides those
       * listed. Retry safely with an Idempotency-Key: the first 200 or 409 answer is kept for 24 h and replayed (with
       * Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `units:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      setTimezone: (body: BodyOf<"setTimezone">, options: WriteOptions = {}) =>
        written<"setTimezone">("/v1/units/set_timezone", body, options),
      /**
       * Create a unit. A new unit of the caller's organization, at version 1. A urlKey the organization already uses is
       * 409 conflict. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an
       * Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to
       * a retry with the same key and body.
       *
       * Requires the scope `units:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      create: (body: BodyOf<"createUnit">, options: WriteOptions = {}) =>
        written<"createUnit">("/v1/units/create_unit", body, options),
      /**
       * Update a unit. Sets the unit's urlKey or address (its zone changes through set_timezone, which moves the
       * schedule with it). Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that
       * version (else 409 version_conflict with currentVersion), so a preview made before it is stale. A write that
       * changes nothing answers the record as it is, keeps the version and emits no event. Body: application/json, at
       * most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer
       * is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `units:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      update: (body: BodyOf<"updateUnit">, options: WriteOptions = {}) =>
        written<"updateUnit">("/v1/units/update_unit", body, options),
      /**
       * Create a tour, code, open house or scheduled message. By kind: tour and open_house take title, startAt, endAt
       * and lockId (optional); code takes title (its name), startAt, endAt and lockId; scheduled_message takes title,
       * sendAt and templateId (optional). Fields of another kind are 400. A lockId must name an active lock of the
       * organization that serves the unit; at most 10,000 items per unit. Answers the item as list_schedule serves it
       * and the unit. Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that
       * version (else 409 version_conflict with currentVersion), so a preview made before it is stale. A write that
       * changes nothing answers the record as it is, keeps the version and emits no event. Body: application/json, at
       * most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer
       * is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `units:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      createScheduleItem: (body: BodyOf<"createScheduleItem">, options: WriteOptions = {}) =>
        written<"createScheduleItem">("/v1/units/create_schedule_item", body, options),
      /**
       * Update a schedule item. Sets the fields given of the item named by its key (lockId: null and templateId: null
       * clear them); the others are kept, and the kind cannot change. An item a booked tour owns (its tourId is set) is
       * 409 conflict: it changes with its tour; so is a message that was sent, failed or skipped (history). A message
       * moved is sent at its new sendAt. Adds 1 to the unit's version; with expectedVersion, applies only while the
       * unit is at that version (else 409 version_conflict with currentVersion), so a preview made before it is stale.
       * A write that changes nothing answers the record as it is, keeps the version and emits no event. Body:
       * application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the
       * first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same
       * key and body.
       *
       * Requires the scope `units:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      updateScheduleItem: (body: BodyOf<"updateScheduleItem">, options: WriteOptions = {}) =>
        written<"updateScheduleItem">("/v1/units/update_schedule_item", body, options),
      /**
       * Delete a schedule item. Removes the item named by its key; answers the unit after the change (a message deleted
       * is never sent). An item a booked tour owns is 409 conflict: cancel the tour; so is a message that was sent,
       * failed or skipped (history). Adds 1 to the unit's version; with expectedVersion, applies only while the unit is
       * at that version (else 409 version_conflict with currentVersion), so a preview made before it is stale. A write
       * that changes nothing answers the record as it is, keeps the version and emits no event. Body: application/json,
       * at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409
       * answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `units:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      deleteScheduleItem: (body: BodyOf<"deleteScheduleItem">, options: WriteOptions = {}) =>
        written<"deleteScheduleItem">("/v1/units/delete_schedule_item", body, options),
      /**
       * Set when a unit may be toured. The unit's showing rules in its own wall-clock time (windows per weekday, slot
       * length, buffers, notice, horizon, tours at once, blackouts); rules: null removes them. Units serve them as
       * showingRules. A unit without a time zone cannot have rules (409 conflict). set_timezone keeps them as they are:
       * the slots follow the new zone. Event unit.showing_rules_changed. Adds 1 to the unit's version; with
       * expectedVersion, applies only while the unit is at that version (else 409 version_conflict with
       * currentVersion), so a preview made before it is stale. A write that changes nothing answers the record as it
       * is, keeps the version and emits no event. Body: application/json, at most 16 KiB, no fields besides those
       * listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with
       * Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `units:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      setShowingRules: (body: BodyOf<"setShowingRules">, options: WriteOptions = {}) =>
        written<"setShowingRules">("/v1/units/set_showing_rules", body, options),
      /**
       * List the slots a prospect may book. The unit's slots between from (default now) and to (default from + 7 days,
       * at most 31 days after from), by startAt: in each window a slot starts at opens and every slotMinutes of local
       * time after it, read in the unit's zone (a local start that a spring-forward gap skips is not offered; in a
       * fall-back overlap the earlier instant), and must end, read locally, on its start's date and not after closes.
       * Only slots at or after now + minNoticeMinutes and before now + maxDaysAhead days. remaining = maxConcurrent
       * minus the unit's tours overlapping the slot widened by bufferMinutes each side; slots with none remaining, or
       * overlapping a blackout or an open house, are left out. A unit without rules offers none.
       *
       * Requires the scope `units:read` or `tours:read`.
       *
       * Resolves to the answer.
       */
      listAvailableSlots: (query: QueryOf<"listAvailableSlots">, options?: CallOptions) =>
        get<"listAvailableSlots">(send, "/v1/units/list_available_slots", query, undefined, options),
      /**
       * List units. Units of the caller's organization by urlKey ascending; keyset pagination as for locks. A key with
       * units:write may read too.
       *
       * Requires the scope `units:read`.
       *
       * Resolves to a PagedList of the answers' `units`, every page in turn (`.pages()`, `.toArray()`).
       */
      list: (query: QueryOf<"listUnits"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listUnits">, "units">(send, "/v1/units/list_units", "units", query, options),
      /**
       * Get a unit. One unit of the caller's organization, by id, else by urlKey. A key with units:write may read too.
       *
       * Requires the scope `units:read`.
       *
       * Resolves to the answer's `unit`.
       */
      get: async (unitIdOrKey: string, options?: CallOptions) =>
        (await get<"getUnit">(send, "/v1/units/get_unit", { unitIdOrKey }, undefined, options)).unit,
      /**
       * List a unit's schedule. The unit's tours, codes, open houses and scheduled messages whose end is after `from`
       * (default now), by startAt, then kind, then key, with their times in the unit's zone. A cursor is bound to its
       * unit and its `from`: send it without `from`, or with the same one.
       *
       * Requires the scope `units:read`.
       *
       * Resolves to a PagedList of the answers' `items`, every page in turn (`.pages()`, `.toArray()`).
       */
      listSchedule: (query: QueryOf<"listSchedule">, options?: CallOptions) =>
        pagedList<AnswerOf<"listSchedule">, "items">(send, "/v1/units/list_schedule", "items", query, options),
    },
    tours: {
      /**
       * Book a self-guided tour. Makes the tour, its code (on the unit's only active lock, or lockId; from startAt −
       * access.beforeMinutes to endAt + access.afterMinutes, a 6-digit PIN no other code of that lock holds, programmed
       * on the lock through the outbox) and its messages (sendAt = the anchor + offsetMinutes) in one atomic step: the
       * unit's version + 1, one tour.booked event. With verification: required the code is held off the lock (lockSync
       * held) and its messages are not sent (delivery held) until confirm_tour, and the tour is cancelled
       * (not_verified) if still unconfirmed when its access starts. A tour lasts at most 24 h, its access must end
       * after now (and, with verification, start after now). On a unit with showing rules the tour must be one of its
       * available slots (list_available_slots), else 409 slot_unavailable, exactly under concurrency. Body:
       * application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the
       * first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same
       * key and body.
       *
       * Requires the scope `tours:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      book: (body: BodyOf<"bookTour">, options: WriteOptions = {}) =>
        written<"bookTour">("/v1/tours/book_tour", body, options),
      /**
       * Confirm a tour that awaits verification. awaiting_verification → confirmed: the held code goes to the lock, and
       * held messages go to the sender (those whose sendAt has passed are sent at once). A confirmed tour is answered
       * as it is. A status the command does not take is 409 conflict naming it (the status of the moment: a timed
       * transition whose instant has passed counts as done). Body: application/json, at most 16 KiB, no fields besides
       * those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed
       * (with Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `tours:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      confirm: (tourId: string, options: WriteOptions = {}) =>
        written<"confirmTour">("/v1/tours/confirm_tour", { tourId }, options),
      /**
       * Move a tour, its code and its messages. Before the tour's access starts: the tour, its code's window (same
       * margins; the lock gets the new times) and its unsent messages anchored at start or end move together, in one
       * step: the unit's version + 1, one tour.rescheduled event with previous times. A message that would now be due
       * in the past is skipped (delivery skipped: never sent, kept with its new sendAt); sent ones stay as they were.
       * The bounds of a booking apply. A status the command does not take is 409 conflict naming it (the status of the
       * moment: a timed transition whose instant has passed counts as done). Body: application/json, at most 16 KiB, no
       * fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h
       * and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `tours:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      reschedule: (body: BodyOf<"rescheduleTour">, options: WriteOptions = {}) =>
        written<"rescheduleTour">("/v1/tours/reschedule_tour", body, options),
      /**
       * Cancel a tour and revoke its code. The tour leaves the schedule (its tour item, its code and its unsent
       * messages are deleted, so they are never sent; sent, failed and skipped ones stay as history; get_tour and
       * list_tours still serve the tour) and its code is removed from the lock through the outbox: a provider outage
       * delays the removal, never loses it (access.lockSync pending until the provider confirmed it, then removed; a
       * held code is removed at once). Version + 1, one tour.cancelled event. A cancelled tour is answered as it is. A
       * status the command does not take is 409 conflict naming it (the status of the moment: a timed transition whose
       * instant has passed counts as done). Body: application/json, at most 16 KiB, no fields besides those listed.
       * Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with
       * Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `tours:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      cancel: (body: BodyOf<"cancelTour">, options: WriteOptions = {}) =>
        written<"cancelTour">("/v1/tours/cancel_tour", body, options),
      /**
       * Check a tour in. The prospect arrived (an app's "I'm here"): confirmed → checked_in, checkedInAt = at (default
       * now; within the access window, not ahead). A no-show whose prospect did come becomes completed. The lock says
       * so too: Seam's lock.unlocked with the tour's code checks it in. A status the command does not take is 409
       * conflict naming it (the status of the moment: a timed transition whose instant has passed counts as done).
       * Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key:
       * the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the
       * same key and body.
       *
       * Requires the scope `tours:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      checkIn: (body: BodyOf<"checkIn">, options: WriteOptions = {}) =>
        written<"checkIn">("/v1/tours/check_in", body, options),
      /**
       * Get a tour. A tour booked through book_tour, with its status of the moment, its code (PIN included) and the
       * prospect's contact data. Tours written through create_schedule_item are not tours here (404).
       *
       * Requires the scope `tours:read`.
       *
       * Resolves to the answer's `tour`.
       */
      get: async (tourId: string, options?: CallOptions) =>
        (await get<"getTour">(send, "/v1/tours/get_tour", { tourId }, undefined, options)).tour,
      /**
       * List tours. The organization's booked tours whose end is after from (default now), by startAt then id; of one
       * unit and in one status (of the moment) when asked. A page may hold fewer than limit when many tours are
       * filtered out; follow nextCursor.
       *
       * Requires the scope `tours:read`.
       *
       * Resolves to a PagedList of the answers' `tours`, every page in turn (`.pages()`, `.toArray()`).
       */
      list: (query: QueryOf<"listTours"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listTours">, "tours">(send, "/v1/tours/list_tours", "tours", query, options),
    },
    templates: {
      /**
       * Get a saved message template. One template of the caller's organization.
       *
       * Requires the scope `messages:read`.
       *
       * Resolves to the answer's `template`.
       */
      get: async (templateId: string, options?: CallOptions) =>
        (await get<"getMessageTemplate">(send, "/v1/templates/get_message_template", { templateId }, undefined, options)).template,
      /**
       * List saved message templates. Templates of the caller's organization by sortOrder, then id; keyset pagination
       * as for locks.
       *
       * Requires the scope `messages:read`.
       *
       * Resolves to a PagedList of the answers' `templates`, every page in turn (`.pages()`, `.toArray()`).
       */
      list: (query: QueryOf<"listMessageTemplates"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listMessageTemplates">, "templates">(send, "/v1/templates/list_message_templates", "templates", query, options),
      /**
       * Create a message template. A new template of the caller's organization. Its body's placeholders are {{name}},
       * each a variable of list_template_variables; an unclosed {{, a stray }}, a bad name or a name outside the
       * catalog is 400 with the character offset (and, for a name, up to three it may have meant). At most 1,000
       * templates per organization. Body: application/json, at most 16 KiB, no fields besides those listed. Retry
       * safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with
       * Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `messages:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      create: (body: BodyOf<"createMessageTemplate">, options: WriteOptions = {}) =>
        written<"createMessageTemplate">("/v1/templates/create_message_template", body, options),
      /**
       * List the template variables. The one fixed catalog of what a template's {{placeholder}} may name, each with
       * what it says and an example. Times are written in the unit's zone (UTC when it has none) with the labels of
       * preview_timezone_change.
       *
       * Requires the scope `messages:read`.
       *
       * Resolves to the answer's `variables`.
       */
      listVariables: async (options?: CallOptions) =>
        (await get<"listTemplateVariables">(send, "/v1/templates/list_template_variables", undefined, undefined, options)).variables,
    },
    locks: {
      /**
       * List active locks. Active locks of the caller's organization, newest first (createdAt desc, then lockId desc).
       * Follow nextCursor until it is null; cursors are opaque, bound to the organization and the list.
       *
       * Requires the scope `locks:read`.
       *
       * Resolves to a PagedList of the answers' `locks`, every page in turn (`.pages()`, `.toArray()`).
       */
      list: (query: QueryOf<"listLocks"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listLocks">, "locks">(send, "/v1/locks", "locks", query, options),
      /**
       * Get an active lock. One active lock of the caller's organization.
       *
       * Requires the scope `locks:read`.
       *
       * Resolves to the answer's `lock`.
       */
      get: async (lockId: string, options?: CallOptions) =>
        (await get<"getLock">(send, path("/v1/locks/{lockId}", lockId), undefined, undefined, options)).lock,
      /**
       * Read a lock's live state. Read live from the lock's provider (answers reused for at most 2 s); a provider that
       * fails or is too slow gives 503 with Retry-After. A 503 without Retry-After means the server is not configured
       * for the lock's provider: retrying cannot help.
       *
       * Requires the scope `lock-state:read`.
       *
       * Resolves to the answer's `state`.
       */
      getState: async (lockId: string, options?: CallOptions) =>
        (await get<"getLockState">(send, path("/v1/locks/{lockId}/state", lockId), undefined, undefined, options)).state,
    },
    events: {
      /**
       * List events. Changes in the caller's organization, newest first (createdAt desc, then id desc), of one type
       * when `type` is given; kept 30 days. A cursor is bound to its `type`: send it with the same one (or none, if it
       * was made without). A `message.due` carries its `to` and `text` to a key that also holds `tours:read`, null to
       * any other.
       *
       * Requires the scope `events:read`.
       *
       * Resolves to a PagedList of the answers' `events`, every page in turn (`.pages()`, `.toArray()`).
       */
      list: (query: QueryOf<"listEvents"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listEvents">, "events">(send, "/v1/events", "events", query, options),
      /**
       * Get an event. One event of the caller's organization, exactly as its webhook deliveries carry it (a
       * `message.due`'s `to` and `text`: to a key that also holds `tours:read`; null to any other).
       *
       * Requires the scope `events:read`.
       *
       * Resolves to the answer's `event`.
       */
      get: async (eventId: string, options?: CallOptions) =>
        (await get<"getEvent">(send, path("/v1/events/{eventId}", eventId), undefined, undefined, options)).event,
    },
    webhookEndpoints: {
      /**
       * Create a webhook endpoint. Events of the types listed are POSTed to `url`, signed as Standard Webhooks 1.0 says
       * with the `secret` of this answer (shown here only: keep it). `["*"]` is every type but `message.due`: its
       * deliveries carry a message's text and recipient, so an endpoint gets it only by naming it, and only an API key
       * that also holds `tours:read` may name it (403 `missing_scope` otherwise). At most 16 endpoints per
       * organization. Retry safely with an Idempotency-Key: the 201 is kept for 24 h and replayed, secret included, to
       * a retry with the same key and body.
       *
       * Requires the scope `webhooks:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      create: (body: BodyOf<"createWebhookEndpoint">, options: WriteOptions = {}) =>
        written<"createWebhookEndpoint">("/v1/webhook_endpoints", body, options),
      /**
       * List webhook endpoints. The organization's webhook endpoints, newest first; keyset pagination as for locks.
       *
       * Requires the scope `webhooks:write`.
       *
       * Resolves to a PagedList of the answers' `webhookEndpoints`, every page in turn (`.pages()`, `.toArray()`).
       */
      list: (query: QueryOf<"listWebhookEndpoints"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listWebhookEndpoints">, "webhookEndpoints">(send, "/v1/webhook_endpoints", "webhookEndpoints", query, options),
      /**
       * Get a webhook endpoint. One webhook endpoint of the organization (without its secret).
       *
       * Requires the scope `webhooks:write`.
       *
       * Resolves to the answer's `webhookEndpoint`.
       */
      get: async (endpointId: string, options?: CallOptions) =>
        (await get<"getWebhookEndpoint">(send, path("/v1/webhook_endpoints/{endpointId}", endpointId), undefined, undefined, options)).webhookEndpoint,
      /**
       * Update a webhook endpoint. Replaces the fields given (url, eventTypes, description), each by create's rules;
       * the others, the status and the secret stay. Deliveries already pending go to the new url. Naming `message.due`,
       * or a new url for an endpoint that names it, needs `tours:read` too (403 `missing_scope`). Body:
       * application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the
       * first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same
       * key and body.
       *
       * Requires the scope `webhooks:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      update: (endpointId: string, body: BodyOf<"updateWebhookEndpoint">, options: WriteOptions = {}) =>
        written<"updateWebhookEndpoint">(path("/v1/webhook_endpoints/{endpointId}", endpointId), body, options),
      /**
       * List an endpoint's deliveries. The deliveries of events to this endpoint, newest first, with how the last
       * attempt went and when the next is due. A cursor is bound to its endpoint.
       *
       * Requires the scope `webhooks:write`.
       *
       * Resolves to a PagedList of the answers' `deliveries`, every page in turn (`.pages()`, `.toArray()`).
       */
      listDeliveries: (endpointId: string, query: QueryOf<"listDeliveries"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listDeliveries">, "deliveries">(send, path("/v1/webhook_endpoints/{endpointId}/deliveries", endpointId), "deliveries", query, options),
      /**
       * Rotate a webhook endpoint's secret. A new secret, shown in this answer only. For the next 24 h every delivery
       * carries two signatures in webhook-signature (space-separated, the new secret's first), so a receiver can switch
       * secrets without missing one; then the new one alone. No body needed. Retry safely with an Idempotency-Key: the
       * answer, secret included, is kept for 24 h and replayed to a retry with the same key.
       *
       * Requires the scope `webhooks:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      rotateSecret: (endpointId: string, options: WriteOptions = {}) =>
        written<"rotateWebhookEndpointSecret">(path("/v1/webhook_endpoints/{endpointId}/rotate_secret", endpointId), undefined, options),
      /**
       * Recover failed deliveries. After a receiver was down: every failed delivery of the endpoint whose event was
       * created at `since` or later (at most 30 days back) is attempted again, each as retry does; answers how many
       * were queued. 409 conflict when the endpoint is disabled (enable it first). Body: application/json, at most 16
       * KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept
       * for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
       *
       * Requires the scope `webhooks:write`.
       *
       * Resolves to the answer and `replayed`; the Idempotency-Key is `idempotencyKey`, else a new UUID.
       */
      recover: (endpointId: string, body: BodyOf<"recoverDeliveries">, options: WriteOptions = {}) =>
        written<"recoverDeliveries">(path("/v1/webhook_endpoints/{endpointId}/recover", endpointId), body, options),
    },
  };
}
