// `npm start` as an operator runs it: npm, then tools/run.mjs, then the server on a supported
// Node. A SIGTERM to npm (what a supervisor or `kill` sends) must reach the server, which
// drains and exits; npm then exits 0 and nothing is left answering on the port.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { it } from "node:test";
import { freePorts } from "@lintel/testkit/processes";

const root = fileURLToPath(new URL("../..", import.meta.url));

it("npm start: the server runs on a supported Node, and SIGTERM to npm reaches it (npm exits 0, the port closes)", async () => {
  const [port] = await freePorts(1);
  const npm = spawn("npm", ["start"], {
    cwd: root,
    // The memory store whatever the tier runs on: this is about signals, not stores.
    env: { ...process.env, STORE: "memory", PORT: String(port), LOG_LEVEL: "silent", npm_config_update_notifier: "false" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  npm.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const deadline = Date.now() + 60_000;
    while (!stderr.includes("Lintel is listening on")) {
      assert.equal(npm.exitCode, null, stderr);
      assert.ok(Date.now() < deadline, `no banner within 60 s:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(health.status, 200);
    const major = Number(/Node(?:\.js)? v(\d+)\./.exec(stderr)?.[1]);
    assert.ok(major >= 22, `the banner names a supported Node:\n${stderr}`);
  } finally {
    npm.kill("SIGTERM");
  }
  const [code] = (await once(npm, "exit")) as [number | null];
  assert.equal(code, 0, stderr);
  assert.match(stderr, /SIGTERM: finishing in-flight requests/);
  await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`), "nothing answers on the port after npm exited");
});
