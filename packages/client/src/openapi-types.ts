// Generated from Lintel's /v1/openapi.json by openapi-typescript: `npm run -s client:types`. Do not edit.

export interface paths {
    "/v1/units/preview_timezone_change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview a unit's time-zone change
         * @description Lists every future tour, code, open house and scheduled message of the unit that would move under keep-wall-clock, with labels before and after under both policies. Changes nothing; pass expectedVersion to set_timezone. status: ok; noop (the unit already has this zone); conflict (an item's lock also serves a unit in another zone: a warning, the change can still be applied). A local time in a spring-forward gap moves forward by the gap; one in a fall-back overlap takes the earlier instant; an item whose length changes says warnings: ["duration_changed"].
         *
         *     Requires the scope `units:write`.
         */
        get: operations["previewTimezoneChange"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/set_timezone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a unit's time zone
         * @description Atomically checks expectedVersion, sets the zone, rewrites the items the preview listed (keep_wall_clock only) and bumps the version. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 200 or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `units:write`.
         */
        post: operations["setTimezone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/create_unit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a unit
         * @description A new unit of the caller's organization, at version 1. A urlKey the organization already uses is 409 conflict. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `units:write`.
         */
        post: operations["createUnit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/update_unit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a unit
         * @description Sets the unit's urlKey or address (its zone changes through set_timezone, which moves the schedule with it). Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that version (else 409 version_conflict with currentVersion), so a preview made before it is stale. A write that changes nothing answers the record as it is, keeps the version and emits no event. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `units:write`.
         */
        post: operations["updateUnit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/create_schedule_item": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a tour, code, open house or scheduled message
         * @description By kind: tour and open_house take title, startAt, endAt and lockId (optional); code takes title (its name), startAt, endAt and lockId; scheduled_message takes title, sendAt and templateId (optional). Fields of another kind are 400. A lockId must name an active lock of the organization that serves the unit; at most 10,000 items per unit. Answers the item as list_schedule serves it and the unit. Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that version (else 409 version_conflict with currentVersion), so a preview made before it is stale. A write that changes nothing answers the record as it is, keeps the version and emits no event. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `units:write`.
         */
        post: operations["createScheduleItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/update_schedule_item": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a schedule item
         * @description Sets the fields given of the item named by its key (lockId: null and templateId: null clear them); the others are kept, and the kind cannot change. An item a booked tour owns (its tourId is set) is 409 conflict: it changes with its tour; so is a message that was sent, failed or skipped (history). A message moved is sent at its new sendAt. Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that version (else 409 version_conflict with currentVersion), so a preview made before it is stale. A write that changes nothing answers the record as it is, keeps the version and emits no event. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `units:write`.
         */
        post: operations["updateScheduleItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/delete_schedule_item": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a schedule item
         * @description Removes the item named by its key; answers the unit after the change (a message deleted is never sent). An item a booked tour owns is 409 conflict: cancel the tour; so is a message that was sent, failed or skipped (history). Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that version (else 409 version_conflict with currentVersion), so a preview made before it is stale. A write that changes nothing answers the record as it is, keeps the version and emits no event. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `units:write`.
         */
        post: operations["deleteScheduleItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/set_showing_rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set when a unit may be toured
         * @description The unit's showing rules in its own wall-clock time (windows per weekday, slot length, buffers, notice, horizon, tours at once, blackouts); rules: null removes them. Units serve them as showingRules. A unit without a time zone cannot have rules (409 conflict). set_timezone keeps them as they are: the slots follow the new zone. Event unit.showing_rules_changed. Adds 1 to the unit's version; with expectedVersion, applies only while the unit is at that version (else 409 version_conflict with currentVersion), so a preview made before it is stale. A write that changes nothing answers the record as it is, keeps the version and emits no event. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `units:write`.
         */
        post: operations["setShowingRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/list_available_slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the slots a prospect may book
         * @description The unit's slots between from (default now) and to (default from + 7 days, at most 31 days after from), by startAt: in each window a slot starts at opens and every slotMinutes of local time after it, read in the unit's zone (a local start that a spring-forward gap skips is not offered; in a fall-back overlap the earlier instant), and must end, read locally, on its start's date and not after closes. Only slots at or after now + minNoticeMinutes and before now + maxDaysAhead days. remaining = maxConcurrent minus the unit's tours overlapping the slot widened by bufferMinutes each side; slots with none remaining, or overlapping a blackout or an open house, are left out. A unit without rules offers none.
         *
         *     Requires the scope `units:read` or `tours:read`.
         */
        get: operations["listAvailableSlots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/list_units": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List units
         * @description Units of the caller's organization by urlKey ascending; keyset pagination as for locks. A key with units:write may read too.
         *
         *     Requires the scope `units:read`.
         */
        get: operations["listUnits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/get_unit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a unit
         * @description One unit of the caller's organization, by id, else by urlKey. A key with units:write may read too.
         *
         *     Requires the scope `units:read`.
         */
        get: operations["getUnit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/units/list_schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a unit's schedule
         * @description The unit's tours, codes, open houses and scheduled messages whose end is after `from` (default now), by startAt, then kind, then key, with their times in the unit's zone. A cursor is bound to its unit and its `from`: send it without `from`, or with the same one.
         *
         *     Requires the scope `units:read`.
         */
        get: operations["listSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tours/book_tour": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book a self-guided tour
         * @description Makes the tour, its code (on the unit's only active lock, or lockId; from startAt − access.beforeMinutes to endAt + access.afterMinutes, a 6-digit PIN no other code of that lock holds, programmed on the lock through the outbox) and its messages (sendAt = the anchor + offsetMinutes) in one atomic step: the unit's version + 1, one tour.booked event. With verification: required the code is held off the lock (lockSync held) and its messages are not sent (delivery held) until confirm_tour, and the tour is cancelled (not_verified) if still unconfirmed when its access starts. A tour lasts at most 24 h, its access must end after now (and, with verification, start after now). On a unit with showing rules the tour must be one of its available slots (list_available_slots), else 409 slot_unavailable, exactly under concurrency. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `tours:write`.
         */
        post: operations["bookTour"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tours/confirm_tour": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a tour that awaits verification
         * @description awaiting_verification → confirmed: the held code goes to the lock, and held messages go to the sender (those whose sendAt has passed are sent at once). A confirmed tour is answered as it is. A status the command does not take is 409 conflict naming it (the status of the moment: a timed transition whose instant has passed counts as done). Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `tours:write`.
         */
        post: operations["confirmTour"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tours/reschedule_tour": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a tour, its code and its messages
         * @description Before the tour's access starts: the tour, its code's window (same margins; the lock gets the new times) and its unsent messages anchored at start or end move together, in one step: the unit's version + 1, one tour.rescheduled event with previous times. A message that would now be due in the past is skipped (delivery skipped: never sent, kept with its new sendAt); sent ones stay as they were. The bounds of a booking apply. A status the command does not take is 409 conflict naming it (the status of the moment: a timed transition whose instant has passed counts as done). Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `tours:write`.
         */
        post: operations["rescheduleTour"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tours/cancel_tour": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a tour and revoke its code
         * @description The tour leaves the schedule (its tour item, its code and its unsent messages are deleted, so they are never sent; sent, failed and skipped ones stay as history; get_tour and list_tours still serve the tour) and its code is removed from the lock through the outbox: a provider outage delays the removal, never loses it (access.lockSync pending until the provider confirmed it, then removed; a held code is removed at once). Version + 1, one tour.cancelled event. A cancelled tour is answered as it is. A status the command does not take is 409 conflict naming it (the status of the moment: a timed transition whose instant has passed counts as done). Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `tours:write`.
         */
        post: operations["cancelTour"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tours/check_in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a tour in
         * @description The prospect arrived (an app's "I'm here"): confirmed → checked_in, checkedInAt = at (default now; within the access window, not ahead). A no-show whose prospect did come becomes completed. The lock says so too: Seam's lock.unlocked with the tour's code checks it in. A status the command does not take is 409 conflict naming it (the status of the moment: a timed transition whose instant has passed counts as done). Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `tours:write`.
         */
        post: operations["checkIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tours/get_tour": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tour
         * @description A tour booked through book_tour, with its status of the moment, its code (PIN included) and the prospect's contact data. Tours written through create_schedule_item are not tours here (404).
         *
         *     Requires the scope `tours:read`.
         */
        get: operations["getTour"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tours/list_tours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tours
         * @description The organization's booked tours whose end is after from (default now), by startAt then id; of one unit and in one status (of the moment) when asked. A page may hold fewer than limit when many tours are filtered out; follow nextCursor.
         *
         *     Requires the scope `tours:read`.
         */
        get: operations["listTours"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/get_message_template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a saved message template
         * @description One template of the caller's organization.
         *
         *     Requires the scope `messages:read`.
         */
        get: operations["getMessageTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/list_message_templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List saved message templates
         * @description Templates of the caller's organization by sortOrder, then id; keyset pagination as for locks.
         *
         *     Requires the scope `messages:read`.
         */
        get: operations["listMessageTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/create_message_template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a message template
         * @description A new template of the caller's organization. Its body's placeholders are {{name}}, each a variable of list_template_variables; an unclosed {{, a stray }}, a bad name or a name outside the catalog is 400 with the character offset (and, for a name, up to three it may have meant). At most 1,000 templates per organization. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `messages:write`.
         */
        post: operations["createMessageTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/update_message_template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a message template
         * @description Sets the fields given (updatedAt moves); a body is checked as create_message_template checks it. With If-Match (the ETag get_message_template served), applies only while the template is still that version, else 412. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `messages:write`.
         */
        post: operations["updateMessageTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/delete_message_template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a message template
         * @description Deletes the template. One that a scheduled message still to be sent names is 409 conflict; If-Match as for an update. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `messages:write`.
         */
        post: operations["deleteMessageTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/list_template_variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the template variables
         * @description The one fixed catalog of what a template's {{placeholder}} may name, each with what it says and an example. Times are written in the unit's zone (UTC when it has none) with the labels of preview_timezone_change.
         *
         *     Requires the scope `messages:read`.
         */
        get: operations["listTemplateVariables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/render_message_template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a message template
         * @description What a message would say now: a saved template (templateId) or a template's text (body), exactly one, rendered for a unit and optionally one of its booked tours (tourId, which also needs tours:read: the answer shows its PIN and prospect). A placeholder with no value (a code.pin without a tour) renders empty and is listed in missing; a body is checked as a template write checks it. sms says the encoding, units and segments the text takes. Changes nothing. Body: application/json, at most 16 KiB, no fields besides those listed.
         *
         *     Requires the scope `messages:read`.
         */
        post: operations["renderMessageTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/locks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List active locks
         * @description Active locks of the caller's organization, newest first (createdAt desc, then lockId desc). Follow nextCursor until it is null; cursors are opaque, bound to the organization and the list.
         *
         *     Requires the scope `locks:read`.
         */
        get: operations["listLocks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/locks/{lockId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an active lock
         * @description One active lock of the caller's organization.
         *
         *     Requires the scope `locks:read`.
         */
        get: operations["getLock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/locks/update_lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a lock
         * @description Sets the fields given of a lock of the organization, active or inactive (only this endpoint answers an inactive one; every read still hides it): its name, the units it serves (1 to 50, each once: how a unit made with create_unit gets a lock, and so codes), the device's zone (null clears it), its status. updatedAt moves. A lock may not stop serving a unit (leave it, or become inactive) while a code of that unit ending ahead names it: 409 conflict naming how many and the first one's key. The tours and open houses of that unit ending ahead that name it lose their lockId in the same step: the unit's version + 1, one schedule.item_updated each; a code removal still queued for the lock is still carried out. With If-Match (the ETag GET /v1/locks/{lockId} or this endpoint served), applies only while the lock is still that version, else 412. The answer carries the lock's ETag. A write that changes nothing answers the lock as it is and emits no event. Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `locks:write`.
         */
        post: operations["updateLock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/locks/{lockId}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a lock's live state
         * @description Read live from the lock's provider (answers reused for at most 2 s); a provider that fails or is too slow gives 503 with Retry-After. A 503 without Retry-After means the server is not configured for the lock's provider: retrying cannot help.
         *
         *     Requires the scope `lock-state:read`.
         */
        get: operations["getLockState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Changes in the caller's organization, newest first (createdAt desc, then id desc), of one type when `type` is given; kept 30 days. A cursor is bound to its `type`: send it with the same one (or none, if it was made without). A `message.due` carries its `to` and `text` to a key that also holds `tours:read`, null to any other.
         *
         *     Requires the scope `events:read`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description One event of the caller's organization, exactly as its webhook deliveries carry it (a `message.due`'s `to` and `text`: to a key that also holds `tours:read`; null to any other).
         *
         *     Requires the scope `events:read`.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The organization's webhook endpoints, newest first; keyset pagination as for locks.
         *
         *     Requires the scope `webhooks:write`.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Events of the types listed are POSTed to `url`, signed as Standard Webhooks 1.0 says with the `secret` of this answer (shown here only: keep it). `["*"]` is every type but `message.due`: its deliveries carry a message's text and recipient, so an endpoint gets it only by naming it, and only an API key that also holds `tours:read` may name it (403 `missing_scope` otherwise). At most 16 endpoints per organization. Retry safely with an Idempotency-Key: the 201 is kept for 24 h and replayed, secret included, to a retry with the same key and body.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One webhook endpoint of the organization (without its secret).
         *
         *     Requires the scope `webhooks:write`.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        /**
         * Update a webhook endpoint
         * @description Replaces the fields given (url, eventTypes, description), each by create's rules; the others, the status and the secret stay. Deliveries already pending go to the new url. Naming `message.due`, or a new url for an endpoint that names it, needs `tours:read` too (403 `missing_scope`). Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["updateWebhookEndpoint"];
        /**
         * Delete a webhook endpoint
         * @description Nothing more is delivered to it; its pending deliveries fail.
         *
         *     Requires the scope `webhooks:write`.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpointId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a webhook endpoint
         * @description Enables a disabled endpoint (after a 410, or 5 days of failures): it receives the events created from then on. No body needed.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["enableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description The deliveries of events to this endpoint, newest first, with how the last attempt went and when the next is due. A cursor is bound to its endpoint.
         *
         *     Requires the scope `webhooks:write`.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpointId}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret
         * @description A new secret, shown in this answer only. For the next 24 h every delivery carries two signatures in webhook-signature (space-separated, the new secret's first), so a receiver can switch secrets without missing one; then the new one alone. No body needed. Retry safely with an Idempotency-Key: the answer, secret included, is kept for 24 h and replayed to a retry with the same key.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpointId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a delivery
         * @description A failed (or delivered) delivery is attempted again at once, with the same webhook-id, then on the retry schedule from its start. 409 conflict while it is still pending, or when the endpoint is disabled (enable it first). No body needed.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["retryDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpointId}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recover failed deliveries
         * @description After a receiver was down: every failed delivery of the endpoint whose event was created at `since` or later (at most 30 days back) is attempted again, each as retry does; answers how many were queued. 409 conflict when the endpoint is disabled (enable it first). Body: application/json, at most 16 KiB, no fields besides those listed. Retry safely with an Idempotency-Key: the first 2xx or 409 answer is kept for 24 h and replayed (with Idempotent-Replayed: true) to a retry with the same key and body.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["recoverDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpointId}/send_test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Delivers one event of type webhook_endpoint.test (data: { endpointId }) to the endpoint, whatever its eventTypes, signed like every other. It is listed in the endpoint's deliveries but is not an event of /v1/events. 409 conflict when the endpoint is disabled. No body needed.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Process is alive
         * @description Process is alive. No API key needed; a query string is refused (400).
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Store is reachable
         * @description Store is reachable. No API key needed; a query string is refused (400).
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description This OpenAPI document. No API key needed; a query string is refused (400).
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference, rendered from this document
         * @description The API reference, rendered from this document. No API key needed; a query string is refused (400).
         */
        get: operations["getReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Error documentation, one anchor per problem code
         * @description Error documentation, one anchor per problem code. No API key needed; a query string is refused (400).
         */
        get: operations["getErrorReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Lock: {
            /** @description The lock's id. */
            lockId: string;
            /** @description The lock's name. */
            name: string;
            /** @description The lock provider (e.g. seam). */
            provider: string;
            /** @description The lock's id at its provider. */
            providerDeviceId: string;
            /** @description The lock's model, or null when unknown. */
            model: string | null;
            /** @description IANA zone name, or null = none set (UTC). */
            timeZone: string | null;
            unitIds: string[];
            /** @enum {string} */
            status: "active" | "inactive";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            updatedAt: string;
        };
        LockState: {
            /** @description The lock's id. */
            lockId: string;
            /** @description The lock provider that answered. */
            provider: string;
            /** @enum {string} */
            lockState: "locked" | "unlocked" | "jammed" | "unknown";
            /** @enum {string} */
            doorState: "open" | "closed" | "unknown";
            online: boolean;
            /** @description 0..1, or null when unknown. */
            batteryLevel: number | null;
            lastSeenAt: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            fetchedAt: string;
        };
        Template: {
            /** @description The template's id. */
            id: string;
            /** @description The template's name. */
            name: string;
            /** @description Message text with {{variables}} placeholders. */
            body: string;
            /** @description Templates are listed by sortOrder, then id. */
            sortOrder: number;
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            updatedAt: string;
        };
        PreviewItem: {
            /** @description <kind>:<id> */
            key: string;
            /** @enum {string} */
            kind: "tour" | "code" | "open_house" | "scheduled_message";
            /** @description A code's name, else the title. */
            title: string;
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            startAt: string;
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            endAt: string;
            /**
             * Format: date-time
             * @description Keep-wall-clock start, RFC 3339 with the proposed zone's offset, seconds precision.
             */
            wallClockStart: string;
            /**
             * Format: date-time
             * @description Keep-wall-clock end, RFC 3339 with the proposed zone's offset, seconds precision.
             */
            wallClockEnd: string;
            beforeLabel: string;
            keepInstantLabel: string;
            keepWallClockLabel: string;
            sharedLockConflict: boolean;
            /** @description Codes to check before applying keep_wall_clock, usually none. duration_changed: wallClockEnd − wallClockStart differs from endAt − startAt (a fall-back overlap or a spring-forward gap within the item). */
            warnings: "duration_changed"[];
        };
        Unit: {
            /** @description The unit's id. */
            id: string;
            /** @description The unit's key in URLs, unique in its org (kebab-case). */
            urlKey: string;
            /** @description The unit's address. */
            address: string;
            /** @description IANA zone name, or null = none set (UTC). */
            timeZone: string | null;
            /** @description ≥ 1, +1 on every change of the unit. */
            version: number;
            /** @description When prospects may tour it (set_showing_rules), or null. */
            showingRules: {
                /** @description Windows of local wall-clock time per weekday (`HH:MM`, `24:00` = the end of the day). */
                weekly: {
                    /** @enum {string} */
                    day: "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat";
                    opens: string;
                    closes: string;
                }[];
                slotMinutes: number;
                bufferMinutes: number;
                minNoticeMinutes: number;
                maxDaysAhead: number;
                maxConcurrent: number;
                blackouts: {
                    /** Format: date-time */
                    startAt: string;
                    /** Format: date-time */
                    endAt: string;
                }[];
            } | null;
        };
        ScheduleEntry: {
            /** @description <kind>:<id> */
            key: string;
            /** @enum {string} */
            kind: "tour" | "code" | "open_house" | "scheduled_message";
            id: string;
            /** @description A code's name, else the title. */
            title: string;
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            startAt: string;
            /** @description RFC 3339 instant in UTC with milliseconds; a message's sendAt, as startAt. */
            endAt: string;
            lockId: string | null;
            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset, seconds precision. */
            localStart: string;
            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset, seconds precision. */
            localEnd: string;
            /** @description The range in the unit's zone, e.g. Tue, Dec 1, 2026, 10:00 AM – 11:00 AM EST. */
            label: string;
            /** @description A scheduled message's template, else null. */
            templateId: string | null;
            /** @description A code's PIN (4-8 digits); null for other kinds, and in events (read it from the schedule). */
            code: string | null;
            /** @description Where a code stands with its lock; null for other kinds. */
            lockSync: {
                /** @enum {string} */
                status: "pending" | "set" | "failed" | "held" | "removed";
                /** @description Which provider and what happened, when failed; else null. */
                error: string | null;
                /**
                 * Format: date-time
                 * @description RFC 3339 instant in UTC with milliseconds.
                 */
                updatedAt: string;
            } | null;
            /** @description The booked tour that owns the item (its own tour item, its code, its messages), else null. */
            tourId: string | null;
            /** @description Where a message stands with its sending; null for other kinds. */
            delivery: {
                /** @enum {string} */
                status: "scheduled" | "held" | "sent" | "failed" | "skipped";
                /** @description How it was sent (or failed); null before. */
                channel: ("webhook" | "email") | null;
                /** @description When it was sent; null until then. */
                sentAt: string | null;
                /** @description Why it failed (or why its last email attempt did); else null. */
                error: string | null;
            } | null;
        };
        Problem: {
            /** @description {DOCS_URL}/errors#<anchor> */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @enum {string} */
            code: "invalid_request" | "invalid_api_key" | "missing_scope" | "invalid_cursor" | "not_found" | "method_not_allowed" | "version_conflict" | "slot_unavailable" | "conflict" | "precondition_failed" | "idempotency_in_progress" | "idempotency_key_reused" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "rate_limited" | "internal_error" | "unavailable" | "request_timeout" | "expectation_failed" | "headers_too_large";
            requestId: string;
            invalidParams?: {
                name: string;
                reason: string;
            }[];
            /** @description version_conflict only: the unit's version now. */
            currentVersion?: number;
        };
        /** @description A change in the organization; delivered to webhook endpoints exactly as served here. */
        Event: {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "unit.timezone_changed";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                previousTimeZone: string | null;
                /** @enum {string} */
                policy: "keep_instant" | "keep_wall_clock";
                moved: {
                    /** @description `<kind>:<id>`. */
                    key: string;
                    /** @enum {string} */
                    kind: "tour" | "code" | "open_house" | "scheduled_message";
                    id: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    previousStartAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    previousEndAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    endAt: string;
                }[];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "lock.state_changed";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                lockId: string;
                provider: string;
                previous: {
                    /** @enum {string} */
                    lockState: "locked" | "unlocked" | "jammed" | "unknown";
                    /** @enum {string} */
                    doorState: "open" | "closed" | "unknown";
                    online: boolean;
                };
                state: components["schemas"]["LockState"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "unit.created";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "unit.updated";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                previous: {
                    urlKey: string;
                    address: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "schedule.item_created";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                item: components["schemas"]["ScheduleEntry"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "schedule.item_updated";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                item: components["schemas"]["ScheduleEntry"];
                previous: components["schemas"]["ScheduleEntry"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "schedule.item_deleted";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                item: components["schemas"]["ScheduleEntry"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "template.created";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                template: {
                    /** @description The template's id. */
                    id: string;
                    /** @description The template's name. */
                    name: string;
                    /** @description Message text with {{variables}} placeholders. */
                    body: string;
                    /** @description Templates are listed by sortOrder, then id. */
                    sortOrder: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "template.updated";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                template: {
                    /** @description The template's id. */
                    id: string;
                    /** @description The template's name. */
                    name: string;
                    /** @description Message text with {{variables}} placeholders. */
                    body: string;
                    /** @description Templates are listed by sortOrder, then id. */
                    sortOrder: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
                previous: {
                    /** @description The template's id. */
                    id: string;
                    /** @description The template's name. */
                    name: string;
                    /** @description Message text with {{variables}} placeholders. */
                    body: string;
                    /** @description Templates are listed by sortOrder, then id. */
                    sortOrder: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "template.deleted";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                template: {
                    /** @description The template's id. */
                    id: string;
                    /** @description The template's name. */
                    name: string;
                    /** @description Message text with {{variables}} placeholders. */
                    body: string;
                    /** @description Templates are listed by sortOrder, then id. */
                    sortOrder: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "webhook_delivery.failed";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                endpointId: string;
                delivery: components["schemas"]["Delivery"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "webhook_endpoint.disabled";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                webhookEndpoint: components["schemas"]["WebhookEndpoint"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "access_code.synced";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unitId: string;
                item: components["schemas"]["ScheduleEntry"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "access_code.sync_failed";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unitId: string;
                item: components["schemas"]["ScheduleEntry"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "lock.updated";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                lock: components["schemas"]["Lock"];
                previous: {
                    name: string;
                    unitIds: string[];
                    timeZone: string | null;
                    /** @enum {string} */
                    status: "active" | "inactive";
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "tour.booked";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                tour: {
                    /** @description The tour's id (tour_…). */
                    id: string;
                    unitId: string;
                    /**
                     * @description Where the tour is in its life, at the moment of the answer.
                     * @enum {string}
                     */
                    status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                    title: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    endAt: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localStart: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localEnd: string;
                    lockId: string | null;
                    prospect: {
                        name: string;
                        /** @description Served to keys with tours:read only; null in events. */
                        email: string | null;
                        /** @description E.164. Served to keys with tours:read only; null in events. */
                        phone: string | null;
                    };
                    access: {
                        /**
                         * Format: date-time
                         * @description When the code starts to open the door: startAt − beforeMinutes.
                         */
                        startAt: string;
                        /**
                         * Format: date-time
                         * @description When it stops: endAt + afterMinutes.
                         */
                        endAt: string;
                        /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                        codeKey: string | null;
                        /** @description The PIN; null in events and without a code. */
                        code: string | null;
                        /** @description Where the code stands with its lock; null without a code. */
                        lockSync: {
                            /** @enum {string} */
                            status: "pending" | "set" | "failed" | "held" | "removed";
                            /** @description Which provider and what happened, when failed; else null. */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        } | null;
                    };
                    messageKeys: string[];
                    /** @enum {string} */
                    verification: "none" | "required";
                    checkedInAt: string | null;
                    cancelReason: string | null;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "tour.confirmed";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                tour: {
                    /** @description The tour's id (tour_…). */
                    id: string;
                    unitId: string;
                    /**
                     * @description Where the tour is in its life, at the moment of the answer.
                     * @enum {string}
                     */
                    status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                    title: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    endAt: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localStart: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localEnd: string;
                    lockId: string | null;
                    prospect: {
                        name: string;
                        /** @description Served to keys with tours:read only; null in events. */
                        email: string | null;
                        /** @description E.164. Served to keys with tours:read only; null in events. */
                        phone: string | null;
                    };
                    access: {
                        /**
                         * Format: date-time
                         * @description When the code starts to open the door: startAt − beforeMinutes.
                         */
                        startAt: string;
                        /**
                         * Format: date-time
                         * @description When it stops: endAt + afterMinutes.
                         */
                        endAt: string;
                        /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                        codeKey: string | null;
                        /** @description The PIN; null in events and without a code. */
                        code: string | null;
                        /** @description Where the code stands with its lock; null without a code. */
                        lockSync: {
                            /** @enum {string} */
                            status: "pending" | "set" | "failed" | "held" | "removed";
                            /** @description Which provider and what happened, when failed; else null. */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        } | null;
                    };
                    messageKeys: string[];
                    /** @enum {string} */
                    verification: "none" | "required";
                    checkedInAt: string | null;
                    cancelReason: string | null;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "tour.rescheduled";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                tour: {
                    /** @description The tour's id (tour_…). */
                    id: string;
                    unitId: string;
                    /**
                     * @description Where the tour is in its life, at the moment of the answer.
                     * @enum {string}
                     */
                    status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                    title: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    endAt: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localStart: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localEnd: string;
                    lockId: string | null;
                    prospect: {
                        name: string;
                        /** @description Served to keys with tours:read only; null in events. */
                        email: string | null;
                        /** @description E.164. Served to keys with tours:read only; null in events. */
                        phone: string | null;
                    };
                    access: {
                        /**
                         * Format: date-time
                         * @description When the code starts to open the door: startAt − beforeMinutes.
                         */
                        startAt: string;
                        /**
                         * Format: date-time
                         * @description When it stops: endAt + afterMinutes.
                         */
                        endAt: string;
                        /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                        codeKey: string | null;
                        /** @description The PIN; null in events and without a code. */
                        code: string | null;
                        /** @description Where the code stands with its lock; null without a code. */
                        lockSync: {
                            /** @enum {string} */
                            status: "pending" | "set" | "failed" | "held" | "removed";
                            /** @description Which provider and what happened, when failed; else null. */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        } | null;
                    };
                    messageKeys: string[];
                    /** @enum {string} */
                    verification: "none" | "required";
                    checkedInAt: string | null;
                    cancelReason: string | null;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
                previous: {
                    startAt: string;
                    endAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "tour.cancelled";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                tour: {
                    /** @description The tour's id (tour_…). */
                    id: string;
                    unitId: string;
                    /**
                     * @description Where the tour is in its life, at the moment of the answer.
                     * @enum {string}
                     */
                    status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                    title: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    endAt: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localStart: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localEnd: string;
                    lockId: string | null;
                    prospect: {
                        name: string;
                        /** @description Served to keys with tours:read only; null in events. */
                        email: string | null;
                        /** @description E.164. Served to keys with tours:read only; null in events. */
                        phone: string | null;
                    };
                    access: {
                        /**
                         * Format: date-time
                         * @description When the code starts to open the door: startAt − beforeMinutes.
                         */
                        startAt: string;
                        /**
                         * Format: date-time
                         * @description When it stops: endAt + afterMinutes.
                         */
                        endAt: string;
                        /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                        codeKey: string | null;
                        /** @description The PIN; null in events and without a code. */
                        code: string | null;
                        /** @description Where the code stands with its lock; null without a code. */
                        lockSync: {
                            /** @enum {string} */
                            status: "pending" | "set" | "failed" | "held" | "removed";
                            /** @description Which provider and what happened, when failed; else null. */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        } | null;
                    };
                    messageKeys: string[];
                    /** @enum {string} */
                    verification: "none" | "required";
                    checkedInAt: string | null;
                    cancelReason: string | null;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "tour.checked_in";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                tour: {
                    /** @description The tour's id (tour_…). */
                    id: string;
                    unitId: string;
                    /**
                     * @description Where the tour is in its life, at the moment of the answer.
                     * @enum {string}
                     */
                    status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                    title: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    endAt: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localStart: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localEnd: string;
                    lockId: string | null;
                    prospect: {
                        name: string;
                        /** @description Served to keys with tours:read only; null in events. */
                        email: string | null;
                        /** @description E.164. Served to keys with tours:read only; null in events. */
                        phone: string | null;
                    };
                    access: {
                        /**
                         * Format: date-time
                         * @description When the code starts to open the door: startAt − beforeMinutes.
                         */
                        startAt: string;
                        /**
                         * Format: date-time
                         * @description When it stops: endAt + afterMinutes.
                         */
                        endAt: string;
                        /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                        codeKey: string | null;
                        /** @description The PIN; null in events and without a code. */
                        code: string | null;
                        /** @description Where the code stands with its lock; null without a code. */
                        lockSync: {
                            /** @enum {string} */
                            status: "pending" | "set" | "failed" | "held" | "removed";
                            /** @description Which provider and what happened, when failed; else null. */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        } | null;
                    };
                    messageKeys: string[];
                    /** @enum {string} */
                    verification: "none" | "required";
                    checkedInAt: string | null;
                    cancelReason: string | null;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "tour.no_show";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                tour: {
                    /** @description The tour's id (tour_…). */
                    id: string;
                    unitId: string;
                    /**
                     * @description Where the tour is in its life, at the moment of the answer.
                     * @enum {string}
                     */
                    status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                    title: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    endAt: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localStart: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localEnd: string;
                    lockId: string | null;
                    prospect: {
                        name: string;
                        /** @description Served to keys with tours:read only; null in events. */
                        email: string | null;
                        /** @description E.164. Served to keys with tours:read only; null in events. */
                        phone: string | null;
                    };
                    access: {
                        /**
                         * Format: date-time
                         * @description When the code starts to open the door: startAt − beforeMinutes.
                         */
                        startAt: string;
                        /**
                         * Format: date-time
                         * @description When it stops: endAt + afterMinutes.
                         */
                        endAt: string;
                        /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                        codeKey: string | null;
                        /** @description The PIN; null in events and without a code. */
                        code: string | null;
                        /** @description Where the code stands with its lock; null without a code. */
                        lockSync: {
                            /** @enum {string} */
                            status: "pending" | "set" | "failed" | "held" | "removed";
                            /** @description Which provider and what happened, when failed; else null. */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        } | null;
                    };
                    messageKeys: string[];
                    /** @enum {string} */
                    verification: "none" | "required";
                    checkedInAt: string | null;
                    cancelReason: string | null;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "tour.completed";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                tour: {
                    /** @description The tour's id (tour_…). */
                    id: string;
                    unitId: string;
                    /**
                     * @description Where the tour is in its life, at the moment of the answer.
                     * @enum {string}
                     */
                    status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                    title: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    endAt: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localStart: string;
                    /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                    localEnd: string;
                    lockId: string | null;
                    prospect: {
                        name: string;
                        /** @description Served to keys with tours:read only; null in events. */
                        email: string | null;
                        /** @description E.164. Served to keys with tours:read only; null in events. */
                        phone: string | null;
                    };
                    access: {
                        /**
                         * Format: date-time
                         * @description When the code starts to open the door: startAt − beforeMinutes.
                         */
                        startAt: string;
                        /**
                         * Format: date-time
                         * @description When it stops: endAt + afterMinutes.
                         */
                        endAt: string;
                        /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                        codeKey: string | null;
                        /** @description The PIN; null in events and without a code. */
                        code: string | null;
                        /** @description Where the code stands with its lock; null without a code. */
                        lockSync: {
                            /** @enum {string} */
                            status: "pending" | "set" | "failed" | "held" | "removed";
                            /** @description Which provider and what happened, when failed; else null. */
                            error: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        } | null;
                    };
                    messageKeys: string[];
                    /** @enum {string} */
                    verification: "none" | "required";
                    checkedInAt: string | null;
                    cancelReason: string | null;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    createdAt: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 instant in UTC with milliseconds.
                     */
                    updatedAt: string;
                };
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "unit.showing_rules_changed";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unit: components["schemas"]["Unit"];
                previous: {
                    /** @description Windows of local wall-clock time per weekday (`HH:MM`, `24:00` = the end of the day). */
                    weekly: {
                        /** @enum {string} */
                        day: "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat";
                        opens: string;
                        closes: string;
                    }[];
                    slotMinutes: number;
                    bufferMinutes: number;
                    minNoticeMinutes: number;
                    maxDaysAhead: number;
                    maxConcurrent: number;
                    blackouts: {
                        /** Format: date-time */
                        startAt: string;
                        /** Format: date-time */
                        endAt: string;
                    }[];
                } | null;
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "message.due";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unitId: string;
                item: components["schemas"]["ScheduleEntry"];
                tourId: string | null;
                /** @description The tour's prospect; null for a message of no tour, or when not shown. */
                to: {
                    name: string;
                    email: string | null;
                    phone: string | null;
                } | null;
                /** @description The message as rendered when it fell due; null when not shown. */
                text: string | null;
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "message.sent";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unitId: string;
                item: components["schemas"]["ScheduleEntry"];
            };
        } | {
            /** @description evt_ + 24 letters and digits; the webhook-id of every delivery attempt. */
            id: string;
            /** @constant */
            type: "message.failed";
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
            data: {
                unitId: string;
                item: components["schemas"]["ScheduleEntry"];
            };
        };
        WebhookEndpoint: {
            /** @description we_ + 24 letters and digits. */
            id: string;
            url: string;
            eventTypes: ("unit.timezone_changed" | "lock.state_changed" | "unit.created" | "unit.updated" | "schedule.item_created" | "schedule.item_updated" | "schedule.item_deleted" | "template.created" | "template.updated" | "template.deleted" | "webhook_delivery.failed" | "webhook_endpoint.disabled" | "access_code.synced" | "access_code.sync_failed" | "lock.updated" | "tour.booked" | "tour.confirmed" | "tour.rescheduled" | "tour.cancelled" | "tour.checked_in" | "tour.no_show" | "tour.completed" | "unit.showing_rules_changed" | "message.due" | "message.sent" | "message.failed" | "*")[];
            description: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            /** @description Why it is disabled: it answered 410 (gone), or failed for 5 days (failing); null when enabled. */
            disabledReason: ("gone" | "failing") | null;
            /**
             * Format: date-time
             * @description RFC 3339 instant in UTC with milliseconds.
             */
            createdAt: string;
        };
        Delivery: {
            /** @description dlv_ + the first 24 hex characters of SHA-1(<eventId>:<endpointId>): one delivery per event and endpoint. */
            id: string;
            eventId: string;
            /**
             * @description The event's type.
             * @enum {string}
             */
            eventType: "unit.timezone_changed" | "lock.state_changed" | "unit.created" | "unit.updated" | "schedule.item_created" | "schedule.item_updated" | "schedule.item_deleted" | "template.created" | "template.updated" | "template.deleted" | "webhook_delivery.failed" | "webhook_endpoint.disabled" | "access_code.synced" | "access_code.sync_failed" | "lock.updated" | "tour.booked" | "tour.confirmed" | "tour.rescheduled" | "tour.cancelled" | "tour.checked_in" | "tour.no_show" | "tour.completed" | "unit.showing_rules_changed" | "message.due" | "message.sent" | "message.failed" | "webhook_endpoint.test";
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            /** @description Attempts made, every one: a retry or a recover queues the delivery again without taking any back. */
            attempts: number;
            /** @description When the last attempt was made; null before the first. */
            lastAttemptAt: string | null;
            /** @description The HTTP status of the last attempt; null when it got none. */
            lastResponseStatus: number | null;
            /** @description What went wrong with the last attempt, e.g. "HTTP 500", "timed out after 15 s". */
            lastError: string | null;
            /** @description When the next attempt will be made, never a time already past while pending (on a failing endpoint, when its turn comes); null once delivered or failed. */
            nextAttemptAt: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    previewTimezoneChange: {
        parameters: {
            query: {
                /**
                 * @description The unit's id, else its urlKey.
                 * @example chicago-loft
                 */
                unitIdOrKey: string;
                /**
                 * @description An IANA time zone name or link, matched case-insensitively; fixed offsets are refused.
                 * @example America/New_York
                 */
                proposedTimeZone: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "unitId": "unit_chicago",
                     *       "address": "1200 W Lake St, Chicago, IL",
                     *       "expectedVersion": 1,
                     *       "currentTimeZone": "America/Chicago",
                     *       "proposedTimeZone": "America/New_York",
                     *       "beforeUsesUtc": false,
                     *       "items": [
                     *         {
                     *           "key": "code:code_chi_cleaner",
                     *           "kind": "code",
                     *           "title": "Cleaner access",
                     *           "startAt": "2027-03-13T14:00:00.000Z",
                     *           "endAt": "2027-03-15T02:00:00.000Z",
                     *           "wallClockStart": "2027-03-13T08:00:00-05:00",
                     *           "wallClockEnd": "2027-03-14T21:00:00-04:00",
                     *           "beforeLabel": "Sat, Mar 13, 2027, 8:00 AM CST – Sun, Mar 14, 2027, 9:00 PM CDT",
                     *           "keepInstantLabel": "Sat, Mar 13, 2027, 9:00 AM EST – Sun, Mar 14, 2027, 10:00 PM EDT",
                     *           "keepWallClockLabel": "Sat, Mar 13, 2027, 8:00 AM EST – Sun, Mar 14, 2027, 9:00 PM EDT",
                     *           "sharedLockConflict": false,
                     *           "warnings": []
                     *         },
                     *         {
                     *           "key": "scheduled_message:msg_chi_reminder",
                     *           "kind": "scheduled_message",
                     *           "title": "Tour reminder",
                     *           "startAt": "2027-03-13T23:00:00.000Z",
                     *           "endAt": "2027-03-13T23:00:00.000Z",
                     *           "wallClockStart": "2027-03-13T17:00:00-05:00",
                     *           "wallClockEnd": "2027-03-13T17:00:00-05:00",
                     *           "beforeLabel": "Sat, Mar 13, 2027, 5:00 PM CST",
                     *           "keepInstantLabel": "Sat, Mar 13, 2027, 6:00 PM EST",
                     *           "keepWallClockLabel": "Sat, Mar 13, 2027, 5:00 PM EST",
                     *           "sharedLockConflict": false,
                     *           "warnings": []
                     *         },
                     *         {
                     *           "key": "tour:tour_chi_gap",
                     *           "kind": "tour",
                     *           "title": "Early tour before spring-forward",
                     *           "startAt": "2027-03-14T07:30:00.000Z",
                     *           "endAt": "2027-03-14T08:00:00.000Z",
                     *           "wallClockStart": "2027-03-14T01:30:00-05:00",
                     *           "wallClockEnd": "2027-03-14T03:00:00-04:00",
                     *           "beforeLabel": "Sun, Mar 14, 2027, 1:30 AM CST – Sun, Mar 14, 2027, 3:00 AM CDT",
                     *           "keepInstantLabel": "Sun, Mar 14, 2027, 3:30 AM – 4:00 AM EDT",
                     *           "keepWallClockLabel": "Sun, Mar 14, 2027, 1:30 AM EST – Sun, Mar 14, 2027, 3:00 AM EDT",
                     *           "sharedLockConflict": false,
                     *           "warnings": []
                     *         },
                     *         {
                     *           "key": "open_house:oh_chi_spring",
                     *           "kind": "open_house",
                     *           "title": "Spring open house",
                     *           "startAt": "2027-04-17T16:00:00.000Z",
                     *           "endAt": "2027-04-17T19:00:00.000Z",
                     *           "wallClockStart": "2027-04-17T11:00:00-04:00",
                     *           "wallClockEnd": "2027-04-17T14:00:00-04:00",
                     *           "beforeLabel": "Sat, Apr 17, 2027, 11:00 AM – 2:00 PM CDT",
                     *           "keepInstantLabel": "Sat, Apr 17, 2027, 12:00 PM – 3:00 PM EDT",
                     *           "keepWallClockLabel": "Sat, Apr 17, 2027, 11:00 AM – 2:00 PM EDT",
                     *           "sharedLockConflict": false,
                     *           "warnings": []
                     *         },
                     *         {
                     *           "key": "tour:tour_chi_evening",
                     *           "kind": "tour",
                     *           "title": "Evening tour",
                     *           "startAt": "2027-06-01T23:00:00.000Z",
                     *           "endAt": "2027-06-02T00:00:00.000Z",
                     *           "wallClockStart": "2027-06-01T18:00:00-04:00",
                     *           "wallClockEnd": "2027-06-01T19:00:00-04:00",
                     *           "beforeLabel": "Tue, Jun 1, 2027, 6:00 PM – 7:00 PM CDT",
                     *           "keepInstantLabel": "Tue, Jun 1, 2027, 7:00 PM – 8:00 PM EDT",
                     *           "keepWallClockLabel": "Tue, Jun 1, 2027, 6:00 PM – 7:00 PM EDT",
                     *           "sharedLockConflict": false,
                     *           "warnings": []
                     *         },
                     *         {
                     *           "key": "tour:tour_chi_overlap",
                     *           "kind": "tour",
                     *           "title": "Tour during fall-back",
                     *           "startAt": "2027-11-07T06:30:00.000Z",
                     *           "endAt": "2027-11-07T07:30:00.000Z",
                     *           "wallClockStart": "2027-11-07T01:30:00-04:00",
                     *           "wallClockEnd": "2027-11-07T01:30:00-04:00",
                     *           "beforeLabel": "Sun, Nov 7, 2027, 1:30 AM CDT – Sun, Nov 7, 2027, 1:30 AM CST",
                     *           "keepInstantLabel": "Sun, Nov 7, 2027, 1:30 AM – 2:30 AM EST",
                     *           "keepWallClockLabel": "Sun, Nov 7, 2027, 1:30 AM EDT",
                     *           "sharedLockConflict": false,
                     *           "warnings": [
                     *             "duration_changed"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "noop" | "conflict";
                        unitId: string;
                        address: string;
                        expectedVersion: number;
                        /** @description IANA zone name, or null = none set (UTC). */
                        currentTimeZone: string | null;
                        proposedTimeZone: string;
                        beforeUsesUtc: boolean;
                        items: components["schemas"]["PreviewItem"][];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setTimezone: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unitIdOrKey": "chicago-loft",
                 *       "timeZone": "America/New_York",
                 *       "expectedVersion": 1,
                 *       "policy": "keep_wall_clock"
                 *     }
                 */
                "application/json": {
                    /** @description The unit's id, else its urlKey. */
                    unitIdOrKey: string;
                    /** @description The new IANA time zone name or link, matched case-insensitively. */
                    timeZone: string;
                    /** @description The unit version the preview answered; a stale one gives 409. */
                    expectedVersion: number;
                    /**
                     * @description keep_instant leaves every instant; keep_wall_clock rewrites the items the preview listed.
                     * @enum {string}
                     */
                    policy: "keep_instant" | "keep_wall_clock";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/New_York",
                     *         "version": 2,
                     *         "showingRules": null
                     *       },
                     *       "moved": 6
                     *     }
                     */
                    "application/json": {
                        unit: components["schemas"]["Unit"];
                        moved: number;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description version_conflict: The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry. idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createUnit: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "urlKey": "12-elm-st-apt-3",
                 *       "address": "12 Elm St, Apt 3, Springfield",
                 *       "timeZone": "America/Chicago"
                 *     }
                 */
                "application/json": {
                    /** @description The unit's key in URLs, unique in the organization (kebab-case). */
                    urlKey: string;
                    /** @description The unit's address. */
                    address: string;
                    timeZone?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 1,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateUnit: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unitIdOrKey": "12-elm-st-apt-3",
                 *       "expectedVersion": 1,
                 *       "address": "12 Elm Street, Apt 3, Springfield"
                 *     }
                 */
                "application/json": {
                    /** @description The unit's id, else its urlKey. */
                    unitIdOrKey: string;
                    /** @description When given, the write applies only while the unit is at this version (else 409 version_conflict). */
                    expectedVersion?: number;
                    /** @description The unit's key in URLs, unique in the organization (kebab-case). */
                    urlKey?: string;
                    /** @description The unit's address. */
                    address?: string;
                    timeZone?: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 2,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. version_conflict: The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createScheduleItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unitIdOrKey": "12-elm-st-apt-3",
                 *       "expectedVersion": 1,
                 *       "kind": "tour",
                 *       "title": "Self-guided tour",
                 *       "startAt": "2026-12-01T10:00:00-06:00",
                 *       "endAt": "2026-12-01T11:00:00-06:00"
                 *     }
                 */
                "application/json": {
                    /** @description The unit's id, else its urlKey. */
                    unitIdOrKey: string;
                    /** @description When given, the write applies only while the unit is at this version (else 409 version_conflict). */
                    expectedVersion?: number;
                    /**
                     * @description tour and open_house: title, startAt, endAt, lockId?; code: title, startAt, endAt, lockId, code?; scheduled_message: title, sendAt, templateId?
                     * @enum {string}
                     */
                    kind: "tour" | "code" | "open_house" | "scheduled_message";
                    /** @description A tour's or open house's title, a code's name, a message's title. */
                    title?: string;
                    /**
                     * Format: date-time
                     * @description When it starts (tours, codes, open houses). Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    startAt?: string;
                    /**
                     * Format: date-time
                     * @description When it ends, after startAt (tours, codes, open houses). Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    endAt?: string;
                    /**
                     * Format: date-time
                     * @description When the message is sent (scheduled messages). Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    sendAt?: string;
                    lockId?: string | null;
                    templateId?: string | null;
                    /** @description A code's PIN, 4 to 8 digits (codes; a new code without one gets 6 random digits). */
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "item": {
                     *         "key": "tour:tour_chi_past",
                     *         "kind": "tour",
                     *         "id": "tour_chi_past",
                     *         "title": "Last year's tour (not a candidate)",
                     *         "startAt": "2025-06-01T15:00:00.000Z",
                     *         "endAt": "2025-06-01T16:00:00.000Z",
                     *         "lockId": null,
                     *         "localStart": "2025-06-01T10:00:00-05:00",
                     *         "localEnd": "2025-06-01T11:00:00-05:00",
                     *         "label": "Sun, Jun 1, 2025, 10:00 AM – 11:00 AM CDT",
                     *         "templateId": null,
                     *         "code": null,
                     *         "lockSync": null,
                     *         "tourId": null,
                     *         "delivery": null
                     *       },
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 2,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        item: components["schemas"]["ScheduleEntry"];
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. version_conflict: The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateScheduleItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unitIdOrKey": "12-elm-st-apt-3",
                 *       "key": "tour:tour_0123456789ABCDEFGHIJKLMN",
                 *       "endAt": "2026-12-01T11:30:00-06:00"
                 *     }
                 */
                "application/json": {
                    /** @description The unit's id, else its urlKey. */
                    unitIdOrKey: string;
                    /** @description The item's key, `<kind>:<id>`, as list_schedule serves it. */
                    key: string;
                    /** @description When given, the write applies only while the unit is at this version (else 409 version_conflict). */
                    expectedVersion?: number;
                    /** @description A tour's or open house's title, a code's name, a message's title. */
                    title?: string;
                    /**
                     * Format: date-time
                     * @description When it starts (tours, codes, open houses). Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    startAt?: string;
                    /**
                     * Format: date-time
                     * @description When it ends, after startAt (tours, codes, open houses). Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    endAt?: string;
                    /**
                     * Format: date-time
                     * @description When the message is sent (scheduled messages). Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    sendAt?: string;
                    lockId?: string | null;
                    templateId?: string | null;
                    /** @description A code's PIN, 4 to 8 digits (codes; a new code without one gets 6 random digits). */
                    code?: string;
                    kind?: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "item": {
                     *         "key": "tour:tour_chi_past",
                     *         "kind": "tour",
                     *         "id": "tour_chi_past",
                     *         "title": "Last year's tour (not a candidate)",
                     *         "startAt": "2025-06-01T15:00:00.000Z",
                     *         "endAt": "2025-06-01T16:00:00.000Z",
                     *         "lockId": null,
                     *         "localStart": "2025-06-01T10:00:00-05:00",
                     *         "localEnd": "2025-06-01T11:00:00-05:00",
                     *         "label": "Sun, Jun 1, 2025, 10:00 AM – 11:00 AM CDT",
                     *         "templateId": null,
                     *         "code": null,
                     *         "lockSync": null,
                     *         "tourId": null,
                     *         "delivery": null
                     *       },
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 2,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        item: components["schemas"]["ScheduleEntry"];
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. version_conflict: The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteScheduleItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unitIdOrKey": "12-elm-st-apt-3",
                 *       "key": "tour:tour_0123456789ABCDEFGHIJKLMN"
                 *     }
                 */
                "application/json": {
                    /** @description The unit's id, else its urlKey. */
                    unitIdOrKey: string;
                    /** @description The item's key, `<kind>:<id>`, as list_schedule serves it. */
                    key: string;
                    /** @description When given, the write applies only while the unit is at this version (else 409 version_conflict). */
                    expectedVersion?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 2,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. version_conflict: The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setShowingRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unitIdOrKey": "chicago-loft",
                 *       "rules": {
                 *         "weekly": [
                 *           {
                 *             "day": "sat",
                 *             "opens": "10:00",
                 *             "closes": "16:00"
                 *           },
                 *           {
                 *             "day": "sun",
                 *             "opens": "12:00",
                 *             "closes": "16:00"
                 *           }
                 *         ],
                 *         "slotMinutes": 30,
                 *         "bufferMinutes": 15,
                 *         "blackouts": [
                 *           {
                 *             "startAt": "2027-12-24T00:00:00-06:00",
                 *             "endAt": "2027-12-27T00:00:00-06:00"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The unit's id, else its urlKey. */
                    unitIdOrKey: string;
                    /** @description The rules; null removes them. */
                    rules: {
                        /** @description Windows of local time per weekday: opens before closes, a day's windows not overlapping. */
                        weekly: {
                            /** @enum {string} */
                            day: "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat";
                            /** @description Local wall-clock HH:MM (24:00 = the end of the day). */
                            opens: string;
                            /** @description Local wall-clock HH:MM (24:00 = the end of the day). */
                            closes: string;
                        }[];
                        /** @description Slot length in minutes, 15–240, default 30. */
                        slotMinutes?: number;
                        /** @description Minutes kept free before and after each tour, 0–120, default 0. */
                        bufferMinutes?: number;
                        /** @description Minutes of notice a slot needs, 0–10080, default 60. */
                        minNoticeMinutes?: number;
                        /** @description How many days ahead slots are offered, 1–366, default 14. */
                        maxDaysAhead?: number;
                        /** @description Tours at once, 1–10, default 1. */
                        maxConcurrent?: number;
                        blackouts?: {
                            /**
                             * Format: date-time
                             * @description The blackout's start. Years 2000 to 2099.
                             * @example 2026-12-01T10:00:00-05:00
                             */
                            startAt: string;
                            /**
                             * Format: date-time
                             * @description Its end. Years 2000 to 2099.
                             * @example 2026-12-01T10:00:00-05:00
                             */
                            endAt: string;
                        }[];
                    } | null;
                    /** @description When given, the write applies only while the unit is at this version (else 409 version_conflict). */
                    expectedVersion?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 2,
                     *         "showingRules": {
                     *           "weekly": [
                     *             {
                     *               "day": "sat",
                     *               "opens": "10:00",
                     *               "closes": "16:00"
                     *             },
                     *             {
                     *               "day": "sun",
                     *               "opens": "12:00",
                     *               "closes": "16:00"
                     *             }
                     *           ],
                     *           "slotMinutes": 30,
                     *           "bufferMinutes": 15,
                     *           "minNoticeMinutes": 60,
                     *           "maxDaysAhead": 14,
                     *           "maxConcurrent": 1,
                     *           "blackouts": [
                     *             {
                     *               "startAt": "2027-12-24T06:00:00.000Z",
                     *               "endAt": "2027-12-27T06:00:00.000Z"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. version_conflict: The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAvailableSlots: {
        parameters: {
            query: {
                /**
                 * @description The unit's id, else its urlKey.
                 * @example chicago-loft
                 */
                unitIdOrKey: string;
                /** @description Slots starting at or after it. Default now. */
                from?: string;
                /** @description Slots ending at or before it: after from, at most 31 days after it. Default from + 7 days. */
                to?: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unitId": "unit_chicago",
                     *       "timeZone": "America/Chicago",
                     *       "slots": [
                     *         {
                     *           "startAt": "2027-03-13T16:00:00.000Z",
                     *           "endAt": "2027-03-13T16:30:00.000Z",
                     *           "localStart": "2027-03-13T10:00:00-06:00",
                     *           "localEnd": "2027-03-13T10:30:00-06:00",
                     *           "label": "Sat, Mar 13, 2027, 10:00 AM – 10:30 AM CST",
                     *           "remaining": 1
                     *         },
                     *         {
                     *           "startAt": "2027-03-13T16:30:00.000Z",
                     *           "endAt": "2027-03-13T17:00:00.000Z",
                     *           "localStart": "2027-03-13T10:30:00-06:00",
                     *           "localEnd": "2027-03-13T11:00:00-06:00",
                     *           "label": "Sat, Mar 13, 2027, 10:30 AM – 11:00 AM CST",
                     *           "remaining": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        unitId: string;
                        timeZone: string | null;
                        slots: {
                            /** Format: date-time */
                            startAt: string;
                            /** Format: date-time */
                            endAt: string;
                            /** @description The instant in the unit's zone, RFC 3339 with offset. */
                            localStart: string;
                            /** @description The instant in the unit's zone, RFC 3339 with offset. */
                            localEnd: string;
                            /** @description The range in the unit's zone, e.g. Sun, Mar 14, 2027, 10:00 AM – 10:30 AM CDT. */
                            label: string;
                            /** @description How many more tours the slot takes. */
                            remaining: number;
                        }[];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUnits: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1..100 in plain decimal; default 20.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description The nextCursor of the previous page, sent unchanged.
                 * @example v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU
                 */
                cursor?: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "units": [
                     *         {
                     *           "id": "unit_berlin",
                     *           "urlKey": "berlin-altbau",
                     *           "address": "Oderberger Str. 12, Berlin",
                     *           "timeZone": "Europe/Berlin",
                     *           "version": 1,
                     *           "showingRules": null
                     *         },
                     *         {
                     *           "id": "unit_brooklyn",
                     *           "urlKey": "brooklyn-brownstone",
                     *           "address": "88 Berkeley Pl, Brooklyn, NY",
                     *           "timeZone": "America/New_York",
                     *           "version": 1,
                     *           "showingRules": null
                     *         }
                     *       ],
                     *       "nextCursor": "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU"
                     *     }
                     */
                    "application/json": {
                        units: components["schemas"]["Unit"][];
                        /** @description Cursor of the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_cursor: The pagination cursor is malformed, was changed, or belongs to another organization or list. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUnit: {
        parameters: {
            query: {
                /**
                 * @description The unit's id, else its urlKey.
                 * @example chicago-loft
                 */
                unitIdOrKey: string;
            };
            header?: {
                /** @description An ETag of an earlier answer: 304 with no body when it still matches (the request still counts against the budget). */
                "If-None-Match"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 1,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match tag still matches; no body. */
            304: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSchedule: {
        parameters: {
            query: {
                /**
                 * @description The unit's id, else its urlKey.
                 * @example chicago-loft
                 */
                unitIdOrKey: string;
                /**
                 * @description Page size, 1..100 in plain decimal; default 20.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description The nextCursor of the previous page, sent unchanged.
                 * @example v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU
                 */
                cursor?: string;
                /** @description An RFC 3339 instant; items whose end is after it are listed. Default: now (or the cursor's). */
                from?: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "key": "tour:tour_chi_past",
                     *           "kind": "tour",
                     *           "id": "tour_chi_past",
                     *           "title": "Last year's tour (not a candidate)",
                     *           "startAt": "2025-06-01T15:00:00.000Z",
                     *           "endAt": "2025-06-01T16:00:00.000Z",
                     *           "lockId": null,
                     *           "localStart": "2025-06-01T10:00:00-05:00",
                     *           "localEnd": "2025-06-01T11:00:00-05:00",
                     *           "label": "Sun, Jun 1, 2025, 10:00 AM – 11:00 AM CDT",
                     *           "templateId": null,
                     *           "code": null,
                     *           "lockSync": null,
                     *           "tourId": null,
                     *           "delivery": null
                     *         },
                     *         {
                     *           "key": "code:code_chi_cleaner",
                     *           "kind": "code",
                     *           "id": "code_chi_cleaner",
                     *           "title": "Cleaner access",
                     *           "startAt": "2027-03-13T14:00:00.000Z",
                     *           "endAt": "2027-03-15T02:00:00.000Z",
                     *           "lockId": "lock_shared_gate",
                     *           "localStart": "2027-03-13T08:00:00-06:00",
                     *           "localEnd": "2027-03-14T21:00:00-05:00",
                     *           "label": "Sat, Mar 13, 2027, 8:00 AM CST – Sun, Mar 14, 2027, 9:00 PM CDT",
                     *           "templateId": null,
                     *           "code": null,
                     *           "lockSync": {
                     *             "status": "set",
                     *             "error": null,
                     *             "updatedAt": "2026-01-01T12:00:01.204Z"
                     *           },
                     *           "tourId": null,
                     *           "delivery": null
                     *         }
                     *       ],
                     *       "nextCursor": "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU"
                     *     }
                     */
                    "application/json": {
                        items: components["schemas"]["ScheduleEntry"][];
                        /** @description Cursor of the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_cursor: The pagination cursor is malformed, was changed, or belongs to another organization or list. not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    bookTour: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "unitIdOrKey": "chicago-loft",
                 *       "startAt": "2027-03-14T10:00:00-05:00",
                 *       "endAt": "2027-03-14T10:30:00-05:00",
                 *       "prospect": {
                 *         "name": "Ada Lovelace",
                 *         "email": "ada@example.com",
                 *         "phone": "+13125550123"
                 *       },
                 *       "lockId": "lock_shared_gate",
                 *       "messages": [
                 *         {
                 *           "templateId": "tpl_reminder",
                 *           "anchor": "start",
                 *           "offsetMinutes": -60
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The unit's id, else its urlKey. */
                    unitIdOrKey: string;
                    /**
                     * Format: date-time
                     * @description The tour's start. Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description The tour's end: after startAt, at most 24 h later, and its access must end after now. Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    endAt: string;
                    prospect: {
                        /** @description The prospect's name. */
                        name: string;
                        email?: string | null;
                        phone?: string | null;
                    };
                    /** @description Default `Self-guided tour`; the code's title too. */
                    title?: string;
                    /** @description The lock the code goes on. Default: the unit's only active lock (required when it has several; none: no code). */
                    lockId?: string;
                    access?: {
                        /** @description Minutes the code opens before the tour (default 15). */
                        beforeMinutes?: number;
                        /** @description Minutes the code opens after it (default 15). */
                        afterMinutes?: number;
                    };
                    messages?: {
                        /** @description The template the message is written from. */
                        templateId: string;
                        /**
                         * @description What the message's time counts from.
                         * @enum {string}
                         */
                        anchor: "booked" | "start" | "end";
                        /** @description Minutes after the anchor (before: negative). */
                        offsetMinutes: number;
                        /** @description Default: the template's name. */
                        title?: string;
                    }[];
                    /**
                     * @description required: the code and the messages are held until confirm_tour; the tour is cancelled if unconfirmed when its access starts.
                     * @enum {string}
                     */
                    verification?: "none" | "required";
                    /** @description When given, the write applies only while the unit is at this version (else 409 version_conflict). */
                    expectedVersion?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tour": {
                     *         "id": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *         "unitId": "unit_chicago",
                     *         "status": "confirmed",
                     *         "title": "Self-guided tour",
                     *         "startAt": "2027-03-14T15:00:00.000Z",
                     *         "endAt": "2027-03-14T15:30:00.000Z",
                     *         "localStart": "2027-03-14T10:00:00-05:00",
                     *         "localEnd": "2027-03-14T10:30:00-05:00",
                     *         "lockId": "lock_shared_gate",
                     *         "prospect": {
                     *           "name": "Ada Lovelace",
                     *           "email": "ada@example.com",
                     *           "phone": "+13125550123"
                     *         },
                     *         "access": {
                     *           "startAt": "2027-03-14T14:45:00.000Z",
                     *           "endAt": "2027-03-14T15:45:00.000Z",
                     *           "codeKey": "code:code_4vB8nQ1zX6cR3tY7uI0oP5aS",
                     *           "code": "482913",
                     *           "lockSync": {
                     *             "status": "set",
                     *             "error": null,
                     *             "updatedAt": "2026-01-01T12:00:01.204Z"
                     *           }
                     *         },
                     *         "messageKeys": [
                     *           "scheduled_message:msg_2wE6rT9yU3iO7pA1sD5fG8hJ"
                     *         ],
                     *         "verification": "none",
                     *         "checkedInAt": null,
                     *         "cancelReason": null,
                     *         "createdAt": "2027-03-01T12:00:00.000Z",
                     *         "updatedAt": "2027-03-01T12:00:00.000Z"
                     *       },
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 2,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        tour: {
                            /** @description The tour's id (tour_…). */
                            id: string;
                            unitId: string;
                            /**
                             * @description Where the tour is in its life, at the moment of the answer.
                             * @enum {string}
                             */
                            status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                            title: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            startAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            endAt: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localStart: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localEnd: string;
                            lockId: string | null;
                            prospect: {
                                name: string;
                                /** @description Served to keys with tours:read only; null in events. */
                                email: string | null;
                                /** @description E.164. Served to keys with tours:read only; null in events. */
                                phone: string | null;
                            };
                            access: {
                                /**
                                 * Format: date-time
                                 * @description When the code starts to open the door: startAt − beforeMinutes.
                                 */
                                startAt: string;
                                /**
                                 * Format: date-time
                                 * @description When it stops: endAt + afterMinutes.
                                 */
                                endAt: string;
                                /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                                codeKey: string | null;
                                /** @description The PIN; null in events and without a code. */
                                code: string | null;
                                /** @description Where the code stands with its lock; null without a code. */
                                lockSync: {
                                    /** @enum {string} */
                                    status: "pending" | "set" | "failed" | "held" | "removed";
                                    /** @description Which provider and what happened, when failed; else null. */
                                    error: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 instant in UTC with milliseconds.
                                     */
                                    updatedAt: string;
                                } | null;
                            };
                            messageKeys: string[];
                            /** @enum {string} */
                            verification: "none" | "required";
                            checkedInAt: string | null;
                            cancelReason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        };
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. version_conflict: The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry. slot_unavailable: The unit has showing rules and the tour's times are not one of its available slots now (list_available_slots). Nothing was stored. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    confirmTour: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tourId": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq"
                 *     }
                 */
                "application/json": {
                    /** @description The tour's id (tour_…). */
                    tourId: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tour": {
                     *         "id": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *         "unitId": "unit_chicago",
                     *         "status": "confirmed",
                     *         "title": "Self-guided tour",
                     *         "startAt": "2027-03-14T15:00:00.000Z",
                     *         "endAt": "2027-03-14T15:30:00.000Z",
                     *         "localStart": "2027-03-14T10:00:00-05:00",
                     *         "localEnd": "2027-03-14T10:30:00-05:00",
                     *         "lockId": "lock_shared_gate",
                     *         "prospect": {
                     *           "name": "Ada Lovelace",
                     *           "email": "ada@example.com",
                     *           "phone": "+13125550123"
                     *         },
                     *         "access": {
                     *           "startAt": "2027-03-14T14:45:00.000Z",
                     *           "endAt": "2027-03-14T15:45:00.000Z",
                     *           "codeKey": "code:code_4vB8nQ1zX6cR3tY7uI0oP5aS",
                     *           "code": "482913",
                     *           "lockSync": {
                     *             "status": "set",
                     *             "error": null,
                     *             "updatedAt": "2026-01-01T12:00:01.204Z"
                     *           }
                     *         },
                     *         "messageKeys": [
                     *           "scheduled_message:msg_2wE6rT9yU3iO7pA1sD5fG8hJ"
                     *         ],
                     *         "verification": "none",
                     *         "checkedInAt": null,
                     *         "cancelReason": null,
                     *         "createdAt": "2027-03-01T12:00:00.000Z",
                     *         "updatedAt": "2027-03-01T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        tour: {
                            /** @description The tour's id (tour_…). */
                            id: string;
                            unitId: string;
                            /**
                             * @description Where the tour is in its life, at the moment of the answer.
                             * @enum {string}
                             */
                            status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                            title: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            startAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            endAt: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localStart: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localEnd: string;
                            lockId: string | null;
                            prospect: {
                                name: string;
                                /** @description Served to keys with tours:read only; null in events. */
                                email: string | null;
                                /** @description E.164. Served to keys with tours:read only; null in events. */
                                phone: string | null;
                            };
                            access: {
                                /**
                                 * Format: date-time
                                 * @description When the code starts to open the door: startAt − beforeMinutes.
                                 */
                                startAt: string;
                                /**
                                 * Format: date-time
                                 * @description When it stops: endAt + afterMinutes.
                                 */
                                endAt: string;
                                /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                                codeKey: string | null;
                                /** @description The PIN; null in events and without a code. */
                                code: string | null;
                                /** @description Where the code stands with its lock; null without a code. */
                                lockSync: {
                                    /** @enum {string} */
                                    status: "pending" | "set" | "failed" | "held" | "removed";
                                    /** @description Which provider and what happened, when failed; else null. */
                                    error: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 instant in UTC with milliseconds.
                                     */
                                    updatedAt: string;
                                } | null;
                            };
                            messageKeys: string[];
                            /** @enum {string} */
                            verification: "none" | "required";
                            checkedInAt: string | null;
                            cancelReason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rescheduleTour: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tourId": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                 *       "startAt": "2027-03-15T16:00:00-05:00",
                 *       "endAt": "2027-03-15T16:30:00-05:00",
                 *       "expectedVersion": 4
                 *     }
                 */
                "application/json": {
                    /** @description The tour's id (tour_…). */
                    tourId: string;
                    /**
                     * Format: date-time
                     * @description The tour's new start. Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    startAt: string;
                    /**
                     * Format: date-time
                     * @description The tour's new end. Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    endAt: string;
                    /** @description When given, the write applies only while the unit is at this version (else 409 version_conflict). */
                    expectedVersion?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tour": {
                     *         "id": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *         "unitId": "unit_chicago",
                     *         "status": "confirmed",
                     *         "title": "Self-guided tour",
                     *         "startAt": "2027-03-15T21:00:00.000Z",
                     *         "endAt": "2027-03-15T21:30:00.000Z",
                     *         "localStart": "2027-03-15T16:00:00-05:00",
                     *         "localEnd": "2027-03-15T16:30:00-05:00",
                     *         "lockId": "lock_shared_gate",
                     *         "prospect": {
                     *           "name": "Ada Lovelace",
                     *           "email": "ada@example.com",
                     *           "phone": "+13125550123"
                     *         },
                     *         "access": {
                     *           "startAt": "2027-03-15T20:45:00.000Z",
                     *           "endAt": "2027-03-15T21:45:00.000Z",
                     *           "codeKey": "code:code_4vB8nQ1zX6cR3tY7uI0oP5aS",
                     *           "code": "482913",
                     *           "lockSync": {
                     *             "status": "pending",
                     *             "error": null,
                     *             "updatedAt": "2027-03-02T09:00:00.000Z"
                     *           }
                     *         },
                     *         "messageKeys": [
                     *           "scheduled_message:msg_2wE6rT9yU3iO7pA1sD5fG8hJ"
                     *         ],
                     *         "verification": "none",
                     *         "checkedInAt": null,
                     *         "cancelReason": null,
                     *         "createdAt": "2027-03-01T12:00:00.000Z",
                     *         "updatedAt": "2027-03-01T12:00:00.000Z"
                     *       },
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 3,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        tour: {
                            /** @description The tour's id (tour_…). */
                            id: string;
                            unitId: string;
                            /**
                             * @description Where the tour is in its life, at the moment of the answer.
                             * @enum {string}
                             */
                            status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                            title: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            startAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            endAt: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localStart: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localEnd: string;
                            lockId: string | null;
                            prospect: {
                                name: string;
                                /** @description Served to keys with tours:read only; null in events. */
                                email: string | null;
                                /** @description E.164. Served to keys with tours:read only; null in events. */
                                phone: string | null;
                            };
                            access: {
                                /**
                                 * Format: date-time
                                 * @description When the code starts to open the door: startAt − beforeMinutes.
                                 */
                                startAt: string;
                                /**
                                 * Format: date-time
                                 * @description When it stops: endAt + afterMinutes.
                                 */
                                endAt: string;
                                /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                                codeKey: string | null;
                                /** @description The PIN; null in events and without a code. */
                                code: string | null;
                                /** @description Where the code stands with its lock; null without a code. */
                                lockSync: {
                                    /** @enum {string} */
                                    status: "pending" | "set" | "failed" | "held" | "removed";
                                    /** @description Which provider and what happened, when failed; else null. */
                                    error: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 instant in UTC with milliseconds.
                                     */
                                    updatedAt: string;
                                } | null;
                            };
                            messageKeys: string[];
                            /** @enum {string} */
                            verification: "none" | "required";
                            checkedInAt: string | null;
                            cancelReason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        };
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. version_conflict: The unit changed since its preview: expectedVersion is stale (currentVersion says what it is now). Preview again and retry. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. slot_unavailable: The unit has showing rules and the tour's times are not one of its available slots now (list_available_slots). Nothing was stored. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelTour: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tourId": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                 *       "reason": "Prospect found another place"
                 *     }
                 */
                "application/json": {
                    /** @description The tour's id (tour_…). */
                    tourId: string;
                    /** @description Why (1–200 characters); default `cancelled`. */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tour": {
                     *         "id": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *         "unitId": "unit_chicago",
                     *         "status": "cancelled",
                     *         "title": "Self-guided tour",
                     *         "startAt": "2027-03-14T15:00:00.000Z",
                     *         "endAt": "2027-03-14T15:30:00.000Z",
                     *         "localStart": "2027-03-14T10:00:00-05:00",
                     *         "localEnd": "2027-03-14T10:30:00-05:00",
                     *         "lockId": "lock_shared_gate",
                     *         "prospect": {
                     *           "name": "Ada Lovelace",
                     *           "email": "ada@example.com",
                     *           "phone": "+13125550123"
                     *         },
                     *         "access": {
                     *           "startAt": "2027-03-14T14:45:00.000Z",
                     *           "endAt": "2027-03-14T15:45:00.000Z",
                     *           "codeKey": "code:code_4vB8nQ1zX6cR3tY7uI0oP5aS",
                     *           "code": null,
                     *           "lockSync": {
                     *             "status": "pending",
                     *             "error": null,
                     *             "updatedAt": "2027-03-02T09:00:00.000Z"
                     *           }
                     *         },
                     *         "messageKeys": [
                     *           "scheduled_message:msg_2wE6rT9yU3iO7pA1sD5fG8hJ"
                     *         ],
                     *         "verification": "none",
                     *         "checkedInAt": null,
                     *         "cancelReason": "Prospect found another place",
                     *         "createdAt": "2027-03-01T12:00:00.000Z",
                     *         "updatedAt": "2027-03-01T12:00:00.000Z"
                     *       },
                     *       "unit": {
                     *         "id": "unit_chicago",
                     *         "urlKey": "chicago-loft",
                     *         "address": "1200 W Lake St, Chicago, IL",
                     *         "timeZone": "America/Chicago",
                     *         "version": 3,
                     *         "showingRules": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        tour: {
                            /** @description The tour's id (tour_…). */
                            id: string;
                            unitId: string;
                            /**
                             * @description Where the tour is in its life, at the moment of the answer.
                             * @enum {string}
                             */
                            status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                            title: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            startAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            endAt: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localStart: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localEnd: string;
                            lockId: string | null;
                            prospect: {
                                name: string;
                                /** @description Served to keys with tours:read only; null in events. */
                                email: string | null;
                                /** @description E.164. Served to keys with tours:read only; null in events. */
                                phone: string | null;
                            };
                            access: {
                                /**
                                 * Format: date-time
                                 * @description When the code starts to open the door: startAt − beforeMinutes.
                                 */
                                startAt: string;
                                /**
                                 * Format: date-time
                                 * @description When it stops: endAt + afterMinutes.
                                 */
                                endAt: string;
                                /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                                codeKey: string | null;
                                /** @description The PIN; null in events and without a code. */
                                code: string | null;
                                /** @description Where the code stands with its lock; null without a code. */
                                lockSync: {
                                    /** @enum {string} */
                                    status: "pending" | "set" | "failed" | "held" | "removed";
                                    /** @description Which provider and what happened, when failed; else null. */
                                    error: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 instant in UTC with milliseconds.
                                     */
                                    updatedAt: string;
                                } | null;
                            };
                            messageKeys: string[];
                            /** @enum {string} */
                            verification: "none" | "required";
                            checkedInAt: string | null;
                            cancelReason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        };
                        unit: components["schemas"]["Unit"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    checkIn: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tourId": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq"
                 *     }
                 */
                "application/json": {
                    /** @description The tour's id (tour_…). */
                    tourId: string;
                    /**
                     * Format: date-time
                     * @description When the prospect arrived: within the tour's access window, not ahead of now. Default now. Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    at?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tour": {
                     *         "id": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *         "unitId": "unit_chicago",
                     *         "status": "checked_in",
                     *         "title": "Self-guided tour",
                     *         "startAt": "2027-03-14T15:00:00.000Z",
                     *         "endAt": "2027-03-14T15:30:00.000Z",
                     *         "localStart": "2027-03-14T10:00:00-05:00",
                     *         "localEnd": "2027-03-14T10:30:00-05:00",
                     *         "lockId": "lock_shared_gate",
                     *         "prospect": {
                     *           "name": "Ada Lovelace",
                     *           "email": "ada@example.com",
                     *           "phone": "+13125550123"
                     *         },
                     *         "access": {
                     *           "startAt": "2027-03-14T14:45:00.000Z",
                     *           "endAt": "2027-03-14T15:45:00.000Z",
                     *           "codeKey": "code:code_4vB8nQ1zX6cR3tY7uI0oP5aS",
                     *           "code": "482913",
                     *           "lockSync": {
                     *             "status": "set",
                     *             "error": null,
                     *             "updatedAt": "2026-01-01T12:00:01.204Z"
                     *           }
                     *         },
                     *         "messageKeys": [
                     *           "scheduled_message:msg_2wE6rT9yU3iO7pA1sD5fG8hJ"
                     *         ],
                     *         "verification": "none",
                     *         "checkedInAt": "2027-03-14T14:58:12.000Z",
                     *         "cancelReason": null,
                     *         "createdAt": "2027-03-01T12:00:00.000Z",
                     *         "updatedAt": "2027-03-01T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        tour: {
                            /** @description The tour's id (tour_…). */
                            id: string;
                            unitId: string;
                            /**
                             * @description Where the tour is in its life, at the moment of the answer.
                             * @enum {string}
                             */
                            status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                            title: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            startAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            endAt: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localStart: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localEnd: string;
                            lockId: string | null;
                            prospect: {
                                name: string;
                                /** @description Served to keys with tours:read only; null in events. */
                                email: string | null;
                                /** @description E.164. Served to keys with tours:read only; null in events. */
                                phone: string | null;
                            };
                            access: {
                                /**
                                 * Format: date-time
                                 * @description When the code starts to open the door: startAt − beforeMinutes.
                                 */
                                startAt: string;
                                /**
                                 * Format: date-time
                                 * @description When it stops: endAt + afterMinutes.
                                 */
                                endAt: string;
                                /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                                codeKey: string | null;
                                /** @description The PIN; null in events and without a code. */
                                code: string | null;
                                /** @description Where the code stands with its lock; null without a code. */
                                lockSync: {
                                    /** @enum {string} */
                                    status: "pending" | "set" | "failed" | "held" | "removed";
                                    /** @description Which provider and what happened, when failed; else null. */
                                    error: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 instant in UTC with milliseconds.
                                     */
                                    updatedAt: string;
                                } | null;
                            };
                            messageKeys: string[];
                            /** @enum {string} */
                            verification: "none" | "required";
                            checkedInAt: string | null;
                            cancelReason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTour: {
        parameters: {
            query: {
                /** @description The tour's id. */
                tourId: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tour": {
                     *         "id": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *         "unitId": "unit_chicago",
                     *         "status": "confirmed",
                     *         "title": "Self-guided tour",
                     *         "startAt": "2027-03-14T15:00:00.000Z",
                     *         "endAt": "2027-03-14T15:30:00.000Z",
                     *         "localStart": "2027-03-14T10:00:00-05:00",
                     *         "localEnd": "2027-03-14T10:30:00-05:00",
                     *         "lockId": "lock_shared_gate",
                     *         "prospect": {
                     *           "name": "Ada Lovelace",
                     *           "email": "ada@example.com",
                     *           "phone": "+13125550123"
                     *         },
                     *         "access": {
                     *           "startAt": "2027-03-14T14:45:00.000Z",
                     *           "endAt": "2027-03-14T15:45:00.000Z",
                     *           "codeKey": "code:code_4vB8nQ1zX6cR3tY7uI0oP5aS",
                     *           "code": "482913",
                     *           "lockSync": {
                     *             "status": "set",
                     *             "error": null,
                     *             "updatedAt": "2026-01-01T12:00:01.204Z"
                     *           }
                     *         },
                     *         "messageKeys": [
                     *           "scheduled_message:msg_2wE6rT9yU3iO7pA1sD5fG8hJ"
                     *         ],
                     *         "verification": "none",
                     *         "checkedInAt": null,
                     *         "cancelReason": null,
                     *         "createdAt": "2027-03-01T12:00:00.000Z",
                     *         "updatedAt": "2027-03-01T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        tour: {
                            /** @description The tour's id (tour_…). */
                            id: string;
                            unitId: string;
                            /**
                             * @description Where the tour is in its life, at the moment of the answer.
                             * @enum {string}
                             */
                            status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                            title: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            startAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            endAt: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localStart: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localEnd: string;
                            lockId: string | null;
                            prospect: {
                                name: string;
                                /** @description Served to keys with tours:read only; null in events. */
                                email: string | null;
                                /** @description E.164. Served to keys with tours:read only; null in events. */
                                phone: string | null;
                            };
                            access: {
                                /**
                                 * Format: date-time
                                 * @description When the code starts to open the door: startAt − beforeMinutes.
                                 */
                                startAt: string;
                                /**
                                 * Format: date-time
                                 * @description When it stops: endAt + afterMinutes.
                                 */
                                endAt: string;
                                /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                                codeKey: string | null;
                                /** @description The PIN; null in events and without a code. */
                                code: string | null;
                                /** @description Where the code stands with its lock; null without a code. */
                                lockSync: {
                                    /** @enum {string} */
                                    status: "pending" | "set" | "failed" | "held" | "removed";
                                    /** @description Which provider and what happened, when failed; else null. */
                                    error: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 instant in UTC with milliseconds.
                                     */
                                    updatedAt: string;
                                } | null;
                            };
                            messageKeys: string[];
                            /** @enum {string} */
                            verification: "none" | "required";
                            checkedInAt: string | null;
                            cancelReason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTours: {
        parameters: {
            query?: {
                /**
                 * @description Only this unit's tours (its id, else its urlKey).
                 * @example chicago-loft
                 */
                unitIdOrKey?: string;
                /** @description Only tours in this status now. */
                status?: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                /** @description An RFC 3339 instant; tours whose end is after it are listed. Default: now (or the cursor's). */
                from?: string;
                /**
                 * @description Page size, 1..100 in plain decimal; default 20.
                 * @example 50
                 */
                limit?: number;
                /** @example v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU */
                cursor?: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tours": [
                     *         {
                     *           "id": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *           "unitId": "unit_chicago",
                     *           "status": "confirmed",
                     *           "title": "Self-guided tour",
                     *           "startAt": "2027-03-14T15:00:00.000Z",
                     *           "endAt": "2027-03-14T15:30:00.000Z",
                     *           "localStart": "2027-03-14T10:00:00-05:00",
                     *           "localEnd": "2027-03-14T10:30:00-05:00",
                     *           "lockId": "lock_shared_gate",
                     *           "prospect": {
                     *             "name": "Ada Lovelace",
                     *             "email": "ada@example.com",
                     *             "phone": "+13125550123"
                     *           },
                     *           "access": {
                     *             "startAt": "2027-03-14T14:45:00.000Z",
                     *             "endAt": "2027-03-14T15:45:00.000Z",
                     *             "codeKey": "code:code_4vB8nQ1zX6cR3tY7uI0oP5aS",
                     *             "code": "482913",
                     *             "lockSync": {
                     *               "status": "set",
                     *               "error": null,
                     *               "updatedAt": "2026-01-01T12:00:01.204Z"
                     *             }
                     *           },
                     *           "messageKeys": [
                     *             "scheduled_message:msg_2wE6rT9yU3iO7pA1sD5fG8hJ"
                     *           ],
                     *           "verification": "none",
                     *           "checkedInAt": null,
                     *           "cancelReason": null,
                     *           "createdAt": "2027-03-01T12:00:00.000Z",
                     *           "updatedAt": "2027-03-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU"
                     *     }
                     */
                    "application/json": {
                        tours: {
                            /** @description The tour's id (tour_…). */
                            id: string;
                            unitId: string;
                            /**
                             * @description Where the tour is in its life, at the moment of the answer.
                             * @enum {string}
                             */
                            status: "awaiting_verification" | "confirmed" | "checked_in" | "completed" | "no_show" | "cancelled";
                            title: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            startAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            endAt: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localStart: string;
                            /** @description The instant in the unit's zone (UTC when none), RFC 3339 with offset. */
                            localEnd: string;
                            lockId: string | null;
                            prospect: {
                                name: string;
                                /** @description Served to keys with tours:read only; null in events. */
                                email: string | null;
                                /** @description E.164. Served to keys with tours:read only; null in events. */
                                phone: string | null;
                            };
                            access: {
                                /**
                                 * Format: date-time
                                 * @description When the code starts to open the door: startAt − beforeMinutes.
                                 */
                                startAt: string;
                                /**
                                 * Format: date-time
                                 * @description When it stops: endAt + afterMinutes.
                                 */
                                endAt: string;
                                /** @description The code's schedule key (code:<id>); null for a tour without a lock. */
                                codeKey: string | null;
                                /** @description The PIN; null in events and without a code. */
                                code: string | null;
                                /** @description Where the code stands with its lock; null without a code. */
                                lockSync: {
                                    /** @enum {string} */
                                    status: "pending" | "set" | "failed" | "held" | "removed";
                                    /** @description Which provider and what happened, when failed; else null. */
                                    error: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 instant in UTC with milliseconds.
                                     */
                                    updatedAt: string;
                                } | null;
                            };
                            messageKeys: string[];
                            /** @enum {string} */
                            verification: "none" | "required";
                            checkedInAt: string | null;
                            cancelReason: string | null;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description RFC 3339 instant in UTC with milliseconds.
                             */
                            updatedAt: string;
                        }[];
                        /** @description Cursor of the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. invalid_cursor: The pagination cursor is malformed, was changed, or belongs to another organization or list. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMessageTemplate: {
        parameters: {
            query: {
                /**
                 * @description The template's id.
                 * @example tpl_welcome
                 */
                templateId: string;
            };
            header?: {
                /** @description An ETag of an earlier answer: 304 with no body when it still matches (the request still counts against the budget). */
                "If-None-Match"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "template": {
                     *         "id": "tpl_welcome",
                     *         "name": "Welcome",
                     *         "body": "Hi {{prospect.name}}, welcome to {{unit.address}}! Your code is {{code.pin}}.",
                     *         "sortOrder": 10,
                     *         "createdAt": "2026-01-02T10:00:00.000Z",
                     *         "updatedAt": "2026-01-02T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        template: components["schemas"]["Template"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match tag still matches; no body. */
            304: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMessageTemplates: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1..100 in plain decimal; default 20.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description The nextCursor of the previous page, sent unchanged.
                 * @example v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU
                 */
                cursor?: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "templates": [
                     *         {
                     *           "id": "tpl_welcome",
                     *           "name": "Welcome",
                     *           "body": "Hi {{prospect.name}}, welcome to {{unit.address}}! Your code is {{code.pin}}.",
                     *           "sortOrder": 10,
                     *           "createdAt": "2026-01-02T10:00:00.000Z",
                     *           "updatedAt": "2026-01-02T10:00:00.000Z"
                     *         },
                     *         {
                     *           "id": "tpl_reminder",
                     *           "name": "Tour reminder",
                     *           "body": "Reminder: your tour of {{unit.address}} starts at {{tour.start}}.",
                     *           "sortOrder": 20,
                     *           "createdAt": "2026-01-02T10:05:00.000Z",
                     *           "updatedAt": "2026-02-11T08:00:00.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU"
                     *     }
                     */
                    "application/json": {
                        templates: components["schemas"]["Template"][];
                        /** @description Cursor of the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_cursor: The pagination cursor is malformed, was changed, or belongs to another organization or list. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createMessageTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Tour reminder",
                 *       "body": "Hi {{ prospect.name }}, your tour starts at {{tour.start}}.",
                 *       "sortOrder": 10
                 *     }
                 */
                "application/json": {
                    /** @description The template's name. */
                    name: string;
                    /** @description Message text with {{name}} placeholders, each a variable of list_template_variables (spaces allowed inside the braces); line breaks and tabs allowed. */
                    body: string;
                    /** @description Templates are listed by sortOrder, then id. Default 0. */
                    sortOrder?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "template": {
                     *         "id": "tpl_welcome",
                     *         "name": "Welcome",
                     *         "body": "Hi {{prospect.name}}, welcome to {{unit.address}}! Your code is {{code.pin}}.",
                     *         "sortOrder": 10,
                     *         "createdAt": "2026-01-02T10:00:00.000Z",
                     *         "updatedAt": "2026-01-02T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        template: components["schemas"]["Template"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateMessageTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description The ETag get_message_template served: the write applies only while the template is still that version (else 412). */
                "If-Match"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "templateId": "tpl_0123456789ABCDEFGHIJKLMN",
                 *       "body": "Hi {{ prospect.name }}, see you at {{tour.start}}."
                 *     }
                 */
                "application/json": {
                    /** @description The template's id. */
                    templateId: string;
                    /** @description The template's name. */
                    name?: string;
                    /** @description Message text with {{name}} placeholders, each a variable of list_template_variables (spaces allowed inside the braces); line breaks and tabs allowed. */
                    body?: string;
                    /** @description Templates are listed by sortOrder, then id. Default 0. */
                    sortOrder?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "template": {
                     *         "id": "tpl_welcome",
                     *         "name": "Welcome",
                     *         "body": "Hi {{prospect.name}}, welcome to {{unit.address}}! Your code is {{code.pin}}.",
                     *         "sortOrder": 10,
                     *         "createdAt": "2026-01-02T10:00:00.000Z",
                     *         "updatedAt": "2026-01-02T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        template: components["schemas"]["Template"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description precondition_failed: If-Match names a version of the record that is no longer current: read it again (its ETag) and retry. */
            412: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteMessageTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description The ETag get_message_template served: the write applies only while the template is still that version (else 412). */
                "If-Match"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "templateId": "tpl_0123456789ABCDEFGHIJKLMN"
                 *     }
                 */
                "application/json": {
                    /** @description The template's id. */
                    templateId: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description precondition_failed: If-Match names a version of the record that is no longer current: read it again (its ETag) and retry. */
            412: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTemplateVariables: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "variables": [
                     *         {
                     *           "name": "unit.address",
                     *           "description": "The unit's address.",
                     *           "example": "1200 W Lake St, Chicago, IL"
                     *         },
                     *         {
                     *           "name": "unit.urlKey",
                     *           "description": "The unit's urlKey.",
                     *           "example": "chicago-loft"
                     *         },
                     *         {
                     *           "name": "unit.timeZone",
                     *           "description": "The unit's time zone, in which every time is written (UTC when it has none).",
                     *           "example": "America/Chicago"
                     *         },
                     *         {
                     *           "name": "tour.title",
                     *           "description": "The tour's title.",
                     *           "example": "Self-guided tour"
                     *         },
                     *         {
                     *           "name": "tour.start",
                     *           "description": "When the tour starts: date, time and zone.",
                     *           "example": "Tue, Dec 1, 2026, 10:00 AM CST"
                     *         },
                     *         {
                     *           "name": "tour.end",
                     *           "description": "When the tour ends: date, time and zone.",
                     *           "example": "Tue, Dec 1, 2026, 10:30 AM CST"
                     *         },
                     *         {
                     *           "name": "tour.date",
                     *           "description": "The local date the tour starts on.",
                     *           "example": "Tue, Dec 1, 2026"
                     *         },
                     *         {
                     *           "name": "tour.startTime",
                     *           "description": "The local time the tour starts at.",
                     *           "example": "10:00 AM"
                     *         },
                     *         {
                     *           "name": "tour.endTime",
                     *           "description": "The local time the tour ends at.",
                     *           "example": "10:30 AM"
                     *         },
                     *         {
                     *           "name": "tour.window",
                     *           "description": "The tour's start and end, the date and zone said once when they share them.",
                     *           "example": "Tue, Dec 1, 2026, 10:00 AM – 10:30 AM CST"
                     *         },
                     *         {
                     *           "name": "prospect.name",
                     *           "description": "The name of the tour's prospect.",
                     *           "example": "Ada Lovelace"
                     *         },
                     *         {
                     *           "name": "code.pin",
                     *           "description": "The PIN of the tour's door code.",
                     *           "example": "482913"
                     *         },
                     *         {
                     *           "name": "code.start",
                     *           "description": "When the tour's code starts to open the door (the tour's start less its margin).",
                     *           "example": "Tue, Dec 1, 2026, 9:45 AM CST"
                     *         },
                     *         {
                     *           "name": "code.end",
                     *           "description": "When the tour's code stops opening the door (the tour's end plus its margin).",
                     *           "example": "Tue, Dec 1, 2026, 10:45 AM CST"
                     *         },
                     *         {
                     *           "name": "code.window",
                     *           "description": "The code's start and end, written as tour.window is.",
                     *           "example": "Tue, Dec 1, 2026, 9:45 AM – 10:45 AM CST"
                     *         },
                     *         {
                     *           "name": "lock.name",
                     *           "description": "The name of the tour's lock.",
                     *           "example": "Front door"
                     *         },
                     *         {
                     *           "name": "message.title",
                     *           "description": "The title of the scheduled message being sent.",
                     *           "example": "Tour reminder"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        variables: {
                            /** @description What a placeholder names: {{tour.start}}. */
                            name: string;
                            description: string;
                            /** @description What it renders to for an example tour. */
                            example: string;
                        }[];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    renderMessageTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "templateId": "tpl_code",
                 *       "unitIdOrKey": "chicago-loft",
                 *       "tourId": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq"
                 *     }
                 */
                "application/json": {
                    /** @description A saved template of the organization to render (or give body). */
                    templateId?: string;
                    /** @description A template's text to render as a template write would take it (or give templateId). */
                    body?: string;
                    /** @description The unit's id, else its urlKey. */
                    unitIdOrKey: string;
                    /** @description A booked tour of the unit (tour_…): its times, PIN, code window and lock. Needs tours:read. */
                    tourId?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "text": "Your access code for Shared courtyard gate is 482913, valid Sun, Mar 14, 2027, 9:45 AM – 10:45 AM CDT.",
                     *       "values": {
                     *         "lock.name": "Shared courtyard gate",
                     *         "code.pin": "482913",
                     *         "code.window": "Sun, Mar 14, 2027, 9:45 AM – 10:45 AM CDT"
                     *       },
                     *       "missing": [],
                     *       "sms": {
                     *         "encoding": "UCS-2",
                     *         "units": 102,
                     *         "segments": 2
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The message as it would be sent now; a placeholder with no value renders empty. */
                        text: string;
                        /** @description Each placeholder of the template, once: its value, or null when it has none. */
                        values: {
                            [key: string]: string | null;
                        };
                        /** @description The placeholders with no value for this unit or tour, in order of first use. */
                        missing: string[];
                        /** @description What the text costs as SMS. */
                        sms: {
                            /**
                             * @description GSM-7 when every character is in the GSM 03.38 alphabet or its extension, else UCS-2.
                             * @enum {string}
                             */
                            encoding: "GSM-7" | "UCS-2";
                            /** @description Septets (an extension character counts 2), or UTF-16 code units under UCS-2. */
                            units: number;
                            /** @description One segment holds 160 GSM-7 / 70 UCS-2 units; a longer text takes 153 / 67 per segment. */
                            segments: number;
                        };
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLocks: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1..100 in plain decimal; default 20.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description The nextCursor of the previous page, sent unchanged.
                 * @example v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU
                 */
                cursor?: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "locks": [
                     *         {
                     *           "lockId": "lock_001",
                     *           "name": "88 Berkeley Pl door 1",
                     *           "provider": "yale",
                     *           "providerDeviceId": "dev-5025",
                     *           "model": "Model B1",
                     *           "timeZone": "America/New_York",
                     *           "unitIds": [
                     *             "unit_brooklyn"
                     *           ],
                     *           "status": "active",
                     *           "createdAt": "2026-01-05T09:01:00.000Z",
                     *           "updatedAt": "2026-01-05T09:01:00.000Z"
                     *         },
                     *         {
                     *           "lockId": "lock_002",
                     *           "name": "Oderberger Str. 12 door 2",
                     *           "provider": "schlage",
                     *           "providerDeviceId": "dev-504a",
                     *           "model": "Model C2",
                     *           "timeZone": "Europe/Berlin",
                     *           "unitIds": [
                     *             "unit_berlin"
                     *           ],
                     *           "status": "active",
                     *           "createdAt": "2026-01-05T09:02:00.000Z",
                     *           "updatedAt": "2026-01-05T09:02:00.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU"
                     *     }
                     */
                    "application/json": {
                        locks: components["schemas"]["Lock"][];
                        /** @description Cursor of the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_cursor: The pagination cursor is malformed, was changed, or belongs to another organization or list. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLock: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier answer: 304 with no body when it still matches (the request still counts against the budget). */
                "If-None-Match"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The lock's id.
                 * @example lock_001
                 */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "lock": {
                     *         "lockId": "lock_001",
                     *         "name": "88 Berkeley Pl door 1",
                     *         "provider": "yale",
                     *         "providerDeviceId": "dev-5025",
                     *         "model": "Model B1",
                     *         "timeZone": "America/New_York",
                     *         "unitIds": [
                     *           "unit_brooklyn"
                     *         ],
                     *         "status": "active",
                     *         "createdAt": "2026-01-05T09:01:00.000Z",
                     *         "updatedAt": "2026-01-05T09:01:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        lock: components["schemas"]["Lock"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match tag still matches; no body. */
            304: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateLock: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description The ETag GET /v1/locks/{lockId} or update_lock served: the update applies only while the lock is still that version (else 412). */
                "If-Match"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "lockId": "lock_001",
                 *       "name": "Courtyard door",
                 *       "unitIds": [
                 *         "unit_brooklyn",
                 *         "unit_unzoned"
                 *       ],
                 *       "timeZone": "America/New_York"
                 *     }
                 */
                "application/json": {
                    /** @description The lock's id (an inactive lock of the organization too). */
                    lockId: string;
                    /** @description The lock's name. */
                    name?: string;
                    /** @description The units the lock serves, 1 to 50, each once (more than one: a shared lock, such as a building door). It may not stop serving a unit while a code of that unit ending ahead names it (409). */
                    unitIds?: string[];
                    timeZone?: string | null;
                    /**
                     * @description inactive: the lock serves no unit and every read hides it (it may not while codes ahead name it, 409).
                     * @enum {string}
                     */
                    status?: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "lock": {
                     *         "lockId": "lock_001",
                     *         "name": "Courtyard door",
                     *         "provider": "yale",
                     *         "providerDeviceId": "dev-5025",
                     *         "model": "Model B1",
                     *         "timeZone": "America/New_York",
                     *         "unitIds": [
                     *           "unit_brooklyn",
                     *           "unit_unzoned"
                     *         ],
                     *         "status": "active",
                     *         "createdAt": "2026-01-05T09:01:00.000Z",
                     *         "updatedAt": "2026-01-02T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        lock: components["schemas"]["Lock"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description precondition_failed: If-Match names a version of the record that is no longer current: read it again (its ETag) and retry. */
            412: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLockState: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The lock's id.
                 * @example lock_001
                 */
                lockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "state": {
                     *         "lockId": "lock_001",
                     *         "provider": "yale",
                     *         "lockState": "locked",
                     *         "doorState": "closed",
                     *         "online": true,
                     *         "batteryLevel": 0.82,
                     *         "lastSeenAt": "2026-01-01T11:58:04.000Z",
                     *         "fetchedAt": "2026-01-01T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        state: components["schemas"]["LockState"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1..100 in plain decimal; default 20.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description The nextCursor of the previous page, sent unchanged.
                 * @example v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU
                 */
                cursor?: string;
                /** @description Only events of this type. */
                type?: "unit.timezone_changed" | "lock.state_changed" | "unit.created" | "unit.updated" | "schedule.item_created" | "schedule.item_updated" | "schedule.item_deleted" | "template.created" | "template.updated" | "template.deleted" | "webhook_delivery.failed" | "webhook_endpoint.disabled" | "access_code.synced" | "access_code.sync_failed" | "lock.updated" | "tour.booked" | "tour.confirmed" | "tour.rescheduled" | "tour.cancelled" | "tour.checked_in" | "tour.no_show" | "tour.completed" | "unit.showing_rules_changed" | "message.due" | "message.sent" | "message.failed";
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "id": "evt_5nR8tY2uI6oP0aS4dF7gH1jK",
                     *           "type": "message.due",
                     *           "createdAt": "2027-03-14T14:00:00.512Z",
                     *           "data": {
                     *             "unitId": "unit_chicago",
                     *             "item": {
                     *               "key": "scheduled_message:msg_6yH3jK8lZ1xC5vB9nM2qW4eR",
                     *               "kind": "scheduled_message",
                     *               "id": "msg_6yH3jK8lZ1xC5vB9nM2qW4eR",
                     *               "title": "Access code",
                     *               "startAt": "2027-03-14T14:00:00.000Z",
                     *               "endAt": "2027-03-14T14:00:00.000Z",
                     *               "lockId": null,
                     *               "localStart": "2027-03-14T09:00:00-05:00",
                     *               "localEnd": "2027-03-14T09:00:00-05:00",
                     *               "label": "Sun, Mar 14, 2027, 9:00 AM CDT",
                     *               "templateId": "tpl_code",
                     *               "code": null,
                     *               "lockSync": null,
                     *               "tourId": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *               "delivery": {
                     *                 "status": "scheduled",
                     *                 "channel": null,
                     *                 "sentAt": null,
                     *                 "error": null
                     *               }
                     *             },
                     *             "tourId": "tour_7Qm2Xc9RtLm4NpA8sDfH2kGq",
                     *             "to": {
                     *               "name": "Ada Lovelace",
                     *               "email": "ada@example.com",
                     *               "phone": "+13125550123"
                     *             },
                     *             "text": "Your access code for Shared courtyard gate is 482913, valid Sun, Mar 14, 2027, 9:45 AM – 10:45 AM CDT."
                     *           }
                     *         },
                     *         {
                     *           "id": "evt_2kGq7V0bXc9RtLm4NpA8sDfH",
                     *           "type": "unit.timezone_changed",
                     *           "createdAt": "2026-01-01T12:00:00.000Z",
                     *           "data": {
                     *             "unit": {
                     *               "id": "unit_chicago",
                     *               "urlKey": "chicago-loft",
                     *               "address": "1200 W Lake St, Chicago, IL",
                     *               "timeZone": "America/New_York",
                     *               "version": 2,
                     *               "showingRules": null
                     *             },
                     *             "previousTimeZone": "America/Chicago",
                     *             "policy": "keep_instant",
                     *             "moved": []
                     *           }
                     *         }
                     *       ],
                     *       "nextCursor": "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU"
                     *     }
                     */
                    "application/json": {
                        events: components["schemas"]["Event"][];
                        /** @description Cursor of the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_cursor: The pagination cursor is malformed, was changed, or belongs to another organization or list. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier answer: 304 with no body when it still matches (the request still counts against the budget). */
                "If-None-Match"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The event's id (evt_…).
                 * @example evt_2kGq7V0bXc9RtLm4NpA8sDfH
                 */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "event": {
                     *         "id": "evt_2kGq7V0bXc9RtLm4NpA8sDfH",
                     *         "type": "unit.timezone_changed",
                     *         "createdAt": "2026-01-01T12:00:00.000Z",
                     *         "data": {
                     *           "unit": {
                     *             "id": "unit_chicago",
                     *             "urlKey": "chicago-loft",
                     *             "address": "1200 W Lake St, Chicago, IL",
                     *             "timeZone": "America/New_York",
                     *             "version": 2,
                     *             "showingRules": null
                     *           },
                     *           "previousTimeZone": "America/Chicago",
                     *           "policy": "keep_instant",
                     *           "moved": []
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        event: components["schemas"]["Event"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match tag still matches; no body. */
            304: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Validator of this representation; send it back in If-None-Match (a GET), or in If-Match (the record's update). */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1..100 in plain decimal; default 20.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description The nextCursor of the previous page, sent unchanged.
                 * @example v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU
                 */
                cursor?: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookEndpoints": [
                     *         {
                     *           "id": "we_7hJk2LmN4pQr6StU8vWx0YzA",
                     *           "url": "https://crm.example.com/lintel-webhooks",
                     *           "eventTypes": [
                     *             "unit.timezone_changed"
                     *           ],
                     *           "description": "CRM sync",
                     *           "status": "enabled",
                     *           "disabledReason": null,
                     *           "createdAt": "2026-01-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU"
                     *     }
                     */
                    "application/json": {
                        webhookEndpoints: components["schemas"]["WebhookEndpoint"][];
                        /** @description Cursor of the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_cursor: The pagination cursor is malformed, was changed, or belongs to another organization or list. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://crm.example.com/lintel-webhooks",
                 *       "eventTypes": [
                 *         "unit.timezone_changed"
                 *       ],
                 *       "description": "CRM sync"
                 *     }
                 */
                "application/json": {
                    /** @description Where events are POSTed: https://, at most 2048 characters; never a loopback, private, link-local or unspecified destination (checked again at every delivery). */
                    url: string;
                    /** @description The types delivered: a non-empty list without repeats, or ["*"] alone for every type but message.due, which an endpoint gets only by naming it, through an API key that also holds tours:read (403 otherwise). */
                    eventTypes: ("unit.timezone_changed" | "lock.state_changed" | "unit.created" | "unit.updated" | "schedule.item_created" | "schedule.item_updated" | "schedule.item_deleted" | "template.created" | "template.updated" | "template.deleted" | "webhook_delivery.failed" | "webhook_endpoint.disabled" | "access_code.synced" | "access_code.sync_failed" | "lock.updated" | "tour.booked" | "tour.confirmed" | "tour.rescheduled" | "tour.cancelled" | "tour.checked_in" | "tour.no_show" | "tour.completed" | "unit.showing_rules_changed" | "message.due" | "message.sent" | "message.failed" | "*")[];
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookEndpoint": {
                     *         "id": "we_7hJk2LmN4pQr6StU8vWx0YzA",
                     *         "url": "https://crm.example.com/lintel-webhooks",
                     *         "eventTypes": [
                     *           "unit.timezone_changed"
                     *         ],
                     *         "description": "CRM sync",
                     *         "status": "enabled",
                     *         "disabledReason": null,
                     *         "createdAt": "2026-01-01T12:00:00.000Z"
                     *       },
                     *       "secret": "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD6XlHvH0VtEQ="
                     *     }
                     */
                    "application/json": {
                        webhookEndpoint: components["schemas"]["WebhookEndpoint"];
                        /** @description whsec_ + base64 of 32 bytes: verify deliveries with it. Shown in this answer only. */
                        secret: string;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookEndpoint": {
                     *         "id": "we_7hJk2LmN4pQr6StU8vWx0YzA",
                     *         "url": "https://crm.example.com/lintel-webhooks",
                     *         "eventTypes": [
                     *           "unit.timezone_changed"
                     *         ],
                     *         "description": "CRM sync",
                     *         "status": "enabled",
                     *         "disabledReason": null,
                     *         "createdAt": "2026-01-01T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        webhookEndpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://crm.example.com/lintel-webhooks/v2",
                 *       "eventTypes": [
                 *         "*"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Where events are POSTed: https://, at most 2048 characters; never a loopback, private, link-local or unspecified destination (checked again at every delivery). */
                    url?: string;
                    /** @description The types delivered: a non-empty list without repeats, or ["*"] alone for every type but message.due, which an endpoint gets only by naming it, through an API key that also holds tours:read (403 otherwise). */
                    eventTypes?: ("unit.timezone_changed" | "lock.state_changed" | "unit.created" | "unit.updated" | "schedule.item_created" | "schedule.item_updated" | "schedule.item_deleted" | "template.created" | "template.updated" | "template.deleted" | "webhook_delivery.failed" | "webhook_endpoint.disabled" | "access_code.synced" | "access_code.sync_failed" | "lock.updated" | "tour.booked" | "tour.confirmed" | "tour.rescheduled" | "tour.cancelled" | "tour.checked_in" | "tour.no_show" | "tour.completed" | "unit.showing_rules_changed" | "message.due" | "message.sent" | "message.failed" | "*")[];
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookEndpoint": {
                     *         "id": "we_7hJk2LmN4pQr6StU8vWx0YzA",
                     *         "url": "https://crm.example.com/lintel-webhooks/v2",
                     *         "eventTypes": [
                     *           "*"
                     *         ],
                     *         "description": "CRM sync",
                     *         "status": "enabled",
                     *         "disabledReason": null,
                     *         "createdAt": "2026-01-01T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        webhookEndpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    enableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookEndpoint": {
                     *         "id": "we_7hJk2LmN4pQr6StU8vWx0YzA",
                     *         "url": "https://crm.example.com/lintel-webhooks",
                     *         "eventTypes": [
                     *           "unit.timezone_changed"
                     *         ],
                     *         "description": "CRM sync",
                     *         "status": "enabled",
                     *         "disabledReason": null,
                     *         "createdAt": "2026-01-01T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        webhookEndpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1..100 in plain decimal; default 20.
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description The nextCursor of the previous page, sent unchanged.
                 * @example v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU
                 */
                cursor?: string;
            };
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveries": [
                     *         {
                     *           "id": "dlv_9aBc3DeF5gHi7JkL1mNo2PqR",
                     *           "eventId": "evt_2kGq7V0bXc9RtLm4NpA8sDfH",
                     *           "eventType": "unit.timezone_changed",
                     *           "status": "pending",
                     *           "attempts": 1,
                     *           "lastAttemptAt": "2026-01-01T12:00:00.412Z",
                     *           "lastResponseStatus": 500,
                     *           "lastError": "HTTP 500",
                     *           "nextAttemptAt": "2026-01-01T12:00:05.412Z"
                     *         }
                     *       ],
                     *       "nextCursor": "v1.Zk5hY2tlZC1vcGFxdWUtY3Vyc29yLWV4YW1wbGU"
                     *     }
                     */
                    "application/json": {
                        deliveries: components["schemas"]["Delivery"][];
                        /** @description Cursor of the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_cursor: The pagination cursor is malformed, was changed, or belongs to another organization or list. not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookEndpoint": {
                     *         "id": "we_7hJk2LmN4pQr6StU8vWx0YzA",
                     *         "url": "https://crm.example.com/lintel-webhooks",
                     *         "eventTypes": [
                     *           "unit.timezone_changed"
                     *         ],
                     *         "description": "CRM sync",
                     *         "status": "enabled",
                     *         "disabledReason": null,
                     *         "createdAt": "2026-01-01T12:00:00.000Z"
                     *       },
                     *       "secret": "whsec_9Jq2c0vWmR1x8yTnK4bLs7eHfA3dGzP6uQoVi5NwXkE="
                     *     }
                     */
                    "application/json": {
                        webhookEndpoint: components["schemas"]["WebhookEndpoint"];
                        /** @description The new secret (whsec_…): shown in this answer only. The old one signs too, second, for 24 h. */
                        secret: string;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
                /**
                 * @description The delivery's id (dlv_…).
                 * @example dlv_9aBc3DeF5gHi7JkL1mNo2PqR
                 */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "delivery": {
                     *         "id": "dlv_9aBc3DeF5gHi7JkL1mNo2PqR",
                     *         "eventId": "evt_2kGq7V0bXc9RtLm4NpA8sDfH",
                     *         "eventType": "unit.timezone_changed",
                     *         "status": "pending",
                     *         "attempts": 8,
                     *         "lastAttemptAt": "2026-01-01T12:00:00.412Z",
                     *         "lastResponseStatus": 500,
                     *         "lastError": "HTTP 500",
                     *         "nextAttemptAt": "2026-01-02T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        delivery: components["schemas"]["Delivery"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    recoverDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, unique per intended change (e.g. a UUID); scoped to the API key, kept 24 h. */
                "Idempotency-Key"?: string;
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-01-01T00:00:00.000Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Failed deliveries of events created at this instant or later are retried; at most 30 days back. Years 2000 to 2099.
                     * @example 2026-12-01T10:00:00-05:00
                     */
                    since: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description true when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveries": 42
                     *     }
                     */
                    "application/json": {
                        /** @description How many failed deliveries were queued again. */
                        deliveries: number;
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_in_progress: The first request with this Idempotency-Key is still running; retry after Retry-After seconds to get its answer. conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description With idempotency_in_progress: whole seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: The request body is over 16 KiB. */
            413: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: A POST body must be application/json. */
            415: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description idempotency_key_reused: The Idempotency-Key was already used with a different request body; use a new key for a new request. */
            422: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path: {
                /**
                 * @description The webhook endpoint's id (we_…).
                 * @example we_7hJk2LmN4pQr6StU8vWx0YzA
                 */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "delivery": {
                     *         "id": "dlv_4fE8a1B2c3D4e5F6a7B8c9D0",
                     *         "eventId": "evt_8TtQz3LmN0pR5sVx2YwA7cKd",
                     *         "eventType": "webhook_endpoint.test",
                     *         "status": "pending",
                     *         "attempts": 0,
                     *         "lastAttemptAt": null,
                     *         "lastResponseStatus": null,
                     *         "lastError": null,
                     *         "nextAttemptAt": "2026-01-02T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        delivery: components["schemas"]["Delivery"];
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_api_key: The API key is missing, malformed, unknown, expired or revoked. */
            401: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description The challenge: the key goes in the x-api-key header. */
                    "WWW-Authenticate"?: "ApiKey header=\"x-api-key\"";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_scope: The API key lacks the scope the operation requires; the detail names it. */
            403: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: No such unit, template, lock or route for this organization. */
            404: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: The write would break a rule about other records: a urlKey the organization already uses, a template a future message still names. */
            409: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: The request budget is used up; wait for Retry-After seconds. */
            429: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> */
                    "RateLimit-Policy": string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> */
                    RateLimit: string;
                    /** @description Whole seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description "default";q=<requests>;w=<window seconds> (absent when the budget could not be read) */
                    "RateLimit-Policy"?: string;
                    /** @description "default";r=<remaining>;t=<seconds until the budget is full> (absent when the budget could not be read) */
                    RateLimit?: string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unavailable: The store or the lock provider could not answer in time; retry after Retry-After seconds. Without Retry-After (a lock provider this server is not configured for), retrying cannot help. */
            503: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    /** @description Whole seconds to wait before retrying. Absent when retrying cannot help (a lock provider the server is not configured for). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReference: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getErrorReference: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your own request id, echoed in the answer's x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$ (else a fresh one is used). */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description invalid_request: A parameter is missing, malformed, out of range, repeated, or unknown. */
            400: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description uri_too_long: The request target (path and query) is over 8 KiB; checked with the route, before the API key. */
            414: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description internal_error: Something unexpected happened; quote the requestId to support. */
            500: {
                headers: {
                    /** @description The request id (also in problem bodies): the client's own x-request-id when it matches ^[A-Za-z0-9._-]{8,128}$. */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
