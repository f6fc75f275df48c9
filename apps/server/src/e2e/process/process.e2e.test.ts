// The real process: `node apps/server/dist/main.js` with FIXTURE and PORT, its banner, a /v1
// answer, graceful exit on SIGTERM, and refusals of bad configuration and bad fixtures.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_REDIS_URL, testFixture } from "../e2e.test-support.js";
import { freePorts } from "@lintel/testkit/processes";

const MAIN = fileURLToPath(new URL("../../main.js", import.meta.url));

async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

function run(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env["PATH"] ?? "", LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, "exit")) as [number | null];
  return code;
}

async function writeFixture(json: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "lintel-e2e-"));
  const path = join(dir, "fixture.json");
  await writeFile(path, JSON.stringify(json));
  return path;
}

describe("e2e: the server process", () => {
  it("serves FIXTURE on PORT, prints its URL, answers /healthz and /v1, and exits 0 on SIGTERM", async () => {
    const fixture = testFixture();
    const port = await freePort();
    const store =
      process.env["STORE"] === "redis"
        ? {
            STORE: "redis",
            REDIS_URL: TEST_REDIS_URL,
            CURSOR_SECRET: "process-e2e-secret-0123456789abcdefgh",
            DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
          }
        : {};
    const { child, output } = run({ ...store, FIXTURE: await writeFixture(fixture.json), PORT: String(port) });
    try {
      while (!output().includes("Lintel is listening on")) {
        assert.equal(child.exitCode, null, output());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const base = `http://127.0.0.1:${port}`;
      assert.ok(output().includes(base), output());
      const served = process.env["STORE"] === "redis" ? `redis ${TEST_REDIS_URL.replace(/\/$/, "")}` : "memory";
      assert.ok(output().includes(`store: ${served}`) && output().includes(`Node.js ${process.version}`), output());
      const health = await fetch(`${base}/healthz`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: "ok" });
      const locks = await fetch(`${base}/v1/locks?limit=2`, { headers: { "x-api-key": fixture.keys.admin } });
      assert.equal(locks.status, 200);
      const body = (await locks.json()) as { locks: { lockId: string }[] };
      assert.equal(body.locks[0]?.lockId, fixture.shared.lockId);
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal(await exitCode(child), 0, output());
  });

  it("SIGTERM lets an in-flight request finish, then exits 0", async () => {
    const fixture = testFixture();
    // A lock whose provider never answers: its state request stays in flight until the timeout.
    const slow = { ...fixture.shared, lockId: `${fixture.p}_lk_slow`, providerDeviceId: "simulate-timeout", unitIds: [] };
    const json = { ...fixture.json, locks: [...fixture.json.locks, slow] };
    const port = await freePort();
    const { child, output } = run({ FIXTURE: await writeFixture(json), PORT: String(port), LOCK_PROVIDER_TIMEOUT_MS: "3000" });
    while (!output().includes("Lintel is listening on")) {
      assert.equal(child.exitCode, null, output());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const inFlight = fetch(`http://127.0.0.1:${port}/v1/locks/${slow.lockId}/state`, { headers: { "x-api-key": fixture.keys.admin } });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the request is with the server by now
    child.kill("SIGTERM");
    const answer = await inFlight; // answered, not cut off: the provider timeout's 503
    assert.equal(answer.status, 503);
    assert.equal(((await answer.json()) as { code: string }).code, "unavailable");
    assert.equal(await exitCode(child), 0, output());
    assert.match(output(), /SIGTERM: finishing in-flight requests/);
  });

  it("a bad variable stops the process with a message naming it (exit 1)", async () => {
    const { child, output } = run({ PORT: "abc" });
    assert.equal(await exitCode(child), 1);
    assert.match(output(), /Invalid configuration: PORT must be an integer 1\.\.65535 \(got "abc"\)/);
  });

  it("a fixture that breaks a rule is refused whole, naming the record (exit 1)", async () => {
    const fixture = testFixture();
    const json = {
      ...fixture.json,
      units: [...fixture.json.units, { ...fixture.units.york, id: `${fixture.p}_bad`, urlKey: `${fixture.p}-bad`, timeZone: "Mars/Base" }],
    };
    const { child, output } = run({ FIXTURE: await writeFixture(json), PORT: String(await freePort()) });
    assert.equal(await exitCode(child), 1);
    assert.match(output(), /refused/);
    assert.match(output(), /Mars\/Base/);
    assert.ok(output().includes(`${fixture.p}_bad`), output());
  });
});
