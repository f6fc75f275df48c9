#!/usr/bin/env node
// `node tools/run.mjs <script.js> [args]`: what every npm script of the workspace runs. Makes
// the workspace ready (bootstrap.mjs: a supported Node, install, build; each skipped when done),
// then runs the script on the supported Node as a child and stands in for it: signals sent to
// this process (by npm, a terminal, a supervisor) reach the child's whole process group once
// (the script and what it started: a test runner's workers, a server's children), and this
// process exits with the child's exit code, or dies of the child's signal.
import { spawn } from "node:child_process";
import { bootstrap } from "./bootstrap.mjs";
import { envWithNode } from "./node-runtime.mjs";

const [script, ...args] = process.argv.slice(2);
if (script === undefined) {
  console.error("usage: node tools/run.mjs <script.js> [args...]");
  process.exit(2);
}

// npm forwards the signals it gets to this process, and a terminal's Ctrl-C reaches npm and
// this process both: the same signal arriving again within a second is one signal.
const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT"];
const lastForwarded = new Map();
let child;
let stopBeforeStart;
for (const signal of FORWARDED) {
  process.on(signal, () => {
    if (child === undefined) {
      stopBeforeStart = signal; // during the bootstrap: the script is not started
      return;
    }
    const now = Date.now();
    if (now - (lastForwarded.get(signal) ?? -Infinity) < 1_000) return;
    lastForwarded.set(signal, now);
    try {
      process.kill(-child.pid, signal); // the child leads its own process group
    } catch {
      child.kill(signal);
    }
  });
}

const node = bootstrap();
if (stopBeforeStart !== undefined) {
  for (const name of FORWARDED) process.removeAllListeners(name);
  process.kill(process.pid, stopBeforeStart);
}
// Its own process group: a terminal's Ctrl-C reaches the script only through the forwarding
// above, so it sees one SIGINT (a second one means "stop now" to the server).
child = spawn(node, [script, ...args], { stdio: "inherit", env: envWithNode(node), detached: true });
child.on("exit", (code, signal) => {
  if (signal === null) process.exit(code ?? 1);
  for (const name of FORWARDED) process.removeAllListeners(name);
  process.kill(process.pid, signal);
});
