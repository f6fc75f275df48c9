/**
 * WebhookStore on Redis. Each org's endpoints, deliveries and due attempts live under its hash
 * tag (keys.js), so every change is one script in one slot; the set of orgs with endpoints
 * (one per delivery group) lets `lease` find due work across orgs and cluster slots. A lease
 * moves the due deliveries' scores to the lease's end, counts an attempt on each, and
 * stamps them with a fresh token:
 * another caller sees them again only once it ran out, and `finish` writes only while the
 * token still holds.
 *
 * The set of orgs only grows: an org stays in it after its last endpoint is deleted. The set
 * lives in another slot than the org's keys, so no script can check "no endpoint, nothing
 * pending" and remove the org in one step; a removal after the check races a concurrent
 * `create` (whose SADD must come before its endpoint exists, so a crash between the two hides
 * nothing), and every order of the two leaves a window where an org with an endpoint is missing
 * from the set and its deliveries are never leased. An org left in the set costs one ZCOUNT per
 * `lease` (pipelined with the others) and one ZCARD per `pending`.
 */
import { randomUUID } from "node:crypto";
import { deliveryAfterAttempt, type LeasedAttempt, type LeaseShare, type WebhookStore } from "@lintel/core/adapters";

import { newestFirstPosition, isoInstant, type DeliveryRecord, type LintelEvent } from "@lintel/domain/adapters";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { eventArgs, eventKeys } from "./scripts/event-append.js";
import { parseEndpoint } from "./endpoint-json.js";
import { redisKeys } from "./redis/keys.js";
import { leaseAcrossOrgs, SCAN_WITH_SHARE } from "./redis/org-lease.js";
import { RESEAL_SECRETS } from "./scripts/webhook-op-scripts.js";
import { createRedisWebhookOperations } from "./webhook-operations.js";
import { readOrderedRows } from "./redis/ordered-page.js";
import { recordDecoder } from "./redis/record-decoder.js";
import { recordJson } from "./scripts/record-json.js";
import { CREATE_ENDPOINT, DELETE_ENDPOINT, DELIVERY_PAGE, ENABLE_ENDPOINT, FINISH_ATTEMPT, LEASE_DUE } from "./scripts/webhook-scripts.js";
import { PACED_ATTEMPTS, PACED_SCAN } from "./scripts/webhook-lanes.js";

/** The delivery group of a store made without one. */
export const DEFAULT_DELIVERY_GROUP = "default";

/** Webhook endpoints, deliveries and leases in Redis; `group` names the set of orgs `lease` and `pending` look at. */
export function createRedisWebhookStore(redis: RedisClient, group = DEFAULT_DELIVERY_GROUP): WebhookStore {
  const parseEvent = recordDecoder<LintelEvent>();
  const parseDelivery = (json: string) => JSON.parse(json) as DeliveryRecord;
  const orgsWithEndpoints = () => redis.smembers(redisKeys.webhookOrgs(group));

  /** Leases up to `max` of the org's due deliveries; with `share`, one per endpoint and none of the skipped. */
  async function leaseIn(orgId: string, nowMs: number, leaseMs: number, max: number, share?: LeaseShare): Promise<LeasedAttempt[]> {
    const lease = randomUUID();
    const keys = {
      due: redisKeys.dueDeliveries(orgId),
      deliveries: redisKeys.deliveries(orgId),
      endpoints: redisKeys.endpoints(orgId),
      events: redisKeys.events(orgId),
      leases: redisKeys.deliveryLeases(orgId),
      pending: redisKeys.pendingDeliveries(orgId),
      lanes: redisKeys.webhookLanes(orgId),
    };
    // Skipping endpoints means looking past their due deliveries, up to a bound.
    const scan = share === undefined ? max : Math.max(max, SCAN_WITH_SHARE);
    const args = {
      nowMs,
      leaseEndMs: nowMs + leaseMs,
      max,
      token: lease,
      scan,
      onePerEndpoint: share === undefined ? "0" : "1",
      nowIso: isoInstant(nowMs),
      skip: share?.skipOf(orgId) ?? [],
    };
    const reply = (await LEASE_DUE.run(redis, keys, args)) as (string | number)[];
    const leased: LeasedAttempt[] = [];
    for (let i = 0; i + 3 < reply.length; i += 4) {
      leased.push({
        delivery: parseDelivery(reply[i] as string),
        event: parseEvent(reply[i + 1] as string),
        endpoint: parseEndpoint(reply[i + 2] as string),
        lease,
        laneFailures: Number(reply[i + 3]),
      });
    }
    return leased;
  }

  return {
    ...createRedisWebhookOperations(redis),

    resealSecrets: (reseal) =>
      guard(async () => {
        let changed = 0;
        // At most 16 endpoints an org: each org's are one read, each change one script.
        for (const orgId of await orgsWithEndpoints()) {
          for (const raw of await redis.hvals(redisKeys.endpoints(orgId))) {
            const endpoint = parseEndpoint(raw);
            const previous = endpoint.previousSecret?.secret ?? "";
            const secret = reseal(endpoint.secret);
            const previousResealed = previous === "" ? null : reseal(previous);
            const earlier = (endpoint.earlierSecrets ?? []).map((older) => older.secret);
            const earlierResealed = earlier.map((older) => reseal(older));
            if (secret === null && previousResealed === null && earlierResealed.every((one) => one === null)) continue;
            const args = {
              id: endpoint.id,
              secretRead: endpoint.secret,
              previousRead: previous,
              secret: secret ?? endpoint.secret,
              previous: previousResealed ?? previous,
              earlierRead: earlier.join(" "),
              earlier: earlierResealed.map((one, i) => one ?? earlier[i]).join(" "),
            };
            changed += Number(await RESEAL_SECRETS.run(redis, { endpoints: redisKeys.endpoints(orgId) }, args));
          }
        }
        return changed;
      }),
    create: (endpoint, maxPerOrg) =>
      guard(async () => {
        // The org joins the group before its endpoint exists: a crash between the two hides nothing.
        await redis.sadd(redisKeys.webhookOrgs(group), endpoint.orgId);
        const keys = { endpoints: redisKeys.endpoints(endpoint.orgId), endpointOrder: redisKeys.endpointOrder(endpoint.orgId) };
        const args = { id: endpoint.id, json: recordJson(endpoint), position: newestFirstPosition(endpoint), maxPerOrg };
        const created = await CREATE_ENDPOINT.run(redis, keys, args);
        return created === 1 ? { ok: true } : { ok: false, reason: "limit" };
      }),

    list: (orgId, after, limit) =>
      guard(async () => {
        const keys = { positions: redisKeys.endpointOrder(orgId), records: redisKeys.endpoints(orgId) };
        return readOrderedRows(redis, keys, after, limit, "desc", (json) => parseEndpoint(json.toString()));
      }),

    get: (orgId, endpointId) =>
      guard(async () => {
        const json = await redis.hget(redisKeys.endpoints(orgId), endpointId);
        return json === null ? null : parseEndpoint(json);
      }),

    delete: (orgId, endpointId) =>
      guard(async () => {
        const keys = {
          endpoints: redisKeys.endpoints(orgId),
          endpointOrder: redisKeys.endpointOrder(orgId),
          deliveries: redisKeys.deliveries(orgId),
          pending: redisKeys.pendingDeliveries(orgId),
          due: redisKeys.dueDeliveries(orgId),
          leases: redisKeys.deliveryLeases(orgId),
          lanes: redisKeys.webhookLanes(orgId),
        };
        return (await DELETE_ENDPOINT.run(redis, keys, { id: endpointId })) === 1;
      }),

    enable: (orgId, endpointId) =>
      guard(async () => {
        const json = await ENABLE_ENDPOINT.run(redis, { endpoints: redisKeys.endpoints(orgId) }, { id: endpointId });
        return typeof json === "string" ? parseEndpoint(json) : null;
      }),

    deliveries: (orgId, endpointId, after, limit) =>
      guard(async () => {
        if (limit <= 0) return [];
        const start = after === null ? `(${endpointId}}` : `(${endpointId}|${after}`;
        const keys = { deliveryOrder: redisKeys.deliveryOrder(orgId), deliveries: redisKeys.deliveries(orgId) };
        const args = { start, stop: `[${endpointId}|`, limit: Math.floor(limit) };
        const reply = (await DELIVERY_PAGE.run(redis, keys, args)) as (string | null)[];
        return reply.filter((json): json is string => json !== null).map(parseDelivery);
      }),

    lease: (nowMs, leaseMs, max, share) =>
      guard(async () => {
        const orgs = await orgsWithEndpoints();
        const dueKey = redisKeys.dueDeliveries;
        return leaseAcrossOrgs(
          redis,
          { orgs, dueKey, leaseIn: (orgId, quota) => leaseIn(orgId, nowMs, leaseMs, quota, share) },
          nowMs,
          max,
          share,
        );
      }),

    finish: (attempt, outcome, event) =>
      guard(async () => {
        const { orgId, endpointId, id } = attempt.delivery;
        const after = deliveryAfterAttempt(attempt.delivery, outcome);
        const dueMs = after.status === "pending" && after.nextAttemptAt !== null ? Date.parse(after.nextAttemptAt) : "";
        const keys = {
          deliveries: redisKeys.deliveries(orgId),
          due: redisKeys.dueDeliveries(orgId),
          leases: redisKeys.deliveryLeases(orgId),
          endpoints: redisKeys.endpoints(orgId),
          pending: redisKeys.pendingDeliveries(orgId),
          eventKeys: eventKeys(orgId),
          lanes: redisKeys.webhookLanes(orgId),
        };
        const { rest } = outcome;
        const args = {
          id,
          token: attempt.lease,
          json: recordJson(after),
          dueMs,
          endpointId,
          kind: outcome.result.kind,
          attemptAt: outcome.at,
          attemptMs: Date.parse(outcome.at),
          restMs: rest === undefined ? "" : Math.round(rest.ms),
          paceMs: rest === undefined ? "" : Math.round(rest.paceMs),
          eventArgs: event ? eventArgs(orgId, event) : null,
        };
        return (await FINISH_ATTEMPT.run(redis, keys, args)) === 1;
      }),

    pacedAttempts: (orgId, endpointId, ids, nowMs) =>
      guard(async () => {
        if (ids.length === 0) return new Map<string, number>();
        const keys = {
          lanes: redisKeys.webhookLanes(orgId),
          due: redisKeys.dueDeliveries(orgId),
          pending: redisKeys.pendingDeliveries(orgId),
          leases: redisKeys.deliveryLeases(orgId),
        };
        const reply = (await PACED_ATTEMPTS.run(redis, keys, { endpointId, nowMs, scan: PACED_SCAN, asked: ids })) as string[];
        const paced = new Map<string, number>();
        for (let i = 0; i + 1 < reply.length; i += 2) paced.set(reply[i] as string, Number(reply[i + 1]));
        return paced;
      }),

    pending: () =>
      guard(async () => {
        const orgs = await orgsWithEndpoints();
        const counts = await Promise.all(
          orgs.map(async (orgId) => {
            const key = redisKeys.dueDeliveries(orgId);
            const [count, oldest] = await Promise.all([redis.zcard(key), redis.zrange(key, 0, 0, "WITHSCORES")]);
            return { count, oldestDueMs: oldest[1] === undefined ? null : Number(oldest[1]) };
          }),
        );
        let count = 0;
        let oldestDueMs: number | null = null;
        for (const org of counts) {
          count += org.count;
          if (org.oldestDueMs !== null && (oldestDueMs === null || org.oldestDueMs < oldestDueMs)) oldestDueMs = org.oldestDueMs;
        }
        // Redis keeps every delivery until it settles or ages out: none is dropped pending.
        return { count, oldestDueMs, dropped: 0 };
      }),
  };
}
