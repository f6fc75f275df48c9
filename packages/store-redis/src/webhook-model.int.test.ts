/**
 * Model run of the event ports: the memory store is the model, Redis the system under test.
 * fast-check drives both with the same random endpoints, events, leases and outcomes; every
 * answer, and the endpoints, deliveries, events and pending counts after each step, must agree.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";

import type { AttemptOutcome, LeasedAttempt, LintelStore } from "@lintel/core/adapters";
import { EVENT_RETENTION_MS, type EventTypeFilter, type WebhookEndpointRecord } from "@lintel/domain/adapters";
import { createMemoryStore } from "@lintel/store-memory";
import { aLockEvent, anEndpoint, anObservation, aTimezoneEvent, instant, randomId } from "@lintel/testkit";
import { createRedisStore } from "./index.js";
import { useTestRedis } from "./redis.test-support.js";

const T = Date.parse(instant(0));
const FILTERS: EventTypeFilter[][] = [["*"], ["unit.timezone_changed"], ["lock.state_changed"]];
const KINDS = ["delivered", "retry", "failed", "gone", "failing"] as const;

type Command =
  | { readonly op: "create"; readonly endpoint: number; readonly filter: number }
  | { readonly op: "delete" | "enable"; readonly endpoint: number }
  | { readonly op: "emit"; readonly atS: number; readonly lock: boolean; readonly late: boolean }
  | { readonly op: "lease"; readonly atS: number; readonly leaseS: number }
  | { readonly op: "finish"; readonly held: number; readonly kind: number; readonly retryS: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ op: fc.constant("create" as const), endpoint: fc.nat(2), filter: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom("delete" as const, "enable" as const), endpoint: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("emit" as const), atS: fc.nat(30), lock: fc.boolean(), late: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("lease" as const), atS: fc.nat(60), leaseS: fc.integer({ min: 1, max: 20 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant("finish" as const), held: fc.nat(5), kind: fc.nat(KINDS.length - 1), retryS: fc.nat(30) }),
  },
);

function outcomeOf(kind: (typeof KINDS)[number], atMs: number, retryS: number): AttemptOutcome {
  const result = kind === "retry" ? { kind, nextAttemptAt: new Date(atMs + retryS * 1000).toISOString() } : { kind };
  return {
    at: new Date(atMs).toISOString(),
    responseStatus: kind === "delivered" ? 200 : 500,
    error: kind === "delivered" ? null : "HTTP 500",
    result,
  };
}

/** What both stores must agree on after every step. */
async function snapshot(store: LintelStore, orgId: string, endpoints: readonly WebhookEndpointRecord[]) {
  return {
    endpoints: await store.webhooks.list(orgId, null, 100),
    deliveries: await Promise.all(endpoints.map((endpoint) => store.webhooks.deliveries(orgId, endpoint.id, null, 1000))),
    events: await store.events.list(orgId, null, null, 1000),
    pending: await store.webhooks.pending(),
  };
}

describe("Redis event ports against the memory model", () => {
  const redis = useTestRedis();

  test("random endpoints, events, leases and outcomes answer alike", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(2), fc.array(command, { maxLength: 40 }), async (filter, commands) => {
        const model = createMemoryStore();
        const real = createRedisStore(redis(), { deliveryGroup: randomId("test") });
        const orgId = randomId("org");
        const endpoints = FILTERS.map((_, i) => anEndpoint(orgId, ["*"], i));
        // Held leases, each as both stores gave it (same delivery, each its own token).
        const held: [LeasedAttempt, LeasedAttempt][] = [];
        let clockMs = T;
        // Two endpoints to begin with (the org's limit is 2), so most events have deliveries.
        for (const endpoint of [endpoints[0]!, { ...endpoints[1]!, eventTypes: FILTERS[filter]! }]) {
          assert.deepEqual(await real.webhooks.create(endpoint, 2), await model.webhooks.create(endpoint, 2));
        }
        for (const step of commands) {
          if (step.op === "create") {
            const endpoint = { ...endpoints[step.endpoint]!, eventTypes: FILTERS[step.filter]! };
            if ((await model.webhooks.get(orgId, endpoint.id)) !== null) continue;
            assert.deepEqual(await real.webhooks.create(endpoint, 2), await model.webhooks.create(endpoint, 2));
          } else if (step.op === "delete") {
            const id = endpoints[step.endpoint]!.id;
            assert.equal(await real.webhooks.delete(orgId, id), await model.webhooks.delete(orgId, id));
          } else if (step.op === "enable") {
            const id = endpoints[step.endpoint]!.id;
            assert.deepEqual(await real.webhooks.enable(orgId, id), await model.webhooks.enable(orgId, id));
          } else if (step.op === "emit") {
            clockMs += step.atS * 1000 + (step.late ? EVENT_RETENTION_MS / 2 : 0);
            const event = step.lock
              ? aLockEvent(orgId, "lk_1", anObservation(), anObservation({ online: false }), clockMs - T)
              : aTimezoneEvent({ id: "u_1", orgId }, clockMs - T);
            const lockId = randomId("lk");
            const swap = (store: LintelStore) => store.observations.swap(orgId, lockId, null, anObservation(), event);
            assert.deepEqual(await swap(real), await swap(model));
          } else if (step.op === "lease") {
            const nowMs = clockMs + step.atS * 1000;
            const leased = await Promise.all([model, real].map((store) => store.webhooks.lease(nowMs, step.leaseS * 1000, 100)));
            const byId = leased.map((attempts) => new Map(attempts.map((attempt) => [attempt.delivery.id, attempt])));
            assert.deepEqual([...byId[1]!.keys()].sort(), [...byId[0]!.keys()].sort());
            for (const [id, attempt] of byId[0]!) {
              const other = byId[1]!.get(id)!;
              assert.deepEqual([other.delivery, other.event, other.endpoint], [attempt.delivery, attempt.event, attempt.endpoint]);
              held.unshift([attempt, other]);
            }
            held.length = Math.min(held.length, 6);
          } else if (step.op === "finish") {
            const pair = held[step.held];
            if (pair === undefined) continue;
            const outcome = outcomeOf(KINDS[step.kind]!, clockMs, step.retryS);
            assert.equal(await real.webhooks.finish(pair[1], outcome), await model.webhooks.finish(pair[0], outcome));
          }
          assert.deepEqual(await snapshot(real, orgId, endpoints), await snapshot(model, orgId, endpoints));
        }
      }),
      { numRuns: 40 },
    );
  });
});
