/** `@lintel/api`: the Koa adapter and the server, for embedding and tests. */
export { createApp, type AppDependencies } from "./app.js";
export { loadConfig, type Config, type ConfigLoading } from "./config.js";
export { createLogger } from "./logger.js";
export { buildOpenApiDocument } from "./openapi.js";
export { startServer, type RunningServer, type StartOptions } from "./server.js";
export { applyServerEdge, type ServerEdge, type ServerEdgeOptions } from "./server-edge.js";
export { HTTP_LIMITS, type HttpLimits } from "./http-limits.js";
export { FixtureRefusedError, readFixtureFile } from "./fixture-file.js";
export { demoFixture, DEMO_KEYS, type DemoKey } from "./demo-fixture.js";
