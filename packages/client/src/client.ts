/**
 * The typed Lintel client. Every method is one operation of `/v1/openapi.json`, its types
 * generated from that document (`openapi-types.js`): a query, path or body the API would refuse
 * does not compile. Lists are {@link PagedList}s. Errors are thrown as `LintelProblem`. Every
 * method takes {@link CallOptions} last: an overall deadline (`timeoutMs`) and an AbortSignal.
 * Most methods are generated from the endpoint table (`generated-methods.js`); the ones here
 * are those with a rule of their own: an ETag read or an If-Match write, a DELETE, a POST
 * retried (or not) by what it does rather than by an Idempotency-Key.
 */
import { generatedMethods } from "./generated-methods.js";
import { getWithEtag, path, splitIfMatch, write, writer } from "./requests.js";
import { createTransport, type CallOptions, type ClientOptions, type Send } from "./transport.js";
import type {
  AnswerOf,
  BodyOf,
  WriteOptions,
  TemplateWriteResult,
  TemplateDeleteResult,
  TemplateWithEtag,
  IfMatch,
  LockWithEtag,
  LockWriteResult,
} from "./types.js";

/** Builds a client for `options.baseUrl` with `options.apiKey`. */
export function createLintelClient(options: ClientOptions) {
  const transport = createTransport(options);
  const send: Send = transport;
  const written = writer(transport);
  const generated = generatedMethods(send, written);
  return {
    units: generated.units,
    templates: {
      ...generated.templates,
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
    tours: generated.tours,
    locks: {
      ...generated.locks,
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
    },
    events: generated.events,
    webhookEndpoints: {
      ...generated.webhookEndpoints,
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
    },
  };
}

/** A Lintel client: `createLintelClient`'s result. */
export type LintelClient = ReturnType<typeof createLintelClient>;
