// Makes sure a real redis-server answers at REDIS_URL (default redis://127.0.0.1:6379):
// if nothing answers, starts one from the redis-server binary, installing Debian's
// redis-server package first when the binary is missing and we are root.
import { execFileSync, spawnSync } from "node:child_process";
import { connect } from "node:net";

function ping(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

function which(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" }).stdout.trim();
}

export async function ensureRedis() {
  const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const { hostname, port: p } = new URL(url);
  const host = hostname || "127.0.0.1";
  const port = Number(p || 6379);
  if (await ping(host, port)) return { ok: true, url, started: false };
  if (host !== "127.0.0.1" && host !== "localhost") return { ok: false, url, reason: "not answering (not local, so not started)" };
  try {
    if (!which("redis-server")) {
      if (process.getuid?.() !== 0) return { ok: false, url, reason: "redis-server is not installed and we are not root" };
      console.log("Installing Debian's redis-server package...");
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
      execFileSync("apt-get", ["install", "-y", "-qq", "redis-server"], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    }
    execFileSync(
      "redis-server",
      ["--daemonize", "yes", "--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no"],
      {
        stdio: "inherit",
      },
    );
  } catch (error) {
    return { ok: false, url, reason: `could not start redis-server: ${error.message}` };
  }
  for (let i = 0; i < 50; i++) {
    if (await ping(host, port)) return { ok: true, url, started: true };
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ok: false, url, reason: "redis-server started but does not answer" };
}
