#!/usr/bin/env node
// Installs what the two README commands need on a machine that has only Node and npm: a
// supported Node when the machine's is older (node-runtime.mjs), pnpm (fetched from the npm
// registry through npx, never through corepack), the workspace's dependencies, and the
// TypeScript build; pnpm and tsc run on the supported Node. Safe to run again, and it skips what has not changed:
// the install when no manifest or lockfile changed since the last one, the build when no
// source or tsconfig did. It never stops for a prompt: a node_modules made by another pnpm
// version or with another store is replaced without asking (confirmModulesPurge=false).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { envWithNode, lintelNode } from "./node-runtime.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The pnpm of package.json's `packageManager` (one place names the version). */
export const PNPM_VERSION = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.replace(/^pnpm@/, "");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const INSTALL_STAMP = join(root, "node_modules", ".lintel-install-stamp");
const BUILD_STAMP = join(root, "node_modules", ".lintel-build-stamp");

function pnpm(node, ...args) {
  execFileSync(npx, ["--yes", `pnpm@${PNPM_VERSION}`, ...args], {
    cwd: root,
    stdio: ["ignore", process.stderr, "inherit"], // no stdin: nothing can prompt; stdout stays the command's own
    env: {
      ...envWithNode(node),
      npm_config_update_notifier: "false",
      COREPACK_ENABLE_STRICT: "0",
      CI: process.env.CI ?? "true", // pnpm's non-interactive mode (no TTY questions, append-only output)
    },
  });
}

/** The workspace's package directories (root, packages/*, apps/*, tools). */
function projects() {
  const dirs = [root, join(root, "tools")];
  for (const top of ["packages", "apps"]) {
    for (const name of readdirSync(join(root, top))) dirs.push(join(root, top, name));
  }
  return dirs.filter((dir) => existsSync(join(dir, "package.json")));
}

/** What the install depends on: pnpm's version, the lockfile, the workspace file and every manifest. */
function installInputs() {
  const hash = createHash("sha256").update(PNPM_VERSION);
  for (const file of [
    join(root, "pnpm-lock.yaml"),
    join(root, "pnpm-workspace.yaml"),
    ...projects().map((dir) => join(dir, "package.json")),
  ]) {
    hash.update(file).update(existsSync(file) ? readFileSync(file) : "");
  }
  return hash.digest("hex");
}

/** What the build depends on: every source file and tsconfig, by path, size and modification time. */
function buildInputs() {
  const hash = createHash("sha256");
  const add = (path) => {
    const { size, mtimeMs } = statSync(path);
    hash.update(`${path}\0${size}\0${mtimeMs}\n`);
  };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else add(join(dir, entry.name));
    }
  };
  for (const dir of projects()) {
    for (const file of ["tsconfig.json", "tsconfig.base.json"]) if (existsSync(join(dir, file))) add(join(dir, file));
    if (dir !== root && existsSync(join(dir, "src"))) walk(join(dir, "src"));
  }
  return hash.digest("hex");
}

const stamp = (file) => (existsSync(file) ? readFileSync(file, "utf8") : "");
const distsPresent = () =>
  projects()
    .filter((dir) => dir !== root && existsSync(join(dir, "src")))
    .every((dir) => existsSync(join(dir, "dist")));

/**
 * Makes the workspace ready to run: a supported Node, the install and the build, each skipped
 * when already done. Returns the path of the Node to run Lintel with.
 */
export function bootstrap() {
  const node = lintelNode();
  const install = installInputs();
  if (!existsSync(join(root, "node_modules")) || stamp(INSTALL_STAMP) !== install) {
    const frozen = existsSync(join(root, "pnpm-lock.yaml")) ? ["--frozen-lockfile"] : [];
    pnpm(node, "install", ...frozen, "--reporter=append-only", "--config.confirmModulesPurge=false");
    writeFileSync(INSTALL_STAMP, install);
  }
  const build = buildInputs();
  if (!distsPresent() || stamp(BUILD_STAMP) !== build) {
    pnpm(node, "exec", "tsc", "-b");
    writeFileSync(BUILD_STAMP, build);
  }
  return node;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) bootstrap();
