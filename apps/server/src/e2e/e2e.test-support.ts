/**
 * The e2e tests' helpers (`@lintel/testkit/e2e`), bound to this package's server: a server
 * started in-process on port 0 with a fresh test fixture. Not an entry point of the package:
 * other workspace packages' tests call `startTestServer(lintelServer)` of `@lintel/testkit/e2e`
 * with `import * as lintelServer from "@lintel/server"`.
 */
import { fileURLToPath } from "node:url";
import * as kit from "@lintel/testkit/e2e";
import { spawnServer as spawnServerOf, type ServerChild } from "@lintel/testkit/processes";
import { loadConfig, type Config } from "../config.js";
import { startServer, type RunningServer, type StartOptions } from "../server.js";

export {
  allEvents,
  assertProblem,
  call,
  freshAddress,
  postJson,
  processStoreEnv,
  TEST_REDIS_URL,
  testApiKey,
  testFixture,
  withoutRequestId,
  type Answer,
  type CallOptions,
  type ServedEvent,
  type TestFixture,
} from "@lintel/testkit/e2e";

const server = { loadConfig, startServer };

/** The configuration e2e servers run with; STORE=redis in the environment switches the store. */
export function testConfig(env: Record<string, string> = {}): Config {
  return kit.testConfig(server, env);
}

export type TestServer = kit.TestServer<RunningServer>;

/** Starts a server on a free port with a fresh test fixture. */
export function startTestServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  return kit.startTestServer(server, env, options);
}

/** This package's built server entry, for tests that run the server as a child process. */
export const SERVER_MAIN = fileURLToPath(new URL("../main.js", import.meta.url));

/** The built server on `port` with `env` as a child process, already listening (testkit's `spawnServer`). */
export const spawnServer = (port: number, env: Record<string, string>): Promise<ServerChild> => spawnServerOf(port, env, SERVER_MAIN);
