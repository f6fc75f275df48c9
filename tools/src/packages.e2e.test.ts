// The packages as another service gets them: each packed with pnpm (workspace versions
// resolved), checked by publint and @arethetypeswrong/cli, dry-run published with npm, then
// installed from the tarballs with plain npm into a new project outside the workspace, where a
// strict TypeScript program (tools/consumer/consumer.ts) compiles under `node16` and `bundler`
// resolution and runs: the domain's preview, cursor codec and scope policy, core on the memory
// store in one call, the Koa app mounted under a prefix with koa-mount (its /docs loading its
// script), the server edge on the host's own server, and the client against it.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { after, before, describe, it } from "node:test";
import { PUBLISHED_PACKAGES } from "./published.js";

const exec = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const PNPM = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { packageManager: string }).packageManager;

const bin = (name: string) => join(root, "node_modules", ".bin", name);
const run = (file: string, args: string[], cwd: string) =>
  exec(file, args, { cwd, env: { ...process.env, npm_config_update_notifier: "false" }, maxBuffer: 64 * 1024 * 1024 });

describe("the packages, packed and installed outside the workspace", () => {
  let work = "";
  const tarballs = new Map<string, string>();

  before(async () => {
    work = await mkdtemp(join(tmpdir(), "lintel-packages-"));
    for (const folder of PUBLISHED_PACKAGES) {
      await run("npx", ["--yes", PNPM, "pack", "--pack-destination", join(work, "packs")], join(root, folder));
    }
    for (const file of await readdir(join(work, "packs"))) tarballs.set(file, join(work, "packs", file));
    assert.equal(tarballs.size, PUBLISHED_PACKAGES.length);
  });
  after(() => rm(work, { recursive: true, force: true }));

  it("publint --strict and attw --profile esm-only find nothing in any tarball", async (t) => {
    for (const [name, path] of tarballs) {
      const publint = await run(bin("publint"), ["run", path, "--strict"], work);
      assert.match(publint.stdout, /All good!/, `${name}: ${publint.stdout}`);
      // attw exits non-zero on any problem the esm-only profile does not ignore (CommonJS consumers).
      await run(bin("attw"), [path, "--profile", "esm-only", "--format", "ascii"], work).catch((error: { stdout: string }) =>
        assert.fail(`${name}: ${error.stdout}`),
      );
      t.diagnostic(`${name}: publint all good; attw esm-only clean`);
    }
  });

  it("npm publish --dry-run accepts each, with dist, README and LICENSE only", async (t) => {
    for (const [name, path] of tarballs) {
      const { stdout } = await run("npm", ["publish", "--dry-run", "--json", path], work);
      const report = Object.values(
        JSON.parse(stdout) as Record<string, { files: { path: string }[]; size: number; unpackedSize: number }>,
      )[0]!;
      const paths = report.files.map((file) => file.path);
      for (const path of paths) assert.match(path, /^(dist\/.+\.(js|d\.ts)|README\.md|LICENSE|package\.json)$/, `${name} ships ${path}`);
      assert.ok(paths.includes("LICENSE") && paths.includes("README.md"), `${name}: ${paths.join(", ")}`);
      assert.ok(!paths.some((p) => /\.test(-support)?\.(js|d\.ts)$/.test(p)), `${name} ships a test file`);
      t.diagnostic(`${name}: ${report.files.length} files, ${report.size} B packed, ${report.unpackedSize} B unpacked`);
    }
  });

  it("a strict TypeScript service compiles under node16 and bundler resolution against the tarballs and runs", async () => {
    const project = join(work, "consumer");
    await mkdir(project);
    const dependencies = Object.fromEntries(
      [...tarballs].map(([file, path]) => [file.replace(/^lintel-(.+)-\d+\.\d+\.\d+\.tgz$/, "@lintel/$1"), `file:${path}`]),
    );
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({
        name: "a-service",
        private: true,
        type: "module",
        dependencies: { ...dependencies, koa: "^3.0.0", "koa-mount": "^4.2.0" },
        devDependencies: { typescript: "5.9.3", "@types/node": "^22.19.0", "@types/koa-mount": "^4.0.5" },
      }),
    );
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], project);
    for (const file of ["consumer.ts", "tsconfig.node16.json", "tsconfig.bundler.json"]) {
      await copyFile(join(root, "tools", "consumer", file), join(project, file));
    }
    const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
    await run(process.execPath, [tsc, "-p", "tsconfig.node16.json"], project).catch((error: { stdout: string }) =>
      assert.fail(`node16: ${error.stdout}`),
    );
    await run(process.execPath, [tsc, "-p", "tsconfig.bundler.json"], project).catch((error: { stdout: string }) =>
      assert.fail(`bundler: ${error.stdout}`),
    );
    const { stdout } = await run(process.execPath, [join(project, "out", "consumer.js")], project);
    assert.match(stdout, /consumer: ok/);
  });
});
