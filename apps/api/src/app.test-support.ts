/**
 * The adapter's own e2e harness: the Koa app over `createMemoryLintel` (no server package, no
 * configuration), on a free loopback port, with a fresh test fixture of `@lintel/testkit/e2e`.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseFixture, type Lintel } from "@lintel/core";
import { createMemoryLintel } from "@lintel/store-memory";
import { testFixture, type TestFixture } from "@lintel/testkit/e2e";
import { createApp } from "./app.js";
import { createLogger } from "./http-edge/logger.js";

export interface TestApp {
  readonly url: string;
  readonly lintel: Lintel;
  readonly fixture: TestFixture;
  close(): Promise<void>;
}

/** The app over a memory Lintel loaded with a fresh test fixture, listening on 127.0.0.1. */
export async function startTestApp(): Promise<TestApp> {
  const fixture = testFixture();
  const parsed = parseFixture(fixture.json);
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  const { lintel } = await createMemoryLintel({ fixture: parsed.data });
  const handle = createApp({
    lintel,
    config: { publicBaseUrl: "http://localhost:3000", docsUrl: "http://localhost:3000/docs", trustedProxies: 1 },
    logger: createLogger("silent"),
  }).callback();
  const server = createServer((request, response) => void handle(request, response));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lintel,
    fixture,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await lintel.close();
    },
  };
}
