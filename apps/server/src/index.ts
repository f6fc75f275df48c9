/**
 * `@lintel/server`: the whole Lintel server, the composition root over `@lintel/api`'s Koa app:
 * the configuration from the environment (`loadConfig`), the store it names (memory, or Redis
 * and Redis Cluster), live lock state through Seam, `/docs`'s renderer (`redocRenderer`), the
 * demo data (`@lintel/server/demo`), and `startServer`, as `lintel serve` (and
 * `node dist/main.js`) runs it. The `lintel` command also seeds a store and manages keys.
 */
export { loadConfig, type Config, type ConfigLoading, type StoreConfig } from "./config.js";
export { startServer, type RunningServer, type StartOptions } from "./server.js";
export { redocRenderer } from "./docs-assets.js";
export { FixtureRefusedError, readFixtureFile } from "./fixture-file.js";
export { ENVIRONMENT_VARIABLES, type EnvironmentVariableDoc } from "./config-docs.js";
