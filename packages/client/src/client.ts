/**
 * The typed Lintel client. Every method is one operation of `/v1/openapi.json`, its types
 * generated from that document (`openapi-types.js`): a query, path or body the API would refuse
 * does not compile. Lists are {@link PagedList}s. Errors are thrown as `LintelProblem`. Every
 * method takes {@link CallOptions} last: an overall deadline (`timeoutMs`) and an AbortSignal.
 */
import { pagedList } from "./paging.js";
import { get, getWithEtag, path, splitIfMatch, write } from "./requests.js";
import { createTransport, type CallOptions, type ClientOptions, type Send } from "./transport.js";
import type {
  OperationId,
  QueryOf,
  AnswerOf,
  CreatedWebhookEndpoint,
  RotatedWebhookSecret,
  SetTimezoneResult,
  BodyOf,
  WriteOptions,
  WriteResult,
  UnitWriteResult,
  ScheduleItemWriteResult,
  ScheduleItemDeleteResult,
  TemplateWriteResult,
  TemplateDeleteResult,
  TemplateWithEtag,
  IfMatch,
  LockWithEtag,
  LockWriteResult,
  TourWriteResult,
} from "./types.js";

/** Builds a client for `options.baseUrl` with `options.apiKey`. */
export function createLintelClient(options: ClientOptions) {
  const transport = createTransport(options);
  const send: Send = transport;
  /** A write whose answer is a JSON body: that body with `replayed`. */
  const written = async <K extends OperationId>(path: string, body: unknown, call: WriteOptions, headers?: Record<string, string>) => {
    const answer = await write<AnswerOf<K>>(transport, path, body, call, headers);
    return { ...(answer.body as object), replayed: answer.replayed } as WriteResult<K>;
  };
  return {
    units: {
      /** Every unit by urlKey. Scope `units:read` (or `units:write`). */
      list: (query: QueryOf<"listUnits"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listUnits">, "units">(send, "/v1/units/list_units", "units", query, options),
      /** One unit, by id, else by urlKey. Scope `units:read`. */
      get: async (unitIdOrKey: string, options?: CallOptions) =>
        (await get<"getUnit">(send, "/v1/units/get_unit", { unitIdOrKey }, undefined, options)).unit,
      /** The unit's tours, codes, open houses and messages ending after `from` (default now), in its zone. Scope `units:read`. */
      listSchedule: (query: QueryOf<"listSchedule">, options?: CallOptions) =>
        pagedList<AnswerOf<"listSchedule">, "items">(send, "/v1/units/list_schedule", "items", query, options),
      /** What a time-zone change would move (changes nothing). Scope `units:write`. */
      previewTimezoneChange: (query: QueryOf<"previewTimezoneChange">, options?: CallOptions) =>
        get<"previewTimezoneChange">(send, "/v1/units/preview_timezone_change", query, undefined, options),
      /**
       * Sets the unit's zone with `expectedVersion` (409 `version_conflict` when stale). Sent with
       * an `Idempotency-Key` (a new UUID unless given), so its retries after 429, 503 or 409
       * `idempotency_in_progress` can never apply the change twice (the server keeps the first answer per key for 24 h). `replayed` is true
       * when the answer is the stored one of an earlier request with that key (this one changed nothing).
       */
      setTimezone: (body: BodyOf<"setTimezone">, options: WriteOptions = {}): Promise<SetTimezoneResult> =>
        written<"setTimezone">("/v1/units/set_timezone", body, options),
      /**
       * Creates a unit at version 1 (409 `conflict` when the organization already uses its
       * urlKey). Sent with an `Idempotency-Key` (the caller's, else a new UUID), so its retries
       * never create two. Scope `units:write`.
       */
      create: (body: BodyOf<"createUnit">, options: WriteOptions = {}): Promise<UnitWriteResult> =>
        written<"createUnit">("/v1/units/create_unit", body, options),
      /**
       * Sets a unit's urlKey or address (its zone changes through `setTimezone`); with
       * `expectedVersion`, only while the unit is at that version (else 409 `version_conflict`).
       * Adds 1 to the version. Sent with an `Idempotency-Key`, so its retries are safe. Scope `units:write`.
       */
      update: (body: BodyOf<"updateUnit">, options: WriteOptions = {}): Promise<UnitWriteResult> =>
        written<"updateUnit">("/v1/units/update_unit", body, options),
      /**
       * Sets (or, with `rules: null`, removes) when the unit may be toured, in its own wall-clock
       * time; adds 1 to its version. A unit without a zone: `conflict` (409). Scope `units:write`.
       */
      setShowingRules: (body: BodyOf<"setShowingRules">, options: WriteOptions = {}): Promise<WriteResult<"setShowingRules">> =>
        written<"setShowingRules">("/v1/units/set_showing_rules", body, options),
      /** The slots a prospect may book, from `from` (default now) to `to` (default 7 days later, at most 31). Scope `units:read` or `tours:read`. */
      listAvailableSlots: (query: QueryOf<"listAvailableSlots">, options?: CallOptions) =>
        get<"listAvailableSlots">(send, "/v1/units/list_available_slots", query, undefined, options),
      /**
       * Creates a tour, code, open house or scheduled message at the unit (a code needs the
       * `lockId` of an active lock that serves the unit); with `expectedVersion`, only while the
       * unit is at that version. Adds 1 to the unit's version, so a preview made before is stale.
       * Sent with an `Idempotency-Key`, so its retries never create two. Scope `units:write`.
       */
      createScheduleItem: (body: BodyOf<"createScheduleItem">, options: WriteOptions = {}): Promise<ScheduleItemWriteResult> =>
        written<"createScheduleItem">("/v1/units/create_schedule_item", body, options),
      /**
       * Sets the fields given of the item named by its `key` (`lockId: null` and `templateId: null`
       * clear them); the others are kept. Adds 1 to the unit's version. Sent with an
       * `Idempotency-Key`, so its retries are safe. Scope `units:write`.
       */
      updateScheduleItem: (body: BodyOf<"updateScheduleItem">, options: WriteOptions = {}): Promise<ScheduleItemWriteResult> =>
        written<"updateScheduleItem">("/v1/units/update_schedule_item", body, options),
      /**
       * Deletes the item named by its `key`; resolves to the unit after the change. Adds 1 to the
       * unit's version. Sent with an `Idempotency-Key`, so a retry after a lost answer is the stored
       * answer (`replayed: true`), not a 404. Scope `units:write`.
       */
      deleteScheduleItem: (body: BodyOf<"deleteScheduleItem">, options: WriteOptions = {}): Promise<ScheduleItemDeleteResult> =>
        written<"deleteScheduleItem">("/v1/units/delete_schedule_item", body, options),
    },
    templates: {
      /** One template. Scope `messages:read`. */
      get: async (templateId: string, options?: CallOptions) =>
        (await get<"getMessageTemplate">(send, "/v1/templates/get_message_template", { templateId }, undefined, options)).template,
      /**
       * One template and the answer's `ETag`: pass it as `ifMatch` to `update` or `delete` so they
       * apply only while the template is still what you read. Scope `messages:read`.
       */
      getWithEtag: async (templateId: string, options?: CallOptions): Promise<TemplateWithEtag> => {
        const { body, etag } = await getWithEtag<"getMessageTemplate">(
          transport,
          "/v1/templates/get_message_template",
          { templateId },
          options,
        );
        return { template: body.template, etag };
      },
      /**
       * Creates a template (`{{name}}` placeholders, each a variable of `listVariables`; a malformed
       * or unknown one is 400 with its offset, and suggestions for an unknown name).
       * Sent with an `Idempotency-Key`, so its retries never create two. Scope `messages:write`.
       */
      create: (body: BodyOf<"createMessageTemplate">, options: WriteOptions = {}): Promise<TemplateWriteResult> =>
        written<"createMessageTemplate">("/v1/templates/create_message_template", body, options),
      /**
       * Sets the fields given of a template. With `ifMatch` (the ETag of `getWithEtag`), only while
       * the template is still that version, else a LintelProblem `precondition_failed` (412).
       * Sent with an `Idempotency-Key`, so its retries are safe. Scope `messages:write`.
       */
      update: (input: BodyOf<"updateMessageTemplate"> & IfMatch, options: WriteOptions = {}): Promise<TemplateWriteResult> => {
        const { body, headers } = splitIfMatch(input);
        return written<"updateMessageTemplate">("/v1/templates/update_message_template", body, options, headers);
      },
      /**
       * Deletes a template (409 `conflict` while a scheduled message still to be sent names it).
       * With `ifMatch`, only while the template is still that version, else 412
       * `precondition_failed`. Sent with an `Idempotency-Key`, so a retry after a lost answer is the
       * stored answer (`replayed: true`), not a 404. Scope `messages:write`.
       */
      delete: async (input: BodyOf<"deleteMessageTemplate"> & IfMatch, options: WriteOptions = {}): Promise<TemplateDeleteResult> => {
        const { body, headers } = splitIfMatch(input);
        const { replayed } = await write<undefined>(transport, "/v1/templates/delete_message_template", body, options, headers);
        return { replayed };
      },
      /** Every template by sortOrder, then id. Scope `messages:read`. */
      list: (query: QueryOf<"listMessageTemplates"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listMessageTemplates">, "templates">(send, "/v1/templates/list_message_templates", "templates", query, options),
      /** The variables a template's placeholders may name, each with its description and an example. Scope `messages:read`. */
      listVariables: async (options?: CallOptions) =>
        (await get<"listTemplateVariables">(send, "/v1/templates/list_template_variables", undefined, undefined, options)).variables,
      /**
       * What a message would say now: a saved template (`templateId`) or a `body`, rendered for a
       * unit and optionally one of its tours (`tourId` also needs `tours:read`): `{ text, values,
       * missing, sms }`. Changes nothing, so it is retried like a GET. Scope `messages:read`.
       */
      render: (body: BodyOf<"renderMessageTemplate">, options?: CallOptions) =>
        send<AnswerOf<"renderMessageTemplate">>({
          method: "POST",
          path: "/v1/templates/render_message_template",
          body,
          retryable: true,
          options,
        }),
    },
    tours: {
      /**
       * Books a self-guided tour: the tour, its code (on the unit's only active lock, or `lockId`;
       * the tour's times widened by `access` margins) and its messages in one step; resolves to
       * `{ tour, unit, replayed }`. Sent with an `Idempotency-Key`, so its retries never book two. Scope `tours:write`.
       */
      book: (body: BodyOf<"bookTour">, options: WriteOptions = {}): Promise<TourWriteResult> =>
        written<"bookTour">("/v1/tours/book_tour", body, options),
      /** Confirms a tour that awaits verification: its held code goes to the lock. Scope `tours:write`. */
      confirm: (tourId: string, options: WriteOptions = {}): Promise<WriteResult<"confirmTour">> =>
        written<"confirmTour">("/v1/tours/confirm_tour", { tourId }, options),
      /** Moves a tour (before its access starts) with its code and its messages anchored at start or end. Scope `tours:write`. */
      reschedule: (body: BodyOf<"rescheduleTour">, options: WriteOptions = {}): Promise<TourWriteResult> =>
        written<"rescheduleTour">("/v1/tours/reschedule_tour", body, options),
      /** Cancels a tour: it leaves the schedule and its code is removed from the lock. Scope `tours:write`. */
      cancel: (body: BodyOf<"cancelTour">, options: WriteOptions = {}): Promise<TourWriteResult> =>
        written<"cancelTour">("/v1/tours/cancel_tour", body, options),
      /** Checks a tour in (the prospect arrived; `at` default now, within the access window). Scope `tours:write`. */
      checkIn: (body: BodyOf<"checkIn">, options: WriteOptions = {}): Promise<WriteResult<"checkIn">> =>
        written<"checkIn">("/v1/tours/check_in", body, options),
      /** One booked tour, its PIN and the prospect's contact data included. Scope `tours:read` (or `tours:write`). */
      get: async (tourId: string, options?: CallOptions) =>
        (await get<"getTour">(send, "/v1/tours/get_tour", { tourId }, undefined, options)).tour,
      /** The organization's tours ending after `from` (default now), by startAt; of one unit or status when asked. Scope `tours:read`. */
      list: (query: QueryOf<"listTours"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listTours">, "tours">(send, "/v1/tours/list_tours", "tours", query, options),
    },
    locks: {
      /** Every active lock, newest first. Scope `locks:read`. */
      list: (query: QueryOf<"listLocks"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listLocks">, "locks">(send, "/v1/locks", "locks", query, options),
      /** One active lock. Scope `locks:read`. */
      get: async (lockId: string, options?: CallOptions) =>
        (await get<"getLock">(send, "/v1/locks/{lockId}", undefined, lockId, options)).lock,
      /** One active lock and the answer's `ETag`: pass it as `ifMatch` to `update`. Scope `locks:read` (or `locks:write`). */
      getWithEtag: async (lockId: string, options?: CallOptions): Promise<LockWithEtag> => {
        const { body, etag } = await getWithEtag<"getLock">(transport, path("/v1/locks/{lockId}", lockId), undefined, options);
        return { lock: body.lock, etag };
      },
      /**
       * Sets the fields given of a lock, active or inactive: the units it serves (how a new unit gets
       * codes), its name, zone (null clears it) and status; resolves to `{ lock, etag, replayed }`.
       * With `ifMatch` (an `etag` of `getWithEtag` or of an earlier update), only while the lock is still
       * that version, else `precondition_failed` (412). A unit it would stop serving whose codes ahead
       * name it: `conflict` (409). Sent with an `Idempotency-Key`, so its retries are safe. Scope `locks:write`.
       */
      update: async (input: BodyOf<"updateLock"> & IfMatch, options: WriteOptions = {}): Promise<LockWriteResult> => {
        const { body, headers } = splitIfMatch(input);
        const answer = await write<AnswerOf<"updateLock">>(transport, "/v1/locks/update_lock", body, options, headers);
        return { lock: answer.body.lock, etag: answer.etag, replayed: answer.replayed };
      },
      /**
       * The lock's live state from its provider. Scope `lock-state:read`. A provider that does
       * not answer takes LOCK_PROVIDER_TIMEOUT_MS per attempt on the server: bound the whole
       * call with `timeoutMs`.
       */
      getState: async (lockId: string, options?: CallOptions) =>
        (await get<"getLockState">(send, "/v1/locks/{lockId}/state", undefined, lockId, options)).state,
    },
    events: {
      /** The organization's events, newest first, of one `type` when given (kept 30 days). Scope `events:read`. */
      list: (query: QueryOf<"listEvents"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listEvents">, "events">(send, "/v1/events", "events", query, options),
      /** One event, exactly as its webhook deliveries carry it. Scope `events:read`. */
      get: async (eventId: string, options?: CallOptions) =>
        (await get<"getEvent">(send, "/v1/events/{eventId}", undefined, eventId, options)).event,
    },
    webhookEndpoints: {
      /**
       * Creates an endpoint; events of its `eventTypes` are POSTed to its `url`, signed with the
       * `secret` of the answer (shown this once). Sent with an `Idempotency-Key` (a new UUID
       * unless given), so retries never create two. Scope `webhooks:write`.
       */
      create: (body: BodyOf<"createWebhookEndpoint">, options: WriteOptions = {}): Promise<CreatedWebhookEndpoint> =>
        written<"createWebhookEndpoint">("/v1/webhook_endpoints", body, options),
      /** The organization's endpoints, newest first. Scope `webhooks:write`. */
      list: (query: QueryOf<"listWebhookEndpoints"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listWebhookEndpoints">, "webhookEndpoints">(send, "/v1/webhook_endpoints", "webhookEndpoints", query, options),
      /** One endpoint (without its secret). Scope `webhooks:write`. */
      get: async (endpointId: string, options?: CallOptions) =>
        (await get<"getWebhookEndpoint">(send, "/v1/webhook_endpoints/{endpointId}", undefined, endpointId, options)).webhookEndpoint,
      /** Deletes an endpoint: nothing more is delivered to it. Scope `webhooks:write`. */
      delete: async (endpointId: string, options?: CallOptions): Promise<void> => {
        // Not retried: a repeat after a lost answer would be a 404 for a delete that happened.
        await send<undefined>({
          method: "DELETE",
          path: path("/v1/webhook_endpoints/{endpointId}", endpointId),
          retryable: false,
          options,
        });
      },
      /** Enables an endpoint again (after a 410 or 5 days of failures). Scope `webhooks:write`. */
      enable: async (endpointId: string, options?: CallOptions) =>
        (
          await send<AnswerOf<"enableWebhookEndpoint">>({
            method: "POST",
            path: path("/v1/webhook_endpoints/{endpointId}/enable", endpointId),
            retryable: true, // enabling twice is enabling once
            options,
          })
        ).webhookEndpoint,
      /**
       * Changes the endpoint's `url`, `eventTypes` or `description` (each by create's rules);
       * deliveries already pending go to the new url. Resolves to `{ webhookEndpoint, replayed }`. Scope `webhooks:write`.
       */
      update: (endpointId: string, body: BodyOf<"updateWebhookEndpoint">, options: WriteOptions = {}) =>
        written<"updateWebhookEndpoint">(path("/v1/webhook_endpoints/{endpointId}", endpointId), body, options),
      /**
       * A new secret for the endpoint, shown in this answer only. For 24 h deliveries carry both
       * signatures: verify with `verifyWebhook(body, headers, [secret, oldSecret])` meanwhile.
       * Sent with an `Idempotency-Key` (a new UUID unless given): a retry gets the same secret. Scope `webhooks:write`.
       */
      rotateSecret: (endpointId: string, options: WriteOptions = {}): Promise<RotatedWebhookSecret> =>
        written<"rotateWebhookEndpointSecret">(path("/v1/webhook_endpoints/{endpointId}/rotate_secret", endpointId), undefined, options),
      /**
       * Attempts a failed (or delivered) delivery again now, with the same `webhook-id`, then on
       * the retry schedule from its start; resolves to the delivery, pending. Scope `webhooks:write`.
       */
      retryDelivery: async (endpointId: string, deliveryId: string, options?: CallOptions) =>
        (
          await send<AnswerOf<"retryDelivery">>({
            method: "POST",
            path: path(path("/v1/webhook_endpoints/{endpointId}/deliveries/{deliveryId}/retry", endpointId), deliveryId),
            retryable: false, // a repeat after a lost answer would be a 409 for a retry that happened
            options,
          })
        ).delivery,
      /**
       * Retries every failed delivery of the endpoint whose event was created at `since` or later
       * (at most 30 days back); resolves to `{ deliveries }`, how many were queued, and `replayed`. Scope `webhooks:write`.
       */
      recover: (endpointId: string, body: BodyOf<"recoverDeliveries">, options: WriteOptions = {}) =>
        written<"recoverDeliveries">(path("/v1/webhook_endpoints/{endpointId}/recover", endpointId), body, options),
      /**
       * Delivers a `webhook_endpoint.test` event to the endpoint (whatever its event types; not
       * in `/v1/events`); resolves to its delivery. Scope `webhooks:write`.
       */
      sendTest: async (endpointId: string, options?: CallOptions) =>
        (
          await send<AnswerOf<"sendTestWebhook">>({
            method: "POST",
            path: path("/v1/webhook_endpoints/{endpointId}/send_test", endpointId),
            retryable: false, // each call sends one more test event
            options,
          })
        ).delivery,
      /** The endpoint's deliveries, newest first, with how each went. Scope `webhooks:write`. */
      listDeliveries: (endpointId: string, query: QueryOf<"listDeliveries"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listDeliveries">, "deliveries">(
          send,
          path("/v1/webhook_endpoints/{endpointId}/deliveries", endpointId),
          "deliveries",
          query,
          options,
        ),
    },
  };
}

/** A Lintel client: `createLintelClient`'s result. */
export type LintelClient = ReturnType<typeof createLintelClient>;
