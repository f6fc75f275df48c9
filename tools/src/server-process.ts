/**
 * The workspace's built server as real child processes, for the reliability, chaos and benchmark
 * scripts and the tools' tests: testkit's `spawnServer` with this repository's
 * `apps/server/dist/main.js`.
 */
import { fileURLToPath } from "node:url";
import { spawnServer as spawnServerOf, type ServerChild } from "@lintel/testkit/processes";

/** This repository's built server (tools/dist → apps/server/dist/main.js). */
export const SERVER_MAIN = fileURLToPath(new URL("../../apps/server/dist/main.js", import.meta.url));

/** The workspace's server on `port` with `env`, already listening (see testkit's `spawnServer`). */
export const spawnServer = (port: number, env: Record<string, string>): Promise<ServerChild> => spawnServerOf(port, env, SERVER_MAIN);
