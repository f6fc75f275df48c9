/**
 * What the HTTP-edge reliability scripts (shutdown.ts, slow-clients.ts) share: the real server
 * process on the demo data with one bench key (memory, or a private redis-server), and one
 * request over a node:http keep-alive agent with what came of it. Loopback only; `stop()` ends
 * every process the rig started.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request, type Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePorts, spawnRedis, type Child, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../server-process.js";
import { generateApiKey } from "@lintel/domain";
import { benchFixture } from "../bench/bench-fixture.js";
import { machineLine } from "../bench/measure.js";

export type Store = "memory" | "redis";

/**
 * A script's main: prints `title` and the machine, runs `runStore` for each store named in
 * argv[2] (a comma list, `defaultStores` when absent), and exits 1 when any run broke a promise.
 */
export async function runStores(title: string, defaultStores: string, runStore: (store: Store) => Promise<boolean>): Promise<void> {
  const stores = (process.argv[2] ?? defaultStores).split(",");
  for (const store of stores) if (store !== "memory" && store !== "redis") throw new Error(`Unknown store "${store}": memory or redis`);
  console.log(title);
  console.log(machineLine());
  let held = true;
  for (const store of stores as Store[]) held = (await runStore(store)) && held;
  if (!held) {
    console.log("\nA promise was broken (see above).");
    process.exitCode = 1;
  }
}

export interface Rig {
  readonly server: ServerChild;
  readonly key: string;
  /** Stops the server (if still running) and Redis, and removes the temporary directory. */
  stop(): Promise<void>;
}

/** Starts the server process with `store` and the demo data under a key whose budget never runs out. */
export async function startRig(store: Store, env: Record<string, string> = {}): Promise<Rig> {
  const dir = await mkdtemp(join(tmpdir(), "lintel-edge-"));
  const key = generateApiKey();
  const fixturePath = join(dir, "fixture.json");
  await writeFile(fixturePath, JSON.stringify(benchFixture("", key).fixture));
  const [serverPort, redisPort] = (await freePorts(2)) as [number, number];
  let redis: Child | undefined;
  let server: ServerChild | undefined;
  const stop = async () => {
    await server?.stop("SIGKILL");
    await redis?.stop("SIGKILL");
    await rm(dir, { recursive: true, force: true });
  };
  try {
    if (store === "redis") redis = await spawnRedis(redisPort, dir);
    const storeEnv: Record<string, string> =
      store === "redis"
        ? {
            STORE: "redis",
            REDIS_URL: `redis://127.0.0.1:${redisPort}`,
            CURSOR_SECRET: "edge-reliability-secret-0123456789abcdef",
            DATA_KEYS: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
          }
        : {};
    server = await spawnServer(serverPort, { ...storeEnv, FIXTURE: fixturePath, ...env });
    return { server, key, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What came of one request: an answer (status, whether it closes the connection) or a connection-level error code. */
export interface Outcome {
  readonly sentAt: number;
  readonly doneAt: number;
  readonly status: number | null;
  readonly error: string | null;
  /** The answer said `Connection: close`. */
  readonly close: boolean;
  /** It went out on a kept-alive connection that had carried a request before. */
  readonly reused: boolean;
}

export interface Send {
  readonly method?: "GET" | "POST";
  readonly path: string;
  readonly key?: string;
  readonly body?: string;
  readonly timeoutMs?: number;
}

/** Sends one request through `agent` to `base`, reads the whole answer, never throws. */
export function send(agent: Agent, base: string, what: Send): Promise<Outcome & { body: string }> {
  const { hostname, port } = new URL(base);
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (what.key !== undefined) headers["x-api-key"] = what.key;
    if (what.body !== undefined) headers["content-type"] = "application/json";
    const outgoing = request({ agent, hostname, port, method: what.method ?? "GET", path: what.path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("error", failed); // cut off in the middle of the answer
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({
          sentAt,
          doneAt: performance.now(),
          status: response.statusCode ?? null,
          error: null,
          close: response.headers.connection === "close",
          reused: outgoing.reusedSocket,
          body,
        }),
      );
    });
    const failed = (error: NodeJS.ErrnoException) =>
      resolve({
        sentAt,
        doneAt: performance.now(),
        status: null,
        error: error.code ?? error.message,
        close: false,
        reused: outgoing.reusedSocket,
        body: "",
      });
    outgoing.setTimeout(what.timeoutMs ?? 15_000, () => outgoing.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    outgoing.on("error", failed);
    outgoing.end(what.body);
  });
}
