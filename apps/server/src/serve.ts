/**
 * `lintel serve`, the server process: validate the configuration, start, print the banner, and stop
 * gracefully on SIGTERM/SIGINT: the server drains (/readyz 503, in-flight
 * requests answered with `Connection: close`, idle connections closed), Redis is closed, exit 0.
 */
import { loadConfig } from "./config.js";
import { bannerText } from "./banner.js";
import { FixtureRefusedError } from "./fixture-file.js";
import { startServer } from "./server.js";

/** The oldest Node Lintel runs on (package.json `engines`; @seamapi/http needs 22.12). */
const MIN_NODE: readonly [number, number] = [22, 12];

/** How often a server started by npm looks whether its parent is still there, ms. */
const PARENT_CHECK_MS = 200;

/** How {@link serve} runs. */
export interface ServeOptions {
  /**
   * Also stop (as on SIGTERM) when the process that started this one is gone. npm runs a bin
   * (`npx lintel serve`, a script `"start": "lintel serve"`) through `sh -c`, and passes a
   * SIGTERM to that shell only: the shell dies and the server, its child, would keep listening
   * with no parent. `lintel serve` sets this when npm started it.
   */
  readonly stopWithParent?: boolean;
}

/** Calls `gone` once, when this process's parent has exited (it is then another's child). */
function whenParentExits(gone: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    gone();
  }, PARENT_CHECK_MS);
  timer.unref();
}

/** Runs the server process until a signal stops it (the process exits then). */
export async function serve(options: ServeOptions = {}): Promise<void> {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    console.error(`Lintel needs Node ${MIN_NODE.join(".")} or later; this is Node ${process.version}.`);
    process.exit(1);
  }
  const loading = loadConfig(process.env);
  if (!loading.ok) {
    for (const error of loading.errors) console.error(error);
    process.exit(1);
  }
  for (const warning of loading.warnings) console.error(`Warning: ${warning}`);
  let server;
  try {
    server = await startServer(loading.config);
  } catch (error) {
    console.error(error instanceof FixtureRefusedError ? error.message : `Could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  // stdout carries only the JSON log lines; the banner and lifecycle messages go to stderr.
  console.error(
    bannerText(server.url, server.fixtureSource, loading.config.store, server.fixtureReport, process.version, server.demoTourId),
  );
  if (server.metricsUrl !== null) console.error(`Prometheus metrics: ${server.metricsUrl}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // a second signal: stop now
    stopping = true;
    console.error(`${signal}: finishing in-flight requests, then exiting.`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  if (options.stopWithParent === true) whenParentExits(() => stop("The process that started this server exited"));
}
