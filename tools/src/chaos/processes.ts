/**
 * The processes a chaos run needs, all on loopback and all stopped by their own handle: a
 * private redis-server whose data survives a SIGKILL, and the real Lintel server process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../../apps/api/dist/main.js", import.meta.url));

/**
 * `count` distinct free loopback ports, drawn from 20000–31999: below Linux's ephemeral range
 * (32768–60999), so no outgoing connection or `listen(0)` elsewhere in a parallel test run can
 * take one between this check and the child process binding it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = 20000 + randomInt(12000);
    if (!ports.includes(port) && (await canListen(port))) ports.push(port);
  }
  return ports;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A started child process and its output so far. */
export interface Child {
  readonly process: ChildProcess;
  output(): string;
  /** Sends `signal` unless the child has exited; for signals that end it, waits for the exit. */
  signal(signal: NodeJS.Signals): Promise<void>;
}

async function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, readyText: string, timeoutMs = 15_000): Promise<Child> {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let failure: Error | null = null;
  child.on("error", (error) => (failure = error));
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const handle: Child = {
    process: child,
    output: () => output,
    async signal(signal) {
      if (exited()) return;
      const ends = signal !== "SIGSTOP" && signal !== "SIGCONT";
      const exit = ends ? once(child, "exit") : null;
      child.kill(signal);
      await exit;
    },
  };
  const deadline = performance.now() + timeoutMs;
  while (!output.includes(readyText)) {
    if (failure !== null || exited() || performance.now() > deadline) {
      await handle.signal("SIGKILL");
      throw new Error(`${command} did not become ready (${failure ?? "exited or timed out"}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return handle;
}

/** redis-server on 127.0.0.1:`port`, data in `dir` (append-only, fsync always: a SIGKILL loses nothing). */
export function startRedis(port: number, dir: string): Promise<Child> {
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "yes", "--appendfsync", "always"];
  return startChild("redis-server", args, process.env, "Ready to accept connections");
}

/** `node apps/api/dist/main.js` on 127.0.0.1:`port` with `env`; resolves once it listens. */
export function startLintel(port: number, env: Record<string, string>): Promise<Child> {
  return startChild(
    process.execPath,
    [MAIN],
    { PATH: process.env["PATH"] ?? "", LOG_LEVEL: "silent", HOST: "127.0.0.1", ...env, PORT: String(port) },
    "Lintel is listening on",
  );
}
