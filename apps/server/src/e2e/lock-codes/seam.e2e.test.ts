// Live lock state through Seam (SPEC 5.7), end to end: the real server process, with
// SEAM_API_KEY and SEAM_ENDPOINT pointing at Seam's own fake, started in this process on a
// loopback port. Runs on the memory store and, with STORE=redis, on Redis.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFakeSeam, type FakeSeam } from "@lintel/testkit/seam";
import { assertProblem, call, TEST_REDIS_URL, testFixture } from "../e2e.test-support.js";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../e2e.test-support.js";

const storeEnv = (): Record<string, string> =>
  process.env["STORE"] === "redis"
    ? {
        STORE: "redis",
        REDIS_URL: TEST_REDIS_URL,
        CURSOR_SECRET: "seam-e2e-secret-0123456789abcdefghij",
        DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      }
    : {};

async function serve(fixturePath: string, env: Record<string, string>): Promise<ServerChild> {
  const [port] = await freePorts(1);
  // PUBLIC_BASE_URL as the other e2e servers have it, so problem types read the same.
  return spawnServer(port!, { ...storeEnv(), FIXTURE: fixturePath, LOG_LEVEL: "debug", PUBLIC_BASE_URL: "http://localhost:3000", ...env });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("e2e: lock state through Seam's fake", () => {
  let fake: FakeSeam;
  let server: ServerChild;
  let fixturePath: string;
  const fixture = testFixture();
  const devices: Record<string, string> = {};
  const lockOf = (name: string, provider: string) => ({
    lockId: `${fixture.p}_seam_${name}`,
    orgId: fixture.orgA,
    name,
    provider,
    providerDeviceId: devices[name] ?? `unknown_${name}`,
    model: null,
    timeZone: null,
    unitIds: [],
    status: "active",
    createdAt: "2026-05-01T00:00:00.000Z",
    updatedAt: "2026-05-01T00:00:00.000Z",
  });
  const state = (base: string, name: string, key = fixture.keys.admin) => call(base, `/v1/locks/${fixture.p}_seam_${name}/state`, { key });

  before(async () => {
    fake = await startFakeSeam();
    devices["front"] = fake.addLock("Front", { locked: true, door_open: false, online: true, battery_level: 0.9 });
    devices["offline"] = fake.addLock(
      "Offline",
      { locked: false, online: false },
      {
        errors: [
          { error_code: "device_offline", is_device_error: true, message: "Device is offline", created_at: "2026-11-20T08:30:00.000Z" },
        ],
        warnings: [],
      },
    );
    devices["changing"] = fake.addLock("Changing", { locked: true, door_open: false, online: true });
    devices["outage"] = fake.addLock("Outage", { locked: true, online: true });
    const locks = [
      lockOf("front", "august"),
      lockOf("offline", "yale"),
      lockOf("changing", "schlage"),
      lockOf("outage", "igloohome"),
      lockOf("gone", "kwikset"),
    ];
    fixturePath = await writeFixture({ ...fixture.json, locks: [...fixture.json.locks, ...locks] });
    server = await serve(fixturePath, { SEAM_API_KEY: fake.apiKey, SEAM_ENDPOINT: fake.endpoint });
  });
  after(async () => {
    await server?.stop();
    await fake?.close();
  });

  it("states are mapped from Seam's devices; an offline device is a 200 with online: false", async () => {
    const front = await state(server.url, "front");
    assert.equal(front.status, 200, front.text);
    assert.deepEqual(
      { ...front.json.state, fetchedAt: "" },
      {
        lockId: `${fixture.p}_seam_front`,
        provider: "august",
        lockState: "locked",
        doorState: "closed",
        online: true,
        batteryLevel: 0.9,
        lastSeenAt: null,
        fetchedAt: "",
      },
    );
    const offline = await state(server.url, "offline");
    assert.equal(offline.status, 200, offline.text);
    assert.equal(offline.json.state.online, false);
    assert.equal(offline.json.state.lockState, "unlocked");
    assert.equal(offline.json.state.lastSeenAt, "2026-11-20T08:30:00.000Z");
  });

  it("a device changed at the vendor shows up once the 2 s reuse has passed", async () => {
    const first = await state(server.url, "changing");
    assert.equal(first.json.state.lockState, "locked", first.text);
    fake.updateLock(devices["changing"]!, { locked: false, door_open: true });
    const reused = await state(server.url, "changing");
    assert.equal(reused.json.state.lockState, "locked");
    assert.equal(reused.json.state.fetchedAt, first.json.state.fetchedAt);
    await sleep(2100);
    const fresh = await state(server.url, "changing");
    assert.equal(fresh.json.state.lockState, "unlocked", fresh.text);
    assert.equal(fresh.json.state.doorState, "open");
  });

  it("a device Seam does not know → 503 unavailable saying so", async () => {
    const answer = await state(server.url, "gone");
    assertProblem(answer, 503, "unavailable");
    assert.match(answer.json.detail, /^Lock provider "kwikset" \(through Seam\) does not know device "unknown_gone"/);
    assert.match(answer.headers.get("retry-after") ?? "", /^[1-9][0-9]*$/);
  });

  it("a Seam workspace outage → 503 naming the provider and Seam's status; after recovery → 200", async () => {
    fake.simulateOutage();
    try {
      const down = await state(server.url, "outage");
      assertProblem(down, 503, "unavailable");
      assert.match(down.json.detail, /^Lock provider "igloohome" \(through Seam\) failed: Seam answered HTTP 503/);
      assert.doesNotMatch(down.json.detail, /store/);
    } finally {
      fake.recover();
    }
    const up = await state(server.url, "outage"); // failures are never reused
    assert.equal(up.status, 200, up.text);
    assert.equal(up.json.state.lockState, "locked");
  });

  it("wrong credentials → 503 saying Seam refused them; the key is in no response and no log line", async () => {
    const wrongKey = "seam_wrongkey_e2e_Q7z4xP";
    const wrong = await serve(fixturePath, { SEAM_API_KEY: wrongKey, SEAM_ENDPOINT: fake.endpoint });
    try {
      const answer = await state(wrong.url, "front");
      assertProblem(answer, 503, "unavailable");
      assert.match(answer.json.detail, /^Lock provider "august" \(through Seam\) refused the credentials/);
      assert.ok(!answer.text.includes(wrongKey) && ![...answer.headers.values()].some((value) => value.includes(wrongKey)));
      await wrong.waitFor("lock provider unavailable"); // the failure was logged…
      assert.ok(!wrong.output().includes(wrongKey), "SEAM_API_KEY reached the output"); // …without the key
    } finally {
      await wrong.stop();
    }
    assert.ok(!server.output().includes(fake.apiKey), "SEAM_API_KEY reached the output");
  });

  it("no SEAM_API_KEY: a vendor's lock is never simulated, 503 naming the provider and the setting", async () => {
    const unset = await serve(fixturePath, {});
    try {
      const answer = await state(unset.url, "front");
      assertProblem(answer, 503, "unavailable");
      assert.match(answer.json.detail, /^Lock provider "august" is read through Seam, and SEAM_API_KEY is not set\./);
      const simulated = await call(unset.url, `/v1/locks/${fixture.shared.lockId}/state`, { key: fixture.keys.admin });
      assert.equal(simulated.status, 200, simulated.text);
    } finally {
      await unset.stop();
    }
  });
});
