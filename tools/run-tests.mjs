#!/usr/bin/env node
// Runs every test of the workspace with node's built-in runner, on the compiled output.
// Tiers by file name: *.test.js (unit), *.int.test.js (needs Redis), *.e2e.test.js (starts
// the server; *.browser.e2e.test.js also drives chromium, and the benchmark's smoke test,
// bench/ratio.e2e.test.js, wrk and taskset: each installed like Redis when missing).
// Redis is made reachable first (see ensure-redis.mjs); under CI=true a Redis (or a browser,
// wrk, taskset) that cannot be brought up fails the run instead of skipping the tests that need it.
// Runs on the Node it is started with (npm test starts it on the primary supported runtime,
// node-runtime.mjs); the whole suite also runs the unit and memory e2e tiers on the second one.
// The published packages' tarballs are packed once per run, for every file that says USES_TARBALLS.
// Usage: node tools/run-tests.mjs                 (everything: lint, all tiers on memory, e2e on Redis,
//                                                  cluster, unit + e2e on memory on the second Node line)
//        node tools/run-tests.mjs [unit|int|e2e ...] [--grep path-part]   (one stage)
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium, ensureSystemdAnalyze, ensureTaskset, ensureWrk } from "./ensure-debian.mjs";
import { ensureRedis } from "./ensure-redis.mjs";
import { envWithNode, installedNode, RUNTIMES } from "./node-runtime.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const grepAt = args.indexOf("--grep");
const grep = grepAt >= 0 ? args[grepAt + 1] : undefined;
const tiers = args.filter((a, i) => !a.startsWith("--") && (grepAt < 0 || i !== grepAt + 1));

/** The marker of a test file that reads no STORE: the e2e stage on Redis leaves it out. */
const STORE_INDEPENDENT = "Store-independent: runs in the memory stages only.";

/**
 * The marker of a test file that installs the published tarballs (tools/src/pack.ts): the run
 * packs them once, before its stages, into a folder it names in LINTEL_PACKS, and every stage and
 * Node line reads those same bytes instead of each file packing them again (about a minute each).
 */
const USES_TARBALLS = "Uses the published tarballs: run-tests.mjs packs them once per run";

/**
 * The marker of a test file that runs for a minute or more (npm installs, a deploy, a TypeScript
 * build): a stage starts it first, so that it runs beside the short files rather than alone at
 * the stage's end (test-files.mjs starts files in the order given, two at a time; `node --test`
 * would sort them by path, and tools/ comes last).
 */
const LONG_RUNNING = "starts this file first";

/** The TypeScript source of a compiled test file. */
const sourceOf = (file) => readFileSync(file.replace(/([/\\])dist([/\\])/, "$1src$2").replace(/\.js$/, ".ts"), "utf8");

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
    // A compiled test whose source is gone (renamed or deleted) is stale output, not a test.
    else if (name.endsWith(".test.js") && existsSync(path.replace(/([/\\])dist([/\\])/, "$1src$2").replace(/\.js$/, ".ts"))) yield path;
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
// Long-running files first (in their sorted order), then the rest.
const longRunning = (f) => sourceOf(f).includes(LONG_RUNNING);
files.sort((a, b) => Number(longRunning(b)) - Number(longRunning(a)));

/**
 * Packs the published packages into a new folder and names it in LINTEL_PACKS for every stage
 * (tools/dist/cli/tarballs.js, which packs as pack.ts does). Answers the child that packs: the
 * whole suite lets it pack while the lint stage runs. The folder is removed when the run ends.
 */
function startPacking() {
  const dir = mkdtempSync(join(tmpdir(), "lintel-packs-"));
  process.env.LINTEL_PACKS = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, "tools", "dist", "cli", "tarballs.js"), dir], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, INIT_CWD: root },
  });
  const done = once(child, "exit").then(([code]) => {
    if (code !== 0) {
      console.error(`Packing the published packages failed (exit ${code}).`);
      process.exit(1);
    }
    console.log(`Packed the published packages once for this run in ${seconds(Date.now() - started)} (LINTEL_PACKS=${dir}).`);
  });
  return done;
}

/** A duration as whole seconds. */
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

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

// Browser tests (*.browser.e2e.test.js) drive Debian's chromium: installed here when missing.
if (files.some((f) => f.endsWith(".browser.e2e.test.js"))) {
  const chromium = ensureChromium();
  if (chromium.ok) {
    console.log(`Chromium at ${chromium.path}${chromium.installed ? " (installed by the test runner)" : ""}.`);
    process.env.CHROMIUM_PATH ??= chromium.path;
  } else {
    console.error(`Chromium is not available: ${chromium.reason}`);
    if (process.env.CI === "true" || process.env.CI === "1") {
      console.error("Under CI a missing browser fails the run.");
      process.exit(1);
    }
    console.error("Not under CI: continuing; the browser tests will fail loudly.");
  }
}

// The systemd unit's check (tools/src/deploy.e2e.test.js) runs systemd-analyze: installed here when missing.
if (files.some((f) => f.endsWith("deploy.e2e.test.js"))) {
  const analyze = ensureSystemdAnalyze();
  if (!analyze.ok) {
    console.error(`systemd-analyze is not available: ${analyze.reason}`);
    if (process.env.CI === "true" || process.env.CI === "1") {
      console.error("Under CI a missing systemd-analyze fails the run.");
      process.exit(1);
    }
    console.error("Not under CI: continuing; the systemd unit's test will fail loudly.");
  }
}

// The HTTP benchmark's smoke test (tools/src/bench/ratio.e2e.test.js) runs it under Debian's wrk,
// pinned with taskset: installed here when missing.
if (files.some((f) => f.endsWith(join("bench", "ratio.e2e.test.js")))) {
  for (const [name, ensure] of [
    ["wrk", ensureWrk],
    ["taskset", ensureTaskset],
  ]) {
    const tool = ensure();
    if (tool.ok) {
      console.log(`${name} at ${tool.path}${tool.installed ? " (installed by the test runner)" : ""}.`);
    } else {
      console.error(`${name} is not available: ${tool.reason}`);
      if (process.env.CI === "true" || process.env.CI === "1") {
        console.error(`Under CI a missing ${name} fails the run.`);
        process.exit(1);
      }
      console.error(`Not under CI: continuing; the benchmark's smoke test will fail loudly.`);
    }
  }
}

const packing = files.some((f) => sourceOf(f).includes(USES_TARBALLS)) ? startPacking() : undefined;

/**
 * Runs node's test runner (of the Node at `node`) on `list` with extra env, in the order of the
 * list (test-files.mjs); echoes its TAP and counts its results. While it runs,
 * test-progress.mjs writes a line to stderr per finished file.
 */
function runStage(name, list, env = {}, node = process.execPath) {
  console.log(`\n=== ${name}: ${list.length} test files (Node ${nodeVersion(node)}) ===`);
  if (list.length === 0) return { name, pass: 0, fail: 0, status: 0, ms: 0 };
  const started = Date.now();
  const run = spawnSync(
    node,
    // test-files.mjs: node's runner on `list` in its order (long-running files first), two
    // files at a time, TAP to stdout and a line per finished file to stderr.
    [join(root, "tools", "test-files.mjs"), ...list.map((f) => relative(root, f))],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: envWithNode(node, { ...process.env, ...env, LINTEL_TEST_FILES: String(list.length) }),
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const out = run.stdout.toString();
  process.stdout.write(out);
  const count = (label) => Number(out.match(new RegExp(`^# ${label} (\\d+)$`, "m"))?.[1] ?? 0);
  return { name, pass: count("pass"), fail: count("fail"), status: run.status ?? 1, failures: failuresOf(out), ms: Date.now() - started };
}

/**
 * The failed tests of a TAP stream, each as its suite path, its location and the first line of
 * its error, so the summary at the end names what failed without the whole log. A suite that
 * failed only because a test inside it did is left out; its failing test names it.
 */
function failuresOf(tap) {
  const lines = tap.split("\n");
  const failures = [];
  const path = [];
  for (let i = 0; i < lines.length; i++) {
    const subtest = lines[i].match(/^( *)# Subtest: (.*)$/);
    if (subtest) {
      path.length = subtest[1].length / 4;
      path.push(subtest[2]);
      continue;
    }
    const failed = lines[i].match(/^( *)not ok \d+ - (.*)$/);
    if (!failed) continue;
    const depth = failed[1].length / 4;
    const block = [];
    for (let j = i + 1; j < lines.length && !/^ *(ok|not ok) \d+ /.test(lines[j]) && !/^ *# Subtest: /.test(lines[j]); j++)
      block.push(lines[j]);
    const field = (key) =>
      block
        .find((l) => l.trim().startsWith(`${key}:`))
        ?.trim()
        .slice(key.length + 1)
        .trim();
    if (field("failureType") === "'subtestsFailed'") continue;
    const errorAt = block.findIndex((l) => l.trim().startsWith("error:"));
    let error = errorAt >= 0 ? block[errorAt].trim().slice("error:".length).trim() : "";
    if (/^[|>]-?$/.test(error)) error = block[errorAt + 1]?.trim() ?? "";
    failures.push({
      test: [...path.slice(0, depth), failed[2]].join(" › "),
      location: field("location") ?? "",
      error: error.slice(0, 300),
    });
  }
  return failures;
}

/** The 3-master Redis Cluster stage: tools/redis-cluster.sh runs the Redis store's int tests on it. */
function runClusterStage() {
  console.log("\n=== Redis Cluster (3 masters): store-redis int tests ===");
  const started = Date.now();
  const run = spawnSync("bash", [join(root, "tools", "redis-cluster.sh")], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
    maxBuffer: 256 * 1024 * 1024,
  });
  const out = run.stdout?.toString() ?? "";
  process.stdout.write(out);
  const pass = Number(out.match(/^# pass (\d+)$/m)?.[1] ?? 0);
  const fail = Number(out.match(/^# fail (\d+)$/m)?.[1] ?? 0);
  return { name: "cluster", pass, fail, status: run.status ?? 1, failures: failuresOf(out), ms: Date.now() - started };
}

/**
 * The lint stage: ESLint's type-aware rules (eslint.config.js), then Prettier's check of the
 * one code style (.prettierrc.json, .prettierignore); any problem fails the run.
 */
function runLintStage() {
  console.log("\n=== lint: eslint (typescript-eslint, type-aware), prettier --check, typedoc validation ===");
  const started = Date.now();
  const tool = (...path) => join(root, "node_modules", ...path);
  const eslint = spawnSync(process.execPath, [tool("eslint", "bin", "eslint.js"), "--max-warnings", "0", "."], {
    cwd: root,
    stdio: "inherit",
  });
  const prettier = spawnSync(process.execPath, [tool("prettier", "bin", "prettier.cjs"), "--check", "."], { cwd: root, stdio: "inherit" });
  // The API reference (typedoc.json): every exported name of domain, core and client is exported
  // with the types it names, and documented; a warning fails the stage.
  const typedoc = spawnSync(process.execPath, [tool("typedoc", "bin", "typedoc"), "--emit", "none", "--logLevel", "Warn"], {
    cwd: root,
    stdio: "inherit",
  });
  const status = (eslint.status ?? 1) || (prettier.status ?? 1) || (typedoc.status ?? 1);
  return { name: "lint", pass: 0, fail: 0, status, lint: true, ms: Date.now() - started };
}

const nodeVersion = (node) =>
  node === process.execPath ? process.version : spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();

/**
 * The e2e files that the second Node line runs too (a path part each): those whose subject is the
 * runtime itself — node:http and the HTTP edge, the server process and its command line, the
 * tarballs installed and embedded, the client's fetch, the README's receiver and a raw HTTP fuzz.
 */
const RUNTIME_BOUND_E2E = [
  join("e2e", "http") + sep,
  join("e2e", "process") + sep,
  join("e2e", "banner.e2e"),
  join("cli", "lintel.e2e"),
  join("routes", "endpoints.e2e"),
  join("webhooks", "embedded-webhooks.e2e"),
  join("client", "dist") + sep,
  "packages.e2e",
  "readme-examples.e2e",
  "deploy.e2e",
  "launcher.e2e",
  "embedding.e2e",
  "webhook-receiver.e2e",
  "http-fuzz.e2e",
];
const runtimeBound = (f) => RUNTIME_BOUND_E2E.some((part) => f.includes(part));

const runStarted = Date.now();
const stages = [];
if (tiers.length > 0 || grep) {
  await packing;
  stages.push(runStage(`tests (${tiers.join(", ") || "all tiers"})`, files));
} else {
  // The whole suite: every tier on the memory default, the e2e tier again on Redis, and the
  // Redis store's int tests on a local 3-master cluster. The tarballs are packed while lint runs.
  stages.push(runLintStage());
  await packing;
  stages.push(runStage("all tiers, STORE=memory", files, { STORE: "memory" }));
  // The benchmark's smoke test starts its own servers on both stores: once is enough, and it
  // loads both cores for a few seconds beside timing-sensitive tests.
  const onceOnly = (f) => !f.endsWith(join("bench", "ratio.e2e.test.js"));
  // A test whose source says STORE_INDEPENDENT (what it checks reads no STORE: a document, a
  // tarball, an embedding on its own store) runs in the memory stages only, not again on Redis.
  const storeIndependent = (f) => sourceOf(f).includes(STORE_INDEPENDENT);
  stages.push(
    runStage(
      "e2e tier, STORE=redis",
      files.filter((f) => tierOf(f) === "e2e" && onceOnly(f) && !storeIndependent(f)),
      { STORE: "redis" },
    ),
  );
  stages.push(runClusterStage());
  // The second supported line: what depends on the runtime is covered again — every unit test
  // (the domain's Intl and zone readings, crypto, the stores' logic) and the e2e files of
  // RUNTIME_BOUND_E2E (the HTTP edge, the server process and its command line, the packages
  // installed from their tarballs, the client's fetch, embedding). The e2e files of the product's
  // features (tours, messages, webhooks, codes, writes, …) exercise the same runtime through the
  // same edge, so they run on the first line only: a whole second run of them cost about 280 s.
  const second = installedNode(RUNTIMES.second);
  stages.push(
    runStage(
      `unit tier and the runtime-bound e2e, STORE=memory, Node ${RUNTIMES.second}`,
      files.filter(
        (f) => (tierOf(f) === "unit" || (tierOf(f) === "e2e" && runtimeBound(f))) && !f.endsWith(".browser.e2e.test.js") && onceOnly(f),
      ),
      { STORE: "memory" },
      second,
    ),
  );
}

console.log("");
for (const stage of stages) {
  const took = ` (${seconds(stage.ms)})`;
  if (stage.lint) console.log(`lint: ${stage.status === 0 ? "clean" : `problems found (exit ${stage.status})`}${took}`);
  else
    console.log(`${stage.name}: ${stage.pass} passed, ${stage.fail} failed${stage.status === 0 ? "" : ` (exit ${stage.status})`}${took}`);
}
for (const stage of stages) {
  for (const failure of stage.failures ?? []) {
    console.log(`\nfailed in ${stage.name}: ${failure.test}\n  at ${failure.location}\n  ${failure.error}`);
  }
}
const pass = stages.reduce((sum, s) => sum + s.pass, 0);
const fail = stages.reduce((sum, s) => sum + s.fail, 0);
const ok = stages.every((s) => s.status === 0);
console.log(`\nthe run took ${seconds(Date.now() - runStarted)}`);
console.log(`tests: ${pass} passed, ${fail} failed`);
// process.exit drops what a pipe has not taken yet (the last stage's TAP is large): the summary
// above would be lost on a piped stdout. Exit once stdout has written everything.
process.stdout.write("", () => process.exit(ok && fail === 0 ? 0 : 1));
