// Each published package's README opens with an example (its first `ts` block): here every one
// runs as written. The packages are packed (once per run, pack.ts) and installed from their tarballs with plain npm in a
// new project outside the workspace, the examples are taken from the READMEs npm installed,
// compiled together by strict TypeScript, and each is run with the inputs it names (a
// fixture.json, LINTEL_API_KEY, CURSOR_SECRET, a Lintel server to call, …): a long-running one
// until it answers HTTP, then SIGTERM, after which it must exit 0.
// Store-independent: runs in the memory stages only.
// Uses the published tarballs: run-tests.mjs packs them once per run and starts this file first.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { DEMO_KEYS, demoFixture } from "@lintel/server/demo";
import { DEFAULT_REDIS_URL } from "@lintel/store-redis";
import { freePorts } from "@lintel/testkit/processes";
import { publishedTarballs } from "./pack.js";
import { PUBLISHED_PACKAGES } from "./published.js";

const admin = DEMO_KEYS.find((key) => key.id === "key_acme_admin")!;
/** What every example is given besides its own inputs: a PATH and a HOME, none of this process's settings (STORE, …). */
const baseEnv = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "" };
/** npm and pnpm get this process's environment (the registry's certificates, a proxy). */
const npmEnv = { ...process.env, npm_config_update_notifier: "false" } as Record<string, string>;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `file args` in `cwd` to its end (at most `timeoutMs`). */
function run(file: string, args: readonly string[], cwd: string, env: Record<string, string> = {}, timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env: { ...baseEnv, ...env }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr });
    });
  });
}

/** The first `ts` block of a README. */
function firstExample(readme: string): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, "the README has a ts example");
  return block;
}

describe("each package README's example, from the installed tarballs", () => {
  let work = "";
  let project = "";
  const names = PUBLISHED_PACKAGES.map((folder) => folder.split("/")[1]!);

  before(async () => {
    work = await mkdtemp(join(tmpdir(), "lintel-readmes-"));
    const tarballs = await publishedTarballs(join(work, "packs"));
    const dependencies = Object.fromEntries(
      PUBLISHED_PACKAGES.map((folder) => [`@lintel/${folder.split("/")[1]!}`, `file:${tarballs.get(folder)!}`]),
    );
    project = join(work, "reader");
    await mkdir(join(project, "examples"), { recursive: true });
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({
        name: "a-reader",
        private: true,
        type: "module",
        dependencies: { ...dependencies, koa: "^3.0.0", "koa-mount": "^4.2.0" },
        devDependencies: { typescript: "5.9.3", "@types/node": "^22.19.0", "@types/koa-mount": "^4.0.5" },
      }),
    );
    const installed = await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], project, npmEnv);
    assert.equal(installed.code, 0, installed.stderr);
    // The examples as npm ships them, and their inputs: the demo records with the unit core's example books.
    for (const name of names) {
      const readme = readFileSync(join(project, "node_modules", "@lintel", name, "README.md"), "utf8");
      await writeFile(join(project, "examples", `${name}.ts`), firstExample(readme));
    }
    const fixture = demoFixture() as { units: Record<string, unknown>[] };
    fixture.units.push({ ...fixture.units[0], id: "unit_elm", urlKey: "12-elm-st", address: "12 Elm St" });
    await writeFile(join(project, "fixture.json"), JSON.stringify(fixture));
    const compilerOptions = { strict: true, module: "nodenext", target: "es2022", outDir: "out", rootDir: "examples", types: ["node"] };
    await writeFile(
      join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...compilerOptions, skipLibCheck: true }, include: ["examples"] }),
    );
  });
  after(() => rm(work, { recursive: true, force: true }));

  const example = (name: string, env: Record<string, string> = {}) =>
    run(process.execPath, [join(project, "out", `${name}.js`)], project, env);

  /** Runs a serving example until `health` answers 200, then SIGTERM: resolves to how it exited. */
  async function served(name: string, env: Record<string, string>, health: string): Promise<Run> {
    const child = spawn(process.execPath, [join(project, "out", `${name}.js`)], { cwd: project, env: { ...baseEnv, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, "exit") as Promise<[number | null]>;
    try {
      let answer: Response | undefined;
      for (let waited = 0; answer?.status !== 200; waited += 100) {
        assert.ok(waited < 30_000 && child.exitCode === null, `${name} serves ${health}: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await fetch(health).catch(() => undefined);
      }
      child.kill("SIGTERM");
      const stopped = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000).unref())]);
      assert.ok(stopped, `${name} exits after SIGTERM: ${stderr}`);
      return { code: stopped[0], stdout, stderr };
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }

  it("every example compiles under strict TypeScript (nodenext) against the installed packages", async () => {
    const tsc = await run(process.execPath, [join(project, "node_modules", "typescript", "bin", "tsc"), "-p", "."], project);
    assert.equal(tsc.code, 0, tsc.stdout);
  });

  it("domain, core, store-memory, store-redis, provider-seam, mail-smtp and testkit: each runs to its end and exits 0", async (t) => {
    const secret = "a-cursor-secret-of-at-least-32-characters";
    const runs: [string, Record<string, string>][] = [
      ["domain", { CURSOR_SECRET: secret }],
      ["core", { LINTEL_API_KEY: admin.key }],
      ["store-memory", {}],
      [
        "store-redis",
        { REDIS_URL: process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL, CURSOR_SECRET: secret, DATA_KEYS: randomBytes(32).toString("base64") },
      ],
      ["provider-seam", { SEAM_API_KEY: "seam_test_readme" }],
      ["mail-smtp", { SMTP_URL: "smtps://mailer:readme%20secret@smtp.example.com", MAIL_FROM: "Lintel <noreply@example.com>" }],
      ["testkit", {}],
    ];
    for (const [name, env] of runs) {
      const ran = await example(name, env);
      assert.equal(ran.code, 0, `${name}: ${ran.stderr}`);
      t.diagnostic(`${name}: exit 0`);
      if (name === "core") assert.match(ran.stdout, /^tour:tour_\w+ 2$/m, "the tour booked, the unit at version 2");
    }
  });

  it("client: lists the locks of a server the example is pointed at", async () => {
    const [port] = await freePorts(1);
    const server = spawn(process.execPath, [join(project, "node_modules", "@lintel", "server", "dist", "main.js")], {
      cwd: project,
      env: { ...baseEnv, PORT: String(port) },
      stdio: "ignore",
    });
    try {
      for (
        let waited = 0;
        !(await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        ));
        waited += 100
      ) {
        assert.ok(waited < 30_000, "the server started");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ran = await example("client", { LINTEL_URL: `http://127.0.0.1:${port}`, LINTEL_API_KEY: admin.key });
      assert.equal(ran.code, 0, ran.stderr);
      assert.ok(ran.stdout.split("\n").filter((line) => line.startsWith("lock_")).length > 50, ran.stdout);
    } finally {
      server.kill("SIGTERM");
    }
  });

  it("api and server: each serves until SIGTERM, then exits 0", async () => {
    const [apiPort, serverPort] = await freePorts(2);
    const api = await served("api", { PORT: String(apiPort) }, `http://127.0.0.1:${apiPort}/lintel/healthz`);
    assert.equal(api.code, 0, api.stderr);
    const server = await served("server", { PORT: String(serverPort) }, `http://127.0.0.1:${serverPort}/healthz`);
    assert.equal(server.code, 0, server.stderr);
  });
});
