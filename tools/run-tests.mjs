#!/usr/bin/env node
// Runs every test of the workspace with node's built-in runner, on the compiled output.
// Tiers by file name: *.test.js (unit), *.int.test.js (needs Redis), *.e2e.test.js (starts
// the server). Redis is made reachable first (see ensure-redis.mjs); under CI=true a Redis
// that cannot be brought up fails the run instead of skipping the tests that need it.
// Usage: node tools/run-tests.mjs [unit|int|e2e ...] [--grep text]
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureRedis } from "./ensure-redis.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const grepAt = args.indexOf("--grep");
const grep = grepAt >= 0 ? args[grepAt + 1] : undefined;
const tiers = args.filter((a, i) => !a.startsWith("--") && (grepAt < 0 || i !== grepAt + 1));

function tierOf(file) {
  if (file.endsWith(".int.test.js")) return "int";
  if (file.endsWith(".e2e.test.js")) return "e2e";
  return "unit";
}

function* testFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* testFiles(path);
    else if (name.endsWith(".test.js")) yield path;
  }
}

const files = [];
for (const top of ["packages", "apps", "tools"]) {
  for (const project of readdirSync(join(root, top))) {
    const dist = top === "tools" ? join(root, "tools", "dist") : join(root, top, project, "dist");
    if (top === "tools" && project !== "dist") continue;
    try {
      statSync(dist);
    } catch {
      continue;
    }
    for (const file of testFiles(dist)) {
      if (tiers.length > 0 && !tiers.includes(tierOf(file))) continue;
      if (grep && !relative(root, file).includes(grep)) continue;
      files.push(file);
    }
  }
}
files.sort();

if (files.some((f) => tierOf(f) !== "unit")) {
  const redis = await ensureRedis();
  if (!redis.ok) {
    console.error(`Redis is not reachable at ${redis.url}: ${redis.reason}`);
    if (process.env.CI === "true" || process.env.CI === "1") {
      console.error("Under CI a missing Redis fails the run.");
      process.exit(1);
    }
    console.error("Not under CI: continuing; tests that need Redis will fail loudly.");
  } else {
    console.log(`Redis reachable at ${redis.url}${redis.started ? " (started by the test runner)" : ""}.`);
  }
  process.env.REDIS_URL ??= redis.url;
}

console.log(`Running ${files.length} test files.`);
const result = spawnSync(
  process.execPath,
  ["--test", "--test-concurrency=2", "--test-timeout=120000", ...files.map((f) => relative(root, f))],
  { cwd: root, stdio: "inherit", env: process.env },
);
process.exit(result.status ?? 1);
