// Codes on locks through crashes (the lock-code work): real server processes, Seam's own
// fake behind a proxy that can fail or stall, and a private redis-server with its append-only
// file (fsync on every write). Two promises:
//   - an instance killed with SIGKILL in the middle of a code's attempt: another instance takes
//     the work over when its lease (CODE_WORK_LEASE_MS, 20 s) runs out, within 30 s of the kill,
//     and the lock ends up with the code once;
//   - Redis killed (SIGKILL) and restarted on its data while code work is pending: every code
//     is still there and is programmed once the provider answers again.
// Always on Redis, whatever STORE is (as restart, two-instances and webhooks-instances): only a
// store that outlives a process can tell. The Redis is a private redis-server of this file,
// because the code worker of every server process leases the due code work of every org of its
// group (`default`, which a server process cannot change): on the shared Redis the servers of
// other test files would lease these codes too (and program them through another Seam).
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { startFakeSeam, startSeamProxy, type FakeSeam, type SeamProxy } from "@lintel/testkit/seam";
import { freePorts, spawnRedis, tempDir, writeFixture, type Child } from "@lintel/testkit/processes";
import { spawnServer } from "../e2e.test-support.js";
import { call, testFixture, type TestFixture } from "../e2e.test-support.js";
import { until } from "../webhooks/webhook-receiver.test-support.js";

/** A dead instance's code work is taken over within this of its death (lease 20 s + a poll, with room). */
const TAKEOVER_BOUND_MS = 30_000;
/** After the provider recovers, every pending code is set within this (retry delays of 1 s). */
const RECOVERY_BOUND_MS = 60_000;
const CODES_PENDING = 20;
const LOCKS = 4;
/** Twenty retries one second apart: no code runs out of attempts while the test holds the provider down. */
const RETRY_SCHEDULE = Array.from({ length: 20 }, () => "1").join(",");
const FROM = "2027-01-01T00:00:00Z";

interface LockSync {
  readonly status: "pending" | "set" | "failed";
  readonly error: string | null;
  readonly updatedAt: string;
}
interface CodeEntry {
  readonly id: string;
  readonly kind: string;
  readonly title: string;
  readonly startAt: string;
  readonly endAt: string;
  readonly lockId: string | null;
  readonly code: string | null;
  readonly lockSync: LockSync | null;
}
interface Created {
  readonly id: string;
  readonly title: string;
  readonly pin: string;
  readonly startAt: string;
  readonly endAt: string;
  readonly deviceId: string;
}

/** The "access code attempt" log lines of a server's output (pino JSON on stdout). */
function attemptLines(server: Child): { codeId: string; outcome: string; provider: string }[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"access code attempt"'))
    .map((line) => JSON.parse(line) as { codeId: string; outcome: string; provider: string });
}

const creates = (proxy: SeamProxy) => proxy.requests.filter((request) => request === "POST /access_codes/create").length;

describe("e2e: codes on locks through an instance's and Redis's crash", () => {
  let fake: FakeSeam;
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    fake = await startFakeSeam();
  });
  after(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    await fake?.close();
  });

  /** A private redis-server (append-only, fsync always) on a free port; stopped and removed after the test. */
  async function privateRedis(): Promise<{ port: number; dir: string; url: string; handle: { redis: Child } }> {
    const [port = 0] = await freePorts(1);
    const dir = await tempDir();
    const handle = { redis: await spawnRedis(port, dir) };
    cleanups.push(async () => {
      await handle.redis.stop("SIGKILL");
      await rm(dir, { recursive: true, force: true });
    });
    return { port, dir, url: `redis://127.0.0.1:${port}`, handle };
  }

  /** The test fixture plus `count` active August locks on Chicago, each a device of Seam's fake. */
  function withSeamLocks(count: number) {
    const fixture = testFixture();
    const locks = Array.from({ length: count }, (_, i) => ({
      lockId: `${fixture.p}_seam_${i}`,
      orgId: fixture.orgA,
      name: `Seam door ${i}`,
      provider: "august",
      providerDeviceId: fake.addLock(`${fixture.p} door ${i}`, { locked: true, online: true }),
      model: null,
      timeZone: null,
      unitIds: [fixture.units.chicago.id],
      status: "active",
      createdAt: "2026-05-01T00:00:00.000Z",
      updatedAt: "2026-05-01T00:00:00.000Z",
    }));
    return { fixture, locks, json: { ...fixture.json, locks: [...fixture.json.locks, ...locks] } };
  }

  /** A server process on `redisUrl` with Seam at `seamEndpoint`; SIGKILLed after the test unless stopped before. */
  async function serve(port: number, redisUrl: string, fixturePath: string, seamEndpoint: string, env: Record<string, string> = {}) {
    const server = await spawnServer(port, {
      STORE: "redis",
      REDIS_URL: redisUrl,
      CURSOR_SECRET: "lock-codes-crash-secret-0123456789abcdef",
      DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      FIXTURE: fixturePath,
      SEAM_API_KEY: fake.apiKey,
      SEAM_ENDPOINT: seamEndpoint,
      LOG_LEVEL: "info",
      ...env,
    });
    cleanups.push(() => server.stop("SIGKILL"));
    return server;
  }

  /** Creates code `i` on `lock` through `base`, with a PIN of its own. */
  async function createCode(base: string, fixture: TestFixture, lock: { lockId: string; providerDeviceId: string }, i: number) {
    const startAt = new Date(Date.UTC(2027, 5, 1 + i, 15)).toISOString();
    const endAt = new Date(Date.UTC(2027, 5, 1 + i, 17)).toISOString();
    const pin = String(4100 + i * 37).padStart(6, "0");
    const title = `Guest ${i}`;
    const answer = await call(base, "/v1/units/create_schedule_item", {
      method: "POST",
      key: fixture.keys.admin,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ unitIdOrKey: fixture.units.chicago.id, kind: "code", title, startAt, endAt, lockId: lock.lockId, code: pin }),
    });
    assert.equal(answer.status, 201, answer.text);
    const item = answer.json.item as CodeEntry;
    assert.deepEqual([item.kind, item.code, item.lockSync?.status], ["code", pin, "pending"]);
    return { id: item.id, title, pin, startAt, endAt, deviceId: lock.providerDeviceId } satisfies Created;
  }

  /** Every code of Chicago from {@link FROM}, by id, read through `base` (every page). */
  async function codesOf(base: string, fixture: TestFixture): Promise<Map<string, CodeEntry>> {
    const codes = new Map<string, CodeEntry>();
    let cursor: string | null = null;
    do {
      const query: string =
        cursor === null
          ? `unitIdOrKey=${fixture.units.chicago.id}&from=${FROM}&limit=100`
          : `unitIdOrKey=${fixture.units.chicago.id}&limit=100&cursor=${encodeURIComponent(cursor)}`;
      const answer = await call(base, `/v1/units/list_schedule?${query}`, { key: fixture.keys.admin });
      assert.equal(answer.status, 200, answer.text);
      for (const item of answer.json.items as CodeEntry[]) if (item.kind === "code") codes.set(item.id, item);
      cursor = answer.json.nextCursor as string | null;
    } while (cursor !== null);
    return codes;
  }

  /** The code as Seam's fake holds it: exactly once on its device, with its name, PIN and times. */
  function assertAtTheFake(code: Created): void {
    const held = fake.accessCodesOn(code.deviceId).filter((accessCode) => accessCode.name === code.title);
    assert.equal(held.length, 1, `${code.title} is on its lock exactly once: ${JSON.stringify(held)}`);
    const [accessCode] = held;
    assert.deepEqual(
      [accessCode?.code, accessCode?.type, accessCode?.starts_at, accessCode?.ends_at],
      [code.pin, "time_bound", code.startAt, code.endAt],
      code.title,
    );
  }

  it("an instance killed with SIGKILL while a code's work is leased: the other instance finishes it within 30 s", async (t) => {
    const redis = await privateRedis();
    const proxy = await startSeamProxy(fake.endpoint);
    cleanups.push(() => proxy.close());
    const { fixture, locks, json } = withSeamLocks(1);
    const lock = locks[0]!;
    const fixturePath = await writeFixture(json);
    const [portA = 0, portB = 0] = await freePorts(2);
    // A alone, with a provider timeout longer than the test: its attempt hangs at the proxy
    // (held 15 s, then dropped unforwarded once A is gone) until A dies.
    const a = await serve(portA, redis.url, fixturePath, proxy.endpoint, { LOCK_PROVIDER_TIMEOUT_MS: "120000" });
    proxy.stall(15_000);
    const code = await createCode(a.url, fixture, lock, 0);
    await until("A's attempt at the proxy", () => (creates(proxy) === 1 ? true : undefined), 10_000);
    const reachedAt = performance.now();
    // B is up and polling while A holds the lease; then A dies in the middle of its attempt.
    const b = await serve(portB, redis.url, fixturePath, proxy.endpoint);
    const held = (await codesOf(b.url, fixture)).get(code.id);
    assert.equal(held?.lockSync?.status, "pending", "A's attempt is still in flight");
    assert.equal(fake.accessCodesOn(lock.providerDeviceId).length, 0, "nothing reached the fake yet");
    proxy.stall(null);
    await a.stop("SIGKILL");
    const killedAt = performance.now();

    const set = await until(
      "the code set, read through B",
      async () => {
        const entry = (await codesOf(b.url, fixture)).get(code.id);
        return entry?.lockSync?.status === "set" ? entry : undefined;
      },
      TAKEOVER_BOUND_MS + 5_000,
    );
    const takeoverMs = performance.now() - killedAt;
    t.diagnostic(
      `takeover: set ${Math.round(takeoverMs)} ms after A was killed (${Math.round(killedAt - reachedAt)} ms after A's attempt reached the proxy); ` +
        `creates seen by the proxy: ${creates(proxy)}`,
    );
    assert.ok(takeoverMs <= TAKEOVER_BOUND_MS, `set ${Math.round(takeoverMs)} ms after the kill`);
    assert.deepEqual([set.code, set.lockSync?.error], [code.pin, null]);
    assertAtTheFake(code);
    assert.equal(fake.accessCodesOn(lock.providerDeviceId).length, 1, "one code on the lock, nothing more");
    assert.equal(creates(proxy), 2, "A's attempt (never forwarded) and B's, nothing more");
    const bLines = attemptLines(b).filter((line) => line.codeId === code.id);
    assert.deepEqual(
      bLines.map((line) => [line.outcome, line.provider]),
      [["set", "august"]],
      "B made the one attempt that finished",
    );
    assert.deepEqual(
      attemptLines(a).filter((line) => line.codeId === code.id),
      [],
      "A never finished its attempt",
    );
  });

  it("Redis restarted (AOF) with code work pending: nothing is lost", async (t) => {
    const redis = await privateRedis();
    const proxy = await startSeamProxy(fake.endpoint);
    cleanups.push(() => proxy.close());
    proxy.failWith(503);
    const { fixture, locks, json } = withSeamLocks(LOCKS);
    const [port = 0] = await freePorts(1);
    const server = await serve(port, redis.url, await writeFixture(json), proxy.endpoint, {
      ACCESS_CODE_SYNC_RETRY_SCHEDULE: RETRY_SCHEDULE,
    });

    const created: Created[] = [];
    for (let i = 0; i < CODES_PENDING; i++) created.push(await createCode(server.url, fixture, locks[i % LOCKS]!, i));
    // The provider was tried and refused: the work is pending and has been leased and put back.
    await until("a refused attempt per lock", () => (creates(proxy) >= LOCKS ? true : undefined), 15_000);
    const pending = await codesOf(server.url, fixture);
    assert.deepEqual(
      created.map((code) => pending.get(code.id)?.lockSync?.status),
      created.map(() => "pending"),
    );
    const refusedBeforeKill = creates(proxy);

    await redis.handle.redis.stop("SIGKILL");
    const killedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    redis.handle.redis = await spawnRedis(redis.port, redis.dir);
    const restartedAt = performance.now();
    const afterRestart = await until(
      "the codes read back after the restart",
      async () => {
        const answer = await call(server.url, `/v1/units/list_schedule?unitIdOrKey=${fixture.units.chicago.id}&from=${FROM}&limit=1`, {
          key: fixture.keys.admin,
        });
        return answer.status === 200 ? codesOf(server.url, fixture) : undefined;
      },
      15_000,
    );
    assert.deepEqual(
      created.map((code) => [afterRestart.get(code.id)?.code, afterRestart.get(code.id)?.lockSync?.status]),
      created.map((code) => [code.pin, "pending"]),
      "every code is back after the restart, still pending",
    );
    assert.equal(
      locks.reduce((sum, lock) => sum + fake.accessCodesOn(lock.providerDeviceId).length, 0),
      0,
      "nothing reached the fake while the proxy answered 503",
    );

    proxy.failWith(null);
    const recoveredAt = performance.now();
    await until(
      "every code set",
      async () => {
        const codes = await codesOf(server.url, fixture);
        return created.every((code) => codes.get(code.id)?.lockSync?.status === "set") ? true : undefined;
      },
      RECOVERY_BOUND_MS,
    );
    const allSetMs = performance.now() - recoveredAt;
    for (const code of created) assertAtTheFake(code);
    assert.equal(
      locks.reduce((sum, lock) => sum + fake.accessCodesOn(lock.providerDeviceId).length, 0),
      CODES_PENDING,
      "exactly the codes written, each once",
    );
    t.diagnostic(
      `${CODES_PENDING} codes on ${LOCKS} locks; ${refusedBeforeKill} refused creates before the SIGKILL; redis down ` +
        `${Math.round(restartedAt - killedAt)} ms; all set ${Math.round(allSetMs)} ms after the provider recovered`,
    );
  });
});
