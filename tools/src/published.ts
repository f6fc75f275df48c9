/** The folders of the packages Lintel publishes (every package but the tools), for the tests that hold them to it. */
export const PUBLISHED_PACKAGES = [
  "packages/domain",
  "packages/core",
  "packages/store-memory",
  "packages/store-redis",
  "packages/provider-seam",
  "packages/mail-smtp",
  "packages/client",
  "packages/testkit",
  "apps/api",
  "apps/server",
] as const;

/** The folder of one published package. */
export type PublishedFolder = (typeof PUBLISHED_PACKAGES)[number];

/**
 * The published packages whose tarball carries the `@lintel/*` packages they depend on (npm's
 * bundleDependencies, added when packed: pack.ts), so that the one file installs and runs: the
 * server, which an operator runs with `npx lintel`. The others leave them to the installer, so
 * an embedding gets one copy of each and the memory-only one stays small.
 */
export const SELF_CONTAINED_PACKAGES: readonly PublishedFolder[] = ["apps/server"];
