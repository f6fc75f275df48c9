// Webhook endpoints and deliveries stored with a lone surrogate escape (as the store wrote them
// before recordJson) stay readable and writable: every event of the org reads every endpoint, so
// one such description used to fail every write of the org that stores an event. And an endpoint
// whose lists are empty keeps them lists through every script that writes it back (cjson writes
// an empty list as {}); one written with {} before reads as [] and is mended by its next write.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AttemptOutcome } from "@lintel/core/adapters";
import { WEBHOOK_TEST_EVENT_TYPE, type DeliveryRecord, type WebhookEndpointRecord } from "@lintel/domain/adapters";
import { anEndpoint, anObservation, aTimezoneEvent, instant, randomBase62Id, randomId } from "@lintel/testkit";
import { createRedisStore, redisKeys, type RedisStore } from "./index.js";
import { assertMended, plantPoisoned, plantRaw } from "./poison.test-support.js";
import { useTestRedis } from "./redis.test-support.js";

const T = Date.parse(instant(0));
const LEASE = 30_000;

describe("Redis webhook endpoints and deliveries holding a lone surrogate escape, or empty lists", () => {
  const redis = useTestRedis();

  /** A fresh store (its own delivery group) and an org with one endpoint for every type, its record rewritten by `change`. */
  async function orgWithEndpoint(change: (stored: WebhookEndpointRecord) => unknown, poisoned = true) {
    const store: RedisStore = createRedisStore(redis(), { deliveryGroup: randomId("test") });
    const orgId = randomId("org");
    const endpoint = anEndpoint(orgId, ["*"]);
    assert.deepEqual(await store.webhooks.create(endpoint, 16), { ok: true });
    await (poisoned ? plantPoisoned : plantRaw)(redis(), redisKeys.endpoints(orgId), endpoint.id, change);
    return { store, orgId, endpoint };
  }
  const described = (stored: WebhookEndpointRecord) => ({ ...stored, description: "Front desk \ud800" });
  const emptyLists = (stored: WebhookEndpointRecord) => ({ ...stored, eventTypes: [], earlierSecrets: [] });

  /** Stores an event of the org at T + `atMs` (a lock's first observation), with its deliveries. */
  async function emit(store: RedisStore, orgId: string, atMs = 0) {
    const event = aTimezoneEvent({ id: randomId("u"), orgId }, atMs);
    assert.deepEqual(await store.observations.swap(orgId, randomId("lk"), null, anObservation(), event), { swapped: true });
  }
  const attempted = (atMs: number, result: AttemptOutcome["result"]): AttemptOutcome => ({
    at: instant(atMs),
    responseStatus: result.kind === "gone" ? 410 : 500,
    error: "HTTP 500 \udc00",
    result,
  });
  const leasedOf = async (store: RedisStore, orgId: string, nowMs: number) =>
    (await store.webhooks.lease(nowMs, LEASE, 100)).filter((attempt) => attempt.delivery.orgId === orgId);
  const rawOf = async (orgId: string, endpointId: string) => (await redis().hget(redisKeys.endpoints(orgId), endpointId)) ?? "";

  test("an endpoint whose description holds a lone surrogate escape gets the org's events, is leased, disabled and enabled", async () => {
    const { store, orgId, endpoint } = await orgWithEndpoint(described);
    await emit(store, orgId, 10);
    assert.equal((await store.webhooks.deliveries(orgId, endpoint.id, null, 10)).length, 1, "the event still reads every endpoint");
    const [attempt] = await leasedOf(store, orgId, T + 10);
    assert.equal(attempt?.endpoint.description, "Front desk \ud800", "read as stored");
    assert.equal(await store.webhooks.finish(attempt!, attempted(20, { kind: "gone" })), true);
    const disabled = await store.webhooks.get(orgId, endpoint.id);
    assert.deepEqual([disabled?.status, disabled?.description], ["disabled", "Front desk \uFFFD"]);
    await assertMended(redis(), redisKeys.endpoints(orgId), endpoint.id);

    await plantPoisoned(redis(), redisKeys.endpoints(orgId), endpoint.id, described);
    assert.equal((await store.webhooks.enable(orgId, endpoint.id))?.status, "enabled");
    await emit(store, orgId, 30);
    assert.equal((await store.webhooks.deliveries(orgId, endpoint.id, null, 10)).length, 2);
  });

  test("an endpoint whose description holds a lone surrogate escape is updated, rotated, resealed and deleted", async () => {
    const { store, orgId, endpoint } = await orgWithEndpoint(described);
    assert.equal(
      (await store.webhooks.update(orgId, endpoint.id, { url: "https://hooks.example.com/new" }))?.description,
      "Front desk \uFFFD",
    );
    await plantPoisoned(redis(), redisKeys.endpoints(orgId), endpoint.id, described);
    const patched = await store.webhooks.update(orgId, endpoint.id, { description: "New \udbff desk" });
    assert.equal(patched?.description, "New \uFFFD desk", "a patch's own lone surrogate is mended too");

    await plantPoisoned(redis(), redisKeys.endpoints(orgId), endpoint.id, described);
    const rotated = await store.webhooks.rotateSecret(orgId, endpoint.id, "whsec_new", instant(86_400_000));
    assert.deepEqual([rotated?.secret, rotated?.previousSecret?.secret], ["whsec_new", endpoint.secret]);

    await plantPoisoned(redis(), redisKeys.endpoints(orgId), endpoint.id, described);
    assert.equal(await store.webhooks.resealSecrets((secret) => `sealed:${secret}`), 1);
    assert.equal((await store.webhooks.get(orgId, endpoint.id))?.secret, "sealed:whsec_new");

    await plantPoisoned(redis(), redisKeys.endpoints(orgId), endpoint.id, described);
    assert.equal(await store.webhooks.delete(orgId, endpoint.id), true);
    assert.equal(await store.webhooks.get(orgId, endpoint.id), null);
  });

  test("a failed delivery whose lastError holds a lone surrogate escape is retried, recovered and leased", async () => {
    const { store, orgId, endpoint } = await orgWithEndpoint((stored) => stored, false);
    await emit(store, orgId, 10);
    const [delivery] = await store.webhooks.deliveries(orgId, endpoint.id, null, 10);
    assert.ok(delivery !== undefined);
    const failed = (stored: DeliveryRecord) => ({ ...stored, status: "failed", lastError: "refused \ud800", nextAttemptAt: null });
    await plantPoisoned(redis(), redisKeys.deliveries(orgId), delivery.id, failed);
    const retried = await store.webhooks.retry(orgId, endpoint.id, delivery.id, T + 20);
    assert.deepEqual(retried.ok && [retried.delivery.status, retried.delivery.lastError], ["pending", "refused \uFFFD"]);

    await plantPoisoned(redis(), redisKeys.deliveries(orgId), delivery.id, failed);
    assert.equal((await store.webhooks.recoverPage(orgId, endpoint.id, instant(0), null, 10, T + 30)).queued, 1);
    const [attempt] = await leasedOf(store, orgId, T + 30);
    assert.deepEqual([attempt?.delivery.id, attempt?.delivery.attempts], [delivery.id, 1]);
    assert.equal(await store.webhooks.finish(attempt!, attempted(40, { kind: "failed" })), true, "its attempt's lone surrogate is mended");
    assert.equal((await store.webhooks.deliveries(orgId, endpoint.id, null, 10))[0]?.lastError, "HTTP 500 \uFFFD");
  });

  test("an endpoint with empty lists keeps them lists through update, rotate, a finished attempt, enable and reseal", async () => {
    const { store, orgId, endpoint } = await orgWithEndpoint(emptyLists, false);
    const lists = async (step: string) => {
      const read = await store.webhooks.get(orgId, endpoint.id);
      assert.deepEqual([read?.eventTypes, read?.earlierSecrets], [[], []], step);
      assert.match(await rawOf(orgId, endpoint.id), /"eventTypes":\[\]/, `${step}: stored as a list`);
    };
    assert.equal((await store.webhooks.update(orgId, endpoint.id, { description: "desk" }))?.description, "desk");
    await lists("update");
    await store.webhooks.rotateSecret(orgId, endpoint.id, "whsec_new", instant(86_400_000));
    await lists("rotate");
    const test = {
      id: randomBase62Id("evt"),
      orgId,
      type: WEBHOOK_TEST_EVENT_TYPE,
      createdAt: instant(10),
      data: { endpointId: endpoint.id },
    } as const;
    assert.ok((await store.webhooks.sendTest(test)) !== null);
    const [attempt] = await leasedOf(store, orgId, T + 10);
    assert.equal(await store.webhooks.finish(attempt!, attempted(20, { kind: "gone" })), true);
    await lists("disabled by a finished attempt");
    await store.webhooks.enable(orgId, endpoint.id);
    await lists("enable");
    assert.equal(await store.webhooks.resealSecrets((secret) => `sealed:${secret}`), 1);
    await lists("reseal");
    assert.deepEqual((await store.webhooks.update(orgId, endpoint.id, { eventTypes: [] }))?.eventTypes, [], "a patch's empty list too");
  });

  test("an endpoint a script wrote with {} for its lists reads as [] and its next write stores lists", async () => {
    const { store, orgId, endpoint } = await orgWithEndpoint((stored) => ({ ...stored, eventTypes: {}, earlierSecrets: {} }), false);
    const read = await store.webhooks.get(orgId, endpoint.id);
    assert.deepEqual([read?.eventTypes, read?.earlierSecrets], [[], []]);
    assert.deepEqual(
      (await store.webhooks.list(orgId, null, 10)).map((one) => one.eventTypes),
      [[]],
    );
    await emit(store, orgId, 10);
    assert.deepEqual(await store.webhooks.deliveries(orgId, endpoint.id, null, 10), [], "no type listed: no delivery");
    await store.webhooks.update(orgId, endpoint.id, { description: "desk" });
    assert.match(await rawOf(orgId, endpoint.id), /"eventTypes":\[\]/);
    assert.doesNotMatch(await rawOf(orgId, endpoint.id), /:\{\}/, "no list left as {}");
  });
});
