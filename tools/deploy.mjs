#!/usr/bin/env node
// `npm run deploy -- <dir>`: writes to <dir> the built server with only its production
// dependencies (pnpm deploy --prod), a folder that runs with `node <dir>/dist/main.js` on any
// Node 22.12+ and installs or builds nothing when it starts. The Dockerfile and the systemd
// unit (deploy/lintel.service) run what this makes.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { PNPM_VERSION } from "./bootstrap.mjs";

const target = process.argv[2];
if (target === undefined) {
  console.error("usage: npm run deploy -- <empty or new folder>");
  process.exit(2);
}
const dir = resolve(process.env.INIT_CWD || ".", target);
if (existsSync(dir) && readdirSync(dir).length > 0) {
  console.error(`${dir} is not empty: deploy writes a new folder.`);
  process.exit(2);
}
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
execFileSync(npx, ["--yes", `pnpm@${PNPM_VERSION}`, "--filter", "@lintel/server", "deploy", "--prod", "--legacy", dir], {
  stdio: ["ignore", process.stderr, "inherit"],
  env: { ...process.env, CI: process.env.CI ?? "true", npm_config_update_notifier: "false" },
});
console.error(`Deployed to ${dir}: run it with \`node ${dir}/dist/main.js\` (Node 22.12 or later).`);
