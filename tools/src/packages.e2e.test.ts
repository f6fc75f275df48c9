// The packages as another service gets them: each packed with pnpm (workspace versions
// resolved; once per run, pack.ts), checked by publint and @arethetypeswrong/cli, dry-run published with npm, then
// installed from the tarballs with plain npm into new projects outside the workspace:
// - a memory-only embedding (domain, core, store-memory and the Koa adapter @lintel/api) whose
//   node_modules stays under 40 MB and holds no ioredis, @seamapi, nodemailer or redoc; with the client
//   added, a strict TypeScript program (tools/consumer/consumer.ts) compiles under `node16`
//   and `bundler` resolution and runs: the domain's preview, cursor codec and scope policy,
//   core on the memory store (a fixture, a preview, a set_timezone), the Koa app mounted under
//   /lintel with koa-mount in the host's own Koa app and server (its /docs without a renderer),
//   the client against it, and a verified webhook delivery to the host's receiver;
// - the server's tarball alone in an empty folder (it bundles the @lintel packages it runs on,
//   pack.ts), run as an operator would: `npx lintel keys generate` prints a key, `npx lintel keys
//   create …` stores one (on the test Redis), `npx lintel serve` serves the demo until a SIGTERM
//   to npx alone, after which the port is closed and no process of npx's group is left;
// - and what an embedder reads in each (README, TSDoc) names no file outside the tarball.
// Store-independent: runs in the memory stages only.
// Uses the published tarballs: run-tests.mjs packs them once per run and starts this file first.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { after, before, describe, it } from "node:test";
import { hashApiKey } from "@lintel/domain";
import { DEMO_KEYS } from "@lintel/server/demo";
import { createRedisClient, DEFAULT_REDIS_URL, redisKeys, whenReady } from "@lintel/store-redis";
import { freePorts } from "@lintel/testkit/processes";
import { bundledFolders, manifestOf, publishedTarballs } from "./pack.js";
import { PUBLISHED_PACKAGES } from "./published.js";

const exec = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bin = (name: string) => join(root, "node_modules", ".bin", name);
const run = (file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  exec(file, args, { cwd, env: { ...process.env, npm_config_update_notifier: "false", ...env }, maxBuffer: 64 * 1024 * 1024 });

/** True while any process of the group `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The MB `du` counts for a folder (what it takes on disk). */
async function megabytes(dir: string): Promise<number> {
  const { stdout } = await exec("du", ["-sk", dir]);
  return Number(stdout.split("\t")[0]) / 1024;
}

/** A project outside the workspace with `dependencies`, installed with plain npm. */
async function installed(dir: string, dependencies: Record<string, string>, devDependencies: Record<string, string> = {}): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify({ name: "a-service", private: true, type: "module", dependencies, devDependencies }),
  );
  await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], dir);
}

describe("the packages, packed and installed outside the workspace", () => {
  let work = "";
  const tarballs = new Map<string, string>();

  before(async () => {
    work = await mkdtemp(join(tmpdir(), "lintel-packages-"));
    for (const path of (await publishedTarballs(join(work, "packs"))).values()) tarballs.set(basename(path), path);
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

  it("npm publish --dry-run accepts each, with dist, README and LICENSE only (the server: and its bin and the packages it bundles)", async (t) => {
    const server = "lintel-server-0.1.0.tgz";
    const bundled = bundledFolders("apps/server").map((folder) => manifestOf(folder).name);
    for (const [name, path] of tarballs) {
      const { stdout } = await run("npm", ["publish", "--dry-run", "--json", path], work);
      const report = Object.values(
        JSON.parse(stdout) as Record<string, { files: { path: string }[]; size: number; unpackedSize: number; bundled: string[] }>,
      )[0]!;
      const paths = report.files.map((file) => file.path);
      const own = /^(dist\/.+\.(js|d\.ts)|README\.md|LICENSE|package\.json)$/;
      // The server's: bin/lintel.js, its command, outside dist so a workspace can link it before a
      // build; and under node_modules/@lintel/ each package it bundles, as that package's own tarball holds it.
      const serverOnly = new RegExp(
        `^(bin/lintel\\.js|node_modules/(${bundled.join("|")})/(dist/.+\\.(js|d\\.ts)|README\\.md|LICENSE|package\\.json))$`,
      );
      for (const path of paths) assert.ok(own.test(path) || (name === server && serverOnly.test(path)), `${name} ships ${path}`);
      assert.ok(paths.includes("LICENSE") && paths.includes("README.md"), `${name}: ${paths.join(", ")}`);
      assert.ok(!paths.some((p) => /\.test(-support)?\.(js|d\.ts)$/.test(p)), `${name} ships a test file`);
      assert.deepEqual(report.bundled, name === server ? bundled : [], `${name} bundles`);
      if (name === server) {
        for (const pkg of bundled) {
          for (const file of ["package.json", "README.md", "LICENSE", "dist/index.js", "dist/index.d.ts"]) {
            assert.ok(paths.includes(`node_modules/${pkg}/${file}`), `the server bundles ${pkg}'s ${file}`);
          }
        }
      }
      t.diagnostic(`${name}: ${report.files.length} files, ${report.size} B packed, ${report.unpackedSize} B unpacked`);
    }
  });

  it("what an embedder reads in a tarball (README, TSDoc in .d.ts) names no file outside it", async (t) => {
    // A path of this repository (docs/…, packages/…), a TypeScript source (the tarball ships
    // .js and .d.ts) or a Markdown file other than the README would send a reader nowhere.
    const outside = /(?<![\w/.-])(?:(?:docs|packages|apps|tools)\/[\w./-]+|[\w-]+\.ts\b|(?!README\.md)[\w-]+\.md\b)/g;
    for (const [name, path] of tarballs) {
      const dir = join(work, "read", name);
      await mkdir(dir, { recursive: true });
      await run("tar", ["-xzf", path, "-C", dir], work);
      const files = (await readdir(join(dir, "package"), { recursive: true })).filter((f) => f === "README.md" || f.endsWith(".d.ts"));
      const found = files.flatMap((file) =>
        [...readFileSync(join(dir, "package", file), "utf8").matchAll(outside)].map((match) => `${file}: ${match[0]}`),
      );
      assert.deepEqual(found, [], name);
      t.diagnostic(`${name}: ${files.length} files read, no reference outside the tarball`);
    }
  });

  const tarballsOf = (...names: string[]) =>
    Object.fromEntries(names.map((name) => [`@lintel/${name}`, `file:${tarballs.get(`lintel-${name}-0.1.0.tgz`)}`]));

  it("a memory-only embedding (domain, core, store-memory, the Koa adapter) installs under 40 MB, without ioredis, @seamapi, nodemailer or redoc", async (t) => {
    const project = join(work, "memory-embedding");
    await installed(project, tarballsOf("domain", "core", "store-memory", "api"));
    const modules = join(project, "node_modules");
    const size = await megabytes(modules);
    t.diagnostic(`node_modules of domain + core + store-memory + api: ${size.toFixed(1)} MB`);
    for (const heavy of [
      "ioredis",
      "@seamapi",
      "nodemailer",
      "redoc",
      "@lintel/store-redis",
      "@lintel/provider-seam",
      "@lintel/mail-smtp",
      "@lintel/server",
      "tsyringe",
    ]) {
      assert.ok(!existsSync(join(modules, heavy)), `${heavy} is installed`);
    }
    assert.ok(size < 40, `${size.toFixed(1)} MB`);
  });

  it("a strict TypeScript service compiles under node16 and bundler resolution against the tarballs and runs", async () => {
    const project = join(work, "consumer");
    await installed(
      project,
      { ...tarballsOf("domain", "core", "store-memory", "api", "client"), koa: "^3.0.0", "koa-mount": "^4.2.0" },
      { typescript: "5.9.3", "@types/node": "^22.19.0", "@types/koa-mount": "^4.0.5" },
    );
    for (const heavy of ["ioredis", "@seamapi", "redoc"])
      assert.ok(!existsSync(join(project, "node_modules", heavy)), `${heavy} is installed`);
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

  it("the server's tarball alone in an empty folder: `npx lintel keys generate` and `keys create` print a key, `npx lintel serve` serves the demo until a SIGTERM to npx", async (t) => {
    // What an operator with the one file does (or with the registry: `npm install @lintel/server`):
    // nothing but the server's tarball, installed with plain npm in a folder of its own.
    const project = join(work, "operator");
    await mkdir(project);
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", tarballs.get("lintel-server-0.1.0.tgz")!], project);
    const modules = join(project, "node_modules");
    assert.deepEqual(await readdir(join(modules, "@lintel")), ["server"], "npm installed the server alone from @lintel");
    for (const folder of bundledFolders("apps/server")) {
      const { name, version } = manifestOf(folder);
      const bundled = readFileSync(join(modules, "@lintel", "server", "node_modules", name, "package.json"), "utf8");
      assert.equal((JSON.parse(bundled) as { version: string }).version, version, name);
      assert.doesNotMatch(bundled, /workspace:/, `${name}'s bundled manifest names versions, as its own tarball's does`);
    }
    t.diagnostic(`node_modules of the server's tarball alone: ${(await megabytes(modules)).toFixed(1)} MB`);
    const npx = (args: string[], env: NodeJS.ProcessEnv = {}) => run("npx", ["--no", "lintel", ...args], project, env);

    const generated = await npx(["keys", "generate", "--org", "org_operator", "--name", "operator", "--scopes", "locks:read", "--json"]);
    const made = JSON.parse(generated.stdout) as { key: string; orgId: string; scopes: string[] };
    assert.match(made.key, /^lnt_/);
    assert.deepEqual([made.orgId, made.scopes], ["org_operator", ["locks:read"]]);

    const redisUrl = process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;
    const orgId = `org_pack_${Date.now().toString(36)}`;
    const created = await npx(
      ["keys", "create", "--org", orgId, "--name", "packed", "--scopes", "locks:read", "--allow-unknown-org", "--json"],
      {
        REDIS_URL: redisUrl,
      },
    );
    const record = JSON.parse(created.stdout) as { id: string; key: string; orgId: string };
    assert.match(record.key, /^lnt_/);
    assert.equal(record.orgId, orgId);
    const redis = createRedisClient({ url: redisUrl });
    try {
      await whenReady(redis);
      assert.equal(await redis.exists(redisKeys.apiKeyByHash(hashApiKey(record.key))), 1, "the key is stored");
      // Only what this test wrote (never FLUSHALL: other tests share the Redis).
      await redis.del(redisKeys.apiKeyByHash(hashApiKey(record.key)), redisKeys.apiKeyHashById(record.id), redisKeys.orgApiKeys(orgId));
    } finally {
      redis.disconnect();
    }

    const [port] = await freePorts(1);
    const child = spawn("npx", ["--no", "lintel", "serve"], {
      cwd: project,
      env: { PATH: process.env["PATH"], HOME: process.env["HOME"], PORT: String(port), npm_config_update_notifier: "false" },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true, // a group of its own: npx, npm's shell and the server, and nothing else
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, "exit");
    const base = `http://127.0.0.1:${port}`;
    try {
      let ready: Response | undefined;
      for (let waited = 0; ready?.status !== 200; waited += 100) {
        assert.ok(waited < 30_000 && child.exitCode === null, `the server answers /readyz: ${stderr}`);
        await sleep(100);
        ready = await fetch(`${base}/readyz`).catch(() => undefined);
      }
      const admin = DEMO_KEYS.find((key) => key.id === "key_acme_admin");
      assert.ok(admin);
      const locks = await fetch(`${base}/v1/locks?limit=2`, { headers: { "x-api-key": admin.key } });
      assert.equal(locks.status, 200, "the demo data and its keys are served");
      assert.equal(((await locks.json()) as { locks: unknown[] }).locks.length, 2);
      const docs = await (await fetch(`${base}/docs`)).text();
      assert.match(docs, /<script src="\/docs\/assets\/redoc\.standalone\.js"/, "the server brings /docs's renderer");
      assert.equal((await fetch(`${base}/docs/assets/redoc.standalone.js`)).status, 200);

      process.kill(child.pid!, "SIGTERM"); // npx only, as a process manager or a shell's kill would
      await exited;
      for (let waited = 0; groupAlive(child.pid!); waited += 50) {
        assert.ok(waited < 15_000, `a process of npx's group is still running: ${stderr}`);
        await sleep(50);
      }
      await assert.rejects(fetch(`${base}/readyz`), "nothing listens any more");
      assert.doesNotMatch(stderr, /Could not start/);
    } finally {
      if (groupAlive(child.pid!)) process.kill(-child.pid!, "SIGKILL");
    }
  });
});
