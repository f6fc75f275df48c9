/**
 * The typed Lintel client. Every method is one operation of `/v1/openapi.json`, its types
 * generated from that document (`openapi-types.ts`): a query, path or body the API would refuse
 * does not compile. Lists are {@link PagedList}s. Errors are thrown as `LintelProblem`. Every
 * method takes {@link CallOptions} last: an overall deadline (`timeoutMs`) and an AbortSignal.
 */
import type { components, operations } from "./openapi-types.js";
import { pagedList } from "./paging.js";
import { createTransport, type CallOptions, type ClientOptions, type Send } from "./transport.js";

export type Lock = components["schemas"]["Lock"];
export type LockState = components["schemas"]["LockState"];
export type Template = components["schemas"]["Template"];
export type PreviewItem = components["schemas"]["PreviewItem"];
export type Problem = components["schemas"]["Problem"];
export type Unit = components["schemas"]["Unit"];
export type ScheduleEntry = components["schemas"]["ScheduleEntry"];
export type Event = components["schemas"]["Event"];
export type WebhookEndpoint = components["schemas"]["WebhookEndpoint"];
export type Delivery = components["schemas"]["Delivery"];

/** The `operationId` of an operation of the OpenAPI document (`listLocks`, `setTimezone`, …). */
export type OperationId = keyof operations;
/** The query parameters of an operation. */
export type QueryOf<K extends OperationId> = NonNullable<operations[K]["parameters"]["query"]>;
/** The success body of an operation (its 200, or its 201). */
export type AnswerOf<K extends OperationId> = operations[K]["responses"] extends { 200: { content: { "application/json": infer Answer } } }
  ? Answer
  : operations[K]["responses"] extends { 201: { content: { "application/json": infer Created } } }
    ? Created
    : never;
/**
 * What `webhookEndpoints.create` resolves to: the endpoint, its secret (shown this once: keep it
 * to verify deliveries with `verifyWebhook`), and whether it was a replay of an earlier request
 * with the same Idempotency-Key.
 */
export type CreatedWebhookEndpoint = AnswerOf<"createWebhookEndpoint"> & { readonly replayed: boolean };
/**
 * What `units.setTimezone` resolves to: the API's answer, and whether it was a replay
 * (`Idempotent-Replayed: true`): the change was made by an earlier request with the same
 * Idempotency-Key, and this one changed nothing.
 */
export type SetTimezoneResult = AnswerOf<"setTimezone"> & { readonly replayed: boolean };
/** The JSON body an operation takes. */
export type BodyOf<K extends OperationId> = operations[K]["requestBody"] extends { content: { "application/json": infer Body } } | undefined
  ? Body
  : never;

const path = (template: string, value: string) => template.replace(/\{\w+\}/, encodeURIComponent(value));

/** A GET of `template` (one `{param}` filled with `param`) whose answer is `AnswerOf<K>`. */
function get<K extends OperationId>(send: Send, template: string, query: QueryOf<K> | undefined, param?: string, options?: CallOptions) {
  const filled = param === undefined ? template : path(template, param);
  return send<AnswerOf<K>>({ method: "GET", path: filled, query, retryable: true, options });
}

/** Builds a client for `options.baseUrl` with `options.apiKey`. */
export function createLintelClient(options: ClientOptions) {
  const transport = createTransport(options);
  const send: Send = transport;
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
      setTimezone: async (
        body: BodyOf<"setTimezone">,
        options: CallOptions & { readonly idempotencyKey?: string } = {},
      ): Promise<SetTimezoneResult> => {
        const answer = await transport.exchange<AnswerOf<"setTimezone">>({
          method: "POST",
          path: "/v1/units/set_timezone",
          body,
          headers: { "Idempotency-Key": options.idempotencyKey ?? globalThis.crypto.randomUUID() },
          retryable: true,
          options,
        });
        return { ...answer.body, replayed: answer.headers.get("idempotent-replayed") === "true" };
      },
    },
    templates: {
      /** One template. Scope `messages:read`. */
      get: async (templateId: string, options?: CallOptions) =>
        (await get<"getMessageTemplate">(send, "/v1/templates/get_message_template", { templateId }, undefined, options)).template,
      /** Every template by sortOrder, then id. Scope `messages:read`. */
      list: (query: QueryOf<"listMessageTemplates"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listMessageTemplates">, "templates">(send, "/v1/templates/list_message_templates", "templates", query, options),
    },
    locks: {
      /** Every active lock, newest first. Scope `locks:read`. */
      list: (query: QueryOf<"listLocks"> = {}, options?: CallOptions) =>
        pagedList<AnswerOf<"listLocks">, "locks">(send, "/v1/locks", "locks", query, options),
      /** One active lock. Scope `locks:read`. */
      get: async (lockId: string, options?: CallOptions) =>
        (await get<"getLock">(send, "/v1/locks/{lockId}", undefined, lockId, options)).lock,
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
      create: async (
        body: BodyOf<"createWebhookEndpoint">,
        options: CallOptions & { readonly idempotencyKey?: string } = {},
      ): Promise<CreatedWebhookEndpoint> => {
        const answer = await transport.exchange<AnswerOf<"createWebhookEndpoint">>({
          method: "POST",
          path: "/v1/webhook_endpoints",
          body,
          headers: { "Idempotency-Key": options.idempotencyKey ?? globalThis.crypto.randomUUID() },
          retryable: true,
          options,
        });
        return { ...answer.body, replayed: answer.headers.get("idempotent-replayed") === "true" };
      },
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
