// Outside linters on the document the real server serves, each with 0 errors and 0 warnings:
// `redocly lint` with its recommended-strict rules (every recommended warning an error) and
// Spectral with its OpenAPI ruleset (spectral:oas). Both run offline (dev dependencies;
// Redocly's telemetry off; the rulesets ship in the packages).
// Store-independent: runs in the memory stages only.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { after, before, it } from "node:test";
import { startTestServer, type TestServer } from "../e2e.test-support.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const redocly = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");
const spectral = join(dirname(require.resolve("@stoplight/spectral-cli/package.json")), "dist", "index.js");

let server: TestServer;
let dir: string;
let file: string;
before(async () => {
  // A production-like base URL: the recommended rules warn about a localhost server on purpose.
  server = await startTestServer({ PUBLIC_BASE_URL: "https://api.lintel.dev" });
  dir = await mkdtemp(join(tmpdir(), "lintel-openapi-"));
  const served = await fetch(`${server.url}/v1/openapi.json`);
  assert.equal(served.status, 200);
  const document = (await served.json()) as { openapi: string; servers: { url: string }[] };
  assert.equal(document.openapi, "3.2.0");
  assert.deepEqual(document.servers, [{ url: "https://api.lintel.dev" }]);
  file = join(dir, "openapi.json");
  await writeFile(file, JSON.stringify(document));
});
after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs a linter that exits non-zero when it finds something: what it wrote still says what. */
async function lint(args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, NO_COLOR: "1", ...env },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return stdout;
}

it("openapi lint: redocly's recommended-strict rules find 0 errors and 0 warnings in /v1/openapi.json", async () => {
  await writeFile(join(dir, "redocly.yaml"), "extends:\n  - recommended-strict\n");
  const stdout = await lint([redocly, "lint", file, "--format=json"], {
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  });
  const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
  assert.deepEqual(
    report.problems.map((p) => `${p.ruleId}: ${p.message}`),
    [],
  );
  assert.deepEqual({ errors: report.totals.errors, warnings: report.totals.warnings }, { errors: 0, warnings: 0 });
});

it("openapi lint: Spectral's OpenAPI ruleset (spectral:oas) finds nothing in /v1/openapi.json, not even a hint", async () => {
  const ruleset = join(dir, ".spectral.yaml");
  await writeFile(ruleset, 'extends: ["spectral:oas"]\n');
  const out = join(dir, "spectral.json");
  await lint([spectral, "lint", file, "--ruleset", ruleset, "--format", "json", "--output", out, "--fail-severity", "hint"]);
  const results = JSON.parse(await readFile(out, "utf8")) as { code: string; message: string; path: string[] }[];
  assert.deepEqual(
    results.map((r) => `${r.code}: ${r.message} at ${r.path.join(".")}`),
    [],
  );
});
