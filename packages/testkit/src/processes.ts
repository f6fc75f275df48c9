/**
 * Real processes for e2e tests that need more than one server or their own Redis: free
 * loopback ports, server children (`@lintel/server`'s `dist/main.js`, or any entry that prints
 * "Lintel is listening on"), and private redis-server children.
 * Every child is started by the test and stopped by it (by its own handle, never by name).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

/** A temporary directory of its own. */
export function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "lintel-e2e-"));
}

/** Writes fixture JSON to a temporary file and returns its path. */
export async function writeFixture(json: unknown): Promise<string> {
  const path = join(await tempDir(), "fixture.json");
  await writeFile(path, JSON.stringify(json));
  return path;
}

/** A child process with its collected output. */
export interface Child {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves once the output contains `text`; rejects when the child exits first or `timeoutMs` passes. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Sends `signal` (SIGTERM by default) unless the child has exited, and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function track(child: ChildProcess): Child {
  let output = "";
  let failed = false;
  child.on("error", (error) => {
    failed = true;
    output += `\n${error.message}`;
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    output: () => output,
    async waitFor(text, timeoutMs = 15_000) {
      const deadline = performance.now() + timeoutMs;
      while (!output.includes(text)) {
        if (exited() || failed) throw new Error(`the process exited before "${text}":\n${output}`);
        if (performance.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop(signal = "SIGTERM") {
      if (exited()) return;
      const exit = once(child, "exit");
      child.kill(signal);
      await exit;
    },
  };
}

/** Tracks `child` until `readyText` shows in its output; a child that never gets there is killed. */
async function started(child: ChildProcess, readyText: string): Promise<Child> {
  const tracked = track(child);
  try {
    await tracked.waitFor(readyText);
  } catch (error) {
    await tracked.stop("SIGKILL");
    throw error;
  }
  return tracked;
}

/** A running server child on `port` (already listening when this resolves). */
export interface ServerChild extends Child {
  readonly url: string;
}

/**
 * Spawns `node main` with `env` (plus PATH, LOG_LEVEL=silent, PORT) and waits for its banner.
 * `main` is the server's entry: in a project that installs `@lintel/server`, the `dist/main.js`
 * beside the file `import.meta.resolve("@lintel/server")` names.
 */
export async function spawnServer(port: number, env: Record<string, string>, main: string): Promise<ServerChild> {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env["PATH"] ?? "", LOG_LEVEL: "silent", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tracked = await started(child, "Lintel is listening on");
  return { ...tracked, url: `http://127.0.0.1:${port}` };
}

/**
 * A private redis-server on 127.0.0.1:`port` whose data lives in `dir` and survives a SIGKILL
 * (append-only file, fsync on every write), so a restart on the same port and dir comes back
 * with everything. `extraArgs` are more redis-server options (e.g. cluster mode). Resolves once it
 * accepts connections.
 */
export async function spawnRedis(port: number, dir: string, extraArgs: readonly string[] = []): Promise<Child> {
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      "yes",
      "--appendfsync",
      "always",
      ...extraArgs,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return started(child, "Ready to accept connections");
}
