/**
 * Starting and stopping one Lintel server: build the container, load the fixture, listen.
 * `main.ts` calls it for the real process; e2e tests call it in-process on port 0.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import { parseFixture, type FixtureData, type Lintel, type LintelStore } from "@lintel/core";
import { createApp } from "./app.js";
import { answerClientError } from "./client-errors.js";
import type { Config } from "./config.js";
import { buildContainer, TOKENS, type Overrides } from "./container.js";
import { demoFixture } from "./demo-fixture.js";
import type { RedisHandle } from "./redis-wiring.js";

/** A fixture that breaks a rule: refused whole, every error names its record. */
export class FixtureRefusedError extends Error {
  override readonly name = "FixtureRefusedError";
  constructor(
    readonly source: string,
    readonly errors: readonly string[],
  ) {
    super(`The fixture ${source} was refused (nothing was loaded):\n${errors.map((e) => `  - ${e}`).join("\n")}`);
  }
}

export interface StartOptions extends Overrides {
  /** Fixture JSON to load instead of FIXTURE / the demo (tests). */
  readonly fixture?: unknown;
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound. */
  readonly url: string;
  readonly lintel: Lintel;
  /** Where the fixture came from: a path, "demo", "given" or "none". */
  readonly fixtureSource: string;
  /** Stops taking connections, lets in-flight requests finish, closes Redis. */
  close(): Promise<void>;
}

/** Judges fixture JSON; throws {@link FixtureRefusedError} listing every error. */
export function validateFixture(json: unknown, source: string): FixtureData {
  const parsed = parseFixture(json);
  if (!parsed.ok) throw new FixtureRefusedError(source, parsed.errors);
  return parsed.data;
}

/** Reads FIXTURE=<path>: unreadable files and bad JSON are refused like bad records. */
export async function readFixtureFile(path: string): Promise<FixtureData> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new FixtureRefusedError(path, [`cannot read the file: ${(error as Error).message}`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, "")); // a byte-order mark some editors write is not JSON's concern
  } catch (error) {
    throw new FixtureRefusedError(path, [`not valid JSON: ${(error as Error).message}`]);
  }
  return validateFixture(json, path);
}

async function fixtureFor(config: Config, options: StartOptions): Promise<{ data: FixtureData | null; source: string }> {
  if (options.fixture !== undefined) return { data: validateFixture(options.fixture, "given"), source: "given" };
  if (config.fixturePath !== null) return { data: await readFixtureFile(config.fixturePath), source: config.fixturePath };
  if (config.store.kind === "memory") return { data: validateFixture(demoFixture(), "demo"), source: "demo" };
  return { data: null, source: "none" };
}

/** Builds, seeds and starts a server for `config`. Rejects when the store or fixture can't be set up. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const container = buildContainer(config, options);
  const logger = container.resolve<Logger>(TOKENS.logger);
  const redis = container.resolve<RedisHandle | null>(TOKENS.redis);
  const closeRedis = async () => {
    if (redis !== null) await redis.close();
  };
  let server: Server;
  let fixtureSource: string;
  let lintel: Lintel;
  try {
    if (redis !== null) await redis.ready();
    const fixture = await fixtureFor(config, options);
    fixtureSource = fixture.source;
    if (fixture.data !== null) await container.resolve<LintelStore>(TOKENS.store).fixtures.load(fixture.data);
    lintel = container.resolve<Lintel>(TOKENS.lintel);
    server = createServer(createApp({ lintel, config, logger }).callback());
    server.on("clientError", answerClientError(config.docsUrl));
    await new Promise<void>((resolve, reject) => {
      const refuse = (error: Error) => reject(new Error(`cannot listen on HOST=${config.host} PORT=${config.port}: ${error.message}`, { cause: error }));
      server.once("error", refuse);
      server.listen(config.port, config.host, () => {
        server.off("error", refuse);
        resolve();
      });
    });
  } catch (error) {
    await closeRedis();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    lintel,
    fixtureSource,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }).then(closeRedis);
      return closing;
    },
  };
}
