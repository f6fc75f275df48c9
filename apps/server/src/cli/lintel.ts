#!/usr/bin/env node
/**
 * The `lintel` command (this package's `bin`): `lintel serve` runs the server (configured by
 * the environment, as `node dist/main.js`), `lintel seed` loads a fixture file into Redis,
 * `lintel keys` makes, revokes and lists API keys, `lintel reseal` seals a Redis store's
 * webhook secrets under the first of DATA_KEYS. Where the package is installed (its tarball
 * alone installs it: it bundles the Lintel packages it runs on): `npx lintel keys generate …`,
 * `npx lintel serve`; where it is not, `npx -y @lintel/server serve`.
 */
import { ENVIRONMENT_VARIABLES } from "../config-docs.js";
import { EXIT, runCli, UsageError } from "./cli-support.js";
import { keys, KEYS_USAGE } from "./keys.js";
import { reseal, RESEAL_USAGE } from "./reseal.js";
import { seed, SEED_USAGE } from "./seed.js";

const USAGE = `Usage: lintel <command> [options]

Commands:
  serve    runs the server, configured by the environment (PORT, HOST, STORE, REDIS_URL,
           FIXTURE, …: lintel serve --help lists them); in memory without FIXTURE it serves
           the built-in demo data
  seed     loads a fixture file into Redis (lintel seed --help)
  keys     creates, revokes, lists and generates API keys (lintel keys --help)
  reseal   seals every webhook secret of a Redis store under the first of DATA_KEYS (lintel reseal --help)`;

/** `lintel serve --help`: every environment variable, its default and its meaning (the README's table, as text). */
const SERVE_USAGE = `Usage: lintel serve

Runs the server until SIGTERM or SIGINT, configured by these environment variables:

${Object.entries(ENVIRONMENT_VARIABLES)
  .map(([name, doc]) => `  ${name} (default: ${doc.default})\n      ${doc.meaning}`.replace(/`/g, ""))
  .join("\n")}`;

const [command, ...rest] = process.argv.slice(2);
if (command === "serve") {
  if (rest.length === 1 && (rest[0] === "--help" || rest[0] === "-h")) {
    console.log(SERVE_USAGE);
  } else if (rest.length > 0) {
    console.error(`error: serve takes no arguments (it reads the environment), got ${JSON.stringify(rest[0])}\n\n${USAGE}`);
    process.exitCode = EXIT.usage;
  } else {
    const { serve } = await import("../serve.js");
    // Started by npm (npx, npm exec, npm run): npm's shell between it and us does not pass SIGTERM on.
    await serve({ stopWithParent: process.env["npm_lifecycle_event"] !== undefined });
  }
} else if (command === "seed") {
  runCli(SEED_USAGE, () => seed(rest));
} else if (command === "keys") {
  runCli(KEYS_USAGE, () => keys(rest));
} else if (command === "reseal") {
  runCli(RESEAL_USAGE, () => reseal(rest));
} else {
  runCli(USAGE, async () => {
    if (command === undefined) {
      console.log(USAGE);
      return EXIT.usage;
    }
    if (command === "--help" || command === "-h" || command === "help") {
      console.log(USAGE);
      return EXIT.ok;
    }
    throw new UsageError(`unknown command ${JSON.stringify(command)} (serve, seed, keys, reseal)`);
  });
}
