// The memory store's maps that grow with traffic stay bounded: request budgets of failed-key
// addresses are dropped once full again, idempotency keys expire and are capped.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createMemoryState } from "./state/memory-state.js";
import { memoryStoreOn } from "./memory-store.js";
import { MAX_IDEMPOTENCY_KEYS } from "./idempotency-store.js";
import { MAX_DELIVERIES_PER_ENDPOINT, MAX_EVENTS_PER_ORG } from "./state/event-state.js";
import { anEndpoint, anObservation, aTimezoneEvent } from "@lintel/testkit";

function clockAt(start: number) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const FAILED_KEYS = { requests: 30, windowSeconds: 60 };

describe("memory store bounds", () => {
  it("request budgets: buckets of 10,000 addresses seen once are dropped after they refill", async () => {
    const clock = clockAt(1_700_000_000_000);
    const state = createMemoryState(clock);
    const store = memoryStoreOn(state);
    for (let i = 0; i < 10_000; i++) await store.budget.consume(`auth-fail:10.0.${i >> 8}.${i & 255}`, FAILED_KEYS);
    assert.equal(state.budgets.size, 10_000);
    clock.advance(61_000);
    for (let i = 0; i < 10_000; i++) await store.budget.consume(`auth-fail:10.1.${i >> 8}.${i & 255}`, FAILED_KEYS);
    assert.equal(state.budgets.size, 10_000, "the first 10,000 are full again and gone");
    assert.equal(state.budgets.has("auth-fail:10.0.0.0"), false);
    // A budget still spending is kept: the address cannot reset its count by waiting for a sweep.
    const decision = await store.budget.peek("auth-fail:10.1.0.0", FAILED_KEYS);
    assert.equal(decision.remaining, FAILED_KEYS.requests - 1);
  });

  it("idempotency keys: expired results are swept as new keys come", async () => {
    const clock = clockAt(1_700_000_000_000);
    const state = createMemoryState(clock);
    const { idempotency } = memoryStoreOn(state);
    const kept = { result: { ok: true, value: {} }, requestId: "r" } as const;
    for (let i = 0; i < 1_000; i++) {
      const claim = await idempotency.begin("key_1", `k${i}`, "f", 60_000);
      assert.equal(claim.state, "claimed");
      if (claim.state === "claimed") await idempotency.complete("key_1", `k${i}`, claim.token, kept, 1_000);
    }
    clock.advance(2_000);
    for (let i = 1_000; i < 2_000; i++) await idempotency.begin("key_1", `k${i}`, "f", 60_000);
    assert.equal(state.idempotency.size, 1_000);
  });

  it(`idempotency keys: at most ${MAX_IDEMPOTENCY_KEYS} are kept, the oldest claims are forgotten first`, async () => {
    const state = createMemoryState(clockAt(1_700_000_000_000));
    const { idempotency } = memoryStoreOn(state);
    for (let i = 0; i < MAX_IDEMPOTENCY_KEYS + 10; i++) await idempotency.begin("key_1", `k${i}`, "f", 86_400_000);
    assert.equal(state.idempotency.size, MAX_IDEMPOTENCY_KEYS);
    assert.equal((await idempotency.begin("key_1", "k10", "f", 86_400_000)).state, "running", "the newer ones are kept");
    assert.equal((await idempotency.begin("key_1", "k9", "f", 86_400_000)).state, "claimed", "the oldest were forgotten");
  });

  it(`events and deliveries: at most ${MAX_EVENTS_PER_ORG} per org and ${MAX_DELIVERIES_PER_ENDPOINT} per endpoint, pending or not`, async () => {
    const state = createMemoryState(clockAt(1_700_000_000_000));
    const store = memoryStoreOn(state);
    const endpoint = anEndpoint("org_1");
    await store.webhooks.create(endpoint, 16);
    const total = Math.max(MAX_EVENTS_PER_ORG, MAX_DELIVERIES_PER_ENDPOINT) + 100;
    for (let i = 0; i < total; i++) {
      // A receiver that never answers: every delivery stays pending.
      await store.observations.swap("org_1", `lk_${i}`, null, anObservation(), aTimezoneEvent({ id: "u_1", orgId: "org_1" }, i));
    }
    assert.equal(state.events.orgs.get("org_1")?.eventOrder.length, MAX_EVENTS_PER_ORG);
    assert.equal(state.events.orgs.get("org_1")?.events.size, MAX_EVENTS_PER_ORG);
    assert.equal(state.events.orgs.get("org_1")?.deliveries.get(endpoint.id)?.length, MAX_DELIVERIES_PER_ENDPOINT);
    const { count, dropped } = await store.webhooks.pending();
    assert.equal(count, MAX_DELIVERIES_PER_ENDPOINT);
    assert.equal(dropped, total - MAX_DELIVERIES_PER_ENDPOINT, "every pending delivery dropped is counted");
  });
});
