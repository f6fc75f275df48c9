// Secrets at rest: the real server process on Redis with DATA_KEYS creates a webhook endpoint and
// rotates its secret, both with an Idempotency-Key (so the kept answers show the secrets too),
// and delivers to a receiver that verifies with the secrets; then every Redis key of the org and
// of the key's kept answers is read whole (SCAN, then each type's read): no secret is in plain
// text anywhere. Always on Redis, whatever STORE is: only a store that outlives the process holds
// a copy worth reading.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { createRedisClient, whenReady, type RedisClient } from "@lintel/store-redis";
import { freePorts, spawnServer, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { call, processStoreEnv, testFixture } from "./e2e.test-support.js";
import { startWebhookReceiver, until, type WebhookReceiver } from "./webhook-receiver.test-support.js";

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
  const { keys, units, orgA, p } = fixture;
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
});
