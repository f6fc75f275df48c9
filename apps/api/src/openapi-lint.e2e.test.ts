// `redocly lint` with its recommended rules on the document the real server serves: 0 errors,
// 0 warnings. Runs offline (@redocly/cli is a dev dependency; telemetry off).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { after, before, it } from "node:test";
import { startTestServer, type TestServer } from "./e2e.test-support.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const redocly = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");

let server: TestServer;
let dir: string;
before(async () => {
  // A production-like base URL: the recommended rules warn about a localhost server on purpose.
  server = await startTestServer({ PUBLIC_BASE_URL: "https://api.lintel.dev" });
  dir = await mkdtemp(join(tmpdir(), "lintel-openapi-"));
});
after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

it("openapi lint: redocly's recommended rules find 0 errors and 0 warnings in /v1/openapi.json", async () => {
  const served = await fetch(`${server.url}/v1/openapi.json`);
  assert.equal(served.status, 200);
  const document = (await served.json()) as { servers: { url: string }[] };
  assert.deepEqual(document.servers, [{ url: "https://api.lintel.dev" }]);
  const file = join(dir, "openapi.json");
  await writeFile(file, JSON.stringify(document));
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
  const { stdout } = await run(process.execPath, [redocly, "lint", file, "--format=json"], {
    cwd: dir,
    env,
    maxBuffer: 16 * 1024 * 1024,
  }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }), // redocly exits 1 on errors: the totals still say which
  );
  const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
  assert.deepEqual(
    report.problems.map((p) => `${p.ruleId}: ${p.message}`),
    [],
  );
  assert.deepEqual({ errors: report.totals.errors, warnings: report.totals.warnings }, { errors: 0, warnings: 0 });
});
