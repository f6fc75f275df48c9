/**
 * The webhook operations of the WebhookStore on Redis: each one script in the org's slot (a
 * recover, one script per page).
 */
import type { WebhookStore } from "@lintel/core/adapters";
import { EARLIER_SECRETS_KEPT, isoInstant, type DeliveryRecord } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { parseEndpoint } from "./endpoint-json.js";
import { redisKeys } from "./redis/keys.js";
import { recordJson } from "./scripts/record-json.js";
import { RECOVER_PAGE, RETRY_DELIVERY, ROTATE_SECRET, SEND_TEST, UPDATE_ENDPOINT } from "./scripts/webhook-op-scripts.js";

/** The operations' part of the Redis WebhookStore. */
export type WebhookOperations = Pick<WebhookStore, "update" | "rotateSecret" | "retry" | "recoverPage" | "sendTest">;

/** Update, rotate, retry, recover and send_test on Redis. */
export function createRedisWebhookOperations(redis: RedisClient): WebhookOperations {
  const endpointOrNull = (json: unknown) => (typeof json === "string" ? parseEndpoint(json) : null);
  const requeueKeys = (orgId: string) => ({
    deliveries: redisKeys.deliveries(orgId),
    pending: redisKeys.pendingDeliveries(orgId),
    due: redisKeys.dueDeliveries(orgId),
    leases: redisKeys.deliveryLeases(orgId),
  });
  const endpoints = (orgId: string) => ({ endpoints: redisKeys.endpoints(orgId) });

  return {
    update: (orgId, endpointId, patch) =>
      guard(async () => {
        const fields = { url: patch.url, eventTypes: patch.eventTypes, description: patch.description };
        return endpointOrNull(await UPDATE_ENDPOINT.run(redis, endpoints(orgId), { id: endpointId, patch: recordJson(fields) }));
      }),

    rotateSecret: (orgId, endpointId, secret, previousExpiresAt) =>
      guard(async () => {
        const args = { id: endpointId, secret, previousExpiresAt, kept: EARLIER_SECRETS_KEPT };
        return endpointOrNull(await ROTATE_SECRET.run(redis, endpoints(orgId), args));
      }),

    retry: (orgId, endpointId, deliveryId, atMs) =>
      guard(async () => {
        const args = { id: deliveryId, endpointId, atIso: isoInstant(atMs), atMs };
        const [done, reply] = (await RETRY_DELIVERY.run(redis, requeueKeys(orgId), args)) as [number, string];
        if (done === 1) return { ok: true, delivery: JSON.parse(reply) as DeliveryRecord };
        return { ok: false, reason: reply === "pending" ? "pending" : "not_found" };
      }),

    recoverPage: (orgId, endpointId, since, after, limit, atMs) =>
      guard(async () => {
        if (limit <= 0) return { queued: 0, next: null };
        const start = after === null ? `(${endpointId}}` : `(${endpointId}|${after}`;
        const keys = { deliveryOrder: redisKeys.deliveryOrder(orgId), ...requeueKeys(orgId) };
        const args = { start, stop: `[${endpointId}|${since}`, limit: Math.floor(limit), atIso: isoInstant(atMs), atMs };
        const [queued, last] = (await RECOVER_PAGE.run(redis, keys, args)) as [number, string];
        return { queued, next: last === "" ? null : last.slice(endpointId.length + 1) };
      }),

    sendTest: (event) =>
      guard(async () => {
        const { orgId } = event;
        const keys = {
          endpoints: redisKeys.endpoints(orgId),
          events: redisKeys.events(orgId),
          deliveries: redisKeys.deliveries(orgId),
          deliveryOrder: redisKeys.deliveryOrder(orgId),
          age: redisKeys.deliveryAge(orgId),
          pending: redisKeys.pendingDeliveries(orgId),
          due: redisKeys.dueDeliveries(orgId),
        };
        const args = {
          endpointId: event.data.endpointId,
          eventId: event.id,
          json: JSON.stringify(event),
          createdAt: event.createdAt,
          createdMs: Date.parse(event.createdAt),
          orgId,
          eventType: event.type,
        };
        const json = await SEND_TEST.run(redis, keys, args);
        return typeof json === "string" ? (JSON.parse(json) as DeliveryRecord) : null;
      }),
  };
}
