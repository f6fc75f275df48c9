/**
 * `@lintel/api`: Lintel's Koa app (`createApp`), the server edge for a server of your own
 * (`applyServerEdge`), and the whole server (`startServer`, as `node dist/main.js` runs it).
 * The demo data the server starts with in memory mode is `@lintel/api/demo`.
 */
export { createApp, type AppDependencies } from "./app.js";
export { loadConfig, type Config, type ConfigLoading } from "./config.js";
export { createLogger } from "./logger.js";
export { createMetrics, type Metrics } from "./metrics.js";
export { createWebhookSender, type WebhookSenderOptions } from "./http-webhook-sender.js";
export { buildOpenApiDocument } from "./openapi.js";
export { startServer, type RunningServer, type StartOptions } from "./server.js";
export { applyServerEdge, type ServerEdge, type ServerEdgeOptions } from "./server-edge.js";
export { HTTP_LIMITS, type HttpLimits } from "./http-limits.js";
export { FixtureRefusedError, readFixtureFile } from "./fixture-file.js";
