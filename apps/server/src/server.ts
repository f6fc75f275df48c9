/**
 * Starting and stopping one Lintel server: build the container, load the fixture, listen.
 * `main.js` calls it for the real process; e2e tests call it in-process on port 0.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type FixtureData, type FixtureLoadReport, type Lintel } from "@lintel/core";
import {
  applyServerEdge,
  createApp,
  createLimitedServer,
  HTTP_LIMITS,
  type HttpLimits,
  type ServerEdge,
  startMetricsServer,
} from "@lintel/api";
import type { Config } from "./config.js";
import { buildContainer, TOKENS, type Overrides } from "./container.js";
import { bookDemoTour, demoFixture } from "./demo-fixture.js";
import { redocRenderer } from "./docs-assets.js";
import { readFixtureFile, validateFixture } from "./fixture-file.js";

/** What {@link startServer} may be given besides the configuration (tests and benchmarks use most of it). */
export interface StartOptions extends Overrides {
  /** Fixture JSON to load instead of FIXTURE / the demo (tests). */
  readonly fixture?: unknown;
  /** False serves every body uncompressed (benchmark baseline); default true. */
  readonly compression?: boolean;
  /** Other HTTP timeouts than HTTP_LIMITS (tests that wait for one). */
  readonly httpLimits?: Partial<HttpLimits>;
}

/** A started server: where it listens, its `Lintel`, what its fixture did, and how to stop it. */
export interface RunningServer {
  /** `http://host:port`, with the port actually bound. */
  readonly url: string;
  /** `http://host:port/metrics` when METRICS_PORT is set, else null. */
  readonly metricsUrl: string | null;
  readonly lintel: Lintel;
  /** Where the fixture came from: a path, "demo", "given" or "none". */
  readonly fixtureSource: string;
  /** What loading it did (records added; those the store had are kept as stored), or null without one. */
  readonly fixtureReport: FixtureLoadReport | null;
  /** The demo's booked tour (the built-in demo data only), else null. */
  readonly demoTourId: string | null;
  /**
   * Drains: /readyz answers 503, no new connections, every answer from
   * now on closes its connection, idle connections are closed; once all are gone, closes Redis.
   */
  close(): Promise<void>;
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
  const logger = container.resolve(TOKENS.logger);
  const redis = container.resolve(TOKENS.redis);
  const closeRedis = async () => {
    if (redis !== null) await redis.close();
  };
  const limits = { ...HTTP_LIMITS, ...options.httpLimits };
  const server = createLimitedServer(limits);
  let edge: ServerEdge | undefined;
  let metricsServer: Server | null = null;
  let fixtureSource: string;
  let fixtureReport: FixtureLoadReport | null = null;
  let demoTourId: string | null = null;
  let lintel: Lintel | undefined;
  try {
    if (redis !== null) await redis.ready();
    const fixture = await fixtureFor(config, options);
    fixtureSource = fixture.source;
    lintel = container.resolve(TOKENS.lintel);
    // Add only: a record the store already has stays as it is, so a restart never undoes a
    // change made since. Through the Lintel: a code's PIN is sealed and its work written with it.
    if (fixture.data !== null) fixtureReport = await lintel.loadFixture(fixture.data);
    if (fixture.source === "demo") demoTourId = await bookDemoTour(lintel);
    const metrics = container.resolve(TOKENS.metrics);
    if (metrics !== null && config.metricsPort !== null)
      metricsServer = await startMetricsServer(metrics, config.metricsHost, config.metricsPort);
    const draining = () => edge?.draining ?? false;
    const seam =
      config.webhooks.seamWebhookSecret === null
        ? null
        : {
            secret: config.webhooks.seamWebhookSecret,
            // The store's device index: locks seeded at start, by the seed CLI or later, across orgs.
            devices: container.resolve(TOKENS.store).devices,
            lockStates: lintel.lockStates,
            reportAccessCode: lintel.reportAccessCode.bind(lintel),
            reportUnlock: lintel.reportUnlock.bind(lintel),
            onceKeys: container.resolve(TOKENS.store).onceKeys,
            clock: container.resolve(TOKENS.clock),
          };
    const handle = createApp({
      lintel,
      config,
      logger,
      metrics,
      draining,
      seam,
      compression: options.compression ?? true,
      docsRenderer: redocRenderer,
    }).callback(); // answers every error itself
    edge = applyServerEdge(server, handle, { limits, docsUrl: config.docsUrl });
    await new Promise<void>((resolve, reject) => {
      const refuse = (error: Error) =>
        reject(new Error(`cannot listen on HOST=${config.host} PORT=${config.port}: ${error.message}`, { cause: error }));
      server.once("error", refuse);
      server.listen(config.port, config.host, () => {
        server.off("error", refuse);
        resolve();
      });
    });
  } catch (error) {
    await lintel?.close(); // its webhook delivery started with it
    metricsServer?.close();
    await closeRedis();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const metricsPort = (metricsServer?.address() as AddressInfo | undefined)?.port;
  const metricsHost = config.metricsHost.includes(":") ? `[${config.metricsHost}]` : config.metricsHost;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    metricsUrl: metricsPort === undefined ? null : `http://${metricsHost}:${metricsPort}/metrics`,
    lintel,
    fixtureSource,
    fixtureReport,
    demoTourId,
    close() {
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      // Attempts in flight get the drain's deadline to finish; the rest are made again once their leases run out.
      closing ??= Promise.all([edge?.close(), lintel.close(limits.drainDeadlineMs)]).then(closeRedis);
      return closing;
    },
  };
}
