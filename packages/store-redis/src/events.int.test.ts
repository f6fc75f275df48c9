// What the event contract cannot see on Redis: retention trims at most TRIM_BATCH events and
// deliveries per append (a script never runs long), and the next appends take the rest; a
// delivery failed by a lease because its event is gone voids an earlier holder's lease.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { EVENT_RETENTION_MS } from "@lintel/domain/adapters";
import { anEndpoint, anObservation, aTimezoneEvent, randomId } from "@lintel/testkit";
import { TRIM_BATCH } from "./scripts/event-append.js";
import { redisKeys } from "./redis/keys.js";
import { useTestRedis } from "./redis.test-support.js";
import { createRedisStore } from "./index.js";

describe("Redis events retention", () => {
  const redis = useTestRedis();

  test(`an append drops at most ${TRIM_BATCH} old events and deliveries; later appends drop the rest`, async () => {
    const store = createRedisStore(redis(), { deliveryGroup: randomId("test") });
    const orgId = randomId("org");
    const unit = { id: randomId("u"), orgId };
    await store.webhooks.create(anEndpoint(orgId), 16);
    const emit = (atMs: number) => store.observations.swap(orgId, randomId("lk"), null, anObservation(), aTimezoneEvent(unit, atMs));
    await Promise.all(Array.from({ length: TRIM_BATCH + 100 }, (_, i) => emit(i)));
    assert.equal(await redis().hlen(redisKeys.events(orgId)), TRIM_BATCH + 100);
    await emit(EVENT_RETENTION_MS + 1_000_000);
    assert.equal(await redis().zcard(redisKeys.eventOrder(orgId)), 101);
    assert.equal(await redis().hlen(redisKeys.deliveries(orgId)), 101);
    await emit(EVENT_RETENTION_MS + 1_000_001);
    for (const key of [redisKeys.events(orgId), redisKeys.deliveries(orgId)]) assert.equal(await redis().hlen(key), 2);
    for (const key of [
      redisKeys.eventOrder(orgId),
      redisKeys.eventsOfType(orgId, "unit.timezone_changed"),
      redisKeys.deliveryOrder(orgId),
      redisKeys.deliveryAge(orgId),
      redisKeys.pendingDeliveries(orgId),
      redisKeys.dueDeliveries(orgId),
    ]) {
      assert.equal(await redis().zcard(key), 2, key);
    }
    assert.deepEqual(await store.webhooks.pending(), {
      count: 2,
      oldestDueMs: Date.parse(aTimezoneEvent(unit, EVENT_RETENTION_MS + 1_000_000).createdAt),
      dropped: 0,
    });
  });

  test("a delivery whose event is gone when it is leased again fails, and the earlier holder's finish writes nothing", async () => {
    const store = createRedisStore(redis(), { deliveryGroup: randomId("test") });
    const orgId = randomId("org");
    const endpoint = anEndpoint(orgId);
    await store.webhooks.create(endpoint, 16);
    const event = aTimezoneEvent({ id: randomId("u"), orgId }, 0);
    await store.observations.swap(orgId, randomId("lk"), null, anObservation(), event);
    const nowMs = Date.parse(event.createdAt);
    const [stale] = await store.webhooks.lease(nowMs, 1000, 10);
    assert.ok(stale !== undefined);
    // Its lease runs out; meanwhile its event is gone (as when retention took the event first).
    await redis().hdel(redisKeys.events(orgId), event.id);
    assert.deepEqual(await store.webhooks.lease(nowMs + 2000, 1000, 10), []);
    assert.equal(await redis().hexists(redisKeys.deliveryLeases(orgId), stale.delivery.id), 0);
    const retry = { kind: "retry", nextAttemptAt: new Date(nowMs + 10_000).toISOString() } as const;
    const late = await store.webhooks.finish(stale, {
      at: new Date(nowMs + 3000).toISOString(),
      responseStatus: 500,
      error: "HTTP 500",
      result: retry,
    });
    assert.equal(late, false);
    const [delivery] = await store.webhooks.deliveries(orgId, endpoint.id, null, 10);
    assert.equal(delivery?.status, "failed");
    assert.equal(delivery.nextAttemptAt, null);
    assert.deepEqual(await store.webhooks.pending(), { count: 0, oldestDueMs: null, dropped: 0 });
  });

  test("deleting an endpoint fails at most 500 pending deliveries in its script; a lease fails the rest", async () => {
    const store = createRedisStore(redis(), { deliveryGroup: randomId("test") });
    const orgId = randomId("org");
    const unit = { id: randomId("u"), orgId };
    const endpoint = anEndpoint(orgId);
    await store.webhooks.create(endpoint, 16);
    await Promise.all(
      Array.from({ length: 600 }, (_, i) => store.observations.swap(orgId, randomId("lk"), null, anObservation(), aTimezoneEvent(unit, i))),
    );
    assert.equal(await store.webhooks.delete(orgId, endpoint.id), true);
    assert.equal(await redis().zcard(redisKeys.pendingDeliveries(orgId)), 100, "the script stopped after 500");
    assert.deepEqual(await store.webhooks.lease(Date.parse(aTimezoneEvent(unit, 600).createdAt), 1000, 1000), []);
    assert.equal((await store.webhooks.pending()).count, 0);
    const statuses = new Set((await store.webhooks.deliveries(orgId, endpoint.id, null, 100)).map((d) => d.status));
    assert.deepEqual(statuses, new Set(["failed"]));
  });
});
