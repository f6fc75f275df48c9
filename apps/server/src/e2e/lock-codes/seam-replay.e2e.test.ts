// Seam's webhooks cannot be replayed into provider calls (an outside probe): a svix-id already
// taken in the last 5 minutes is answered 204 and does nothing more, and one device is re-read
// at most once a second however many events name it, across instances that share the store.
// The lock provider is the counting simulator, standing in for Seam.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { Lock } from "@lintel/domain";
import { signWebhook } from "@lintel/domain/adapters";
import { createSimulatedLockProvider, type SimulatedLockProvider } from "@lintel/store-memory";
import { call, testConfig, testFixture } from "../e2e.test-support.js";
import { startServer, type RunningServer } from "../../server.js";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const fixture = testFixture();
const onRedis = process.env["STORE"] === "redis";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Active August locks, each on its own Seam device id. */
const devices = Array.from({ length: 4 }, (_, i) => `${fixture.p}_dev_${i}`);
const locks: Lock[] = devices.map((deviceId, i) => ({
  lockId: `${fixture.p}_seam_${i}`,
  orgId: fixture.orgA,
  name: `Door ${i}`,
  provider: "august",
  providerDeviceId: deviceId,
  model: null,
  timeZone: null,
  unitIds: [],
  status: "active",
  createdAt: "2026-05-01T00:00:00.000Z",
  updatedAt: "2026-05-01T00:00:00.000Z",
}));

let provider: SimulatedLockProvider;
let servers: RunningServer[] = [];
before(async () => {
  provider = createSimulatedLockProvider();
  const start = () =>
    startServer(testConfig({ SEAM_WEBHOOK_SECRET: secret }), {
      fixture: { ...fixture.json, locks: [...fixture.json.locks, ...locks] },
      webhookDeliveryGroup: fixture.p,
      lockProvider: provider,
    });
  // Two instances on one Redis share what they remember; in memory each has its own.
  servers = onRedis ? [await start(), await start()] : [await start()];
});
after(() => Promise.all(servers.map((server) => server.close())));

/** A Seam event for `deviceId`, signed now, with its own svix-id unless given one. */
function signedEvent(deviceId: string, id = `msg_${randomBytes(8).toString("hex")}`) {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ event_id: id, event_type: "lock.unlocked", device_id: deviceId, workspace_id: "ws_1" });
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(timestamp),
      "svix-signature": signWebhook({ id, timestamp, body }, secret),
    },
    body,
  };
}

/** Posts `event` to the instances in turn, `count` times, `parallel` at once; every answer must be 204. */
async function post(event: ReturnType<typeof signedEvent>, count: number, parallel = 10): Promise<void> {
  for (let sent = 0; sent < count; sent += parallel) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(parallel, count - sent) }, (_, i) =>
        call(servers[(sent + i) % servers.length]!.url, "/webhooks/seam", event),
      ),
    );
    for (const answer of answers) assert.equal(answer.status, 204, answer.text);
  }
}

describe("e2e: Seam webhooks, replays and floods", () => {
  it("one signed message re-read its device once; 100 replays of it (to every instance) make no provider call", async () => {
    const event = signedEvent(devices[0]!);
    const before = provider.calls;
    await post(event, 1);
    assert.equal(provider.calls, before + 1, "the message itself re-reads the device");
    await sleep(1_100); // past the device's 1 s window: only the replay guard can hold them back
    await post(event, 100);
    await sleep(1_100); // a re-read held back would have run by now
    assert.equal(provider.calls, before + 1, "no replay reached the provider");
  });

  it("50 different messages for one device within a second: at most 2 provider reads, every answer 204", async () => {
    const before = provider.calls;
    const started = performance.now();
    await Promise.all(Array.from({ length: 50 }, () => post(signedEvent(devices[1]!), 1)));
    const took = performance.now() - started;
    await sleep(1_200); // a trailing re-read, if any, is in by now
    const reads = provider.calls - before;
    assert.ok(took < 1_000, `the 50 took ${took} ms`);
    assert.ok(reads >= 1 && reads <= 2, `${reads} provider reads`);
  });

  it("a message for another device is not held back by the first device's window", async () => {
    const before = provider.calls;
    await Promise.all([post(signedEvent(devices[2]!), 1), post(signedEvent(devices[3]!), 1)]);
    assert.equal(provider.calls, before + 2);
  });

  it("an unsigned request with a taken svix-id is still a 400, and does not take an id", async () => {
    const event = signedEvent(devices[0]!);
    const forged = { ...event, headers: { ...event.headers, "svix-signature": "v1,bm90IGl0" } };
    assert.equal((await call(servers[0]!.url, "/webhooks/seam", forged)).status, 400);
    await sleep(1_100);
    const before = provider.calls;
    await post(event, 1);
    assert.equal(provider.calls, before + 1, "the genuine message still re-reads the device");
  });
});
