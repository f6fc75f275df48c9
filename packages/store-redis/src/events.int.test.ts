// What the event contract cannot see on Redis: retention trims at most TRIM_BATCH events and
// deliveries per append (a script never runs long), and the next appends take the rest.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { EVENT_RETENTION_MS } from "@lintel/domain";
import { anEndpoint, anObservation, aTimezoneEvent, randomId } from "@lintel/testkit";
import { TRIM_BATCH } from "./event-append.js";
import { redisKeys } from "./keys.js";
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
});
