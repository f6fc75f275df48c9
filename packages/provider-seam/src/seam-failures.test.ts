// How the Seam adapter reports what went wrong (SPEC 5.7): each failure its own reason and
// detail, never the key. Seam's fake covers credentials, unknown devices and outages; a
// rate limit, a dead port and a silent server are loopback servers of the test's own, since
// the fake cannot produce them.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { ProviderUnavailableError, systemClock } from "@lintel/core";
import { createLockStateReader, type ProviderFailureReason } from "@lintel/core/adapters";
import { aLock } from "@lintel/testkit";
import { createSeamLockProvider } from "./seam-lock-provider.js";
import { retryAfterSeconds } from "./seam-failure.js";
import { startFakeSeam, type FakeSeam } from "@lintel/testkit/seam";

const clock = systemClock;

async function loopbackServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, close: () => new Promise((r) => server.close(r)) };
}

function rejectsWith(read: Promise<unknown>, reason: ProviderFailureReason, detail: RegExp, secret: string) {
  return assert.rejects(read, (error: unknown) => {
    assert.ok(error instanceof ProviderUnavailableError, String(error));
    assert.equal(error.reason, reason);
    assert.equal(error.provider, "igloohome");
    assert.match(error.message, /^Lock provider "igloohome" \(through Seam\) /);
    assert.match(error.message, detail);
    assert.equal(error.cause, undefined); // the client's error holds the Authorization header
    assert.ok(!JSON.stringify({ message: error.message, stack: error.stack }).includes(secret), "the key leaked");
    return true;
  });
}

describe("seam adapter: failures say what happened", () => {
  let fake: FakeSeam;
  before(async () => {
    fake = await startFakeSeam();
  });
  after(() => fake.close());

  const lockOn = (providerDeviceId: string) => aLock("org_1", { provider: "igloohome", providerDeviceId });
  const signal = () => new AbortController().signal;

  it("wrong credentials → credentials_refused", async () => {
    const wrongKey = "seam_wrongkey_Zx81Qd2";
    const provider = createSeamLockProvider({ apiKey: wrongKey, endpoint: fake.endpoint, timeoutMs: 3000, clock });
    await rejectsWith(
      provider.readState(lockOn(fake.addLock("a", { online: true })), signal()),
      "credentials_refused",
      /refused the credentials/,
      wrongKey,
    );
  });

  it("a device Seam does not know → device_unknown, naming the device", async () => {
    const provider = createSeamLockProvider({ apiKey: fake.apiKey, endpoint: fake.endpoint, timeoutMs: 3000, clock });
    await rejectsWith(
      provider.readState(lockOn("dev_gone_42"), signal()),
      "device_unknown",
      /does not know device "dev_gone_42"/,
      fake.apiKey,
    );
  });

  it("a workspace outage → failed with Seam's status; recovery → answers again", async () => {
    const provider = createSeamLockProvider({ apiKey: fake.apiKey, endpoint: fake.endpoint, timeoutMs: 3000, clock });
    const lock = lockOn(fake.addLock("b", { locked: true, online: true }));
    fake.simulateOutage();
    await rejectsWith(provider.readState(lock, signal()), "failed", /Seam answered HTTP 503/, fake.apiKey);
    fake.recover();
    assert.equal((await provider.readState(lock, signal())).lockState, "locked");
  });

  it("Seam rate-limits us → rate_limited with its Retry-After, and the client does not retry the 429", async () => {
    let calls = 0;
    const limiter = await loopbackServer((_req, res) => {
      calls += 1;
      res.writeHead(429, { "content-type": "application/json", "retry-after": "7" });
      res.end(JSON.stringify({ error: { type: "rate_limited", message: "Slow down" } }));
    });
    try {
      const provider = createSeamLockProvider({ apiKey: fake.apiKey, endpoint: limiter.url, timeoutMs: 3000, clock });
      await rejectsWith(provider.readState(lockOn("dev_1"), signal()), "rate_limited", /rate-limited .* retry after 7 s/, fake.apiKey);
      await assert.rejects(provider.readState(lockOn("dev_1"), signal()), { retryAfterSeconds: 7 });
      assert.equal(calls, 2);
    } finally {
      await limiter.close();
    }
  });

  it("nothing listening at SEAM_ENDPOINT → failed, could not be reached", async () => {
    const dead = await loopbackServer(() => undefined);
    await dead.close();
    const provider = createSeamLockProvider({ apiKey: fake.apiKey, endpoint: dead.url, timeoutMs: 3000, clock });
    await rejectsWith(provider.readState(lockOn("dev_1"), signal()), "failed", /could not be reached \(ECONNREFUSED\)/, fake.apiKey);
  });

  it("a silent Seam: the reader answers timeout at its deadline and the request is aborted", async () => {
    let closed = 0;
    const silent = await loopbackServer((req) => req.socket.on("close", () => (closed += 1)));
    try {
      const provider = createSeamLockProvider({ apiKey: fake.apiKey, endpoint: silent.url, timeoutMs: 300, clock });
      const reader = createLockStateReader(provider, clock, { ttlMs: 2000, timeoutMs: 300 });
      await assert.rejects(reader.read(lockOn("dev_1")), { reason: "timeout", message: /did not answer within 300 ms/ });
      for (let i = 0; i < 50 && closed === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(closed, 1, "the request to Seam was not aborted");
    } finally {
      silent.server.closeAllConnections();
      await silent.close();
    }
  });
});

describe("seam adapter: Retry-After", () => {
  it("reads delta-seconds and HTTP dates; ignores the rest", () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    assert.equal(retryAfterSeconds("7", now), 7);
    assert.equal(retryAfterSeconds("Mon, 23 Nov 2026 10:00:30 GMT", now), 30);
    assert.equal(retryAfterSeconds("soon", now), undefined);
    assert.equal(retryAfterSeconds(undefined, now), undefined);
    assert.equal(retryAfterSeconds("Mon, 23 Nov 2026 09:00:00 GMT", now), undefined);
  });
});
