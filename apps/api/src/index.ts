/**
 * `@lintel/api`: Lintel's Koa app (`createApp`) and the server edge for a server of your own
 * (`applyServerEdge`), with what they are built from: the logger, the metrics, the webhook
 * sender, the OpenAPI document. No store and no lock provider of its own: give `createApp` a
 * `Lintel` (`createMemoryLintel()` of `@lintel/store-memory`, or any other). The whole server
 * (configuration, Redis, Seam, the `lintel` command, `/docs`'s renderer) is `@lintel/server`.
 */
export { createApp, type AppConfig, type AppDependencies } from "./app.js";
export { DOCS_RENDERER_PATH, type DocsRenderer } from "./openapi/docs-pages.js";
export { createLogger, LOG_LEVELS, type LogLevel } from "./http-edge/logger.js";
export { createMetrics, startMetricsServer, type Metrics } from "./http-edge/metrics.js";
export { createWebhookSender, type WebhookSenderOptions } from "./webhooks/http-webhook-sender.js";
export { buildOpenApiDocument } from "./openapi/openapi.js";
export { ENDPOINTS } from "./routes/endpoints.js";
export type { ClientCall } from "./routes/endpoint-table.js";
export { applyServerEdge, type ServerEdge, type ServerEdgeOptions } from "./http-edge/server-edge.js";
export { createLimitedServer, HTTP_LIMITS, type HttpLimits } from "./http-edge/http-limits.js";
export { exampleRecords } from "./openapi/example-records.js";
