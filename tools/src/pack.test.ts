// The server's tarball carries the @lintel packages it needs (pack.ts), and npm installs the
// dependencies of the outer package only: so the server's manifest must declare every
// third-party dependency of the packages it bundles, at their ranges, or `npx lintel` fails
// with ERR_MODULE_NOT_FOUND in an operator's folder. The other packages bundle nothing.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bundledFolders, manifestOf, undeclaredDependencies, type Manifest } from "./pack.js";
import { PUBLISHED_PACKAGES, SELF_CONTAINED_PACKAGES } from "./published.js";

describe("what the server's tarball bundles", () => {
  const server = manifestOf("apps/server");
  const bundled = bundledFolders("apps/server").map(manifestOf);

  it("the server bundles every @lintel package it runs on, and no other", () => {
    assert.deepEqual(
      bundled.map((m) => m.name),
      [
        "@lintel/api",
        "@lintel/core",
        "@lintel/domain",
        "@lintel/mail-smtp",
        "@lintel/provider-seam",
        "@lintel/store-memory",
        "@lintel/store-redis",
      ],
    );
    const lintelDependencies = Object.keys(server.dependencies ?? {}).filter((name) => name.startsWith("@lintel/"));
    assert.deepEqual(lintelDependencies.sort(), bundled.map((m) => m.name).sort());
  });

  it("the server declares each third-party dependency of the packages it bundles, at the same range", () => {
    assert.deepEqual(undeclaredDependencies(server, bundled), []);
  });

  it("the check names a bundled package's dependency the server lacks, or declares at another range", () => {
    const { ioredis: _ioredis, ...withoutIoredis } = server.dependencies ?? {};
    assert.ok(_ioredis, "the server declares ioredis");
    const lacking: Manifest = { ...server, dependencies: { ...withoutIoredis, koa: "^2.0.0" } };
    assert.deepEqual(undeclaredDependencies(lacking, bundled), [
      "@lintel/api needs koa ^3.0.0; @lintel/server declares ^2.0.0",
      "@lintel/store-redis needs ioredis ^5.9.2; @lintel/server declares nothing",
    ]);
  });

  it("only the server is self-contained; no manifest declares bundleDependencies of its own (the packer adds them)", () => {
    assert.deepEqual(SELF_CONTAINED_PACKAGES, ["apps/server"]);
    for (const folder of PUBLISHED_PACKAGES) {
      const manifest = manifestOf(folder);
      assert.equal(manifest.bundleDependencies ?? manifest.bundledDependencies, undefined, folder);
      if (folder !== "apps/server") assert.deepEqual(bundledFolders(folder), [], folder);
    }
  });
});
