// The `lintel` command as an operator runs it: `lintel serve --help` lists every environment
// variable, and `npx lintel serve` (npm links the bin as a symlink and runs it through `sh -c`)
// stops with npm: a SIGTERM to npx alone closes the port and leaves no process behind.
// Store-independent: runs in the memory stages only.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePorts, tempDir } from "@lintel/testkit/processes";
import { ENVIRONMENT_VARIABLES } from "../config-docs.js";

const bin = fileURLToPath(new URL("../../bin/lintel.js", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True while any process of the group `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

it("lintel serve --help lists every environment variable with its default", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [bin, "serve", "--help"]);
  for (const [name, doc] of Object.entries(ENVIRONMENT_VARIABLES)) {
    assert.ok(stdout.includes(`  ${name} (default: ${doc.default.replace(/`/g, "")})`), `${name} in:\n${stdout}`);
  }
});

it("npx lintel serve: a SIGTERM to npx alone stops the server too (the port closes, no process of its group is left)", async () => {
  // A project with the bin linked as npm links it: node_modules/.bin/lintel → the package's bin.
  const project = await tempDir();
  await mkdir(join(project, "node_modules", ".bin"), { recursive: true });
  await writeFile(join(project, "package.json"), JSON.stringify({ name: "an-operator", private: true }));
  await symlink(bin, join(project, "node_modules", ".bin", "lintel"));
  const [port] = await freePorts(1);
  const npx = spawn("npx", ["--no", "lintel", "serve"], {
    cwd: project,
    env: { PATH: process.env["PATH"], HOME: process.env["HOME"], PORT: String(port), npm_config_update_notifier: "false" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true, // a group of its own: npx, npm's shell and the server, and nothing else
  });
  let stderr = "";
  npx.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(npx, "exit");
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let waited = 0; !stderr.includes("Lintel is listening on"); waited += 50) {
      assert.ok(waited < 30_000 && npx.exitCode === null, `the server started: ${stderr}`);
      await sleep(50);
    }
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    process.kill(npx.pid!, "SIGTERM"); // npx only, as a process manager or a shell's kill would
    await exited;
    for (let waited = 0; groupAlive(npx.pid!); waited += 50) {
      assert.ok(waited < 10_000, `a process of npx's group is still running: ${stderr}`);
      await sleep(50);
    }
    await assert.rejects(fetch(`${base}/healthz`), "nothing listens any more");
    assert.match(stderr, /The process that started this server exited: finishing in-flight requests, then exiting\./);
  } finally {
    if (groupAlive(npx.pid!)) process.kill(-npx.pid!, "SIGKILL");
    await rm(project, { recursive: true, force: true });
  }
});
