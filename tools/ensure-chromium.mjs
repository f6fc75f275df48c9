// Makes sure Debian's chromium is there for the browser tests (the /docs screenshot): finds
// it, else installs the `chromium` package with apt-get when we are root, like ensure-redis.mjs.
import { execFileSync, spawnSync } from "node:child_process";

function which(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" }).stdout.trim();
}

/** { ok, path } when a chromium binary is (now) installed, else { ok: false, reason }. */
export function ensureChromium() {
  const found = process.env.CHROMIUM_PATH || which("chromium") || which("chromium-browser");
  if (found) return { ok: true, path: found, installed: false };
  if (process.getuid?.() !== 0) return { ok: false, reason: "chromium is not installed and we are not root" };
  try {
    console.log("Installing Debian's chromium package...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch (error) {
    return { ok: false, reason: `could not install chromium: ${error.message}` };
  }
  const path = which("chromium");
  return path ? { ok: true, path, installed: true } : { ok: false, reason: "apt-get installed chromium but no binary is on PATH" };
}
