/**
 * Events and webhook endpoints: list and get the org's events, create, list, get,
 * delete and enable its endpoints, and list an endpoint's deliveries. Every list is newest first
 * (createdAt, then id, descending) behind a cursor bound to the org and the list: the events'
 * to their `type` filter too, the deliveries' to their endpoint. Events and deliveries are kept
 * 30 days: the stores drop older ones as new events arrive, and the reads here never answer one
 * older than that by the clock (an idle org's old rows are not served while they wait). A
 * `message.due` is served with its recipient and text to keys that may read tours only
 * (sealed-events.js), and only such a key may make or point an endpoint that names it.
 */

import type { CursorCodec } from "@lintel/domain";
import {
  newestFirstPosition,
  EVENT_RETENTION_MS,
  generateWebhookSecret,
  grantsScope,
  isoInstant,
  type DataCipher,
  type DeliveryRecord,
  type EventType,
  type LintelEvent,
  type WebhookEndpointRecord,
} from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import type { EventLog, WebhookStore } from "../ports/event-ports.js";
import { randomId } from "../common/event-ids.js";
import { servedDeliveries } from "./webhook-lanes.js";
import { fetchPage, openCursor, readPage, type PageQuery } from "../common/paging-use-case.js";
import type { Clock } from "../ports/ports.js";
import { fail, succeed, type Result } from "../common/problem.js";
import { descriptionRefusal, eventTypesOf, eventTypesScopeRefusal, invalid, NO_SENDER, unknown, urlShapeRefusal } from "./webhook-rules.js";
import { openedEvent } from "./sealed-events.js";
import type { WebhookSender } from "./webhook-sender.js";

export { MAX_WEBHOOK_URL_CHARS } from "./webhook-rules.js";

/** At most this many endpoints per org (deleted ones don't count). */
export const MAX_WEBHOOK_ENDPOINTS = 16;

/** One page of events, of one type when `type` is given. */
export interface EventQuery extends PageQuery {
  readonly type?: EventType | undefined;
}

/** One page of an endpoint's deliveries. */
export interface DeliveryQuery extends PageQuery {
  readonly endpointId: string;
}

/** What creating an endpoint takes. */
export interface CreateWebhookEndpointCommand {
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly description?: string | null | undefined;
}

/** A created endpoint and its secret (shown in this answer only). */
export interface CreatedWebhookEndpoint {
  readonly webhookEndpoint: WebhookEndpointRecord;
  readonly secret: string;
}

/** Settings of the webhook use cases. */
export interface WebhookUseCaseOptions {
  /** Allow `http://` and private destinations (WEBHOOK_ALLOW_PRIVATE; development and tests). */
  readonly allowPrivate: boolean;
}

/** The events and webhook endpoints of the API: read events, create, read, delete and enable endpoints, read deliveries. */
export interface WebhookUseCases {
  /**
   * The caller's org's events, newest first (createdAt, then id, descending), of one type when
   * `type` is given; a `message.due`'s recipient and text only for a caller with `tours:read`.
   */
  listEvents(caller: Caller, query: EventQuery): Promise<Result<{ events: LintelEvent[]; nextCursor: string | null }, "invalid_cursor">>;
  /** An event of the caller's org (served as {@link listEvents} serves it); a foreign or expired one is `not_found`. */
  getEvent(caller: Caller, eventId: string): Promise<Result<LintelEvent, "not_found">>;
  /**
   * A new enabled webhook endpoint of the caller's org, with its secret (shown only here). The
   * url must be https (unless private destinations are allowed) and not resolve to a private
   * address; at most 16 endpoints per org. Naming `message.due` needs `tours:read` too (403 first).
   */
  createWebhookEndpoint(
    caller: Caller,
    command: CreateWebhookEndpointCommand,
  ): Promise<Result<CreatedWebhookEndpoint, "invalid_request" | "missing_scope">>;
  /** The caller's org's webhook endpoints, newest first. */
  listWebhookEndpoints(
    caller: Caller,
    query: PageQuery,
  ): Promise<Result<{ webhookEndpoints: WebhookEndpointRecord[]; nextCursor: string | null }, "invalid_cursor">>;
  /** A webhook endpoint of the caller's org. */
  getWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<WebhookEndpointRecord, "not_found">>;
  /** Deletes a webhook endpoint of the caller's org: nothing more is delivered to it. */
  deleteWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<null, "not_found">>;
  /** Enables a webhook endpoint again: it receives the events created from then on. */
  enableWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<WebhookEndpointRecord, "not_found">>;
  /** A webhook endpoint's deliveries, newest first; an unknown or foreign endpoint is `not_found`. */
  listDeliveries(
    caller: Caller,
    query: DeliveryQuery,
  ): Promise<Result<{ deliveries: DeliveryRecord[]; nextCursor: string | null }, "not_found" | "invalid_cursor">>;
}

/** Builds the event and webhook endpoint use cases over the stores. */
export function createWebhookUseCases(
  ports: {
    readonly events: EventLog;
    readonly webhooks: WebhookStore;
    readonly sender: WebhookSender | null;
    readonly clock: Clock;
    /** Seals the endpoint's secret in its record (only this answer shows it plain); opens a `message.due`'s recipient and text. */
    readonly secrets: DataCipher;
  },
  cursors: CursorCodec,
  options: WebhookUseCaseOptions,
): WebhookUseCases {
  const { events, webhooks } = ports;
  /** True for a row within the 30 days kept, by the clock now. */
  const kept = (row: { readonly createdAt: string }) => Date.parse(row.createdAt) >= ports.clock.now() - EVENT_RETENTION_MS;
  /** `event` as `caller` may see it: a `message.due`'s recipient and text for `tours:read` only, its sealed copy never. */
  const servedTo = (caller: Caller, event: LintelEvent) => openedEvent(event, ports.secrets, grantsScope(caller.scopes, "tours:read"));
  const endpointList = {
    list: "webhook_endpoints",
    fetch: webhooks.list.bind(webhooks),
    positionOf: newestFirstPosition,
  } as const;

  return {
    /** The org's events, newest first, of one type when asked. */
    async listEvents(
      caller: Caller,
      query: EventQuery,
    ): Promise<Result<{ events: LintelEvent[]; nextCursor: string | null }, "invalid_cursor">> {
      const type = query.type ?? null;
      const binding = { orgId: caller.orgId, list: "events", subject: type ?? "*" } as const;
      const after = openCursor(cursors, binding, query.cursor);
      if (!after.ok) return after;
      const source = {
        list: "events",
        // Newest first: past the first row too old, every row is; so a short page is the last one.
        fetch: async (orgId: string, position: string | null, limit: number) =>
          (await events.list(orgId, type, position, limit)).filter(kept),
        positionOf: newestFirstPosition,
      } as const;
      const page = await fetchPage(cursors, source, binding, after.value, query.limit);
      return succeed({ events: page.rows.map((event) => servedTo(caller, event)), nextCursor: page.nextCursor });
    },

    /** One event of the org; a foreign or expired one is `not_found`. */
    async getEvent(caller: Caller, eventId: string): Promise<Result<LintelEvent, "not_found">> {
      const event = await events.get(caller.orgId, eventId);
      return event === null || !kept(event) ? unknown("event", eventId) : succeed(servedTo(caller, event));
    },

    /** A new enabled endpoint with a fresh secret; the scope its types need, the url, the types and the org's count are checked first. */
    async createWebhookEndpoint(
      caller: Caller,
      command: CreateWebhookEndpointCommand,
    ): Promise<Result<CreatedWebhookEndpoint, "invalid_request" | "missing_scope">> {
      const scope = eventTypesScopeRefusal(command.eventTypes, caller.scopes);
      if (scope !== null) return scope;
      // A Lintel that delivers nothing takes no endpoint: deliveries would wait for ever, silently.
      if (ports.sender === null) return invalid("url", NO_SENDER);
      const shape = urlShapeRefusal(command.url, options.allowPrivate);
      if (shape !== null) return invalid("url", shape);
      const eventTypes = eventTypesOf(command.eventTypes);
      if (typeof eventTypes === "string") return invalid("eventTypes", eventTypes);
      const description = descriptionRefusal(command.description);
      if (description !== null) return invalid("description", description);
      if (!options.allowPrivate) {
        const refusal = await ports.sender.refusal(command.url);
        if (refusal !== null) return invalid("url", refusal);
      }
      const secret = generateWebhookSecret();
      const record: WebhookEndpointRecord = {
        id: randomId("we_"),
        orgId: caller.orgId,
        url: command.url,
        eventTypes,
        description: command.description ?? null,
        status: "enabled",
        disabledReason: null,
        createdAt: isoInstant(ports.clock.now()),
        secret: ports.secrets.seal(secret),
        failingSince: null,
      };
      const created = await webhooks.create(record, MAX_WEBHOOK_ENDPOINTS);
      if (!created.ok) {
        return fail("invalid_request", `An organization has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`);
      }
      return succeed({ webhookEndpoint: record, secret });
    },

    /** The org's endpoints, newest first. */
    async listWebhookEndpoints(
      caller: Caller,
      query: PageQuery,
    ): Promise<Result<{ webhookEndpoints: WebhookEndpointRecord[]; nextCursor: string | null }, "invalid_cursor">> {
      const page = await readPage(cursors, endpointList, caller.orgId, query);
      return page.ok ? succeed({ webhookEndpoints: page.value.rows, nextCursor: page.value.nextCursor }) : page;
    },

    /** One endpoint of the org. */
    async getWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<WebhookEndpointRecord, "not_found">> {
      const endpoint = await webhooks.get(caller.orgId, endpointId);
      return endpoint === null ? unknown("webhook endpoint", endpointId) : succeed(endpoint);
    },

    /** Deletes the endpoint: nothing more is delivered to it. */
    async deleteWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<null, "not_found">> {
      return (await webhooks.delete(caller.orgId, endpointId)) ? succeed(null) : unknown("webhook endpoint", endpointId);
    },

    /** Enables the endpoint again: it receives the events created from then on. */
    async enableWebhookEndpoint(caller: Caller, endpointId: string): Promise<Result<WebhookEndpointRecord, "not_found">> {
      const endpoint = await webhooks.enable(caller.orgId, endpointId);
      return endpoint === null ? unknown("webhook endpoint", endpointId) : succeed(endpoint);
    },

    /** The endpoint's deliveries, newest first, a pending one due when it will be attempted; an unknown or foreign endpoint is `not_found`. */
    async listDeliveries(
      caller: Caller,
      query: DeliveryQuery,
    ): Promise<Result<{ deliveries: DeliveryRecord[]; nextCursor: string | null }, "not_found" | "invalid_cursor">> {
      const endpoint = await webhooks.get(caller.orgId, query.endpointId);
      if (endpoint === null) return unknown("webhook endpoint", query.endpointId);
      const binding = { orgId: caller.orgId, list: "deliveries", subject: endpoint.id } as const;
      const after = openCursor(cursors, binding, query.cursor);
      if (!after.ok) return after;
      const source = {
        list: "deliveries",
        fetch: async (orgId: string, position: string | null, limit: number) =>
          (await webhooks.deliveries(orgId, endpoint.id, position, limit)).filter(kept),
        positionOf: newestFirstPosition,
      } as const;
      const page = await fetchPage(cursors, source, binding, after.value, query.limit);
      const deliveries = await servedDeliveries(webhooks, caller.orgId, endpoint.id, page.rows, ports.clock.now());
      return succeed({ deliveries, nextCursor: page.nextCursor });
    },
  };
}
