/**
 * bench:webhook-recover: how long `POST /v1/webhook_endpoints/{id}/recover` takes to queue
 * 10,000 failed deliveries on Redis (paged: 500 per script), and how fast other API answers
 * (`GET /v1/webhook_endpoints/{id}`) stay meanwhile, against the same answers before it. A real
 * server on REDIS_URL (default 127.0.0.1:6379) with the demo fixture under a random suffix,
 * and a sender that answers 204 at once (the dispatcher starts on the recovered deliveries while
 * the rest are queued). Prints figures; asserts nothing. Everything it wrote is removed after.
 *
 * Usage: npm run -s bench:webhook-recover [-- <deliveries>]
 */
import { randomBytes } from "node:crypto";
import { loadConfig, startServer } from "@lintel/server";
import { generateApiKey } from "@lintel/domain";
import { Redis } from "ioredis";
import { redisKeys } from "@lintel/store-redis";
import { benchFixture, dropFromRedis } from "./bench-fixture.js";

const REDIS_URL = process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379";
const COUNT = Number(process.argv[2] ?? 10_000);

/** The p-th percentile (0–100) of `samples` in ms. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const figure = (samples: readonly number[]) =>
  `${samples.length} answers, p50 ${percentile(samples, 50).toFixed(2)} ms, p99 ${percentile(samples, 99).toFixed(2)} ms, ` +
  `max ${Math.max(...samples).toFixed(2)} ms`;

/** Writes `count` failed deliveries (and their events) of the endpoint straight into its org's keys, created in the last hour. */
async function seedFailed(redis: Redis, orgId: string, endpointId: string, count: number): Promise<void> {
  const now = Date.now();
  for (let from = 0; from < count; from += 1000) {
    const pipeline = redis.pipeline();
    for (let i = from; i < Math.min(count, from + 1000); i++) {
      const createdMs = now - 3_600_000 + i * Math.floor(3_000_000 / count);
      const createdAt = new Date(createdMs).toISOString();
      const eventId = `evt_bench${String(i).padStart(19, "0")}`;
      const id = `dlv_bench${String(i).padStart(19, "0")}`;
      const event = { id: eventId, orgId, type: "template.deleted", createdAt, data: { template: { id: "tpl_bench" } } };
      const delivery = {
        id,
        orgId,
        endpointId,
        eventId,
        eventType: event.type,
        status: "failed",
        attempts: 7,
        lastAttemptAt: createdAt,
        lastResponseStatus: 500,
        lastError: "HTTP 500",
        nextAttemptAt: null,
        createdAt,
      };
      pipeline.hset(redisKeys.events(orgId), eventId, JSON.stringify(event));
      pipeline.hset(redisKeys.deliveries(orgId), id, JSON.stringify(delivery));
      pipeline.zadd(redisKeys.deliveryOrder(orgId), 0, `${endpointId}|${createdAt}|${id}`);
      pipeline.zadd(redisKeys.deliveryAge(orgId), createdMs, id);
    }
    await pipeline.exec();
  }
}

async function main(): Promise<void> {
  const suffix = `_wr${randomBytes(3).toString("hex")}`;
  const key = generateApiKey();
  const { fixture, orgIds, keyId } = benchFixture(suffix, key);
  const loading = loadConfig({
    STORE: "redis",
    REDIS_URL,
    CURSOR_SECRET: "bench-webhook-recover-0123456789abcdefgh",
    DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
    LOG_LEVEL: "silent",
    WEBHOOK_ALLOW_PRIVATE: "true",
  });
  if (!loading.ok) throw new Error(loading.errors.join("\n"));
  const server = await startServer(
    { ...loading.config, port: 0 },
    {
      fixture,
      webhookDeliveryGroup: suffix,
      webhookSender: { send: async () => ({ ok: true, status: 204 }), refusal: async () => null },
    },
  );
  const redis = new Redis(REDIS_URL);
  const api = async (path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const response = await fetch(server.url + path, { ...init, headers: { "x-api-key": key, ...init.headers } });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - started };
  };
  try {
    const created = await api("/v1/webhook_endpoints", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "http://127.0.0.1:9/bench", eventTypes: ["unit.created"] }),
    });
    const endpointId = (JSON.parse(created.body) as { webhookEndpoint: { id: string } }).webhookEndpoint.id;
    const orgId = orgIds[0] ?? "";
    await seedFailed(redis, orgId, endpointId, COUNT);
    const read = `/v1/webhook_endpoints/${endpointId}`;
    const before: number[] = [];
    for (let i = 0; i < 300; i++) before.push((await api(read)).ms);

    const during: number[] = [];
    let done = false;
    const reading = (async () => {
      while (!done) during.push((await api(read)).ms);
    })();
    const since = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const recovered = await api(`/v1/webhook_endpoints/${endpointId}/recover`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ since }),
    });
    done = true;
    await reading;

    console.log(`recover of ${COUNT} failed deliveries on Redis (${REDIS_URL}), pages of 500:`);
    console.log(`  answer ${recovered.status} ${recovered.body} in ${recovered.ms.toFixed(0)} ms`);
    console.log(`  GET ${read.replace(endpointId, "{id}")} before:  ${figure(before)}`);
    console.log(`  GET ${read.replace(endpointId, "{id}")} meanwhile: ${figure(during)}`);
  } finally {
    await server.close();
    await redis.del(redisKeys.webhookOrgs(suffix));
    await redis.quit();
    await dropFromRedis(REDIS_URL, orgIds, key, keyId);
  }
}

await main();
