#!/usr/bin/env node
// Installs what the two README commands need on a machine that has only Node 20+ and npm:
// pnpm (fetched from the npm registry through npx, never through corepack), the workspace's
// dependencies, and the TypeScript build. Safe to run again; it is quick when nothing changed.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PNPM_VERSION = "10.34.9";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

function pnpm(...args) {
  execFileSync(npx, ["--yes", `pnpm@${PNPM_VERSION}`, ...args], {
    cwd: root,
    stdio: ["inherit", process.stderr, "inherit"], // stdout stays the command's own
    env: { ...process.env, npm_config_update_notifier: "false", COREPACK_ENABLE_STRICT: "0" },
  });
}

const frozen = existsSync(join(root, "pnpm-lock.yaml")) ? ["--frozen-lockfile"] : [];
pnpm("install", ...frozen, "--reporter=append-only");
pnpm("exec", "tsc", "-b");
