// Secrets at rest: the real server process on Redis with DATA_KEYS creates a webhook endpoint and
// rotates its secret, both with an Idempotency-Key (so the kept answers show the secrets too),
// and delivers to a receiver that verifies with the secrets; then every Redis key of the org and
// of the key's kept answers is read whole (SCAN, then each type's read): no secret is in plain
// text anywhere. Codes' PINs likewise: codes made with known PINs (one with an Idempotency-Key, so
// a kept answer shows its PIN) and moved by a keep_wall_clock set_timezone (so their lock work is
// written again) are in no key in plain text. Always on Redis, whatever STORE is: only a store
// that outlives the process holds a copy worth reading.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { createRedisClient, redisKeys, whenReady, type RedisClient } from "@lintel/store-redis";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "./e2e.test-support.js";
import { call, processStoreEnv, testFixture } from "./e2e.test-support.js";
import { startWebhookReceiver, until, type WebhookReceiver } from "./webhooks/webhook-receiver.test-support.js";

/** Every value under the keys matching `pattern`, whatever their type, as one text. */
async function everything(redis: RedisClient, pattern: string): Promise<string> {
  const texts: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === "string") texts.push((await redis.get(key)) ?? "");
      else if (type === "hash") texts.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === "zset") texts.push((await redis.zrange(key, 0, -1)).join("\n"));
      else if (type === "set") texts.push((await redis.smembers(key)).join("\n"));
      else if (type === "list") texts.push((await redis.lrange(key, 0, -1)).join("\n"));
    }
  } while (cursor !== "0");
  return texts.join("\n");
}

describe("e2e: secrets at rest on Redis", () => {
  const fixture = testFixture();
  const { keys, units, locks, orgA, p } = fixture;
  const env: Record<string, string> = { ...processStoreEnv("redis"), WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1" };
  let server: ServerChild | undefined;
  let receiver: WebhookReceiver;
  let redis: RedisClient;

  before(async () => {
    env["FIXTURE"] = await writeFixture(fixture.json);
    receiver = await startWebhookReceiver();
    const [port = 0] = await freePorts(1);
    server = await spawnServer(port, env);
    redis = createRedisClient({ url: env["REDIS_URL"] ?? "" });
    await whenReady(redis);
  });

  after(async () => {
    await server?.stop();
    await redis?.quit();
    await receiver?.close();
  });

  it("a webhook secret and its rotation are in no Redis key in plain text, kept answers included; deliveries still verify", async () => {
    const base = server?.url ?? "";
    const post = (path: string, body: unknown, idempotencyKey: string) =>
      call(base, path, {
        method: "POST",
        key: keys.admin,
        headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
        body: JSON.stringify(body),
      });
    const url = receiver.url("/hook");
    const created = await post("/v1/webhook_endpoints", { url, eventTypes: ["unit.updated"] }, `${p}-hook`);
    assert.equal(created.status, 201, created.text);
    const first = created.json.secret as string;
    const endpointId = (created.json.webhookEndpoint as { id: string }).id;
    const rotated = await post(`/v1/webhook_endpoints/${endpointId}/rotate_secret`, {}, `${p}-rotate`);
    assert.equal(rotated.status, 200, rotated.text);
    const second = rotated.json.secret as string;
    const replayed = await post(`/v1/webhook_endpoints/${endpointId}/rotate_secret`, {}, `${p}-rotate`);
    assert.equal(replayed.json.secret, second, "a replay still shows the secret (opened from the sealed kept answer)");

    const change = await post("/v1/units/update_unit", { unitIdOrKey: units.york.id, address: "2 Broadway, New York" }, `${p}-update`);
    assert.equal(change.status, 200, change.text);
    const delivery = await until("the change's delivery", () => receiver.at("/hook")[0]);
    const headers = Object.fromEntries(Object.entries(delivery.headers).map(([name, value]) => [name, String(value)]));
    for (const secret of [first, second]) assert.ok(new Webhook(secret).verify(delivery.body, headers), "signed with each secret");

    const stored = (await everything(redis, `*{org:${orgA}}*`)) + (await everything(redis, `lintel:idem2:{${p}_key_admin}:*`));
    assert.ok(stored.includes(endpointId), "the scan read the endpoint's records");
    assert.ok(stored.includes("enc1."), "and the sealed secrets and kept answers");
    for (const secret of [first, second]) {
      assert.ok(!stored.includes(secret.slice("whsec_".length)), "no secret in plain text");
      assert.ok(!stored.includes(JSON.stringify(secret).slice(1, -1)), "not even escaped");
    }
    assert.ok(!stored.includes("whsec_"), "nothing that looks like a secret");
  });

  it("codes' PINs, in the codes, their lock work and a kept answer, are in no Redis key in plain text", async (t) => {
    const base = server?.url ?? "";
    const post = (path: string, body: unknown, idempotencyKey?: string) =>
      call(base, path, {
        method: "POST",
        key: keys.admin,
        headers: { "content-type": "application/json", ...(idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey }) },
        body: JSON.stringify(body),
      });
    const unit = units.chicago;
    const lockId = locks[0]?.lockId ?? "";
    const pins = ["73910428", "58206417", "26053791"];
    // Work is written by every change of a code and done at once by the simulator: read it as it
    // comes and goes, so the check below also covers work records the final scan may not see.
    const seenWork: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) seenWork.push(JSON.stringify(await redis.hgetall(redisKeys.codeWork(orgA))));
    })();
    const made: { key: string; version: number }[] = [];
    try {
      for (const [i, pin] of pins.entries()) {
        const body = {
          unitIdOrKey: unit.id,
          kind: "code",
          title: `Guest ${i}`,
          startAt: `2027-0${i + 3}-01T15:00:00-05:00`,
          endAt: `2027-0${i + 3}-03T11:00:00-05:00`,
          lockId,
          code: pin,
        };
        const idempotencyKey = i === 1 ? `${p}-code` : undefined;
        const created = await post("/v1/units/create_schedule_item", body, idempotencyKey);
        assert.equal(created.status, 201, created.text);
        assert.equal(created.json.item.code, pin, "the answer shows the PIN given");
        made.push({ key: created.json.item.key as string, version: created.json.unit.version as number });
        if (idempotencyKey !== undefined) {
          const replayed = await post("/v1/units/create_schedule_item", body, idempotencyKey);
          assert.equal(replayed.status, 201, replayed.text);
          assert.equal(replayed.json.item.code, pin, "a replay shows the PIN (opened from the sealed kept answer)");
        }
      }
      const moved = await post("/v1/units/set_timezone", {
        unitIdOrKey: unit.id,
        timeZone: "America/New_York",
        expectedVersion: made.at(-1)?.version,
        policy: "keep_wall_clock",
      });
      assert.equal(moved.status, 200, moved.text);
      assert.ok((moved.json.moved as number) >= pins.length, "the codes moved: their work is written again");
      // Each code's latest work done: what the simulator holds is placed, and no work is left.
      await until("the codes' work done", async () =>
        (await redis.hlen(redisKeys.placedCodes(orgA))) >= pins.length && (await redis.hlen(redisKeys.codeWork(orgA))) === 0
          ? true
          : undefined,
      );
    } finally {
      watching = false;
      await watcher;
    }

    t.diagnostic(`work records read while they came and went: ${seenWork.filter((text) => text.includes("enc1.")).length}`);
    const stored =
      (await everything(redis, `*{org:${orgA}}*`)) + (await everything(redis, `lintel:idem2:{${p}_key_admin}:*`)) + seenWork.join("\n");
    for (const { key } of made) assert.ok(stored.includes(key.slice("code:".length)), "the scan read the codes' records");
    assert.ok(stored.includes("enc1."), "and the sealed PINs and kept answers");
    for (const pin of pins) assert.ok(!stored.includes(pin), `no PIN in plain text (${pin})`);
  });
});
