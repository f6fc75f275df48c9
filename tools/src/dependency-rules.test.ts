// The hexagon's dependency rule, checked on the source: dependencies point inward only, the
// domain does no I/O, and tsyringe lives in the composition root alone.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { PUBLISHED_PACKAGES } from "./published.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return []; // a package with no sources yet has nothing to break the rule
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+["']([^"']+)["']/g)];
  const bare = [...text.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)];
  const dynamic = [...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)];
  return [...found, ...bare, ...dynamic].map((m) => m[1] as string);
}

function violations(pkgDir: string, allowed: (spec: string, isTest: boolean) => boolean): string[] {
  return sourceFiles(join(root, pkgDir, "src")).flatMap((file) => {
    const isTest = file.endsWith(".test.ts") || file.endsWith(".test-support.ts");
    return importsOf(file)
      .filter((spec) => !spec.startsWith(".") && !allowed(spec, isTest))
      .map((spec) => `${relative(root, file)} imports ${spec}`);
  });
}

const TEST_ONLY = ["node:test", "node:assert", "node:assert/strict", "fast-check", "temporal-polyfill", "standardwebhooks"];

describe("dependency rules", () => {
  it("packages/domain imports nothing that does I/O, frameworks or DI (valibot, pure, describes its records)", () => {
    const allowed = new Set(["node:crypto", "node:zlib", "valibot"]);
    assert.deepEqual(
      violations("packages/domain", (s, t) => allowed.has(s) || (t && TEST_ONLY.includes(s))),
      [],
    );
  });

  it("packages/core depends on the domain and valibot (pure) only (its tests may use node:test)", () => {
    const ok = (s: string, isTest: boolean) =>
      s === "@lintel/domain" ||
      s === "@lintel/domain/adapters" ||
      s === "@lintel/domain/schemas" ||
      s === "valibot" ||
      (s.startsWith("node:") && !/^node:(net|http|https|fs|child_process|test)$/.test(s)) ||
      (isTest && TEST_ONLY.includes(s));
    assert.deepEqual(violations("packages/core", ok), []);
  });

  it("no production file of a published package imports a devDependency (or anything it does not declare)", () => {
    for (const pkg of PUBLISHED_PACKAGES) {
      const manifest = JSON.parse(readFileSync(join(root, pkg, "package.json"), "utf8")) as { name: string; dependencies?: object };
      const declared = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {})]);
      const packageOf = (spec: string) =>
        spec
          .split("/")
          .slice(0, spec.startsWith("@") ? 2 : 1)
          .join("/");
      const ok = (spec: string, isTest: boolean) => isTest || spec.startsWith("node:") || declared.has(packageOf(spec));
      assert.deepEqual(violations(pkg, ok), [], pkg);
    }
  });

  it("tsyringe and koa are imported by the apps alone (koa by the Koa adapter, apps/api; tsyringe as below)", () => {
    for (const pkg of [
      "packages/domain",
      "packages/core",
      "packages/store-memory",
      "packages/store-redis",
      "packages/provider-seam",
      "packages/mail-smtp",
      "packages/client",
    ]) {
      assert.deepEqual(
        violations(pkg, (s) => !/^(tsyringe|reflect-metadata|koa|@koa\/|koa-)/.test(s)),
        [],
        pkg,
      );
    }
  });

  it("tsyringe lives in the server package's composition root alone: container.ts and typed-container.ts of apps/server", () => {
    const compositionRoot = new Set(["apps/server/src/container.ts", "apps/server/src/typed-container.ts"]);
    for (const pkg of ["apps/api", "apps/server", "packages/client", "packages/testkit", "tools"]) {
      const found = violations(pkg, (s) => !/^(tsyringe|reflect-metadata)$/.test(s)).filter(
        (line) => !compositionRoot.has(line.slice(0, line.indexOf(" imports "))),
      );
      assert.deepEqual(found, [], pkg);
    }
  });

  it("apps/api (the Koa adapter) reaches no store, provider, mailer or renderer of its own: no Redis, no Seam, no SMTP, no Redoc, no DI", () => {
    const heavy =
      /^(ioredis|@seamapi\/|nodemailer|redoc|tsyringe|reflect-metadata|@lintel\/(store-redis|provider-seam|mail-smtp|server)\b)/;
    const memoryOnlyInTests = (s: string, isTest: boolean) => !heavy.test(s) && (isTest || !s.startsWith("@lintel/store-memory"));
    assert.deepEqual(
      violations("apps/api", (s, isTest) => memoryOnlyInTests(s, isTest) || (isTest && s.startsWith("@seamapi/"))),
      [],
    );
  });

  it("packages/provider-seam reaches Seam through Seam's client and knows no store (its tests use Seam's fake)", () => {
    const allowed = (s: string, isTest: boolean) =>
      /^(@lintel\/(domain|core)(\/adapters)?|@lintel\/domain\/schemas|@seamapi\/http)$/.test(s) ||
      (isTest && /^(node:|@lintel\/testkit(\/seam)?$)/.test(s));
    assert.deepEqual(violations("packages/provider-seam", allowed), []);
  });

  it("packages/mail-smtp reaches the SMTP server through nodemailer and knows core's ports alone (its tests use testkit's SMTP server)", () => {
    const allowed = (s: string, isTest: boolean) =>
      /^(@lintel\/core\/adapters|nodemailer(\/lib\/addressparser)?)$/.test(s) ||
      (isTest && /^(node:|@lintel\/testkit\/(processes|smtp)$)/.test(s));
    assert.deepEqual(violations("packages/mail-smtp", allowed), []);
  });

  it("packages/client has no runtime dependency: fetch only (its tests may use the server)", () => {
    const allowed = (s: string, isTest: boolean) => isTest && /^(node:|@lintel\/server$|@lintel\/testkit|standardwebhooks$)/.test(s);
    assert.deepEqual(violations("packages/client", allowed), []);
    const runtime = sourceFiles(join(root, "packages/client/src")).filter((f) => !/(\.test|\.test-support)\.ts$/.test(f));
    assert.deepEqual(
      runtime.flatMap((f) => importsOf(f).filter((spec) => !spec.startsWith("./"))),
      [],
    );
  });
});
