/**
 * Webhook endpoints as integrators run them (Svix, Stripe): update an endpoint, rotate its
 * secret (the old one keeps signing, second, for a while), retry one delivery, recover every
 * failed delivery since an instant after a receiver was down, and send a test event. Each
 * answers a foreign endpoint or delivery as an unknown one (404).
 */
import {
  EVENT_RETENTION_MS,
  generateWebhookSecret,
  isoInstant,
  WEBHOOK_TEST_EVENT_TYPE,
  type DataCipher,
  type DeliveryRecord,
  type WebhookEndpointRecord,
  type WebhookTestEvent,
} from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import type { EndpointPatch, WebhookStore } from "../ports/event-ports.js";
import { randomId } from "../common/event-ids.js";
import { normalizeInstant } from "../common/instant-text.js";
import type { Clock } from "../ports/ports.js";
import { fail, succeed, type Failure, type Result } from "../common/problem.js";
import { servedDeliveries } from "./webhook-lanes.js";
import { descriptionRefusal, eventTypesOf, eventTypesScopeRefusal, invalid, unknown, urlRefusal } from "./webhook-rules.js";
import type { WebhookSender } from "./webhook-sender.js";

/** How long a rotated-out secret keeps signing (second): a receiver has this long to take the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;
/** How many deliveries one store call of a recover looks at (one script on Redis). */
export const RECOVER_PAGE_SIZE = 500;

/** What updating an endpoint takes: each field given replaces the endpoint's, by create's rules. */
export interface UpdateWebhookEndpointCommand {
  readonly url?: string | undefined;
  readonly eventTypes?: readonly string[] | undefined;
  readonly description?: string | null | undefined;
}

/** A rotated endpoint and its new secret (shown in this answer only). */
export interface RotatedWebhookSecret {
  readonly webhookEndpoint: WebhookEndpointRecord;
  readonly secret: string;
}

/** Settings of the webhook operations. */
export interface WebhookOperationOptions {
  /** Allow `http://` and private destinations (WEBHOOK_ALLOW_PRIVATE). */
  readonly allowPrivate: boolean;
  /** Default {@link WEBHOOK_SECRET_OVERLAP_MS}. */
  readonly secretOverlapMs?: number | undefined;
}

function disabled(endpointId: string): Failure<"conflict"> {
  return fail("conflict", `The webhook endpoint '${endpointId}' is disabled: enable it first.`);
}

/** The operations on a webhook endpoint as integrators run them: update, rotate its secret, retry, recover, send a test. */
export interface WebhookOperations {
  /**
   * Changes a webhook endpoint's url, event types or description (each by create's rules);
   * deliveries already pending go to the new url. Naming `message.due`, or giving a new url to an
   * endpoint that names it, needs `tours:read` too (403).
   */
  updateWebhookEndpoint(
    caller: Caller,
    endpointId: string,
    command: UpdateWebhookEndpointCommand,
  ): Promise<Result<WebhookEndpointRecord, "invalid_request" | "not_found" | "missing_scope">>;
  /** A new secret for the endpoint (shown only here); for 24 h every delivery is signed with it and with the old one. */
  rotateWebhookEndpointSecret(caller: Caller, endpointId: string): Promise<Result<RotatedWebhookSecret, "not_found">>;
  /** Attempts a failed or delivered delivery again now (same webhook-id), then on the retry schedule from its start. */
  retryDelivery(caller: Caller, endpointId: string, deliveryId: string): Promise<Result<DeliveryRecord, "not_found" | "conflict">>;
  /** Retries every failed delivery of the endpoint whose event is newer than `since` (at most 30 days back); answers how many. */
  recoverDeliveries(
    caller: Caller,
    endpointId: string,
    since: string,
  ): Promise<Result<{ deliveries: number }, "invalid_request" | "not_found" | "conflict">>;
  /** Delivers a `webhook_endpoint.test` event to the endpoint, whatever its event types; it is not in `/v1/events`. */
  sendTestWebhook(caller: Caller, endpointId: string): Promise<Result<DeliveryRecord, "not_found" | "conflict">>;
}

/** Builds the update, rotate, retry, recover and send-test use cases; `queued` is told when deliveries are due now. */
export function createWebhookOperations(
  ports: {
    readonly webhooks: WebhookStore;
    readonly sender: WebhookSender | null;
    readonly clock: Clock;
    readonly queued: () => void;
    /** Seals the new secret in the record: only this answer shows it plain. */
    readonly secrets: DataCipher;
  },
  options: WebhookOperationOptions,
): WebhookOperations {
  const { webhooks, clock } = ports;
  const overlapMs = options.secretOverlapMs ?? WEBHOOK_SECRET_OVERLAP_MS;

  /** The org's enabled endpoint, or the 404 / 409 to answer. */
  async function enabledEndpoint(caller: Caller, endpointId: string): Promise<Result<WebhookEndpointRecord, "not_found" | "conflict">> {
    const endpoint = await webhooks.get(caller.orgId, endpointId);
    if (endpoint === null) return unknown("webhook endpoint", endpointId);
    return endpoint.status === "enabled" ? succeed(endpoint) : disabled(endpoint.id);
  }

  return {
    /** Changes the endpoint's url, event types or description (create's rules); pending deliveries go to the new url. */
    async updateWebhookEndpoint(
      caller: Caller,
      endpointId: string,
      command: UpdateWebhookEndpointCommand,
    ): Promise<Result<WebhookEndpointRecord, "invalid_request" | "not_found" | "missing_scope">> {
      const patch: { -readonly [K in keyof EndpointPatch]: EndpointPatch[K] } = {};
      if (command.eventTypes !== undefined) {
        const scope = eventTypesScopeRefusal(command.eventTypes, caller.scopes);
        if (scope !== null) return scope;
        const eventTypes = eventTypesOf(command.eventTypes);
        if (typeof eventTypes === "string") return invalid("eventTypes", eventTypes);
        patch.eventTypes = eventTypes;
      }
      if (command.description !== undefined) {
        const refusal = descriptionRefusal(command.description);
        if (refusal !== null) return invalid("description", refusal);
        patch.description = command.description;
      }
      if (command.url !== undefined) {
        // Known first: an unknown endpoint's url is not resolved.
        const endpoint = await webhooks.get(caller.orgId, endpointId);
        if (endpoint === null) return unknown("webhook endpoint", endpointId);
        // Pointing an endpoint elsewhere makes a new receiver of the types it keeps: the scope they need, as naming them would.
        const scope = command.eventTypes === undefined ? eventTypesScopeRefusal(endpoint.eventTypes, caller.scopes) : null;
        if (scope !== null) return scope;
        const refusal = await urlRefusal(command.url, ports.sender, options.allowPrivate);
        if (refusal !== null) return invalid("url", refusal);
        patch.url = command.url;
      }
      const updated = await webhooks.update(caller.orgId, endpointId, patch);
      return updated === null ? unknown("webhook endpoint", endpointId) : succeed(updated);
    },

    /** A new secret for the endpoint; the old one signs too (second) for `secretOverlapMs`. */
    async rotateWebhookEndpointSecret(caller: Caller, endpointId: string): Promise<Result<RotatedWebhookSecret, "not_found">> {
      const secret = generateWebhookSecret();
      const rotated = await webhooks.rotateSecret(
        caller.orgId,
        endpointId,
        ports.secrets.seal(secret),
        isoInstant(clock.now() + overlapMs),
      );
      return rotated === null ? unknown("webhook endpoint", endpointId) : succeed({ webhookEndpoint: rotated, secret });
    },

    /** Attempts a failed or delivered delivery again now (same webhook-id), then on the schedule from its start. */
    async retryDelivery(caller: Caller, endpointId: string, deliveryId: string): Promise<Result<DeliveryRecord, "not_found" | "conflict">> {
      const endpoint = await enabledEndpoint(caller, endpointId);
      if (!endpoint.ok) return endpoint;
      const retried = await webhooks.retry(caller.orgId, endpointId, deliveryId, clock.now());
      if (!retried.ok) {
        return retried.reason === "pending"
          ? fail("conflict", `The delivery '${deliveryId}' is pending: it is attempted on its schedule.`)
          : unknown("delivery", deliveryId);
      }
      ports.queued();
      const [served] = await servedDeliveries(webhooks, caller.orgId, endpointId, [retried.delivery], clock.now());
      return succeed(served ?? retried.delivery);
    },

    /**
     * Retries every failed delivery of the endpoint whose event was created at `since` or later
     * (at most 30 days back), a page of {@link RECOVER_PAGE_SIZE} per store call; answers how many.
     */
    async recoverDeliveries(
      caller: Caller,
      endpointId: string,
      since: string,
    ): Promise<Result<{ deliveries: number }, "invalid_request" | "not_found" | "conflict">> {
      const from = normalizeInstant(since);
      if (from === null) return invalid("since", "Not an RFC 3339 instant.");
      const nowMs = clock.now();
      if (Date.parse(from) < nowMs - EVENT_RETENTION_MS) return invalid("since", "At most 30 days back: deliveries are kept 30 days.");
      const endpoint = await enabledEndpoint(caller, endpointId);
      if (!endpoint.ok) return endpoint;
      let queued = 0;
      let after: string | null = null;
      do {
        const page = await webhooks.recoverPage(caller.orgId, endpointId, from, after, RECOVER_PAGE_SIZE, nowMs);
        queued += page.queued;
        after = page.next;
        if (page.queued > 0) ports.queued(); // the dispatcher starts on them while the next pages are queued
      } while (after !== null);
      return succeed({ deliveries: queued });
    },

    /** Delivers a `webhook_endpoint.test` event to the endpoint (whatever its event types); not in `/v1/events`. */
    async sendTestWebhook(caller: Caller, endpointId: string): Promise<Result<DeliveryRecord, "not_found" | "conflict">> {
      const endpoint = await enabledEndpoint(caller, endpointId);
      if (!endpoint.ok) return endpoint;
      const event: WebhookTestEvent = {
        id: randomId("evt_"),
        orgId: caller.orgId,
        type: WEBHOOK_TEST_EVENT_TYPE,
        createdAt: isoInstant(clock.now()),
        data: { endpointId },
      };
      const delivery = await webhooks.sendTest(event);
      if (delivery === null) return unknown("webhook endpoint", endpointId);
      ports.queued();
      const [served] = await servedDeliveries(webhooks, caller.orgId, endpointId, [delivery], clock.now());
      return succeed(served ?? delivery);
    },
  };
}
