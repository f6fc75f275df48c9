/** The folders of the packages Lintel publishes (every package but the tools), for the tests that hold them to it. */
export const PUBLISHED_PACKAGES = [
  "packages/domain",
  "packages/core",
  "packages/store-memory",
  "packages/store-redis",
  "packages/provider-seam",
  "packages/client",
  "packages/testkit",
  "apps/api",
  "apps/server",
] as const;
