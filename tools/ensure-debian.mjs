// Makes sure a command from one of Debian's packages is there for the tests that need it (the
// browser tests' chromium, the systemd unit's `systemd-analyze`, the HTTP benchmark's wrk and
// taskset): finds it, else installs the package with apt-get when we are root, like
// ensure-redis.mjs does for redis-server.
import { execFileSync, spawnSync } from "node:child_process";

function which(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" }).stdout.trim();
}

/**
 * `{ ok, path, installed }` when one of `commands` is (now) on PATH, else `{ ok: false, reason }`.
 * `found` is a path already known (an environment variable's), tried first.
 */
export function ensureDebianCommand(pkg, commands, found = "") {
  const present = found || commands.map(which).find(Boolean);
  if (present) return { ok: true, path: present, installed: false };
  if (process.getuid?.() !== 0) return { ok: false, reason: `${commands[0]} is not installed and we are not root` };
  try {
    console.log(`Installing Debian's ${pkg} package...`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", pkg], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch (error) {
    return { ok: false, reason: `could not install ${pkg}: ${error.message}` };
  }
  const path = commands.map(which).find(Boolean);
  return path ? { ok: true, path, installed: true } : { ok: false, reason: `apt-get installed ${pkg} but no ${commands[0]} is on PATH` };
}

/** Debian's chromium, for the browser tests (the /docs screenshots). */
export const ensureChromium = () => ensureDebianCommand("chromium", ["chromium", "chromium-browser"], process.env.CHROMIUM_PATH);

/** `systemd-analyze` (Debian's systemd package), for the test that verifies deploy/lintel.service. */
export const ensureSystemdAnalyze = () => ensureDebianCommand("systemd", ["systemd-analyze"]);

/** Debian's wrk, the load generator of the HTTP benchmark (tools/src/bench/ratio.ts) and its smoke test. */
export const ensureWrk = () => ensureDebianCommand("wrk", ["wrk"]);

/** `taskset` (Debian's util-linux), which pins the HTTP benchmark's servers and wrk to their cores. */
export const ensureTaskset = () => ensureDebianCommand("util-linux", ["taskset"]);
