// The real server on a private redis-server that is killed (SIGKILL) under traffic and then
// restarted on the same port with its data (append-only file): during the outage every /v1
// answer is a prompt 503 `unavailable` with Retry-After (never a 429, never a hang), the
// process stays alive, /readyz says 503; afterwards service resumes by itself. Then the same
// with Redis frozen (SIGSTOP: the connection stays open, nothing answers). The measured times
// are reported as diagnostics, never asserted beyond the bounds that define "hang".
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { testFixture } from "../e2e.test-support.js";
import { freePorts, spawnRedis, tempDir, writeFixture, type Child, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../e2e.test-support.js";

/** A request that takes longer than this counts as a hang. */
const HANG_MS = 3000;
const OUTAGE_MS = 2000;
const RECOVERY_BOUND_MS = 15_000;
const PAUSE_MS = 20;
const MAX_REQUESTS = 2000;

interface Sample {
  readonly path: string;
  readonly sentAt: number;
  readonly doneAt: number;
  /** The HTTP status, or the error that stood for one (a timeout, a refused connection). */
  readonly status: number | string;
  readonly code: unknown;
  readonly contentType: string;
  readonly retryAfter: string | null;
}

async function sample(base: string, path: string, key?: string): Promise<Sample> {
  const sentAt = performance.now();
  try {
    const response = await fetch(base + path, {
      headers: key === undefined ? {} : { "x-api-key": key },
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await response.text();
    let code: unknown;
    try {
      code = (JSON.parse(text) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    return {
      path,
      sentAt,
      doneAt: performance.now(),
      status: response.status,
      code,
      contentType: response.headers.get("content-type") ?? "",
      retryAfter: response.headers.get("retry-after"),
    };
  } catch (error) {
    return {
      path,
      sentAt,
      doneAt: performance.now(),
      status: `${(error as Error).name}: ${(error as Error).message}`,
      code: undefined,
      contentType: "",
      retryAfter: null,
    };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests one after the other (a short pause between) until stopped; bounded in count. */
function startTraffic(base: string, paths: readonly string[], key: string) {
  const samples: Sample[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running && i < MAX_REQUESTS; i++) {
      samples.push(await sample(base, paths[i % paths.length]!, key));
      await pause(PAUSE_MS);
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Every request sent after `from` and answered before `to` is a 503 `unavailable` problem with Retry-After. */
function assertAllUnavailable(samples: readonly Sample[], from: number, to: number): Sample[] {
  const window = samples.filter((s) => s.sentAt > from && s.doneAt < to);
  for (const s of window) {
    assert.equal(s.status, 503, `${s.path} during the outage`);
    assert.equal(s.code, "unavailable");
    assert.match(s.contentType, /^application\/problem\+json/);
    assert.match(s.retryAfter ?? "", /^[1-9][0-9]*$/);
  }
  return window;
}

describe("e2e: Redis killed or frozen under traffic", () => {
  const fixture = testFixture();
  const paths = [
    "/v1/locks?limit=5",
    "/v1/templates/list_message_templates?limit=3",
    `/v1/units/preview_timezone_change?unitIdOrKey=${fixture.units.chicago.id}&proposedTimeZone=Europe%2FKyiv`,
  ];
  let dir: string;
  let redisPort: number;
  let redis: Child;
  let server: ServerChild;

  before(async () => {
    dir = await tempDir();
    const [rp, sp] = await freePorts(2);
    redisPort = rp!;
    redis = await spawnRedis(redisPort, dir);
    server = await spawnServer(sp!, {
      STORE: "redis",
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      CURSOR_SECRET: "redis-outage-secret-0123456789abcdefghi",
      DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
      FIXTURE: await writeFixture(fixture.json),
    });
  });

  after(async () => {
    await server?.stop();
    await redis?.stop("SIGKILL");
  });

  it("answers 503 unavailable with Retry-After while Redis is down, stays alive, and recovers on its own", async (t) => {
    const traffic = startTraffic(server.url, paths, fixture.keys.admin);
    const samples = traffic.samples;

    try {
      await pause(300);
      assert.ok(
        samples.some((s) => s.status === 200),
        "traffic is served before the outage",
      );

      const killedAt = performance.now();
      await redis.stop("SIGKILL");
      const deadAt = performance.now();
      await pause(OUTAGE_MS / 2);
      const health = await sample(server.url, "/healthz");
      const readiness = await sample(server.url, "/readyz");
      await pause(OUTAGE_MS / 2);

      const restartedAt = performance.now();
      redis = await spawnRedis(redisPort, dir);
      const redisReadyAt = performance.now();
      while (!samples.some((s) => s.sentAt > redisReadyAt && s.status === 200) && performance.now() - restartedAt < RECOVERY_BOUND_MS) {
        await pause(50);
      }
      await traffic.stop();

      assert.equal(health.status, 200, "the process stays alive during the outage");
      assert.equal(readiness.status, 503, "/readyz reports the store down");
      assert.equal(readiness.code, "unavailable");

      const hangsOrErrors = samples.filter((s) => typeof s.status === "string");
      assert.deepEqual(hangsOrErrors, [], "every request completes within the hang bound");
      assert.deepEqual([...new Set(samples.map((s) => s.status))].sort(), [200, 503], "only 200s and 503s, never a 429 or 500");

      const duringOutage = assertAllUnavailable(samples, deadAt, restartedAt);
      assert.ok(duringOutage.length >= 10, `enough requests during the outage (${duringOutage.length})`);

      const firstDown = samples.find((s) => s.status === 503);
      const firstUp = samples.find((s) => s.sentAt > redisReadyAt && s.status === 200);
      assert.ok(firstUp, `a 200 within ${RECOVERY_BOUND_MS} ms of the restart`);
      const slowest = Math.max(...duringOutage.map((s) => s.doneAt - s.sentAt));
      t.diagnostic(
        `first 503 ${Math.round(firstDown!.doneAt - killedAt)} ms after the SIGKILL; ${duringOutage.length} requests during the outage, slowest ${Math.round(slowest)} ms`,
      );
      t.diagnostic(
        `redis restarted in ${Math.round(redisReadyAt - restartedAt)} ms; first 200 ${Math.round(firstUp.doneAt - redisReadyAt)} ms after it was ready`,
      );

      const ready = await sample(server.url, "/readyz");
      assert.equal(ready.status, 200, "/readyz recovers");
      assert.equal((await sample(server.url, "/healthz")).status, 200);
    } finally {
      await traffic.stop();
    }
  });

  it("with Redis frozen (SIGSTOP), requests end in 503 after the command deadline instead of hanging, and resume on SIGCONT", async (t) => {
    const traffic = startTraffic(server.url, paths, fixture.keys.admin);
    const samples = traffic.samples;
    try {
      await pause(300);
      assert.ok(
        samples.some((s) => s.status === 200),
        "traffic is served before the freeze",
      );
      const frozenAt = performance.now();
      redis.child.kill("SIGSTOP");
      await pause(OUTAGE_MS / 2);
      const health = await sample(server.url, "/healthz");
      await pause(OUTAGE_MS);
      const thawedAt = performance.now();
      redis.child.kill("SIGCONT");
      while (!samples.some((s) => s.sentAt > thawedAt && s.status === 200) && performance.now() - thawedAt < RECOVERY_BOUND_MS) {
        await pause(50);
      }
      await traffic.stop();

      assert.equal(health.status, 200, "the process stays responsive while Redis is frozen");
      assert.deepEqual(
        samples.filter((s) => typeof s.status === "string"),
        [],
        "every request completes within the hang bound",
      );
      assert.deepEqual([...new Set(samples.map((s) => s.status))].sort(), [200, 503], "only 200s and 503s");
      const duringFreeze = assertAllUnavailable(samples, frozenAt, thawedAt);
      assert.ok(duringFreeze.length >= 1, "a request was answered during the freeze");
      const firstUp = samples.find((s) => s.sentAt > thawedAt && s.status === 200);
      assert.ok(firstUp, `a 200 within ${RECOVERY_BOUND_MS} ms of SIGCONT`);
      const slowest = Math.max(...duringFreeze.map((s) => s.doneAt - s.sentAt));
      t.diagnostic(
        `frozen: ${duringFreeze.length} requests answered 503, slowest ${Math.round(slowest)} ms; first 200 ${Math.round(firstUp.doneAt - thawedAt)} ms after SIGCONT`,
      );
    } finally {
      redis.child.kill("SIGCONT");
      await traffic.stop();
    }
  });
});
