// The production path without a container engine (none runs on the machines this is tested
// on): what the Dockerfile's build stage runs (`npm run deploy`) makes a folder that serves with
// `node dist/main.js` alone, installing and building nothing; and the systemd unit passes
// `systemd-analyze verify`.
// Store-independent: runs in the memory stages only.
// Long-running (a production install from the registry): run-tests.mjs starts this file first.
import assert from "node:assert/strict";
import { execFile, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { it } from "node:test";
import { freePorts } from "@lintel/testkit/processes";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

it("npm run deploy: a folder with production dependencies only that serves /readyz with `node dist/main.js`", async () => {
  const dir = join(await mkdtemp(join(tmpdir(), "lintel-deploy-")), "app");
  try {
    await run("npm", ["run", "-s", "deploy", "--", dir], { cwd: root, env: { ...process.env, npm_config_update_notifier: "false" } });
    const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as { name: string };
    assert.equal(manifest.name, "@lintel/server");
    // No dev tool came along: the server's test-only dependencies are absent.
    await assert.rejects(readFile(join(dir, "node_modules", "puppeteer-core", "package.json")));
    const [port] = await freePorts(1);
    // The folder alone: PATH has no pnpm or tsc in it, and the cwd is elsewhere.
    const server = spawn(process.execPath, [join(dir, "dist", "main.js")], {
      cwd: tmpdir(),
      env: { PATH: "/usr/bin:/bin", PORT: String(port), LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      while (!stderr.includes("Lintel is listening on")) {
        assert.equal(server.exitCode, null, stderr);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      assert.equal(ready.status, 200);
    } finally {
      server.kill("SIGTERM");
    }
    const [code] = (await once(server, "exit")) as [number | null];
    assert.equal(code, 0, stderr);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it("deploy/lintel.service passes systemd-analyze verify with nothing to report", () => {
  const verify = spawnSync("systemd-analyze", ["verify", join(root, "deploy", "lintel.service")], { encoding: "utf8" });
  assert.equal(verify.error, undefined, "systemd-analyze (Debian's systemd package) must be installed");
  assert.equal(verify.status, 0, verify.stderr);
  assert.equal(verify.stderr.trim(), "", verify.stderr);
});
