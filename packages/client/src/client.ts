/**
 * The typed Lintel client. Every method is one operation of `/v1/openapi.json`, its types
 * generated from that document (`openapi-types.ts`): a query, path or body the API would refuse
 * does not compile. Lists are {@link PagedList}s. Errors are thrown as `LintelProblem`.
 */
import type { components, operations } from "./openapi-types.js";
import { pagedList } from "./paging.js";
import { createTransport, type ClientOptions, type Send } from "./transport.js";

export type Lock = components["schemas"]["Lock"];
export type LockState = components["schemas"]["LockState"];
export type Template = components["schemas"]["Template"];
export type PreviewItem = components["schemas"]["PreviewItem"];
export type Problem = components["schemas"]["Problem"];
export type Unit = components["schemas"]["Unit"];
export type ScheduleEntry = components["schemas"]["ScheduleEntry"];

/** The `operationId` of an operation of the OpenAPI document (`listLocks`, `setTimezone`, …). */
export type OperationId = keyof operations;
/** The query parameters of an operation. */
export type QueryOf<K extends OperationId> = NonNullable<operations[K]["parameters"]["query"]>;
/** The 200 body of an operation. */
export type AnswerOf<K extends OperationId> = operations[K]["responses"][200] extends { content: { "application/json": infer Answer } }
  ? Answer
  : never;
/** The JSON body an operation takes. */
export type BodyOf<K extends OperationId> = operations[K]["requestBody"] extends { content: { "application/json": infer Body } } | undefined
  ? Body
  : never;

const path = (template: string, value: string) => template.replace(/\{\w+\}/, encodeURIComponent(value));

/** A GET of `template` (one `{param}` filled with `param`) whose answer is `AnswerOf<K>`. */
function get<K extends OperationId>(send: Send, template: string, query?: QueryOf<K>, param?: string) {
  return send<AnswerOf<K>>({ method: "GET", path: param === undefined ? template : path(template, param), query, retryable: true });
}

/** Builds a client for `options.baseUrl` with `options.apiKey`. */
export function createLintelClient(options: ClientOptions) {
  const send = createTransport(options);
  return {
    units: {
      /** Every unit by urlKey. Scope `units:read` (or `units:write`). */
      list: (query: QueryOf<"listUnits"> = {}) => pagedList<AnswerOf<"listUnits">, "units">(send, "/v1/units/list_units", "units", query),
      /** One unit, by id, else by urlKey. Scope `units:read`. */
      get: async (unitIdOrKey: string) => (await get<"getUnit">(send, "/v1/units/get_unit", { unitIdOrKey })).unit,
      /** The unit's tours, codes, open houses and messages ending after `from` (default now), in its zone. Scope `units:read`. */
      listSchedule: (query: QueryOf<"listSchedule">) =>
        pagedList<AnswerOf<"listSchedule">, "items">(send, "/v1/units/list_schedule", "items", query),
      /** What a time-zone change would move (changes nothing). Scope `units:write`. */
      previewTimezoneChange: (query: QueryOf<"previewTimezoneChange">) =>
        get<"previewTimezoneChange">(send, "/v1/units/preview_timezone_change", query),
      /**
       * Sets the unit's zone with `expectedVersion` (409 `version_conflict` when stale). Sent with
       * an `Idempotency-Key` (a new UUID unless given), so its retries after 429, 503 or 409
       * `idempotency_in_progress` can never apply the change twice (the server keeps the first answer per key for 24 h).
       */
      setTimezone: (body: BodyOf<"setTimezone">, options: { idempotencyKey?: string } = {}) =>
        send<AnswerOf<"setTimezone">>({
          method: "POST",
          path: "/v1/units/set_timezone",
          body,
          headers: { "Idempotency-Key": options.idempotencyKey ?? globalThis.crypto.randomUUID() },
          retryable: true,
        }),
    },
    templates: {
      /** One template. Scope `messages:read`. */
      get: async (templateId: string) =>
        (await get<"getMessageTemplate">(send, "/v1/templates/get_message_template", { templateId })).template,
      /** Every template by sortOrder, then id. Scope `messages:read`. */
      list: (query: QueryOf<"listMessageTemplates"> = {}) =>
        pagedList<AnswerOf<"listMessageTemplates">, "templates">(send, "/v1/templates/list_message_templates", "templates", query),
    },
    locks: {
      /** Every active lock, newest first. Scope `locks:read`. */
      list: (query: QueryOf<"listLocks"> = {}) => pagedList<AnswerOf<"listLocks">, "locks">(send, "/v1/locks", "locks", query),
      /** One active lock. Scope `locks:read`. */
      get: async (lockId: string) => (await get<"getLock">(send, "/v1/locks/{lockId}", undefined, lockId)).lock,
      /** The lock's live state from its provider. Scope `lock-state:read`. */
      getState: async (lockId: string) => (await get<"getLockState">(send, "/v1/locks/{lockId}/state", undefined, lockId)).state,
    },
  };
}

/** A Lintel client: `createLintelClient`'s result. */
export type LintelClient = ReturnType<typeof createLintelClient>;
